/**
 * The current connection: which service (the configured one with stored credentials, or a local sandbox), its
 * state for the status bar, and the one StandardsService everything shares. The service is made on first use,
 * so activation makes no request and reads no secret.
 */
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { SECTION, checkConnectionSettings, checkGeneralSettings, ignoredWorkspaceSettings, readSettings, type Settings } from './config';
import { type CredentialStore, safeUrl, type Credentials, type Endpoint } from './credentials';
import { serviceLogger } from './log';
import { startLocalSandbox, type LocalSandbox } from './localSandbox';
import {
  createStandardsService,
  parseConnectionInfo,
  serviceOptionsFrom,
  type ConnectionInfo,
  type ManagedStandardsService,
  type RequestLogEntry,
  type ServiceErrorKind,
} from './service/index';

export type ConnectionState =
  | { kind: 'signedOut' }
  | { kind: 'ready' | 'connected'; host: string; sandbox: boolean }
  | { kind: 'error'; host?: string; sandbox: boolean; message: string; errorKind: ServiceErrorKind | 'settings' };

/** Not connected: `message` says what to do. */
export class NotConnectedError extends Error {}

const CONTEXT_KEY = 'standardsExplorer.configured';
const CONNECTION_KEYS = ['baseUrl', 'tokenUrl', 'scope', 'apiKeyHeader', 'cacheSizeMB', 'diskCacheSizeMB', 'timeoutSeconds'];

