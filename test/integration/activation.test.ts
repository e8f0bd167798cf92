import * as assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { sandboxStats } from '../../sandbox/index';
import { EXTENSION_ID, api, resetSandbox, signInToSandbox } from './fixtures';

/** The HTTP client's bundle, as Node's module cache names it. */
function clientBundle(): string {
  return realpathSync(path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'features', 'service.js'));
}

describe('activation', () => {
  it('activates on use without a request or a secret read, and registers its commands', async () => {
    const s = await resetSandbox();
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, 'installed');
    const manifest = extension.packageJSON as { activationEvents: string[]; contributes: { commands: Array<{ command: string }> } };
    assert.ok(!manifest.activationEvents.includes('*') && !manifest.activationEvents.includes('onStartupFinished'));
    const standards = await api();
    assert.equal(standards.session.state.kind, 'signedOut');
    const commands = await vscode.commands.getCommands(true);
    for (const { command } of manifest.contributes.commands) assert.ok(commands.includes(command), command);
    const stats = await sandboxStats(s);
    assert.equal(stats.tokenRequests, 0);
    assert.deepEqual(stats.requests, { listStandards: 0, listClauses: 0, getClause: 0 });
    // The HTTP client (axios and the service over it) is a bundle of its own, loaded with the first request.
    const client = clientBundle();
    assert.ok(!(client in require.cache), `${client} was loaded by activation`);
  });

  it('shows an empty tree (the welcome view) when not signed in', async () => {
    const { tree } = await api();
    assert.deepEqual(await tree.getChildren(), []);
  });

  it('runs inside a real VS Code', () => {
    assert.match(vscode.version, /^1\.\d+\.\d+/);
    assert.equal(typeof vscode.window.createWebviewPanel, 'function');
  });

  it('loads the HTTP client with the first request', async () => {
    const client = clientBundle();
    await signInToSandbox();
    await (await api()).session.service();
    assert.ok(client in require.cache, `${client} is not loaded`);
  });
});
