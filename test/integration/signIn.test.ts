import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandboxStats } from '../../sandbox/index';
import { api, resetSandbox, signInToSandbox } from './fixtures';

describe('sign-in', () => {
  it('keeps the secret in SecretStorage only, and connects', async () => {
    await resetSandbox();
    const s = await signInToSandbox();
    const { session, credentials: store } = await api();
    assert.equal(session.isConfigured, true);
    const credentials = await store.read(session.endpoint);
    assert.equal(credentials?.clientSecret, s.clientSecret, 'the secret comes back from SecretStorage');
    const config = vscode.workspace.getConfiguration('standardsExplorer');
    assert.equal(config.get('baseUrl'), s.baseUrl);
    const settingsText = JSON.stringify(config);
    assert.ok(!settingsText.includes(s.clientSecret), 'no secret in settings');
    assert.equal(session.state.kind, 'connected');
    assert.ok((await sandboxStats(s)).tokenRequests >= 1, 'Sign In checked the credentials');
  });

  it('reports a wrong secret as such', async () => {
    const s = await resetSandbox();
    const { session } = await api();
    await vscode.commands.executeCommand('standardsExplorer.signIn', { clientId: s.clientId, clientSecret: 'not-the-secret' });
    const service = await session.service();
    await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), /Client ID or secret rejected/);
    assert.equal(session.state.kind, 'error');
    await signInToSandbox();
  });
});
