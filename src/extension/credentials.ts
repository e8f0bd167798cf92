/**
 * Client credentials in VS Code's SecretStorage: the client secret and the API key never go anywhere else (not
 * settings, not logs). The client ID is not secret and lives in global state, so activation reads no secret.
 * When the secret store fails (Linux without a keyring) the values are kept for the session and the user is told
 * how to fix the store.
 *
 * Every entry is bound to the endpoint it was entered for: the client secret to (token URL, client ID), the API
 * key to the base URL. A changed token URL or base URL finds nothing, so a secret is never sent to a server it was
 * not typed for, and the user is asked to sign in to the new endpoint.
 */
import type * as vscode from 'vscode';
import { l10n } from '../core/l10n';
import { PREFIX, apiKeyKey, clientSecretKey, environmentOf, sameEndpoint, tokenEndpointKey, type Endpoint } from './credentialKeys';

export { isCredentialKey, type Endpoint } from './credentialKeys';

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

/** State: token-URL key → client ID. */
const CLIENT_IDS_KEY = `${PREFIX}.clientIds`;
/** State: every secret key this store has written, so Sign Out can remove them all. */
const SECRET_KEYS_KEY = `${PREFIX}.secretKeys`;
/** State: secret key or client-ID key → the environment it was stored for (absent: the default one). */
const ENVIRONMENT_OF_KEY = `${PREFIX}.environmentOf`;
/** Before credentials were bound to endpoints (0.1.0): one un-keyed entry of each. */
const LEGACY = { clientId: `${PREFIX}.clientId`, secret: `${PREFIX}.clientSecret`, apiKey: `${PREFIX}.apiKey` };

/** The secret store could not be used; `message` says what to do. */
export class SecretStoreError extends Error {}

export class CredentialStore {
  /** SecretStorage keys this store changed and whose change event has not come back yet (see isOwnChange). */
  private readonly ownChanges = new Map<string, number>();
  /** Values that could not be stored, kept for this session only, with the endpoint they were typed for. */
  private unsaved: { endpoint: Endpoint; credentials: Credentials } | undefined;

  constructor(
    secrets: SecretStore,
    private readonly state: vscode.Memento,
    /** Told about housekeeping the user should know of (the move of 0.1.0 credentials). */
    private readonly notice: (message: string) => void = () => undefined,
  ) {
    // Every write and delete is counted, so that the change event it causes in this window can be told apart from
    // one made by another window (which must reconnect with what that window stored).
    const count = (key: string): void => void this.ownChanges.set(key, (this.ownChanges.get(key) ?? 0) + 1);
    this.secrets = {
      get: (key) => secrets.get(key),
      store: (key, value) => (count(key), secrets.store(key, value)),
      delete: (key) => (count(key), secrets.delete(key)),
    };
  }

  private readonly secrets: SecretStore;

  /**
   * True when a SecretStorage change of `key` is this store's own (consumed once per change): false for a change
   * made by another window, or for a key not ours.
   */
  isOwnChange(key: string): boolean {
    const pending = this.ownChanges.get(key) ?? 0;
    if (pending === 0) return false;
    if (pending === 1) this.ownChanges.delete(key);
    else this.ownChanges.set(key, pending - 1);
    return true;
  }

  /** The client ID entered for this endpoint's token URL (no secret read). */
  clientId(endpoint: Endpoint): string | undefined {
    if (this.unsaved && sameEndpoint(this.unsaved.endpoint, endpoint)) return this.unsaved.credentials.clientId;
    return this.clientIds()[tokenEndpointKey(endpoint)];
  }

  /** True when credentials were entered for this endpoint, or old un-keyed ones wait to be bound (no secret read). */
  hasCredentials(endpoint: Endpoint): boolean {
    return Boolean(this.clientId(endpoint) || this.state.get<string>(LEGACY.clientId));
  }

  /** True when credentials were entered for any endpoint (no secret read). */
  get hasAny(): boolean {
    return Boolean(this.unsaved || Object.keys(this.clientIds()).length > 0 || this.state.get<string>(LEGACY.clientId));
  }

