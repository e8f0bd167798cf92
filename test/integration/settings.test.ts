import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, resetSandbox, signInToSandbox, until } from './fixtures';

/** Config owns the settings and their change events; the session decides what each change makes stale. */
describe('settings changes', () => {
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('standardsExplorer');

  before(async () => {
    await resetSandbox();
    await signInToSandbox();
  });

  after(async () => {
    for (const key of ['referenceFormat', 'pageSize', 'timeoutSeconds']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  it('makes a new service only when a setting it is built from changes; the views reload for the page size', async () => {
    const { session } = await api();
    const first = await session.service();
    let reloads = 0;
    const subscription = session.onDidChange(() => reloads++);
    try {
      await config().update('referenceFormat', 'markdown', vscode.ConfigurationTarget.Global);
      assert.equal(session.settings().referenceFormat, 'markdown', 'read through Config, always current');
      await config().update('pageSize', 7, vscode.ConfigurationTarget.Global);
      // Change events arrive in order: once the page size's has, the reference format's has too.
      await until(() => reloads > 0 || undefined, 'the views told about the page size');
      assert.equal(reloads, 1, 'the reference format reloads nothing, the page size the views only');
      assert.equal(await session.service(), first, 'neither makes a new service');

      await config().update('timeoutSeconds', 20, vscode.ConfigurationTarget.Global);
      const next = await until(async () => {
        const current = await session.service();
        return current !== first ? current : undefined;
      }, 'a new service after the timeout changed');
      assert.notEqual(next, first);
      assert.equal(reloads, 2, 'and the views reload with it');
      assert.equal(session.state.kind === 'ready' || session.state.kind === 'connected', true, session.state.kind);
    } finally {
      subscription.dispose();
    }
  });
});
