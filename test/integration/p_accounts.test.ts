/**
 * Issue 15 item 1: the Accounts menu. VS Code's own authentication API lists the account and carries the events,
 * as another extension sees them. Before another extension may use a session, VS Code asks the user in a modal
 * dialog, and in extension tests VS Code refuses every dialog ("refused to show dialog in tests"): so
 * `getSession(…, { createIfNone })` cannot complete here, and the provider's own createSession, getSessions and
 * removeSession (what VS Code calls after that dialog) are called directly. The e2e run shows the Accounts menu.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID } from '../../src/extension/auth/authProvider';
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

  it('lists the signed-in client as an account, gives a bearer token as the session, never the secret, and signs out from there', async () => {
    const s = await signInToSandbox();
    const { auth, session: connection } = await api();
    const changes = countChanges();
    try {
      const accounts = await vscode.authentication.getAccounts(AUTH_PROVIDER_ID);
      assert.deepEqual(
        accounts.map((a) => a.label),
        [`${connection.environment.name} — ${s.clientId}`],
        'one account: environment name and client ID',
      );
      // Without the user's consent another extension gets nothing, and no dialog is forced on the user.
      assert.equal(await vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true }), undefined);

      const [session] = await auth.getSessions();
      assert.equal(session.account.label, accounts[0].label);
      assert.ok(!JSON.stringify(session).includes(s.clientSecret), 'no client secret anywhere in the session');
      assert.match(session.accessToken, /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/, 'a JWT access token');
      // The token works as a bearer token at the service: what another extension would do with it.
      const response = await fetch(`${s.baseUrl}/v1/standards?limit=1`, { headers: { Authorization: `Bearer ${session.accessToken}` } });
      assert.equal(response.status, 200);

      // Sign Out in the Accounts menu: VS Code calls removeSession.
      await auth.removeSession(session.id);
      await until(() => changes.count() >= 1, 'onDidChangeSessions after sign-out from the Accounts menu');
      assert.deepEqual(await vscode.authentication.getAccounts(AUTH_PROVIDER_ID), []);
      assert.equal(await (await api()).credentials.read(connection.endpoint), undefined, 'the stored secret is gone');

      // Signing in through our command shows in the Accounts menu too.
      const before = changes.count();
      await signInToSandbox();
      await until(() => changes.count() > before, 'onDidChangeSessions after Sign In');
      assert.deepEqual(
        (await vscode.authentication.getAccounts(AUTH_PROVIDER_ID)).map((a) => a.label),
        [session.account.label],
      );
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

  it('runs the Sign In flow when a session is created; cancelling it rejects with a message', async () => {
    await vscode.commands.executeCommand('standardsExplorer.signOut');
    const { auth } = await api();
    const asked = Promise.resolve(auth.createSession());
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
