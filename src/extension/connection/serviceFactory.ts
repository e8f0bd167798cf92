/**
 * Builds the StandardsService for the current connection from the settings and the stored credentials, and says
 * in the connection status why it cannot when it cannot.
 */
import * as vscode from 'vscode';
import { checkConnectionSettings, checkGeneralSettings, type Config } from '../config';
import { safeUrl } from '../credentials';
import { hostOf } from '../../core/labels';
import { localFiles } from '../../core/service/localFiles';
import { serviceLogger } from '../log';
import { httpClient } from './httpClient';
import { serviceOptionsFrom, type ManagedStandardsService } from '../../core/service/index';
import type { ConnectionSource } from './connectionSource';
import type { ConnectionStatus } from './connectionStatus';

/** Not connected: `message` says what to do. */
export class NotConnectedError extends Error {}

export interface ServiceFactoryContext {
  config: Config;
  source: ConnectionSource;
  status: ConnectionStatus;
  log: vscode.LogOutputChannel;
  /** Where the disk cache lives (the extension's global storage: a path on the desktop, a URI in the browser; see StorageFiles). */
  storagePath: string;
  /** e.g. "standards-explorer/0.1.0 vscode/1.100.0". */
  userAgent: string;
  /** The connection's storage key (Session.storageScope): names its cache and offline-copy folders. */
  storageScope(): string | undefined;
}

export class ServiceFactory {
  constructor(private readonly deps: ServiceFactoryContext) {}

  /** A new service for the current connection; rejects with NotConnectedError or a SettingError. */
  async create(): Promise<ManagedStandardsService> {
    const { config, source, status, log } = this.deps;
    const settings = config.settings;
    checkGeneralSettings(settings);
    const sandbox = source.sandbox;
    const scope = this.deps.storageScope();
    const common = {
      logger: serviceLogger(log, (entry) => status.observe(entry, { host: source.host, sandbox: Boolean(source.sandbox) })),
      timeoutMs: settings.timeoutSeconds * 1000,
      cacheMaxBytes: settings.cacheSizeMB * 1024 * 1024,
      diskCacheMaxBytes: settings.diskCacheSizeMB * 1024 * 1024,
      userAgent: this.deps.userAgent,
      ...(scope
        ? {
            cacheDir: settings.cacheSizeMB > 0 && settings.diskCacheSizeMB > 0 ? localFiles.join(this.deps.storagePath, 'clauses', scope) : undefined,
            pinnedDir: localFiles.join(this.deps.storagePath, 'pinned', scope),
            reviewedDir: localFiles.join(this.deps.storagePath, 'reviewed', scope),
            pinnedMaxBytes: settings.offlineCopiesSizeMB * 1024 * 1024,
          }
        : {}),
    };
    if (sandbox) return httpClient().createStandardsService({ ...serviceOptionsFrom(sandbox), ...common });
    try {
      checkConnectionSettings(settings);
    } catch (error) {
      status.set({ kind: 'error', sandbox: false, errorKind: 'settings', message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    const ignored = config.ignoredWorkspaceSettings();
    if (ignored.length) log.warn(`Ignored in workspace settings (endpoint settings apply only from user settings): ${ignored.join(', ')}`);
    const credentials = await source.credentials.read(source.endpoint);
    if (!credentials) {
      const message = source.credentials.hasAny
        ? vscode.l10n.t(
            'No credentials are stored for the token URL {0}. Credentials are kept per endpoint, so a changed token URL or base URL needs its own: run "Standards: Sign In…".',
            safeUrl(settings.tokenUrl),
          )
        : vscode.l10n.t('Not signed in. Run "Standards: Sign In…" or "Standards: Connect to Local Sandbox".');
      status.set({ kind: 'error', host: hostOf(settings.baseUrl), sandbox: false, errorKind: 'auth', message });
      throw new NotConnectedError(message);
    }
    if (credentials.apiKey && !settings.apiKeyHeader) {
      log.warn('An API key is stored but standardsExplorer.apiKeyHeader is empty: the key is not sent.');
    }
    if (!credentials.apiKey && settings.apiKeyHeader) {
      // API keys are bound to the base URL: one entered for another base URL is not sent here.
      log.warn(`No API key is stored for ${safeUrl(settings.baseUrl)}: none is sent in ${settings.apiKeyHeader}. Run "Standards: Sign In…" to enter one.`);
    }
    return httpClient().createStandardsService({
      baseUrl: settings.baseUrl,
      tokenUrl: settings.tokenUrl,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      scope: settings.scope,
      apiKey: credentials.apiKey && settings.apiKeyHeader ? { header: settings.apiKeyHeader, value: credentials.apiKey } : undefined,
      ...common,
    });
  }
}
