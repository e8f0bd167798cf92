/**
 * The settings that set how much the extension asks of the service, how much it keeps on disk and which workspace
 * files it reads, read in one place and kept within bounds: a workspace can set them (`.vscode/settings.json` of a
 * cloned repository), so a value out of bounds is brought back within them, and a glob reaching outside the
 * workspace is refused, each with a warning naming the setting. In Restricted Mode VS Code ignores a workspace's
 * values of all of them (package.json, capabilities.untrustedWorkspaces.restrictedConfigurations).
 */

/** A setting's full name is SETTINGS_SECTION + '.' + key. */
export const SETTINGS_SECTION = 'standardsExplorer';

export interface NumberBound {
  minimum: number;
  maximum: number;
  default: number;
  /** Whole numbers only (a page size, a count of requests). */
  integer: boolean;
}

/** The numeric settings and their bounds: package.json's `minimum`, `maximum` and `default` say the same. */
export const NUMBER_SETTINGS = {
  pageSize: { minimum: 1, maximum: 1000, default: 100, integer: true },
  cacheSizeMB: { minimum: 0, maximum: 4096, default: 64, integer: false },
  diskCacheSizeMB: { minimum: 0, maximum: 100_000, default: 500, integer: false },
  offlineCopiesSizeMB: { minimum: 1, maximum: 100_000, default: 500, integer: false },
  indexConcurrency: { minimum: 1, maximum: 16, default: 6, integer: true },
  timeoutSeconds: { minimum: 1, maximum: 600, default: 15, integer: false },
} as const satisfies Record<string, NumberBound>;

export type NumberSetting = keyof typeof NUMBER_SETTINGS;

/** Where a warning about a setting goes (the log); the message names the setting. */
export type SettingWarn = (message: string) => void;

/**
 * The setting's value within its bounds: one below the minimum or above the maximum is brought to it, a fraction of a
 * whole-number setting rounded, a value that is not a number replaced by the default; each said through `warn`,
 * naming the setting. A repository's `.vscode/settings.json` cannot make the extension ask the service for a million
 * standards a page, send hundreds of requests at once, wait a day on one or keep terabytes on disk.
 */
export function boundedNumber(key: NumberSetting, value: unknown, warn?: SettingWarn): number {
  const bound: NumberBound = NUMBER_SETTINGS[key];
  const name = `${SETTINGS_SECTION}.${key}`;
  if (value === undefined) return bound.default;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    warn?.(`${name} is ${shown(value)}, not a number: the default ${bound.default} is used.`);
    return bound.default;
  }
  let n = value;
  if (bound.integer && !Number.isInteger(n)) {
    n = Math.round(n);
    warn?.(`${name} is ${value}, not a whole number: ${n} is used.`);
  }
  if (n < bound.minimum) {
    warn?.(`${name} is ${value}, below its minimum ${bound.minimum}: ${bound.minimum} is used.`);
    return bound.minimum;
  }
  if (n > bound.maximum) {
    warn?.(`${name} is ${value}, above its maximum ${bound.maximum}: ${bound.maximum} is used.`);
    return bound.maximum;
  }
  return n;
}

/** Longer globs are refused (package.json's maxLength says the same). */
export const MAX_GLOB_LENGTH = 1000;

/**
 * Why `glob` could reach outside the workspace folder it is meant for, or undefined when it cannot: an absolute path
 * (`/etc/**`, `C:/…`, `\\server\…`, `file:…`), one from the home folder (`~/…`), a `..` segment (`../**`,
 * `docs/../../x`), also in one alternative of a brace group (`{docs/**,/etc/**}`); and very long globs.
 */
export function globOutsideWorkspace(glob: string): string | undefined {
  if (glob.length > MAX_GLOB_LENGTH) return `longer than ${MAX_GLOB_LENGTH} characters`;
  // Each alternative of a brace group (and each comma-separated part) starts a path of its own.
  for (const part of glob.split(/[{,]/)) {
    if (/^[\\/]/.test(part)) return 'an absolute path';
    if (/^~/.test(part)) return 'a path from the home folder';
    if (/^[a-z][\w+.-]*:/i.test(part)) return 'an absolute path (a drive or a URI)';
  }
  if (/(?:^|[\\/{,])\.\.(?:[\\/},]|$)/.test(glob)) return '".." climbs out of the folder';
  return undefined;
}

/**
 * The glob of a setting that says which workspace files are read, or `fallback` when it is empty or not a string —
 * or reaches outside the workspace folder (globOutsideWorkspace), which `warn` says naming the setting.
 */
export function workspaceGlob(key: string, value: unknown, fallback: string, warn?: SettingWarn): string {
  const name = `${SETTINGS_SECTION}.${key}`;
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string') {
    warn?.(`${name} is ${shown(value)}, not a glob: the default ${fallback} is used.`);
    return fallback;
  }
  const problem = globOutsideWorkspace(value);
  if (!problem) return value;
  warn?.(`${name} is refused (${problem}): ${shown(value)} could read files outside the workspace folder, so the default ${fallback} is used.`);
  return fallback;
}

/** A value as the log shows it: JSON, cut short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export type BoundedSettings = Record<NumberSetting, number> & { referencesInclude: string };

/** Every setting above, read through `get` (a WorkspaceConfiguration's, or a fake one). */
export function readBoundedSettings(get: (key: string) => unknown, includeFallback: string, warn?: SettingWarn): BoundedSettings {
  const numbers = Object.fromEntries((Object.keys(NUMBER_SETTINGS) as NumberSetting[]).map((key) => [key, boundedNumber(key, get(key), warn)])) as Record<
    NumberSetting,
    number
  >;
  return { ...numbers, referencesInclude: workspaceGlob('references.include', get('references.include'), includeFallback, warn) };
}
