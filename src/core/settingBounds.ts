/**
 * The settings that set how much the extension asks of the service, how much it keeps on disk and which workspace
 * files it reads, read in one place.
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

/** The setting's value as the settings give it. */
export function boundedNumber(key: NumberSetting, value: unknown): number {
  if (key === 'indexConcurrency') {
    const n = typeof value === 'number' ? value : 6;
    return Number.isFinite(n) ? Math.min(16, Math.max(1, Math.round(n))) : 1;
  }
  return (value as number | undefined) ?? NUMBER_SETTINGS[key].default;
}

/** The glob `standardsExplorer.references.include` as the settings give it, or `fallback` when empty. */
export function workspaceGlob(_key: string, value: unknown, fallback: string): string {
  return (value as string | undefined) || fallback;
}

export type BoundedSettings = Record<NumberSetting, number> & { referencesInclude: string };

/** Every setting above, read through `get` (a WorkspaceConfiguration's, or a fake one). */
export function readBoundedSettings(get: (key: string) => unknown, includeFallback: string, warn?: SettingWarn): BoundedSettings {
  void warn;
  const numbers = Object.fromEntries((Object.keys(NUMBER_SETTINGS) as NumberSetting[]).map((key) => [key, boundedNumber(key, get(key))])) as Record<
    NumberSetting,
    number
  >;
  return { ...numbers, referencesInclude: workspaceGlob('references.include', get('references.include'), includeFallback) };
}
