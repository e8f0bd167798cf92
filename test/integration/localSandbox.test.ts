import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, until } from './fixtures';

describe('Connect to Local Sandbox', () => {
  it('starts the bundled sandbox and lists its standards', async () => {
    const { session, tree, model } = await api();
    const baseUrl = (await vscode.commands.executeCommand('standardsExplorer.connectSandbox')) as string;
    assert.match(baseUrl, /^http:\/\/127\.0\.0\.1:\d+\/preprod$/);
    assert.equal(session.isSandbox, true);
    model.refresh();
    const children = await until(async () => {
      const c = await tree.catalogueChildren();
      return c.length > 1 ? c : undefined;
    }, 'standards from the local sandbox');
    const more = children[children.length - 1];
    assert.equal(more.kind, 'loadMore');
    assert.match(String(tree.getTreeItem(more).label), /29,900 remaining/);
    await vscode.commands.executeCommand('standardsExplorer.signOut');
    assert.equal(session.isSandbox, false);
    assert.equal(session.state.kind, 'signedOut');
  });
});
