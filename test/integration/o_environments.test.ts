/**
 * Issue 15 item 2: environments. Two sandboxes play Pre-production (the suite's, in the default environment) and
 * Production (a second one, added as a named environment). Switching changes the tree and keeps each one's
 * credentials, clause cache and catalogue index. A workspace cannot add, choose or redirect an environment: a
 * second loopback listener counts what reaches it. (Pins, issue 13, are not on this branch.)
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { readSettings, type SettingsSource } from '../../src/extension/config';
import type { StandardNode } from '../../src/extension/targets/nodes';
import { api, resetSandbox, signInToSandbox, until } from './fixtures';

const SECTION = 'standardsExplorer';

async function firstStandards(): Promise<string[]> {
  const { tree, model } = await api();
  model.refresh();
  const nodes = await tree.catalogueChildren();
  return nodes.filter((n): n is StandardNode => n.kind === 'standard').map((n) => n.standard.urn);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** A loopback listener that counts every request and keeps what it was sent. */
async function startListener(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    let body = `${req.method} ${req.url} ${JSON.stringify(req.headers)} `;
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      hits.push(body);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'caught', token_type: 'Bearer', expires_in: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('environments', () => {
  let production: RunningSandbox;
  let productionId: string;

  before(async () => {
    production = await startSandbox({ standards: 40, seed: 5, prefix: '/prod' });
    await resetSandbox();
    await signInToSandbox();
  });
  after(async () => {
    const { session } = await api();
    if (productionId) await vscode.commands.executeCommand('standardsExplorer.removeEnvironment', { id: productionId });
    await vscode.workspace.getConfiguration(SECTION).update('defaultEnvironmentName', undefined, vscode.ConfigurationTarget.Global);
    await session.useEnvironment('default');
    await production.close();
    await signInToSandbox();
  });

  it('adds a named environment with its own secrets, and switching changes the tree, the view description, the storage and the pins', async () => {
    const preprod = await resetSandbox();
    const { session, view, catalogue, tree, myStandards } = await api();
    const preprodPins = myStandards.shelf.pinned.map((e) => e.urn);
    await vscode.workspace.getConfiguration(SECTION).update('defaultEnvironmentName', 'Pre-production', vscode.ConfigurationTarget.Global);
    await until(() => view.description === 'Pre-production', 'the view to name the default environment');
    const preprodTree = await firstStandards();
    const preprodScope = session.storageScope;
    await catalogue.rebuild();

    productionId = (await vscode.commands.executeCommand<string>('standardsExplorer.addEnvironment', {
      name: 'Production',
      baseUrl: production.baseUrl,
      tokenUrl: production.tokenUrl,
    }))!;
    assert.ok(productionId);
    assert.equal(session.environment.name, 'Production');
    assert.equal(session.settings().baseUrl, production.baseUrl);
    await until(() => view.description === 'Production', 'the view to name the active environment');
    assert.equal(session.isConfigured, true, 'credentials of another environment make the view explain, not welcome');
    await assert.rejects(session.service(), /No credentials are stored/);
    // Sign In asks for credentials only: the URLs are the environment's.
    await vscode.commands.executeCommand('standardsExplorer.signIn', { clientId: production.clientId, clientSecret: production.clientSecret });
    assert.equal((await (await api()).credentials.read(session.endpoint))?.clientSecret, production.clientSecret);
    assert.notEqual(session.storageScope, preprodScope, 'each environment has its own storage');

    const productionTree = await firstStandards();
    assert.notDeepEqual(productionTree, preprodTree, 'the tree comes from the production service');
    const productionIndex = await catalogue.rebuild();
    assert.equal(productionIndex.size, 40);
    const service = await session.service();
    const [urn] = productionTree;
    const [clause] = await service.listClauses(urn);
    await service.getClause(urn, clause.clauseId);
    const storage = vscode.Uri.file(path.dirname(catalogue.fileFor('x').fsPath));
    const productionCache = vscode.Uri.joinPath(storage, 'clauses', session.storageScope!);
    await until(() => exists(productionCache), 'the production clause cache on disk');
    // A pin belongs to its environment: its entry and its offline copy are kept under production's storage scope.
    const [productionNode] = (await tree.catalogueChildren()).filter((n): n is StandardNode => n.kind === 'standard');
    await vscode.commands.executeCommand('standardsExplorer.pin', productionNode);
    assert.ok(await myStandards.pinning.whenDownloaded(productionNode.standard.urn), 'the production pin downloaded');
    const productionPins = myStandards.shelf.pinned.map((e) => e.urn);
    assert.ok(productionPins.includes(productionNode.standard.urn));
    assert.ok(await exists(vscode.Uri.joinPath(storage, 'pinned', session.storageScope!)), 'the offline copy under production');

    // Back to pre-production: its tree, its index (read from disk, no paging), its secret.
    await vscode.commands.executeCommand('standardsExplorer.switchEnvironment', 'default');
    await until(() => view.description === 'Pre-production', 'the view to name the default environment again');
    assert.equal(session.storageScope, preprodScope);
    assert.deepEqual(await firstStandards(), preprodTree);
    const listed = (await sandboxStats(preprod)).requests.listStandards;
    const preprodIndex = await until(() => catalogue.peek(), 'the pre-production index');
    assert.equal(preprodIndex.size, 300, 'the pre-production index is kept');
    assert.equal((await sandboxStats(preprod)).requests.listStandards, listed, 'read from disk, not paged again');
    assert.equal((await (await api()).credentials.read(session.endpoint))?.clientSecret, preprod.clientSecret);
    assert.ok(await exists(productionCache), 'the production cache is kept while another environment is active');
    assert.deepEqual(
      myStandards.shelf.pinned.map((e) => e.urn),
      preprodPins,
      'pre-production shows its own pins',
    );

    // And to production again: its index comes back from disk, not from paging the service.
    const productionListed = (await sandboxStats(production)).requests.listStandards;
    await vscode.commands.executeCommand('standardsExplorer.switchEnvironment', { id: productionId });
    assert.equal((await until(() => catalogue.peek(), 'the production index'))?.size, 40);
    assert.equal((await sandboxStats(production)).requests.listStandards, productionListed);
    assert.deepEqual(
      myStandards.shelf.pinned.map((e) => e.urn),
      productionPins,
      'production keeps its pins',
    );
  });

  it('renames an environment without losing its secret or storage', async () => {
    const { session, view } = await api();
    await session.useEnvironment(productionId);
    const scope = session.storageScope;
    await vscode.commands.executeCommand('standardsExplorer.renameEnvironment', { id: productionId, name: 'Production (EU)' });
    await until(() => view.description === 'Production (EU)', 'the renamed environment in the view');
    assert.equal(session.storageScope, scope);
    assert.equal((await (await api()).credentials.read(session.endpoint))?.clientSecret, production.clientSecret);
  });

  it('cannot be redirected, added or switched by a workspace: no request reaches a server the workspace names', async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) this.skip(); // the electron launcher opens no folder; the offline one always does
    const listener = await startListener();
    const { session } = await api();
    await session.useEnvironment(productionId);
    const settingsFile = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    const hostile = {
      [`${SECTION}.environments`]: [
        { id: productionId, name: 'Production', baseUrl: `${listener.url}/prod`, tokenUrl: `${listener.url}/token` },
        { id: 'evil', name: 'Evil', baseUrl: `${listener.url}/evil`, tokenUrl: `${listener.url}/token` },
      ],
      [`${SECTION}.activeEnvironment`]: 'evil',
      [`${SECTION}.baseUrl`]: `${listener.url}/preprod`,
      [`${SECTION}.tokenUrl`]: `${listener.url}/token`,
      'editor.tabSize': 5, // a marker: proves VS Code has read this file
    };
    await vscode.workspace.fs.writeFile(settingsFile, Buffer.from(JSON.stringify(hostile)));
    try {
      await until(() => vscode.workspace.getConfiguration('editor').get('tabSize') === 5, 'the workspace settings file to be read');
      assert.equal(session.environment.id, productionId, 'the workspace did not switch the environment');
      assert.equal(session.settings().tokenUrl, production.tokenUrl, 'nor redirect it');
      assert.equal(session.endpoint.baseUrl, production.baseUrl);
      const service = await session.service();
      await service.listStandards({ limit: 1, offset: 0 });
      (await api()).model.refresh();
      await firstStandards();
      await vscode.commands.executeCommand('standardsExplorer.switchEnvironment', 'default');
      await (await session.service()).listStandards({ limit: 1, offset: 0 });
      // Not one of the user's environments: the command refuses it (with a message) and nothing changes.
      await vscode.commands.executeCommand('standardsExplorer.switchEnvironment', 'evil');
      assert.equal(session.environment.id, 'default');
      assert.equal(listener.hits.length, 0, `nothing reached the workspace's server: ${listener.hits.join('\n')}`);
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, '.vscode'), { recursive: true });
      await listener.close();
    }
  });

  it('reads environments from the user level even when a workspace value reaches it (older VS Code, hand-edited file)', () => {
    // A configuration as an older VS Code, which ignored "scope", would present it.
    const user = [{ id: 'prod', name: 'Production', baseUrl: 'https://api.example.com/prod', tokenUrl: 'https://login.example.com/token' }];
    const evil = [{ id: 'prod', name: 'Production', baseUrl: 'https://evil.example/prod', tokenUrl: 'https://evil.example/token' }];
    const values: Record<string, { defaultValue?: unknown; globalValue?: unknown; workspaceValue?: unknown; workspaceFolderValue?: unknown }> = {
      environments: { defaultValue: [], globalValue: user, workspaceValue: evil },
      activeEnvironment: { defaultValue: '', globalValue: 'prod', workspaceFolderValue: 'evil' },
      defaultEnvironmentName: { defaultValue: 'Default', workspaceValue: 'Trust me' },
      baseUrl: { defaultValue: '', workspaceValue: 'https://evil.example/preprod' },
    };
    const source: SettingsSource = {
      get: ((key: string) => ({ pageSize: 100, referenceFormat: 'plain', cacheSizeMB: 64, timeoutSeconds: 15 })[key]) as SettingsSource['get'],
      inspect: ((key: string) => ({ key, ...values[key] })) as SettingsSource['inspect'],
    };
    const settings = readSettings(source);
    assert.deepEqual(settings.environment, { id: 'prod', name: 'Production' });
    assert.equal(settings.baseUrl, 'https://api.example.com/prod');
    assert.equal(settings.tokenUrl, 'https://login.example.com/token');
  });

  it('removes an environment and forgets its credentials', async () => {
    const { session, view } = await api();
    const endpoint = { baseUrl: production.baseUrl, tokenUrl: production.tokenUrl, environment: productionId };
    assert.ok(await (await api()).credentials.read(endpoint));
    await session.useEnvironment(productionId);
    await vscode.commands.executeCommand('standardsExplorer.removeEnvironment', { id: productionId });
    productionId = '';
    assert.equal(session.environment.id, 'default');
    await until(() => view.description === 'Pre-production', 'back to the default environment');
    assert.equal(await (await api()).credentials.read(endpoint), undefined);
  });
});
