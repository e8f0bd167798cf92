import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CredentialStore, SecretStoreError, type Endpoint, type SecretStore } from '../../src/extension/credentials';

// SecretStorage and Memento are VS Code interfaces; these in-memory stand-ins let the store's own logic run in
// plain Node, and the failing one plays a Linux machine without a keyring. The real SecretStorage is exercised
// by the integration suite's sign-in test.
class MemorySecrets implements SecretStore {
  readonly values = new Map<string, string>();
  constructor(private readonly broken = false) {}
  async get(key: string): Promise<string | undefined> {
    if (this.broken) throw new Error('Cannot create an item in a locked collection');
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    if (this.broken) throw new Error('Cannot create an item in a locked collection');
    this.values.set(key, value);
  }
  async delete(key: string): Promise<void> {
    if (this.broken) throw new Error('Cannot create an item in a locked collection');
    this.values.delete(key);
  }
}

class MemoryState implements vscode.Memento {
  readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return (this.values.has(key) ? this.values.get(key) : fallback) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
  }
}

const HOME: Endpoint = { baseUrl: 'https://api.example.com/preprod', tokenUrl: 'https://login.example.com/oauth2/token' };

describe('credentials', () => {
  it('gives each environment its own secrets, keeps the default environment on the keys of before, and forgets one at a time', async () => {
    const secrets = new MemorySecrets();
    const state = new MemoryState();
    const before = new CredentialStore(secrets, state);
    // Stored before environments existed (no environment in the endpoint): the default environment finds it.
    await before.save(HOME, { clientId: 'client', clientSecret: 'preprod-secret', apiKey: 'k3y' });
    const store = new CredentialStore(secrets, state);
    const home = { ...HOME, environment: 'default' };
    assert.equal((await store.read(home))?.clientSecret, 'preprod-secret');
    // Another environment with the very same URLs and client ID: nothing shared.
    const prod = { ...HOME, environment: 'env-prod' };
    assert.equal(store.clientId(prod), undefined);
    assert.equal(await store.read(prod), undefined);
    await store.save(prod, { clientId: 'client', clientSecret: 'prod-secret' });
    assert.equal((await store.read(prod))?.clientSecret, 'prod-secret');
    assert.equal((await store.read(home))?.clientSecret, 'preprod-secret');
    assert.equal((await store.read(home))?.apiKey, 'k3y', 'the API key of one environment is not replaced by another');
    // Sign Out of one environment leaves the other.
    await store.forget(prod);
    assert.equal(await store.read(prod), undefined);
    assert.equal((await store.read(home))?.clientSecret, 'preprod-secret');
    // Sign Out of an environment forgets what it stored for its earlier URLs too, and nothing of the others.
    await store.save(prod, { clientId: 'client', clientSecret: 'prod-secret' });
    const moved = { ...home, tokenUrl: 'https://login.example.com/v2/token' };
    await store.save(moved, { clientId: 'client', clientSecret: 'moved-secret' });
    await store.forget(moved);
    assert.equal(await store.read(home), undefined);
    assert.equal(await store.read(moved), undefined);
    assert.equal(store.hasCredentials(home), false);
    assert.equal((await store.read(prod))?.clientSecret, 'prod-secret');
    await store.forget(prod);
    assert.equal(store.hasAny, false);
    assert.equal(secrets.values.size, 0, 'nothing left in the secret store');
  });

  it('tells its own SecretStorage changes from those of another window', async () => {
    const secrets = new MemorySecrets();
    const store = new CredentialStore(secrets, new MemoryState());
    await store.save(HOME, { clientId: 'client', clientSecret: 's3cret' });
    const [key] = [...secrets.values.keys()];
    assert.equal(store.isOwnChange(key), true);
    assert.equal(store.isOwnChange(key), false, 'each change is told once: the next one comes from elsewhere');
  });

  it('keeps the secret and API key in the secret store and only the client ID in state', async () => {
    const secrets = new MemorySecrets();
    const state = new MemoryState();
    const store = new CredentialStore(secrets, state);
    assert.equal(store.hasCredentials(HOME), false);
    await store.save(HOME, { clientId: 'client', clientSecret: 's3cret', apiKey: 'k3y' });
    assert.equal(store.hasCredentials(HOME), true);
    assert.deepEqual(await store.read(HOME), { clientId: 'client', clientSecret: 's3cret', apiKey: 'k3y' });
    assert.ok(![...state.values.values()].some((v) => JSON.stringify(v).includes('s3cret') || JSON.stringify(v).includes('k3y')));
    await store.save(HOME, { clientId: 'client', clientSecret: 'other' });
    assert.equal((await store.read(HOME))?.apiKey, undefined, 'an empty API key removes the stored one');
    await store.clear();
    assert.equal(store.hasCredentials(HOME), false);
    assert.equal(await store.read(HOME), undefined);
    assert.equal(secrets.values.size, 0);
  });

  it('binds the secret to the token URL and client ID, and the API key to the base URL', async () => {
    const secrets = new MemorySecrets();
    const store = new CredentialStore(secrets, new MemoryState());
    await store.save(HOME, { clientId: 'client', clientSecret: 's3cret', apiKey: 'k3y' });
    // A token URL changed (by a workspace, a typo or an attacker) finds no secret: nothing is sent there.
    const otherToken = { ...HOME, tokenUrl: 'https://attacker.example/token' };
    assert.equal(store.hasCredentials(otherToken), false);
    assert.equal(store.clientId(otherToken), undefined, 'not even the client ID is offered for another token URL');
    assert.equal(await store.read(otherToken), undefined);
    assert.equal(store.hasAny, true, 'the session can still say that credentials exist for another endpoint');
    // Same token URL, other service: the secret applies, the API key does not.
    const otherService = { ...HOME, baseUrl: 'https://attacker.example/preprod' };
    assert.deepEqual(await store.read(otherService), { clientId: 'client', clientSecret: 's3cret', apiKey: undefined });
    // The same URL spelt differently is the same endpoint.
    assert.equal((await store.read({ baseUrl: 'HTTPS://API.example.com:443/preprod', tokenUrl: 'https://LOGIN.example.com/oauth2/token' }))?.apiKey, 'k3y');
    assert.ok(![...secrets.values.keys()].some((k) => k.includes('example')), 'secret keys are hashes, not URLs');
    // Two endpoints side by side; Sign Out forgets both.
    await store.save(otherToken, { clientId: 'other-client', clientSecret: 'other-secret' });
    assert.equal((await store.read(HOME))?.clientSecret, 's3cret');
    assert.equal((await store.read(otherToken))?.clientSecret, 'other-secret');
    await store.clear();
    assert.equal(secrets.values.size, 0);
    assert.equal(store.hasAny, false);
  });

  it('binds credentials stored before endpoints were keyed to the endpoint first read, once', async () => {
    const secrets = new MemorySecrets();
    const state = new MemoryState();
    await state.update('standardsExplorer.clientId', 'old-client');
    await secrets.store('standardsExplorer.clientSecret', 'old-secret');
    await secrets.store('standardsExplorer.apiKey', 'old-key');
    const notices: string[] = [];
    const store = new CredentialStore(secrets, state, (m) => notices.push(m));
    assert.equal(store.hasCredentials(HOME), true, 'the welcome view does not ask to sign in again');
    assert.deepEqual(await store.read(HOME), { clientId: 'old-client', clientSecret: 'old-secret', apiKey: 'old-key' });
    assert.equal(secrets.values.has('standardsExplorer.clientSecret'), false, 'the un-keyed entries are gone');
    assert.equal(state.values.has('standardsExplorer.clientId'), false);
    assert.match(notices.join(), /bound to their endpoint: client old-client to https:\/\/login\.example\.com\/oauth2\/token/);
    assert.equal(await store.read({ ...HOME, tokenUrl: 'https://elsewhere.example/token' }), undefined, 'bound to one endpoint only');
    assert.equal((await store.read(HOME))?.clientSecret, 'old-secret');
  });

  it('drops a 0.1.0 client ID whose secret is missing, with a message', async () => {
    const state = new MemoryState();
    await state.update('standardsExplorer.clientId', 'old-client');
    const notices: string[] = [];
    const store = new CredentialStore(new MemorySecrets(), state, (m) => notices.push(m));
    assert.equal(await store.read(HOME), undefined);
    assert.equal(store.hasAny, false);
    assert.match(notices.join(), /Dropped .* Sign In/);
  });

  it('says what to do when the keychain fails, and keeps what was typed for the session (for that endpoint)', async () => {
    const store = new CredentialStore(new MemorySecrets(true), new MemoryState());
    await assert.rejects(store.save(HOME, { clientId: 'client', clientSecret: 's3cret' }), (error: unknown) => {
      assert.ok(error instanceof SecretStoreError);
      assert.match(error.message, /keyring/);
      assert.match(error.message, /--password-store=basic/);
      assert.match(error.message, /kept for this session/);
      assert.ok(!error.message.includes('s3cret'));
      return true;
    });
    assert.deepEqual(await store.read(HOME), { clientId: 'client', clientSecret: 's3cret' }, 'usable for this session');
    assert.equal(store.pending?.clientSecret, 's3cret');
    assert.equal(await store.read({ ...HOME, tokenUrl: 'https://attacker.example/token' }), undefined, 'not handed to another endpoint');
  });

  it('reports a keychain that cannot be read', async () => {
    const state = new MemoryState();
    await state.update('standardsExplorer.clientIds', { x: 'client' });
    await state.update('standardsExplorer.clientId', 'client');
    const store = new CredentialStore(new MemorySecrets(true), state);
    await assert.rejects(store.read(HOME), /Could not read the client secret from the system keychain/);
  });
});
