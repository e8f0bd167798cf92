/**
 * The extension's settings, read and checked in one place. A bad value is reported naming the setting, and the
 * user's value is never rewritten. `Config` is the one reader the extension uses: it owns the change events.
 */
import * as vscode from 'vscode';
import { errorText } from './errorText';
import { Disposable } from '../core/lifecycle';
import { REFERENCE_FORMATS, type ReferenceFormat } from '../core/references';
import { checkServiceUrl, isHeaderName } from '../core/service/addresses';
import { isServiceError } from '../core/service/errors';
import { ENVIRONMENT_SETTINGS, activeEnvironment, DEFAULT_ENVIRONMENT_ID, EnvironmentSettings } from './environmentSettings';
import { DEFAULT_CITING_FILES } from '../core/citations/citingFiles';
import { readBoundedSettings, type SettingWarn } from '../core/settingBounds';

export const SECTION = 'standardsExplorer';

export interface Settings {
  /** The active environment, whose endpoint the four settings below are. */
  environment: { id: string; name: string };
  baseUrl: string;
  tokenUrl: string;
  scope: string;
  apiKeyHeader: string;
  pageSize: number;
  referenceFormat: ReferenceFormat;
  cacheSizeMB: number;
  diskCacheSizeMB: number;
  /** Bound of the offline copies of pinned standards, kept apart from the disk cache. */
  offlineCopiesSizeMB: number;
  timeoutSeconds: number;
  /** Pages of the catalogue in flight while Find Standard's index is built. */
  indexConcurrency: number;
  /** The References view's glob of workspace files (`references.include`). */
  referencesInclude: string;
}

/** What a change to a setting makes stale: the service (reconnect), the views (reload) or nothing held. */
type Reload = 'service' | 'views' | 'none';

/** Every setting and what its change reloads; typed by Settings, so a new setting cannot be left out. */
const RELOADS: Record<keyof Settings, Reload> = {
  environment: 'service',
  baseUrl: 'service',
  tokenUrl: 'service',
  scope: 'service',
  apiKeyHeader: 'service',
  cacheSizeMB: 'service',
  diskCacheSizeMB: 'service',
  offlineCopiesSizeMB: 'service',
  timeoutSeconds: 'service',
  pageSize: 'views',
  referenceFormat: 'none',
  indexConcurrency: 'none',
  // The References view follows its own setting's changes (referencesView.ts).
  referencesInclude: 'none',
};
const SETTING_KEYS = Object.keys(RELOADS) as Array<keyof Settings>;

/** A change of some of this extension's settings. */
export interface SettingsChange {
  readonly keys: ReadonlyArray<keyof Settings>;
  /** A setting the service is built from changed: it must be made anew. */
  readonly service: boolean;
  /** A setting that only the views use changed: they reload. */
  readonly views: boolean;
}

/**
 * The settings of this extension: read when first asked after a change (current: a change of this extension's
 * settings, a folder added or removed and the workspace trusted each read them again), written for Sign In, changes
 * announced. Kept between changes because hot paths ask for them (the citation resolver, on every look-up of the
 * index): reading them takes a dozen `inspect` calls, 1–46 ms in the extension host.
 */
export class Config extends Disposable {
  /** The named connections; writes user settings only. */
  readonly environments = new EnvironmentSettings();
  private readonly changed = this.register(new vscode.EventEmitter<SettingsChange>());
  readonly onDidChange = this.changed.event;

  /** Warnings about settings already logged (each once until the settings change). */
  private readonly warned = new Set<string>();
  /** The settings as last read; undefined once anything they are read from may have changed. */
  private read: Settings | undefined;

