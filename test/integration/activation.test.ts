import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandboxStats } from '../../sandbox/index';
import { EXTENSION_ID, api, resetSandbox } from './fixtures';

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
  });

  it('shows an empty tree (the welcome view) when not signed in', async () => {
    const { tree } = await api();
    assert.deepEqual(await tree.getChildren(), []);
  });

  it('runs inside a real VS Code', () => {
    assert.match(vscode.version, /^1\.\d+\.\d+/);
    assert.equal(typeof vscode.window.createWebviewPanel, 'function');
  });
});
