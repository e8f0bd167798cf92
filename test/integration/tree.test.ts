import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandboxControl, sandboxStats } from '../../sandbox/index';
import type { ClauseNode, MessageNode, StandardNode, TreeNode } from '../../src/extension/targets/nodes';
import { api, resetSandbox, signInToSandbox, until } from './fixtures';

describe('tree', () => {
  before(async () => {
    await signInToSandbox();
    await vscode.workspace.getConfiguration('standardsExplorer').update('pageSize', 50, vscode.ConfigurationTarget.Global);
  });
  after(() => vscode.workspace.getConfiguration('standardsExplorer').update('pageSize', undefined, vscode.ConfigurationTarget.Global));

  it('lists standards in pages with a Load more node that says how many remain', async () => {
    await resetSandbox();
    const { tree, model } = await api();
    model.refresh();
    const first = await tree.catalogueChildren();
    assert.equal(first.filter((n) => n.kind === 'standard').length, 50);
    const more = first[first.length - 1];
    assert.equal(more.kind, 'loadMore');
    assert.equal(tree.getTreeItem(more).label, 'Load more… (250 remaining)');
    await vscode.commands.executeCommand('standardsExplorer.loadMore');
    const second = await tree.catalogueChildren();
    assert.equal(second.filter((n) => n.kind === 'standard').length, 100);
    const item = tree.getTreeItem(second[0]);
    const standard = second[0] as StandardNode;
    assert.equal(item.label, standard.standard.reference);
    // The title, after the record's status when it is not simply current ("(withdrawn) …").
    assert.ok(String(item.description).endsWith(standard.standard.title), String(item.description));
    assert.equal(item.contextValue, 'standard');
    assert.notEqual(item.id, tree.getTreeItem(second[1]).id);
  });

  it('expands a standard into its clauses in service order, labelled from the type when the title is empty', async () => {
    const s = await resetSandbox();
    const { tree, model } = await api();
    const [first] = (await tree.catalogueChildren()) as StandardNode[];
    const clauses = (await tree.getChildren(first)) as ClauseNode[];
    const direct = await (await (await api()).session.service()).listClauses(first.standard.urn);
    const topLevel = direct.filter((c) => !c.parent);
    assert.deepEqual(
      clauses.map((c) => c.clause.id),
      topLevel.map((c) => c.id),
    );
    const scope = clauses.find((c) => c.clause.types.includes('corext:Scope'));
    assert.ok(scope);
    const label = String(tree.getTreeItem(scope).label);
    assert.equal(label, `1 ${scope.clause.title || 'Scope'}`);
    const item = tree.getTreeItem(scope);
    assert.equal(item.command?.command, 'standardsExplorer.openClause');
    // The Markdown read as text: VS Code 1.100 escapes the hyphens of appended text, later versions do not.
    const tooltip = String((item.tooltip as vscode.MarkdownString).value).replace(/\\([!-/:-@[-`{-~])/g, '$1');
    // In words: the type, never the clause's id (issue 51; Copy Link has it).
    assert.match(tooltip, /\*\*Type:\*\* Scope/);
    assert.doesNotMatch(tooltip, new RegExp(scope.clause.clauseId));
    assert.ok(item.iconPath instanceof vscode.ThemeIcon);
    assert.equal(tree.getParent(scope), first);
    assert.equal((await sandboxStats(s)).requests.listClauses, 1);
    model.refresh();
  });

  it('shows an error node with Retry when the server fails, and recovers', async () => {
    const s = await resetSandbox();
    const { tree, model } = await api();
    await sandboxControl(s, 'config', { faults: '500:1' });
    model.refresh();
    let failed: TreeNode[];
    try {
      failed = (await tree.catalogueChildren()) as TreeNode[];
    } finally {
      await sandboxControl(s, 'config', { faults: '' });
    }
    const error = failed.find((n): n is MessageNode => n.kind === 'message' && n.severity === 'error');
    assert.ok(error, 'an error node');
    assert.match(error.message, /failed on the server \(500\)/);
    assert.equal(tree.getTreeItem(error).contextValue, 'error');
    const retry = failed.find((n) => n.kind === 'message' && n.message === 'Retry');
    assert.ok(retry, 'a Retry node');
    await vscode.commands.executeCommand('standardsExplorer.retry', retry);
    const recovered = await until(async () => {
      const children = await tree.catalogueChildren();
      return children.some((n) => n.kind === 'standard') ? children : undefined;
    }, 'standards after Retry');
    assert.ok(recovered.length > 1);
  });

  it('shows an error node when a standard’s clauses cannot be loaded', async () => {
    const s = await resetSandbox();
    const { tree, model } = await api();
    model.refresh();
    // A standard no earlier test expanded, so its clause list is not cached.
    const standard = ((await tree.catalogueChildren()) as StandardNode[])[7];
    await sandboxControl(s, 'config', { faults: '500:1' });
    try {
      const children = await tree.getChildren(standard);
      assert.equal(children[0].kind, 'message');
      assert.equal((children[0] as MessageNode).severity, 'error');
      assert.equal((children[1] as MessageNode).message, 'Retry');
    } finally {
      await sandboxControl(s, 'config', { faults: '' });
    }
    model.reloadClauses(standard);
    assert.ok((await tree.getChildren(standard)).every((n) => n.kind === 'clause'));
  });

  it('brings a page size out of bounds back within them (src/core/settingBounds.ts) rather than failing', async () => {
    await resetSandbox();
    const { tree, model, session } = await api();
    const config = vscode.workspace.getConfiguration('standardsExplorer');
    await config.update('pageSize', 0, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(session.settings().pageSize, 1);
      model.refresh();
      const first = await tree.catalogueChildren();
      assert.equal(first.filter((n) => n.kind === 'standard').length, 1);
      assert.equal(first[first.length - 1].kind, 'loadMore');
    } finally {
      await config.update('pageSize', 50, vscode.ConfigurationTarget.Global);
    }
  });
});
