/**
 * The page's own words in VS Code's display language. The page cannot call vscode.l10n: the host translates every
 * message the page uses (src/webview/pageWords.ts) and hands them over in `data-words` on <body>; a message the host
 * did not send shows in English. `t` fills `{0}`, `{1}`… as vscode.l10n.t does.
 */
let words: Record<string, unknown> | undefined;

function loaded(): Record<string, unknown> {
  if (!words) {
    try {
      const parsed: unknown = JSON.parse(document.body?.dataset.words ?? '{}');
      words = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      words = {};
    }
  }
  return words;
}

export function t(message: string, ...args: Array<string | number>): string {
  const translated = loaded()[message];
  const text = typeof translated === 'string' ? translated : message;
  return text.replace(/\{(\d+)\}/g, (whole, n: string) => (Number(n) < args.length ? String(args[Number(n)]) : whole));
}
