import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CredentialStore, SecretStoreError, type SecretStore } from '../../src/credentials';

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

describe('credentials', () => {
  it('keeps the secret and API key in the secret store and only the client ID in state', async () => {
    const secrets = new MemorySecrets();
    const state = new MemoryState();
    const store = new CredentialStore(secrets, state);
    assert.equal(store.hasCredentials, false);
    await store.save({ clientId: 'client', clientSecret: 's3cret', apiKey: 'k3y' });
    assert.equal(store.hasCredentials, true);
    assert.deepEqual(await store.read(), { clientId: 'client', clientSecret: 's3cret', apiKey: 'k3y' });
    assert.ok(![...state.values.values()].some((v) => JSON.stringify(v).includes('s3cret') || JSON.stringify(v).includes('k3y')));
    await store.save({ clientId: 'client', clientSecret: 'other' });
    assert.equal((await store.read())?.apiKey, undefined, 'an empty API key removes the stored one');
    await store.clear();
    assert.equal(store.hasCredentials, false);
    assert.equal(await store.read(), undefined);
    assert.equal(secrets.values.size, 0);
  });

  it('says what to do when the keychain fails, and keeps what was typed for the session', async () => {
    const store = new CredentialStore(new MemorySecrets(true), new MemoryState());
    await assert.rejects(store.save({ clientId: 'client', clientSecret: 's3cret' }), (error: unknown) => {
      assert.ok(error instanceof SecretStoreError);
      assert.match(error.message, /keyring/);
      assert.match(error.message, /--password-store=basic/);
      assert.match(error.message, /kept for this session/);
      assert.ok(!error.message.includes('s3cret'));
      return true;
    });
    assert.deepEqual(await store.read(), { clientId: 'client', clientSecret: 's3cret' }, 'usable for this session');
    assert.equal(store.pending?.clientSecret, 's3cret');
  });

  it('reports a keychain that cannot be read', async () => {
    const state = new MemoryState();
    await state.update('standardsExplorer.clientId', 'client');
    const store = new CredentialStore(new MemorySecrets(true), state);
    await assert.rejects(store.read(), /Could not read the client secret from the system keychain/);
  });
});
