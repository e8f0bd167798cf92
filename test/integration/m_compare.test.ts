/**
 * Compare with Another Edition in a real VS Code: a sandbox of its own serves two editions of ISO 9001 (with an
 * amendment and a neighbour that are not editions), the extension signs in to it, and the command opens VS Code's
 * diff editor between two standards: URIs, as Markdown and as JSON. Signs back in to the suite's sandbox after.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { matchingClause } from '../../src/core/compare/matchClause';
import type { ClauseNode, StandardNode } from '../../src/extension/targets/nodes';
import { api, signInTo, signInToSandbox } from './fixtures';

const RECORDS = [
  { urn: 'urn:iso:std:iso:9001:ed-5:stage-60.60', reference: 'ISO 9001:2015', title: 'Quality management systems — Requirements', status: 'current' },
  {
    urn: 'urn:iso:std:iso:9001:ed-5:stage-60.60:amd:1:v1',
    reference: 'ISO 9001:2015/Amd 1:2024',
    title: 'Quality management systems — Requirements — Amendment 1: Climate action changes',
    status: 'current',
  },
  { urn: 'urn:iso:std:iso:9001:ed-4:stage-95.99', reference: 'ISO 9001:2008', title: 'Quality management systems — Requirements', status: 'withdrawn' },
  {
    urn: 'urn:iso:std:iso:9000:ed-4:stage-60.60',
    reference: 'ISO 9000:2015',
    title: 'Quality management systems — Fundamentals and vocabulary',
    status: 'current',
  },
];

function diffTab(): vscode.TabInputTextDiff | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputTextDiff ? input : undefined;
}

describe('compare with another edition', () => {
  let sandbox: RunningSandbox;
  let current: StandardNode;
  let clauses: ClauseNode[];

  before(async () => {
    sandbox = await signInTo(await startSandbox({ catalogue: RECORDS, seed: 5 }));
    const { tree, model } = await api();
    model.refresh();
    current = ((await tree.catalogueChildren()) as StandardNode[]).find((n) => n.standard.reference === 'ISO 9001:2015') as StandardNode;
    clauses = (await tree.getChildren(current)) as ClauseNode[];
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signInToSandbox();
    await sandbox.close();
  });

  it('opens the diff editor between the Scope of the two editions as Markdown, older on the left', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const scope = clauses.find((c) => c.clause.types.includes('corext:Scope')) as ClauseNode;
    const result = (await vscode.commands.executeCommand('standardsExplorer.compareEditions', scope, { edition: 'ISO 9001:2008' })) as {
      left: vscode.Uri;
      right: vscode.Uri;
    };
    assert.ok(result, 'a diff was opened');
    assert.equal(result.left.scheme, 'standards');
    assert.equal(result.right.scheme, 'standards');
    // Names in the path (the diff's tabs and breadcrumbs), the ids in the query.
    assert.equal(new URLSearchParams(result.left.query).get('urn'), 'urn:iso:std:iso:9001:ed-4:stage-95.99', result.left.toString());
    assert.equal(new URLSearchParams(result.right.query).get('urn'), 'urn:iso:std:iso:9001:ed-5:stage-60.60', result.right.toString());
    assert.equal(new URLSearchParams(result.right.query).get('clause'), scope.clause.clauseId);
    assert.match(result.left.path, /^\/ISO 9001:2008\/[^/]+\.md$/);
    assert.match(result.left.path, /\.md$/);
    const tab = diffTab();
    assert.ok(tab, 'the active tab is a diff editor');
    assert.equal(tab.original.toString(), result.left.toString());
    assert.equal(tab.modified.toString(), result.right.toString());
    const [left, right] = await Promise.all([vscode.workspace.openTextDocument(result.left), vscode.workspace.openTextDocument(result.right)]);
    assert.match(left.getText(), /^# 1 /);
    assert.match(left.getText(), /\*ISO 9001:2008/);
    assert.match(right.getText(), /\*ISO 9001:2015/);

    // From the text document's editor title (the button passes the document's URI): the same comparison.
    const again = (await vscode.commands.executeCommand('standardsExplorer.compareEditions', result.right, { edition: 'ISO 9001:2008' })) as {
      left: vscode.Uri;
      right: vscode.Uri;
    };
    assert.equal(again.left.toString(), result.left.toString());
    assert.ok(again.right.path.startsWith(result.right.path.slice(0, result.right.path.lastIndexOf('/'))), again.right.path);
  });

  it('diffs the JSON with the second command, and matches numbered clauses by number', async () => {
    const numbered = clauses.find((c) => c.clause.number === '4') as ClauseNode;
    const result = (await vscode.commands.executeCommand('standardsExplorer.compareEditionsJson', numbered, {
      edition: 'urn:iso:std:iso:9001:ed-4:stage-95.99',
    })) as { left: vscode.Uri; right: vscode.Uri };
    assert.match(result.left.path, /\.json$/);
    assert.match(result.right.path, /\.json$/);
    const left = JSON.parse((await vscode.workspace.openTextDocument(result.left)).getText()) as Record<string, unknown>;
    // The older edition's clause 4 (by the clause list: a Metanorma body in the real nesting carries no number).
    const { session } = await api();
    const older = await (await session.service()).listClauses('urn:iso:std:iso:9001:ed-4:stage-95.99');
    assert.equal(left['@id'], older.find((c) => c.number === '4')?.id);
    assert.equal(diffTab()?.modified.toString(), result.right.toString());
    // The diff editor's button shows the same comparison as text, and back.
    const text = (await vscode.commands.executeCommand('standardsExplorer.toggleCompareFormat')) as { left: vscode.Uri; right: vscode.Uri };
    assert.equal(text.left.toString(), result.left.with({ path: result.left.path.replace(/\.json$/, '.md') }).toString());
    assert.equal(diffTab()?.modified.toString(), text.right.toString());
    assert.match(diffTab()?.modified.path ?? '', /\.md$/);
  });

  it('does not offer the amendment or another number, and says when a clause has no counterpart', async () => {
    const scope = clauses.find((c) => c.clause.types.includes('corext:Scope')) as ClauseNode;
    // The amendment is not an edition: the command reports it (an error message) and opens nothing.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(await vscode.commands.executeCommand('standardsExplorer.compareEditions', scope, { edition: 'ISO 9001:2015/Amd 1:2024' }), undefined);
    assert.equal(diffTab(), undefined);
    const { session } = await api();
    const olderClauses = await (await session.service()).listClauses('urn:iso:std:iso:9001:ed-4:stage-95.99');
    const lonely = clauses.map((c) => c.clause).find((c) => !matchingClause(c, olderClauses));
    if (!lonely) return;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const result = await vscode.commands.executeCommand(
      'standardsExplorer.compareEditions',
      {
        urn: current.standard.urn,
        clauseId: lonely.clauseId,
        title: lonely.title,
        number: lonely.number,
        types: lonely.types,
        standardReference: 'ISO 9001:2015',
      },
      { edition: 'ISO 9001:2008' },
    );
    assert.equal(result, undefined);
    assert.equal(diffTab(), undefined, 'no diff editor for a clause without counterpart');
  });
});
