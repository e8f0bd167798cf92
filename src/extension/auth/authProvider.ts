/**
 * The service in VS Code's Accounts menu: an AuthenticationProvider (id `standards-explorer`) whose one session is
 * the current connection's client: the active environment with stored credentials, or the local sandbox while it
 * is in use. Its label is the environment's name and the client ID, never the secret.
 *
 * - `createSession` runs the Sign In flow of the command; `removeSession` is Sign Out of that environment.
 * - Sessions live as long as the credentials: those are in SecretStorage, so they survive restarts, and a change
 *   made in another window reaches this one through `secrets.onDidChange` (Session resets on it).
 * - `onDidChangeSessions` fires whenever the session seen changes, whichever path changed it (our commands, the
 *   Accounts menu, settings, another window).
 * - The session's `accessToken` is a short-lived bearer token from the connection's token source, never the client
 *   secret or the API key: another extension asking for a session can call the service for as long as the token
 *   lasts, and asks again for a fresh one.
 */
import * as vscode from 'vscode';
import { errorText } from '../errorText';
import { Disposable } from '../../core/lifecycle';
import type { ConnectionControl } from '../connection/serviceAccess';
import type { CredentialStore } from '../credentials';
import { storageKey } from '../../core/storageKeys';

/** The provider id other extensions pass to `vscode.authentication.getSession`. */
export const AUTH_PROVIDER_ID = 'standards-explorer';

/** What identifies the session (no token): compared to tell when it changed. */
interface SessionFacts {
  id: string;
  account: vscode.AuthenticationSessionAccountInformation;
  scopes: string[];
}

export class StandardsAuthProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>());
  readonly onDidChangeSessions = this.changed.event;
  private last: SessionFacts | undefined;

  constructor(
    private readonly session: ConnectionControl,
    /** Read for the client ID only: the label of the session, never a secret. */
    private readonly credentials: CredentialStore,
    /** The Sign In flow (the command's): true when signed in, false when cancelled. */
    private readonly signIn: () => Promise<boolean>,
  ) {
    super();
    this.last = this.facts();
    // Every sign-in, sign-out, environment switch, setting change and change from another window resets Session.
    this.register(session.onDidChange(() => this.update()));
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const facts = this.facts();
    if (!facts) return [];
    return [{ ...facts, accessToken: await this.token() }];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const signedIn = await this.signIn();
    const facts = signedIn ? this.facts() : undefined;
    if (!facts) throw new Error(vscode.l10n.t('Sign-in to the Standards Content Service was cancelled.'));
    this.update();
    return { ...facts, accessToken: await this.token() };
  }

  async removeSession(sessionId: string): Promise<void> {
    if (this.facts()?.id !== sessionId) return;
    await this.session.signOut();
    this.update();
  }

  /** The session of the current connection, from what is known without reading a secret. */
  private facts(): SessionFacts | undefined {
    const sandbox = this.session.sandboxConnection;
    const scopes = (sandbox ? 'openid' : this.session.settings().scope).split(/\s+/).filter(Boolean);
    let environment: string;
    let clientId: string | undefined;
    if (sandbox) {
      environment = vscode.l10n.t('Local sandbox');
      clientId = sandbox.clientId;
    } else {
      environment = this.session.environment.name;
      clientId = this.session.endpoint.baseUrl ? this.credentials.clientId(this.session.endpoint) : undefined;
    }
    if (!clientId) return undefined;
    const scope = this.session.storageScope ?? '';
    return {
      id: storageKey(['session', scope, clientId], 16),
      account: { id: `${scope}:${clientId}`, label: vscode.l10n.t('{0} — {1}', environment, clientId) },
      scopes,
    };
  }

  /** A bearer token of the current connection; a failure says what failed and what to do. */
  private async token(): Promise<string> {
    try {
      return await (await this.session.service()).accessToken();
    } catch (error) {
      throw new Error(vscode.l10n.t('Could not get an access token from the Standards Content Service: {0}', errorText(error)), { cause: error });
    }
  }

  /** Fires onDidChangeSessions when the session seen is not the one last told. */
  private update(): void {
    const before = this.last;
    const now = this.facts();
    this.last = now;
    if (before?.id === now?.id && before?.account.label === now?.account.label) return;
    // The event carries the sessions' identities; consumers ask getSession for a token.
    const asSession = (facts: SessionFacts): vscode.AuthenticationSession => ({ ...facts, accessToken: '' });
    if (before && now && before.id === now.id) this.changed.fire({ added: [], removed: [], changed: [asSession(now)] });
    else this.changed.fire({ added: now ? [asSession(now)] : [], removed: before ? [asSession(before)] : [], changed: [] });
  }
}
