import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RenderedEvent } from '../../src/extension/webview/clausePage';
import type { ClauseNode, StandardNode } from '../../src/extension/targets/nodes';
import { api, resetSandbox, signInToSandbox } from './fixtures';

describe('clause page', () => {
  before(async () => {
    await resetSandbox();
    await signInToSandbox();
  });

  it('opens a clause page that renders the clause title', async () => {
    const { tree, model, pages } = await api();
    model.refresh();
    const [first] = (await tree.catalogueChildren()) as StandardNode[];
    const clauses = (await tree.getChildren(first)) as ClauseNode[];
    const scope = clauses.find((c) => c.clause.types.includes('corext:Scope')) as ClauseNode;
    const rendered = new Promise<RenderedEvent>((resolve) => {
      const subscription = pages.onDidRender((event) => {
        subscription.dispose();
        resolve(event);
      });
    });
    await vscode.commands.executeCommand('standardsExplorer.openClause', tree.getTreeItem(scope).command?.arguments?.[0]);
    const event = await rendered;
    assert.equal(event.title, `1 ${scope.clause.title || 'Scope'}`);
    assert.ok(event.blocks > 0);
    const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview);
    assert.ok(tab, 'a webview tab');
    assert.equal(tab.label, `1 ${scope.clause.title || 'Scope'}`);

    // Hidden behind another editor, the page is destroyed (no retainContextWhenHidden); shown again, it is
    // rebuilt from its saved state and renders the same clause.
    const column = tab.group.viewColumn;
    const again = new Promise<RenderedEvent>((resolve) => {
      const subscription = pages.onDidRender((e) => {
        subscription.dispose();
        resolve(e);
      });
    });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'cover' }), { viewColumn: column });
    await vscode.commands.executeCommand('standardsExplorer.openClause', tree.getTreeItem(scope).command?.arguments?.[0]);
    assert.equal((await again).title, event.title);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