  /** `log` hears about values brought within bounds or refused (src/core/settingBounds.ts), each once. */
  constructor(private readonly log?: Pick<vscode.LogOutputChannel, 'warn'>) {
    super();
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => (this.read = undefined)));
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => (this.read = undefined)));
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SECTION)) {
          this.warned.clear();
          this.read = undefined;
        }
        const affects = (key: string): boolean => e.affectsConfiguration(`${SECTION}.${key}`);
        // The environment "setting" is three: the list, the active one and the default one's name.
        const keys = SETTING_KEYS.filter((key) => (key === 'environment' ? ENVIRONMENT_SETTINGS.some(affects) : affects(key)));
        if (keys.length === 0) return;
        this.changed.fire({ keys, service: keys.some((k) => RELOADS[k] === 'service'), views: keys.some((k) => RELOADS[k] === 'views') });
      }),
    );
  }

  get settings(): Settings {
    return (this.read ??= readSettings(this.source(), (message) => {
      if (this.warned.has(message)) return;
      this.warned.add(message);
      this.log?.warn(message);
    }));
  }

  /** Endpoint settings a workspace tries to set (ignored), as full setting names. */
  ignoredWorkspaceSettings(): string[] {
    return ignoredWorkspaceSettings(this.source());
  }

  /** Writes an endpoint value of the active environment, at the user level (Sign In saves what was typed there). */
  async setUserValue(key: 'baseUrl' | 'tokenUrl' | 'apiKeyHeader', value: string): Promise<void> {
    await this.environments.setEndpointValue(key, value);
  }

  private source(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }
}

/** A setting whose value cannot be used. */
export class SettingError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The settings that say where the client secret, the token and the API key are sent. They are `window`-scoped in
 * the manifest (a `machine` scope would ignore the User settings in every remote window) and restricted in untrusted
 * workspaces, and they are read here from the user level only (`inspect().globalValue`: the User settings and, in a
 * remote window, the Remote settings), whatever the workspace says: a workspace's `.vscode/settings.json` cannot
 * redirect credentials.
 */
const ENDPOINT_KEYS = ['baseUrl', 'tokenUrl', 'scope', 'apiKeyHeader', ...ENVIRONMENT_SETTINGS] as const;

/** The part of WorkspaceConfiguration read here (a fake one in tests). */
export type SettingsSource = Pick<vscode.WorkspaceConfiguration, 'get' | 'inspect'>;

export function readSettings(config: SettingsSource = vscode.workspace.getConfiguration(SECTION), warn?: SettingWarn): Settings {
  // Endpoint values come from the active environment, read from the user level only (see environments.ts).
  const { id, name, baseUrl, tokenUrl, scope, apiKeyHeader } = activeEnvironment(config);
  return {
    environment: { id, name },
    baseUrl,
    tokenUrl,
    scope,
    apiKeyHeader,
    referenceFormat: config.get<ReferenceFormat>('referenceFormat') ?? 'plain',
    // Page size, cache and offline-copy sizes, timeout, index concurrency, the References view's glob.
    ...readBoundedSettings((key) => config.get<unknown>(key), DEFAULT_CITING_FILES, warn),
  };
}

/** Endpoint settings a workspace or folder tries to set (and that are ignored), as full setting names. */
export function ignoredWorkspaceSettings(config: SettingsSource = vscode.workspace.getConfiguration(SECTION)): string[] {
  return ENDPOINT_KEYS.filter((key) => {
    const values = config.inspect<unknown>(key);
    return values?.workspaceValue !== undefined || values?.workspaceFolderValue !== undefined;
  }).map((key) => `${SECTION}.${key}`);
}

/** The setting a user edits for an endpoint value of the active environment. */
export function endpointSetting(settings: Pick<Settings, 'environment'>, key: 'baseUrl' | 'tokenUrl' | 'scope' | 'apiKeyHeader'): string {
  return settings.environment.id === DEFAULT_ENVIRONMENT_ID ? `${SECTION}.${key}` : `${SECTION}.environments`;
}

/** Where a person edits `setting` (a full name): for an endpoint value of a named environment, its entry in the list. */
export function settingToEdit(settings: Pick<Settings, 'environment'>, setting: string): string {
  const key = setting.startsWith(`${SECTION}.`) ? setting.slice(SECTION.length + 1) : undefined;
  return key === 'baseUrl' || key === 'tokenUrl' || key === 'scope' || key === 'apiKeyHeader' ? endpointSetting(settings, key) : setting;
}

