/**
 * Issue 10 item 1: a workspace cannot send the stored secret elsewhere, and a changed token URL finds no secret.
 * The "attacker" is a loopback HTTP server that records what reaches it (a server the sandbox cannot play).
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { ignoredWorkspaceSettings, readSettings, type SettingsSource } from '../../src/extension/config';
import type { MessageNode } from '../../src/extension/targets/nodes';
import { api, resetSandbox, sandboxRoute, signInToSandbox, until } from './fixtures';

interface Catcher {
  url: string;
  bodies: string[];
  close(): Promise<void>;
}

/** Records every request; answers like a token endpoint would, so a leak would look like success. */
async function startCatcher(): Promise<Catcher> {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = `${req.method} ${req.url} ${JSON.stringify(req.headers)} `;
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'caught', token_type: 'Bearer', expires_in: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/token`, bodies, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('endpoint settings and per-endpoint secrets', () => {
  let catcher: Catcher;
  before(async () => {
    catcher = await startCatcher();
    await resetSandbox();
    await signInToSandbox();
  });
  after(async () => {
    await catcher.close();
    await signInToSandbox();
  });

  it('ignores a workspace that sets the token URL and base URL, and sends the secret only to the signed-in token URL', async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) this.skip(); // the electron launcher opens no folder; the offline one always does
    const s = await resetSandbox();
    const { session } = await api();
    const settingsFile = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    const hostile = {
      'standardsExplorer.tokenUrl': catcher.url,
      'standardsExplorer.baseUrl': catcher.url.replace('/token', '/preprod'),
      'standardsExplorer.apiKeyHeader': 'X-Leak',
      'editor.tabSize': 7, // a marker: proves VS Code has read this file
    };
    await vscode.workspace.fs.writeFile(settingsFile, Buffer.from(JSON.stringify(hostile)));
    try {
      await until(() => vscode.workspace.getConfiguration('editor').get('tabSize') === 7, 'the workspace settings file to be read');
      assert.equal(readSettings().tokenUrl, s.tokenUrl);
      assert.equal(readSettings().baseUrl, s.baseUrl);
      assert.equal(readSettings().apiKeyHeader, '');
      // Through the API too: the settings are window-scoped (so that User settings count in remote windows), so VS Code
      // takes a workspace value; the extension still reads the user level only, and logs the ignored ones.
      await vscode.workspace.getConfiguration('standardsExplorer').update('scope', 'evil', vscode.ConfigurationTarget.Workspace);
      await until(
        () => vscode.workspace.getConfiguration('standardsExplorer').inspect('scope')?.workspaceValue === 'evil' || undefined,
        'the workspace scope written',
      );
      assert.equal(readSettings().scope, 'openid');
      assert.deepEqual(ignoredWorkspaceSettings(), [
        'standardsExplorer.baseUrl',
        'standardsExplorer.tokenUrl',
        'standardsExplorer.scope',
        'standardsExplorer.apiKeyHeader',
      ]);
      // Counted before the revocation: a background call (a view reloading after the reset) may fetch the new token
      // between the two, and the call below then uses it. Either way, a call that succeeds after the revocation holds
      // a token the sandbox issued after it.
      const before = (await sandboxRoute('stats')).tokenRequests;
      await sandboxRoute('revoke-tokens'); // the next call needs a new token, whichever service instance makes it
      const service = await session.service();
      await service.listStandards({ limit: 1, offset: 0 });
      assert.equal(catcher.bodies.length, 0, `nothing reached the workspace's server: ${catcher.bodies.join('\n')}`);
      assert.ok((await sandboxRoute('stats')).tokenRequests > before, 'the token came from the signed-in token URL');
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, '.vscode'), { recursive: true });
    }
  });

  it('reads endpoint settings from the user level even when a workspace value reaches it (older VS Code, hand-edited file)', () => {
    // A configuration as an older VS Code, which ignored "scope", would present it.
    const values: Record<string, { defaultValue?: unknown; globalValue?: unknown; workspaceValue?: unknown; workspaceFolderValue?: unknown }> = {
      baseUrl: { defaultValue: '', globalValue: 'https://api.example.com/preprod', workspaceValue: 'https://evil.example/preprod' },
      tokenUrl: { defaultValue: '', globalValue: 'https://login.example.com/token', workspaceFolderValue: 'https://evil.example/token' },
      scope: { defaultValue: 'openid', workspaceValue: 'evil' },
      apiKeyHeader: { defaultValue: '', workspaceValue: 'X-Leak' },
    };
    const source: SettingsSource = {
      get: ((key: string) => ({ pageSize: 100, referenceFormat: 'plain', cacheSizeMB: 64, timeoutSeconds: 15 })[key]) as SettingsSource['get'],
      inspect: ((key: string) => ({ key, ...values[key] })) as SettingsSource['inspect'],
    };
    const settings = readSettings(source);
    assert.equal(settings.baseUrl, 'https://api.example.com/preprod');
    assert.equal(settings.tokenUrl, 'https://login.example.com/token');
    assert.equal(settings.scope, 'openid');
    assert.equal(settings.apiKeyHeader, '');
    assert.deepEqual(ignoredWorkspaceSettings(source), [
      'standardsExplorer.baseUrl',
      'standardsExplorer.tokenUrl',
      'standardsExplorer.scope',
      'standardsExplorer.apiKeyHeader',
    ]);
  });

  it('finds no secret for a changed token URL: asks to sign in, sends nothing, and the old endpoint still works', async () => {
    const s = await resetSandbox();
    const { session, tree, model } = await api();
    const config = vscode.workspace.getConfiguration('standardsExplorer');
    await config.update('tokenUrl', catcher.url, vscode.ConfigurationTarget.Global);
    try {
      await assert.rejects(session.service(), (error: unknown) => {
        // (The extension is bundled: its NotConnectedError is not this test's class; the message is what counts.)
        assert.ok(error instanceof Error);
        assert.match(error.message, /No credentials are stored for the token URL http:\/\/127\.0\.0\.1:\d+\/token\. .*Sign In/);
        assert.ok(!error.message.includes(s.clientSecret));
        return true;
      });
      assert.equal(session.isConfigured, true, 'the view explains instead of showing the bare welcome');
      model.refresh();
      const [node] = (await tree.catalogueChildren()) as MessageNode[];
      assert.equal(node.kind, 'message');
      assert.match(node.message, /No credentials are stored for the token URL/);
      assert.equal(session.state.kind, 'error');
      assert.equal(catcher.bodies.length, 0, 'nothing was sent to the new token URL');
    } finally {
      await config.update('tokenUrl', s.tokenUrl, vscode.ConfigurationTarget.Global);
    }
    const service = await session.service();
    assert.equal((await service.listStandards({ limit: 1, offset: 0 })).items.length, 1, 'the original endpoint keeps its secret');
    await until(() => session.state.kind === 'connected' || undefined, 'connected again');
  });
});
