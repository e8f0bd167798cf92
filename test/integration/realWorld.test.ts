import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import type { ClauseNode, StandardNode, TreeNode } from '../../src/extension/targets/nodes';
import type { RenderedEvent } from '../../src/extension/webview/clausePage';
import { api, resetSandbox, signInToSandbox, until } from './fixtures';

/** The standards of the suite's sandbox (300, all in the first pages), by their tree nodes. */
async function standards(): Promise<StandardNode[]> {
  const { tree, model } = await api();
  model.refresh();
  for (let pages = 0; pages < 10; pages++) {
    const children = await tree.catalogueChildren();
    if (!children.some((n) => n.kind === 'loadMore')) return children.filter((n): n is StandardNode => n.kind === 'standard');
    await model.loadMore();
  }
  throw new Error('the catalogue did not load');
}

function nextRender(): Promise<RenderedEvent> {
  return api().then(
    ({ pages }) =>
      new Promise<RenderedEvent>((resolve) => {
        const subscription = pages.onDidRender((event) => {
          subscription.dispose();
          resolve(event);
        });
      }),
  );
}

describe('real-world fidelity', () => {
  let all: StandardNode[];
  before(async () => {
    await resetSandbox();
    await signInToSandbox();
    await vscode.workspace.getConfiguration('standardsExplorer').update('pageSize', 100, vscode.ConfigurationTarget.Global);
    all = await standards();
  });
  after(() => vscode.workspace.getConfiguration('standardsExplorer').update('pageSize', undefined, vscode.ConfigurationTarget.Global));

  for (const [what, char] of [
    ['"|"', '|'],
    ['a space', ' '],
    ['"/"', '/'],
  ] as const) {
    it(`expands and opens a standard whose URN holds ${what}`, async () => {
      const { tree } = await api();
      const standard = all.find((s) => s.standard.urn.includes(char));
      assert.ok(standard, `the sandbox lists a URN with ${what}`);
      const children = (await tree.getChildren(standard)) as TreeNode[];
      assert.ok(children.length > 3 && children.every((n) => n.kind === 'clause'), `clauses, not ${JSON.stringify(children[0])}`);
      const clause = children[2] as ClauseNode;

      // The clause as JSON beside the code: the standards: URI carries the URN in its query and round-trips.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const uri = (await vscode.commands.executeCommand('standardsExplorer.openClauseJson', clause)) as vscode.Uri;
      assert.equal(uri.path.split('/').length, 3, uri.path);
      assert.equal(new URLSearchParams(uri.query).get('urn'), standard.standard.urn);
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.equal((JSON.parse(text) as { '@id': string })['@id'], clause.clause.id);
      const reopened = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri.toString()));
      assert.equal(reopened.getText(), text, 'the URI read back from its string form names the same clause');

      // The clause page.
      const rendered = nextRender();
      await vscode.commands.executeCommand('standardsExplorer.openClause', tree.getTreeItem(clause).command?.arguments?.[0]);
      const event = await rendered;
      assert.ok(event.blocks > 0);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  }

  it('labels a Scope whose @type lists corext:Clause first, and inserts its reference', async () => {
    const { tree } = await api();
    let found: { standard: StandardNode; scope: ClauseNode } | undefined;
    for (const standard of all.slice(0, 60)) {
      const clauses = (await tree.getChildren(standard)) as ClauseNode[];
      const scope = clauses.find((c) => c.clause.types[0] === 'corext:Clause' && c.clause.types.includes('corext:Scope'));
      if (scope) {
        found = { standard, scope };
        break;
      }
    }
    assert.ok(found, 'a Scope typed ["corext:Clause", "corext:Scope"]');
    const { standard, scope } = found;
    const item = tree.getTreeItem(scope);
    assert.equal(item.label, `1 ${scope.clause.title || 'Scope'}`);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'target', 'the Scope icon, not the generic clause one');

    const document = await vscode.workspace.openTextDocument({ content: '' });
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('standardsExplorer.insertScopeReference', standard);
    assert.equal(document.getText(), `${standard.standard.reference}, Clause 1 ${scope.clause.title || 'Scope'}`);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('reveals the record the user came from when a URN repeats', async () => {
    const { view } = await api();
    const byUrn = new Map<string, StandardNode[]>();
    for (const s of all) byUrn.set(s.standard.urn, [...(byUrn.get(s.standard.urn) ?? []), s]);
    const repeated = [...byUrn.values()].find((records) => records.length > 1);
    assert.ok(repeated, 'the sandbox repeats a URN');
    const later = repeated[repeated.length - 1];
    await vscode.commands.executeCommand('standardsExplorer.revealStandard', later);
    const selected = await until(
      () => (view.selection[0]?.kind === 'standard' && (view.selection[0] as StandardNode).position === later.position ? view.selection[0] : undefined),
      `record ${later.position} selected`,
    );
    assert.equal((selected as StandardNode).standard.urn, later.standard.urn);
  });

  it('keeps the catalogue index readable by this user only', async function () {
    if (process.platform === 'win32') this.skip();
    const { catalogue, session } = await api();
    await vscode.commands.executeCommand('standardsExplorer.findStandard', { query: all[0].standard.reference ?? '' });
    const file = catalogue.fileFor(session.storageScope ?? '');
    const stat = await fs.stat(file.fsPath);
    assert.equal(stat.mode & 0o777, 0o600);
    assert.equal((await fs.stat(vscode.Uri.joinPath(file, '..').fsPath)).mode & 0o777, 0o700);
  });
});