export class Session implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly stateChanged = new vscode.EventEmitter<ConnectionState>();
  /** Fired when the service is replaced or dropped: views reload. */
  readonly onDidChange = this.changed.event;
  readonly onDidChangeState = this.stateChanged.event;

  private current: Promise<ManagedStandardsService> | undefined;
  private sandboxInfo: ConnectionInfo | undefined;
  private sandboxProcess: LocalSandbox | undefined;
  private connectionState: ConnectionState = { kind: 'signedOut' };
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly context: vscode.ExtensionContext,
    readonly credentials: CredentialStore,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      this.changed,
      this.stateChanged,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (CONNECTION_KEYS.some((key) => e.affectsConfiguration(`${SECTION}.${key}`))) this.reset();
        else if (e.affectsConfiguration(`${SECTION}.pageSize`)) this.changed.fire();
      }),
    );
    const fromEnv = process.env.STANDARDS_EXPLORER_SANDBOX;
    if (fromEnv) {
      try {
        this.sandboxInfo = parseSandboxEnv(fromEnv);
        log.info(`Using the sandbox given by STANDARDS_EXPLORER_SANDBOX at ${hostOf(this.sandboxInfo.baseUrl)}`);
      } catch (error) {
        log.error(`STANDARDS_EXPLORER_SANDBOX ignored: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.updateReadyState();
  }

  get state(): ConnectionState {
    return this.connectionState;
  }

  /**
   * A sandbox, or the configured service with credentials entered (reads no secret). Credentials entered for
   * another endpoint count too, so the view shows why they are not used instead of the bare welcome.
   */
  get isConfigured(): boolean {
    if (this.sandboxInfo) return true;
    const settings = readSettings();
    return Boolean(settings.baseUrl && settings.tokenUrl && this.credentials.hasAny);
  }

  /** The configured endpoint (from user settings only). */
  get endpoint(): Endpoint {
    const { baseUrl, tokenUrl } = readSettings();
    return { baseUrl, tokenUrl };
  }

  get isSandbox(): boolean {
    return Boolean(this.sandboxInfo);
  }

  /** The base URL of the current connection, e.g. for keying the catalogue index. */
  get baseUrl(): string | undefined {
    return this.sandboxInfo?.baseUrl ?? (readSettings().baseUrl || undefined);
  }

  settings(): Settings {
    return readSettings();
  }

  /** The shared service; rejects with NotConnectedError or a SettingError when it cannot be made. */
  service(): Promise<ManagedStandardsService> {
    this.current ??= this.create().catch((error: unknown) => {
      this.current = undefined;
      throw error;
    });
    return this.current;
  }

  /** Stores credentials (and URLs when given) and connects to the configured service. */
  async signIn(credentials: Credentials, urls?: { baseUrl?: string; tokenUrl?: string }): Promise<void> {
    const config = vscode.workspace.getConfiguration(SECTION);
    if (urls?.baseUrl) await config.update('baseUrl', urls.baseUrl, vscode.ConfigurationTarget.Global);
    if (urls?.tokenUrl) await config.update('tokenUrl', urls.tokenUrl, vscode.ConfigurationTarget.Global);
    this.stopSandbox();
    try {
      // After the URLs are saved: the credentials are bound to the endpoint they were typed for.
      await this.credentials.save(this.endpoint, credentials);
    } finally {
      // Even when the keychain failed, the credentials are kept for this session: connect with them.
      this.reset();
    }
  }

  async signOut(): Promise<void> {
    this.stopSandbox();
    try {
      await this.credentials.clear();
    } finally {
      this.reset();
    }
  }

  /** Starts the bundled sandbox (or uses STANDARDS_EXPLORER_SANDBOX) and connects to it. */
  async connectSandbox(signal?: AbortSignal): Promise<ConnectionInfo> {
    const fromEnv = process.env.STANDARDS_EXPLORER_SANDBOX;
    if (fromEnv) {
      this.sandboxInfo = parseSandboxEnv(fromEnv);
    } else if (!this.sandboxProcess) {
      this.sandboxProcess = await startLocalSandbox(this.context.extensionPath, signal);
      this.sandboxInfo = this.sandboxProcess.info;
      this.log.info(`Local sandbox started at ${hostOf(this.sandboxInfo.baseUrl)}`);
    }
    this.reset();
    return this.sandboxInfo as ConnectionInfo;
  }

  dispose(): void {
    this.stopSandbox();
    void this.current?.then(
      (s) => s.dispose(),
      () => undefined,
    );
    for (const d of this.disposables) d.dispose();
  }

  private stopSandbox(): void {
    if (this.sandboxProcess) {
      this.sandboxProcess.stop();
      this.sandboxProcess = undefined;
      this.log.info('Local sandbox stopped');
    }
    this.sandboxInfo = undefined;
  }

  /** Drops the service so the next use makes a new one, and tells the views. */
  private reset(): void {
    const old = this.current;
    this.current = undefined;
    void old?.then(
      (s) => s.dispose(),
      () => undefined,
    );
    this.updateReadyState();
    this.changed.fire();
  }

  private updateReadyState(): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, this.isConfigured);
    if (this.sandboxInfo) this.setState({ kind: 'ready', host: hostOf(this.sandboxInfo.baseUrl), sandbox: true });
    else if (this.isConfigured) this.setState({ kind: 'ready', host: hostOf(readSettings().baseUrl), sandbox: false });
    else this.setState({ kind: 'signedOut' });
  }

  private setState(state: ConnectionState): void {
    if (JSON.stringify(state) === JSON.stringify(this.connectionState)) return;
    this.connectionState = state;
    this.stateChanged.fire(state);
  }

  /** Connection status follows what the requests say. */
  private observe(entry: RequestLogEntry): void {
    const host = this.sandboxInfo ? hostOf(this.sandboxInfo.baseUrl) : hostOf(readSettings().baseUrl);
    const sandbox = Boolean(this.sandboxInfo);
    if (!entry.error) this.setState({ kind: 'connected', host, sandbox });
    else if (['auth', 'forbidden', 'network', 'timeout', 'server'].includes(entry.error)) {
      this.setState({ kind: 'error', host, sandbox, errorKind: entry.error, message: `${entry.method} ${entry.path} failed (${entry.error})` });
    }
  }

  private async create(): Promise<ManagedStandardsService> {
    const settings = readSettings();
    checkGeneralSettings(settings);
    const common = {
      logger: serviceLogger(this.log, (entry) => this.observe(entry)),
      timeoutMs: settings.timeoutSeconds * 1000,
      cacheMaxBytes: settings.cacheSizeMB * 1024 * 1024,
      diskCacheMaxBytes: settings.diskCacheSizeMB * 1024 * 1024,
      userAgent: `standards-explorer/${(this.context.extension.packageJSON as { version?: string }).version ?? '0'} vscode/${vscode.version}`,
    };
    if (this.sandboxInfo) {
      return createStandardsService({ ...serviceOptionsFrom(this.sandboxInfo), ...common });
    }
    try {
      checkConnectionSettings(settings);
    } catch (error) {
      this.setState({ kind: 'error', sandbox: false, errorKind: 'settings', message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    const ignored = ignoredWorkspaceSettings();
    if (ignored.length) this.log.warn(`Ignored in workspace settings (endpoint settings apply only from user settings): ${ignored.join(', ')}`);
    const credentials = await this.credentials.read({ baseUrl: settings.baseUrl, tokenUrl: settings.tokenUrl });
    if (!credentials) {
      const message = this.credentials.hasAny
        ? vscode.l10n.t(
            'No credentials are stored for the token URL {0}. Credentials are kept per endpoint, so a changed token URL or base URL needs its own: run "Standards: Sign In…".',
            safeUrl(settings.tokenUrl),
          )
        : vscode.l10n.t('Not signed in. Run "Standards: Sign In…" or "Standards: Connect to Local Sandbox".');
      this.setState({ kind: 'error', host: hostOf(settings.baseUrl), sandbox: false, errorKind: 'auth', message });
      throw new NotConnectedError(message);
    }
    if (credentials.apiKey && !settings.apiKeyHeader) {
      this.log.warn('An API key is stored but standardsExplorer.apiKeyHeader is empty: the key is not sent.');
    }
    if (!credentials.apiKey && settings.apiKeyHeader) {
      // API keys are bound to the base URL: one entered for another base URL is not sent here.
      this.log.warn(`No API key is stored for ${safeUrl(settings.baseUrl)}: none is sent in ${settings.apiKeyHeader}. Run "Standards: Sign In…" to enter one.`);
    }
    const cacheDir = path.join(this.context.globalStorageUri.fsPath, 'clauses', createHash('sha256').update(settings.baseUrl).digest('hex').slice(0, 16));
    return createStandardsService({
      baseUrl: settings.baseUrl,
      tokenUrl: settings.tokenUrl,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      scope: settings.scope,
      apiKey: credentials.apiKey && settings.apiKeyHeader ? { header: settings.apiKeyHeader, value: credentials.apiKey } : undefined,
      cacheDir: settings.cacheSizeMB > 0 && settings.diskCacheSizeMB > 0 ? cacheDir : undefined,
      ...common,
    });
  }
}

function parseSandboxEnv(text: string): ConnectionInfo {
  return parseConnectionInfo(text, 'STANDARDS_EXPLORER_SANDBOX');
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
