/**
 * The connection's state for the status bar and the welcome view: what is configured, then what the requests say.
 */
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { RequestLogEntry, ServiceErrorKind } from '../../core/service/index';

export type ConnectionState =
  | { kind: 'signedOut' }
  | { kind: 'ready' | 'connected'; host: string; sandbox: boolean }
  /** The service cannot be reached, and stored (pinned) copies are read instead. */
  | { kind: 'offline'; host: string; sandbox: boolean }
  | { kind: 'error'; host?: string; sandbox: boolean; message: string; errorKind: ServiceErrorKind | 'settings' };

/** The context key the welcome view and menus test. */
const CONFIGURED_KEY = 'standardsExplorer.configured';
/** True once a request went through: the walkthrough's first step is done (package.json `completionEvents`). */
const CONNECTED_KEY = 'standardsExplorer.connected';
/** Request failures that say something about the connection (not about one resource). */
const CONNECTION_FAILURES: ReadonlySet<ServiceErrorKind> = new Set(['auth', 'forbidden', 'network', 'timeout', 'server']);
/** Failures that say the service cannot be reached (what the stored copies stand in for). */
const UNREACHABLE: ReadonlySet<ServiceErrorKind> = new Set(['network', 'timeout']);

export class ConnectionStatus extends Disposable {
  private current: ConnectionState = { kind: 'signedOut' };
  private readonly changed = this.register(new vscode.EventEmitter<ConnectionState>());
  readonly onDidChange = this.changed.event;

  get state(): ConnectionState {
    return this.current;
  }

  /** Before any request: ready when something is configured, else signed out. */
  configured(where: { configured: boolean; host: string; sandbox: boolean }): void {
    void vscode.commands.executeCommand('setContext', CONFIGURED_KEY, where.configured);
    this.set(where.configured ? { kind: 'ready', host: where.host, sandbox: where.sandbox } : { kind: 'signedOut' });
  }

  /**
   * Follows what a request says: success means connected; a stored copy read because the service cannot be reached
   * means offline (and stays so while only unreachability follows: the copies are still read); a connection-level
   * failure is shown.
   */
  observe(entry: RequestLogEntry, where: { host: string; sandbox: boolean }): void {
    if (entry.cache === 'offline') this.set({ kind: 'offline', ...where });
    else if (!entry.error) this.set({ kind: 'connected', ...where });
    else if (this.current.kind === 'offline' && UNREACHABLE.has(entry.error)) return;
    else if (CONNECTION_FAILURES.has(entry.error)) {
      this.set({ kind: 'error', ...where, errorKind: entry.error, message: vscode.l10n.t('{0} {1} failed ({2})', entry.method, entry.path, entry.error) });
    }
  }

  set(state: ConnectionState): void {
    if (JSON.stringify(state) === JSON.stringify(this.current)) return;
    if ((state.kind === 'connected') !== (this.current.kind === 'connected'))
      void vscode.commands.executeCommand('setContext', CONNECTED_KEY, state.kind === 'connected');
    this.current = state;
    this.changed.fire(state);
  }
}
