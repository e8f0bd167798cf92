/**
 * Client credentials in VS Code's SecretStorage: the client secret and the API key never go anywhere else (not
 * settings, not logs). The client ID is not secret and lives in global state, so activation reads no secret.
 * When the secret store fails (Linux without a keyring) the values are kept for the session and the user is told
 * how to fix the store.
 */
import type * as vscode from 'vscode';

/** The narrow part of SecretStorage this needs, so it can be replaced in tests. */
export interface SecretStore {
  get(key: string): Thenable<string | undefined>;
  store(key: string, value: string): Thenable<void>;
  delete(key: string): Thenable<void>;
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
  apiKey?: string;
}

const SECRET_KEY = 'standardsExplorer.clientSecret';
const API_KEY_KEY = 'standardsExplorer.apiKey';
const CLIENT_ID_KEY = 'standardsExplorer.clientId';

/** The secret store could not be used; `message` says what to do. */
export class SecretStoreError extends Error {}

export class CredentialStore {
  /** Values that could not be stored, kept for this session only. */
  private unsaved: Credentials | undefined;

  constructor(
    private readonly secrets: SecretStore,
    private readonly state: vscode.Memento,
  ) {}

  /** The stored client ID (no secret read). */
  get clientId(): string | undefined {
    return this.unsaved?.clientId ?? this.state.get<string>(CLIENT_ID_KEY);
  }

  /** True when credentials were entered (no secret read). */
  get hasCredentials(): boolean {
    return Boolean(this.clientId);
  }

  async read(): Promise<Credentials | undefined> {
    if (this.unsaved) return this.unsaved;
    const clientId = this.state.get<string>(CLIENT_ID_KEY);
    if (!clientId) return undefined;
    let clientSecret: string | undefined;
    let apiKey: string | undefined;
    try {
      clientSecret = await this.secrets.get(SECRET_KEY);
      apiKey = await this.secrets.get(API_KEY_KEY);
    } catch (error) {
      throw new SecretStoreError(keyringAdvice('read', error));
    }
    if (!clientSecret) return undefined;
    return { clientId, clientSecret, apiKey: apiKey || undefined };
  }

  /** Stores the credentials; on a secret-store failure keeps them for the session and throws SecretStoreError. */
  async save(credentials: Credentials): Promise<void> {
    await this.state.update(CLIENT_ID_KEY, credentials.clientId);
    try {
      await this.secrets.store(SECRET_KEY, credentials.clientSecret);
      if (credentials.apiKey) await this.secrets.store(API_KEY_KEY, credentials.apiKey);
      else await this.secrets.delete(API_KEY_KEY);
      this.unsaved = undefined;
    } catch (error) {
      this.unsaved = credentials;
      throw new SecretStoreError(keyringAdvice('save', error));
    }
  }

  /** The credentials kept in memory after a failed save, to retry it. */
  get pending(): Credentials | undefined {
    return this.unsaved;
  }

  async clear(): Promise<void> {
    this.unsaved = undefined;
    await this.state.update(CLIENT_ID_KEY, undefined);
    try {
      await this.secrets.delete(SECRET_KEY);
      await this.secrets.delete(API_KEY_KEY);
    } catch (error) {
      throw new SecretStoreError(keyringAdvice('delete', error));
    }
  }
}

function keyringAdvice(action: 'read' | 'save' | 'delete', error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const verb = action === 'read' ? 'read the client secret from' : action === 'save' ? 'save the client secret in' : 'remove the client secret from';
  return (
    `Could not ${verb} the system keychain (${reason}). On Linux, install and unlock a keyring such as ` +
    'GNOME Keyring or KWallet, or start VS Code with --password-store=basic (see "Troubleshooting keyring issues" in the VS Code docs).' +
    (action === 'save' ? ' Your entries are kept for this session.' : '')
  );
}
