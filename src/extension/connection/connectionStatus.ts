/**
 * The connection's state for the status bar and the welcome view: what is configured, then what the requests say.
 */
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { RequestLogEntry, ServiceErrorKind } from '../../core/service/index';

export type ConnectionState =
  | { kind: 'signedOut' }
  | { kind: 'ready' | 'connected'; host: string; sandbox: boolean }
  | { kind: 'error'; host?: string; sandbox: boolean; message: string; errorKind: ServiceErrorKind | 'settings' };

/** The context key the welcome view and menus test. */
const CONFIGURED_KEY = 'standardsExplorer.configured';
/** Request failures that say something about the connection (not about one resource). */
const CONNECTION_FAILURES: ReadonlySet<ServiceErrorKind> = new Set(['auth', 'forbidden', 'network', 'timeout', 'server']);

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

  /** Follows what a request says: success means connected; a connection-level failure is shown. */
  observe(entry: RequestLogEntry, where: { host: string; sandbox: boolean }): void {
    if (!entry.error) this.set({ kind: 'connected', ...where });
    else if (CONNECTION_FAILURES.has(entry.error)) {
      this.set({ kind: 'error', ...where, errorKind: entry.error, message: vscode.l10n.t('{0} {1} failed ({2})', entry.method, entry.path, entry.error) });
    }
  }

  set(state: ConnectionState): void {
    if (JSON.stringify(state) === JSON.stringify(this.current)) return;
    this.current = state;
    this.changed.fire(state);
  }
}
