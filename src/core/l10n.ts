/**
 * `l10n.t` for the pure modules (no vscode value, so they run in plain Node): the same call shape as
 * `vscode.l10n.t`, answered by VS Code's translation once the extension has activated (`useVscodeL10n`), and in
 * English with its `{0}` placeholders filled otherwise (unit tests). scripts/l10n.ts extracts these calls into the
 * bundle with `@vscode/l10n-dev`, as it does `vscode.l10n.t`.
 */
export type L10nArg = string | number | boolean;
type Translate = (message: string, args: L10nArg[]) => string;

/** English: the message with `{n}` replaced by the n-th argument. */
export function format(message: string, args: L10nArg[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, n: string) => (Number(n) < args.length ? String(args[Number(n)]) : whole));
}

/**
 * Where the translation is kept: on the global object, not in this module, because the lazily loaded feature
 * bundles (src/extension/lazy.ts) each hold their own copy of this module and must speak the language activation chose.
 */
const TRANSLATE = Symbol.for('standardsExplorer.l10n');
const shared = globalThis as { [TRANSLATE]?: Translate };

export const l10n = {
  t(message: string, ...args: L10nArg[]): string {
    return (shared[TRANSLATE] ?? format)(message, args);
  },
};

/** Called once at activation with `vscode.l10n.t`: from then on pure modules speak the display language. */
export function useTranslation(t: (message: string, ...args: L10nArg[]) => string): void {
  shared[TRANSLATE] = (message, args) => t(message, ...args);
}
