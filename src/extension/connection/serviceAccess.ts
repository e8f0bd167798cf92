/**
 * What features receive of the connection, rather than the Session itself: most only use the shared service, the
 * settings and the signal to reload (ServiceAccess); the connection's own views (status bar, Accounts menu, the
 * Connection Doctor, the view's title) read where it goes besides (ConnectionFacts). Session implements both;
 * the accounts and environments commands, which change the connection, take the Session's own methods.
 */
import type * as vscode from 'vscode';
import type { ConnectionInfo, ManagedStandardsService } from '../../core/service/index';
import type { Settings } from '../config';
import type { Credentials, Endpoint } from '../credentials';
import type { ConnectionState } from './connectionStatus';

export interface ServiceAccess {
  /** Fired when the service is replaced or dropped, or a setting the views use changes: views reload. */
  readonly onDidChange: vscode.Event<void>;
  /** The shared service; rejects with NotConnectedError or a SettingError when it cannot be made. */
  service(): Promise<ManagedStandardsService>;
  settings(): Settings;
  /** True when there is a service to ask (configured with credentials, or the sandbox). */
  readonly isConfigured: boolean;
  /** The base URL of the current connection, e.g. for keying the catalogue index. */
  readonly baseUrl: string | undefined;
  /** Names this connection's own storage (pins, the catalogue index, the clause cache). */
  readonly storageScope: string | undefined;
}

export interface ConnectionFacts extends ServiceAccess {
  readonly state: ConnectionState;
  readonly onDidChangeState: vscode.Event<ConnectionState>;
  /** The configured endpoint (from user settings only). */
  readonly endpoint: Endpoint;
  readonly isSandbox: boolean;
  /** The sandbox connected to, if any. */
  readonly sandboxConnection: ConnectionInfo | undefined;
  /** The active environment. */
  readonly environment: { id: string; name: string };
}

/** What the accounts and environments commands change: the connection itself (Session). */
export interface ConnectionControl extends ConnectionFacts {
  /** Stores credentials (and URLs when given) and connects to the configured service. */
  signIn(credentials: Credentials, urls?: { baseUrl?: string; tokenUrl?: string }): Promise<void>;
  /** Forgets the active environment's credentials. */
  signOut(): Promise<void>;
  /** Makes an environment the active one (and leaves a sandbox). */
  useEnvironment(id: string): Promise<void>;
  /** Starts the bundled sandbox and connects to it. */
  connectSandbox(signal?: AbortSignal, replaced?: (why: string) => void): Promise<ConnectionInfo>;
}
