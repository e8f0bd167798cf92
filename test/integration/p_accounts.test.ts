/**
 * Issue 15 item 1: the Accounts menu. The session goes through VS Code's own authentication API, as another
 * extension would ask for it. VS Code asks the user before the first use of a session in a modal dialog; the
 * integration runner answers Allow to that dialog only (test/harness/runIntegration.ts), as the user would.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID } from '../../src/auth/authProvider';
import { api, resetSandbox, signInToSandbox, until } from './fixtures';

/** Counts onDidChangeSessions of our provider, as another extension sees them. */
function countChanges(): { count(): number; dispose(): void } {
  let count = 0;
  const subscription = vscode.authentication.onDidChangeSessions((e) => {
    if (e.provider.id === AUTH_PROVIDER_ID) count++;
  });
  return { count: () => count, dispose: () => subscription.dispose() };
}

describe('Accounts menu (authentication provider)', () => {
  before(() => resetSandbox());
  after(() => signInToSandbox());

  it('gives the signed-in client as a session with a bearer token, never the secret, and signs out from there', async () => {
    const s = await signInToSandbox();
    const { auth } = await api();
    const changes = countChanges();
    try {
      const session = await vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { createIfNone: true });
      assert.match(session.account.label, new RegExp(`^.+ — ${s.clientId}$`), 'environment name and client ID');
      assert.ok(!JSON.stringify(session).includes(s.clientSecret), 'no client secret anywhere in the session');
      assert.match(session.accessToken, /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/, 'a JWT access token');
      // The token works as a bearer token at the service: what another extension would do with it.
      const response = await fetch(`${s.baseUrl}/v1/standards?limit=1`, { headers: { Authorization: `Bearer ${session.accessToken}` } });
      assert.equal(response.status, 200);
      // Allowed once, the session is there silently.
      const silent = await vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true });
      assert.equal(silent?.id, session.id);

      await auth.removeSession(session.id);
      await until(() => changes.count() >= 1, 'onDidChangeSessions after sign-out from the Accounts menu');
      assert.equal(await vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true }), undefined);
      const { session: connection } = await api();
      assert.equal(await connection.credentials.read(connection.endpoint), undefined, 'the stored secret is gone');

      // Signing in through our command shows in the Accounts menu too.
      const before = changes.count();
      await signInToSandbox();
      await until(() => changes.count() > before, 'onDidChangeSessions after Sign In');
      const again = await vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true });
      assert.equal(again?.account.label, session.account.label);
    } finally {
      changes.dispose();
    }
  });

  it('fires onDidChangeSessions on Sign Out through the command, and finds no session after', async () => {
    await signInToSandbox();
    const changes = countChanges();
    try {
      await vscode.commands.executeCommand('standardsExplorer.signOut');
      await until(() => changes.count() >= 1, 'onDidChangeSessions after Sign Out');
      assert.deepEqual(await (await api()).auth.getSessions(), []);
    } finally {
      changes.dispose();
      await signInToSandbox();
    }
  });

  it('runs the Sign In flow when a session is asked for and none exists; cancelling it rejects with a message', async () => {
    await vscode.commands.executeCommand('standardsExplorer.signOut');
    const asked = Promise.resolve(vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { createIfNone: true }));
    let settled = false;
    void asked.then(
      () => (settled = true),
      () => (settled = true),
    );
    // Sign In asks for the client ID (the URLs are set); the user presses Escape.
    await until(async () => {
      if (!settled) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      return settled;
    }, 'the Sign In flow to be cancelled');
    await assert.rejects(asked, /cancelled/);
  });
});