  /** The credentials for this endpoint, or undefined when none were entered for it. */
  async read(endpoint: Endpoint): Promise<Credentials | undefined> {
    if (this.unsaved && sameEndpoint(this.unsaved.endpoint, endpoint)) return this.unsaved.credentials;
    const clientId = this.clientIds()[tokenEndpointKey(endpoint)];
    if (!clientId) return this.migrateLegacy(endpoint);
    let clientSecret: string | undefined;
    let apiKey: string | undefined;
    try {
      clientSecret = await this.secrets.get(clientSecretKey(endpoint, clientId));
      apiKey = await this.secrets.get(apiKeyKey(endpoint));
    } catch (error) {
      throw new SecretStoreError(keyringAdvice('read', error));
    }
    if (!clientSecret) return undefined;
    return { clientId, clientSecret, apiKey: apiKey || undefined };
  }

  /** Stores the credentials for this endpoint; on a secret-store failure keeps them for the session and throws. */
  async save(endpoint: Endpoint, credentials: Credentials): Promise<void> {
    const secretKey = clientSecretKey(endpoint, credentials.clientId);
    const keyOfApiKey = apiKeyKey(endpoint);
    await this.state.update(CLIENT_IDS_KEY, { ...this.clientIds(), [tokenEndpointKey(endpoint)]: credentials.clientId });
    await this.remember(secretKey, keyOfApiKey);
    await this.tag(environmentOf(endpoint), tokenEndpointKey(endpoint), secretKey, keyOfApiKey);
    try {
      await this.secrets.store(secretKey, credentials.clientSecret);
      if (credentials.apiKey) await this.secrets.store(keyOfApiKey, credentials.apiKey);
      else await this.secrets.delete(keyOfApiKey);
      this.unsaved = undefined;
    } catch (error) {
      this.unsaved = { endpoint, credentials };
      throw new SecretStoreError(keyringAdvice('save', error));
    }
  }

  /** The credentials kept in memory after a failed save, to retry it. */
  get pending(): Credentials | undefined {
    return this.unsaved?.credentials;
  }

  /**
   * Forgets every credential stored for this endpoint's environment, whatever URLs it had then (Sign Out of an
   * environment); other environments keep theirs. The default one also loses the un-keyed entries of 0.1.0.
   */
  async forget(endpoint: Endpoint): Promise<void> {
    const environment = environmentOf(endpoint);
    if (this.unsaved && environmentOf(this.unsaved.endpoint) === environment) this.unsaved = undefined;
    const tags = this.environmentTags();
    const mine = (key: string): boolean => (tags[key] ?? 'default') === environment;
    const ids = this.clientIds();
    const clientId = ids[tokenEndpointKey(endpoint)];
    const keptIds = Object.fromEntries(Object.entries(ids).filter(([key]) => !mine(key)));
    const known = this.state.get<string[]>(SECRET_KEYS_KEY, []);
    const keys = new Set([...known.filter(mine), apiKeyKey(endpoint), ...(clientId ? [clientSecretKey(endpoint, clientId)] : [])]);
    if (environment === 'default') {
      keys.add(LEGACY.secret);
      keys.add(LEGACY.apiKey);
      await this.state.update(LEGACY.clientId, undefined);
    }
    await this.state.update(CLIENT_IDS_KEY, Object.keys(keptIds).length ? keptIds : undefined);
    const keptKeys = known.filter((k) => !keys.has(k));
    await this.state.update(SECRET_KEYS_KEY, keptKeys.length ? keptKeys : undefined);
    const keptTags = Object.fromEntries(Object.entries(tags).filter(([key]) => !mine(key)));
    await this.state.update(ENVIRONMENT_OF_KEY, Object.keys(keptTags).length ? keptTags : undefined);
    try {
      for (const key of keys) await this.secrets.delete(key);
    } catch (error) {
      throw new SecretStoreError(keyringAdvice('delete', error));
    }
  }