/** Throws a SettingError for the first value that cannot be used for connecting. */
export function checkConnectionSettings(settings: Settings): void {
  const setting = (key: 'baseUrl' | 'tokenUrl' | 'apiKeyHeader'): string => endpointSetting(settings, key);
  // Named environments keep their values in one list: say which entry and which field.
  const where = (key: 'baseUrl' | 'tokenUrl' | 'apiKeyHeader'): string =>
    settings.environment.id === DEFAULT_ENVIRONMENT_ID ? setting(key) : `${setting(key)}, "${settings.environment.name}" ${key}`;
  if (!settings.baseUrl)
    throw new SettingError(
      setting('baseUrl'),
      vscode.l10n.t('The service base URL is not set (setting {0}). Run "Standards: Sign In…" or set it.', where('baseUrl')),
    );
  if (!settings.tokenUrl)
    throw new SettingError(
      setting('tokenUrl'),
      vscode.l10n.t('The token URL is not set (setting {0}). Run "Standards: Sign In…" or set it.', where('tokenUrl')),
    );
  checkUrlSetting(setting('baseUrl'), where('baseUrl'), settings.baseUrl);
  checkUrlSetting(setting('tokenUrl'), where('tokenUrl'), settings.tokenUrl);
  if (settings.apiKeyHeader && !isHeaderName(settings.apiKeyHeader)) {
    throw new SettingError(
      setting('apiKeyHeader'),
      vscode.l10n.t('"{0}" is not a valid HTTP header name (setting {1}).', settings.apiKeyHeader, where('apiKeyHeader')),
    );
  }
  checkGeneralSettings(settings);
}

/** The numbers are already within bounds when readSettings made `settings` (settingBounds.ts); checked again for any other. */
export function checkGeneralSettings(settings: Settings): void {
  if (!Number.isInteger(settings.pageSize) || settings.pageSize < 1 || settings.pageSize > 1000) {
    throw new SettingError(`${SECTION}.pageSize`, vscode.l10n.t('The page size must be a whole number from 1 to 1000 (setting {0}).', `${SECTION}.pageSize`));
  }
  if (!REFERENCE_FORMATS.includes(settings.referenceFormat)) {
    throw new SettingError(
      `${SECTION}.referenceFormat`,
      vscode.l10n.t('The reference format must be one of {0} (setting {1}).', REFERENCE_FORMATS.join(', '), `${SECTION}.referenceFormat`),
    );
  }
  if (!(settings.cacheSizeMB >= 0 && settings.cacheSizeMB <= 4096)) {
    throw new SettingError(`${SECTION}.cacheSizeMB`, vscode.l10n.t('The cache size must be from 0 to 4096 MB (setting {0}).', `${SECTION}.cacheSizeMB`));
  }
  if (!(settings.diskCacheSizeMB >= 0 && settings.diskCacheSizeMB <= 100_000)) {
    throw new SettingError(
      `${SECTION}.diskCacheSizeMB`,
      vscode.l10n.t('The disk cache size must be from 0 to 100000 MB (setting {0}).', `${SECTION}.diskCacheSizeMB`),
    );
  }
  if (!(settings.offlineCopiesSizeMB >= 1 && settings.offlineCopiesSizeMB <= 100_000)) {
    throw new SettingError(
      `${SECTION}.offlineCopiesSizeMB`,
      vscode.l10n.t('The size for offline copies must be from 1 to 100000 MB (setting {0}).', `${SECTION}.offlineCopiesSizeMB`),
    );
  }
  if (!(settings.timeoutSeconds >= 1 && settings.timeoutSeconds <= 600)) {
    throw new SettingError(`${SECTION}.timeoutSeconds`, vscode.l10n.t('The timeout must be from 1 to 600 seconds (setting {0}).', `${SECTION}.timeoutSeconds`));
  }
}

/** The problem with a URL typed for `key`, or undefined (for input boxes and settings alike). */
export function urlProblem(key: 'baseUrl' | 'tokenUrl', value: string): string | undefined {
  try {
    checkUrlSetting(`${SECTION}.${key}`, `${SECTION}.${key}`, value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function checkUrlSetting(setting: string, where: string, value: string): void {
  try {
    checkServiceUrl(value, where);
  } catch (error) {
    throw new SettingError(setting, isServiceError(error) ? errorText(error) : String(error));
  }
}

/** Opens the Settings editor on one setting. */
export function openSetting(setting: string): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', setting);
}
