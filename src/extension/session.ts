/**
 * The current connection, as the rest of the extension sees it: which service (the configured one with stored
 * credentials, or a local sandbox), its state for the status bar, and the one StandardsService everything shares.
 * The work is done by the parts in src/extension/connection (source, status, factory) and by Config; this class
 * wires them and keeps the service: made on first use, so activation makes no request and reads no secret. Features
 * receive it as the little they use (connection/serviceAccess.ts), and the settings and credential stores from
 * activation, never through it.
 */
import * as vscode from 'vscode';
import type { Config, Settings } from './config';
import { ConnectionSource } from './connection/connectionSource';
import { ConnectionStatus, type ConnectionState } from './connection/connectionStatus';
import { ServiceFactory } from './connection/serviceFactory';
import type { ConnectionControl } from './connection/serviceAccess';
import { isCredentialKey, type CredentialStore, type Credentials, type Endpoint } from './credentials';
import { Disposable } from '../core/lifecycle';
import { storageLocation } from './storageLocation';
import type { ConnectionInfo, ManagedStandardsService } from '../core/service/index';

export type { ConnectionState } from './connection/connectionStatus';
export { NotConnectedError } from './connection/serviceFactory';

export class Session extends Disposable implements ConnectionControl {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fired when the service is replaced or dropped, or a setting the views use changes: views reload. */
  readonly onDidChange = this.changed.event;
  private readonly status = this.register(new ConnectionStatus());
  readonly onDidChangeState = this.status.onDidChange;
  private readonly source: ConnectionSource;
  private readonly factory: ServiceFactory;
  private current: Promise<ManagedStandardsService> | undefined;

  constructor(
    context: vscode.ExtensionContext,
    private readonly config: Config,
    private readonly credentials: CredentialStore,
    log: vscode.LogOutputChannel,
  ) {
    super();
    this.source = this.register(new ConnectionSource(config, credentials, context.extensionPath, log));
    const version = (context.extension.packageJSON as { version?: string }).version ?? '0';
    this.factory = new ServiceFactory({
      config,
      source: this.source,
      status: this.status,
      log,
      storagePath: storageLocation(context.globalStorageUri),
      userAgent: `standards-explorer/${version} vscode/${vscode.version}`,
      storageScope: () => this.storageScope,
    });
    this.register(
      config.onDidChange((change) => {
        if (change.service) this.reset();
        else if (change.views) this.changed.fire();
      }),
    );
    // Credentials signed in or out in another window: reconnect with what is stored now (the Accounts menu follows).
    this.register(
      context.secrets.onDidChange((e) => {
        if (isCredentialKey(e.key) && !credentials.isOwnChange(e.key)) this.reset();
      }),
    );
    this.register({ dispose: () => this.dropService() });
    this.updateReadyState();
  }

  get state(): ConnectionState {
    return this.status.state;
  }

  /** See ConnectionSource.isConfigured. */
  get isConfigured(): boolean {
    return this.source.isConfigured;
  }

  /** The configured endpoint (from user settings only). */
  get endpoint(): Endpoint {
    return this.source.endpoint;
  }

  get isSandbox(): boolean {
    return Boolean(this.source.sandbox);
  }

  /** The sandbox connected to, if any (the Connection Doctor checks it like any service). */
  get sandboxConnection(): ConnectionInfo | undefined {
    return this.source.sandbox;
  }

  /** The base URL of the current connection, e.g. for keying the catalogue index. */
  get baseUrl(): string | undefined {
    return this.source.baseUrl;
  }

  /**
   * Names this connection's own storage: pinned and recent standards, the catalogue index, the clause cache. Every
   * per-connection store keys by this one value, so that environments (issue 15) only have to change it here.
   */
  get storageScope(): string | undefined {
    return this.source.storageScope;
  }

  /** The active environment (src/extension/environmentSettings.ts); a sandbox connection takes its place while it lasts. */
  get environment(): { id: string; name: string } {
    return this.config.settings.environment;
  }

  settings(): Settings {
    return this.config.settings;
  }

  /** The shared service; rejects with NotConnectedError or a SettingError when it cannot be made. */
  service(): Promise<ManagedStandardsService> {
    this.current ??= this.factory.create().catch((error: unknown) => {
      this.current = undefined;
      throw error;
    });
    return this.current;
  }

  /** Stores credentials (and URLs when given) and connects to the configured service. */
  async signIn(credentials: Credentials, urls?: { baseUrl?: string; tokenUrl?: string }): Promise<void> {
    if (urls?.baseUrl) await this.config.setUserValue('baseUrl', urls.baseUrl);
    if (urls?.tokenUrl) await this.config.setUserValue('tokenUrl', urls.tokenUrl);
    this.source.useConfigured();
    try {
      // After the URLs are saved: the credentials are bound to the endpoint they were typed for.
      await this.credentials.save(this.endpoint, credentials);
    } finally {
      // Even when the keychain failed, the credentials are kept for this session: connect with them.
      this.reset();
    }
  }

  /** Forgets the active environment's credentials (other environments keep theirs). */
  async signOut(): Promise<void> {
    this.source.useConfigured();
    try {
      await this.credentials.forget(this.endpoint);
    } finally {
      this.reset();
    }
  }

  /** Makes an environment the active one (and leaves a sandbox): the views reload with its tree and storage. */
  async useEnvironment(id: string): Promise<void> {
    this.source.useConfigured();
    try {
      await this.config.environments.switchTo(id);
    } finally {
      this.reset();
    }
  }

  /** Starts the bundled sandbox (or uses STANDARDS_EXPLORER_SANDBOX while it answers) and connects to it. */
  async connectSandbox(signal?: AbortSignal, replaced?: (why: string) => void): Promise<ConnectionInfo> {
    const info = await this.source.useSandbox(signal, replaced);
    this.reset();
    return info;
  }

  /** Drops the service so the next use makes a new one, and tells the views. */
  private reset(): void {
    this.dropService();
    this.updateReadyState();
    this.changed.fire();
  }

  private dropService(): void {
    const old = this.current;
    this.current = undefined;
    void old?.then(
      (s) => s.dispose(),
      () => undefined,
    );
  }

  private updateReadyState(): void {
    this.status.configured({ configured: this.source.isConfigured, host: this.source.host, sandbox: Boolean(this.source.sandbox) });
  }
}