  /** Forgets the credentials of every endpoint (Sign Out). */
  async clear(): Promise<void> {
    this.unsaved = undefined;
    const keys = [...this.state.get<string[]>(SECRET_KEYS_KEY, []), LEGACY.secret, LEGACY.apiKey];
    await this.state.update(CLIENT_IDS_KEY, undefined);
    await this.state.update(SECRET_KEYS_KEY, undefined);
    await this.state.update(ENVIRONMENT_OF_KEY, undefined);
    await this.state.update(LEGACY.clientId, undefined);
    try {
      for (const key of keys) await this.secrets.delete(key);
    } catch (error) {
      throw new SecretStoreError(keyringAdvice('delete', error));
    }
  }

  private clientIds(): Record<string, string> {
    const value = this.state.get<unknown>(CLIENT_IDS_KEY);
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  }

  private environmentTags(): Record<string, string> {
    const value = this.state.get<unknown>(ENVIRONMENT_OF_KEY);
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  }

  /** Notes the environment of keys stored for a named one (the default one needs no note: it is the fallback). */
  private async tag(environment: string, ...keys: string[]): Promise<void> {
    const tags = this.environmentTags();
    if (keys.every((k) => (tags[k] ?? 'default') === environment)) return;
    for (const key of keys) {
      if (environment === 'default') delete tags[key];
      else tags[key] = environment;
    }
    await this.state.update(ENVIRONMENT_OF_KEY, tags);
  }

  private async remember(...keys: string[]): Promise<void> {
    const known = new Set(this.state.get<string[]>(SECRET_KEYS_KEY, []));
    if (keys.every((k) => known.has(k))) return;
    keys.forEach((k) => known.add(k));
    await this.state.update(SECRET_KEYS_KEY, [...known]);
  }

  /**
   * Credentials stored by 0.1.0 had no endpoint. They are bound to the first endpoint they are read for: that
   * endpoint comes from the user's own settings (workspace values of endpoint settings are ignored), which is
   * where the user typed them for. Without a secret the leftovers are dropped.
   */
  private async migrateLegacy(endpoint: Endpoint): Promise<Credentials | undefined> {
    const clientId = this.state.get<string>(LEGACY.clientId);
    if (!clientId) return undefined;
    let clientSecret: string | undefined;
    let apiKey: string | undefined;
    try {
      clientSecret = await this.secrets.get(LEGACY.secret);
      apiKey = await this.secrets.get(LEGACY.apiKey);
    } catch (error) {
      throw new SecretStoreError(keyringAdvice('read', error));
    }
    const credentials = clientSecret ? { clientId, clientSecret, apiKey: apiKey || undefined } : undefined;
    if (credentials) await this.save(endpoint, credentials);
    await this.state.update(LEGACY.clientId, undefined);
    try {
      await this.secrets.delete(LEGACY.secret);
      await this.secrets.delete(LEGACY.apiKey);
    } catch (error) {
      throw new SecretStoreError(keyringAdvice('delete', error));
    }
    this.notice(
      credentials
        ? l10n.t(
            'Stored credentials are now bound to their endpoint: client {0} to {1}. Another token URL will ask you to sign in.',
            clientId,
            safeUrl(endpoint.tokenUrl),
          )
        : l10n.t('Dropped an incomplete set of stored credentials (a client ID without its secret). Run "Standards: Sign In…".'),
    );
    return credentials;
  }
}

/** A URL without user info, query or fragment, for messages. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return l10n.t('the configured token URL');
  }
}

function keyringAdvice(action: 'read' | 'save' | 'delete', error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const failed =
    action === 'read'
      ? l10n.t('Could not read the client secret from the system keychain ({0}).', reason)
      : action === 'save'
        ? l10n.t('Could not save the client secret in the system keychain ({0}).', reason)
        : l10n.t('Could not remove the client secret from the system keychain ({0}).', reason);
  const advice = l10n.t(
    'On Linux, install and unlock a keyring such as GNOME Keyring or KWallet, or start VS Code with --password-store=basic (see "Troubleshooting keyring issues" in the VS Code docs).',
  );
  return [failed, advice, action === 'save' ? l10n.t('Your entries are kept for this session.') : ''].filter(Boolean).join(' ');
}
