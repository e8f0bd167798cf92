/**
 * Issue 51 in a real VS Code: clauses open into one reading tab, as the Markdown preview's — opening clauses and
 * following cross-references leaves one tab, whose title names the standard and the clause; Back and Forward go
 * through what it showed; Open to the Side and Keep Open give a second tab; the title bar's actions act on the
 * clause the tab shows.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ClauseRef } from '../../src/core/model';
import type { Clause, Standard } from '../../src/core/service/types';
import type { ClausePages } from '../../src/extension/webview/clausePage';
import { api, nextEvent, resetSandbox, signInToSandbox, until } from './fixtures';

/** The clause tabs, in every group. */
function clauseTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('standardsExplorer.clause'));
}

function labels(): string {
  return clauseTabs()
    .map((t) => `${t.group.viewColumn}: ${t.label}`)
    .join(' | ');
}

describe('clause reading tab', () => {
  let standard: Standard;
  let clauses: Clause[];
  let pages: ClausePages;
  const refOf = (i: number): ClauseRef => ({ urn: standard.urn, clauseId: clauses[i].clauseId });
  /** "ISO 1234:2001 · 4 Title": what the tab of clause `i` is called. */
  const titleOf = (i: number): string => `${standard.reference} · ${clauses[i].number} ${clauses[i].title}`;
  /** Runs `act` and waits for clause `i` to be rendered. */
  async function rendering(i: number, act: () => unknown): Promise<void> {
    const rendered = nextEvent(pages.onDidRender, `clause ${clauses[i].number} to render`, (e) => e.ref.clauseId === clauses[i].clauseId);
    await act();
    await rendered;
  }
  const open = (i: number) => rendering(i, () => vscode.commands.executeCommand('standardsExplorer.openClause', refOf(i)));

  before(async () => {
    await resetSandbox();
    await signInToSandbox();
    const { session } = await api();
    pages = (await api()).pages;
    const service = await session.service();
    [standard] = (await service.listStandards({ limit: 1, offset: 6 })).items;
    // Numbered clauses with titles, not annexes: their tab titles read "<reference> · <number> <title>".
    clauses = (await service.listClauses(standard.urn)).filter((c) => /^\d/.test(c.number ?? '') && c.title).slice(0, 8);
    assert.ok(standard.reference && clauses.length === 8, `${standard.urn} has eight numbered clauses`);
  });
  beforeEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('opens five clauses and two cross-references into one tab, with Back and Forward', async () => {
    for (const i of [0, 1, 2, 3, 4]) {
      await open(i);
      assert.equal(clauseTabs().length, 1, `after opening clause ${i + 1}: ${labels()}`);
    }
    await rendering(5, () => pages.follow(refOf(5), refOf(4)));
    await rendering(6, () => pages.follow(refOf(6), refOf(5)));
    assert.equal(clauseTabs().length, 1, `after two cross-references: ${labels()}`);
    await until(() => clauseTabs()[0]?.label === titleOf(6) || undefined, `the tab titled "${titleOf(6)}" (${labels()})`);

    await rendering(5, () => vscode.commands.executeCommand('standardsExplorer.clauseBack'));
    await until(() => clauseTabs()[0]?.label === titleOf(5) || undefined, `Back to "${titleOf(5)}" (${labels()})`);
    await rendering(4, () => vscode.commands.executeCommand('standardsExplorer.clauseBack'));
    await rendering(5, () => vscode.commands.executeCommand('standardsExplorer.clauseForward'));
    assert.equal(pages.activeRef()?.clauseId, clauses[5].clauseId);
    assert.equal(clauseTabs().length, 1, labels());

    // The title bar's actions act on the clause the tab shows.
    await vscode.env.clipboard.writeText('unchanged');
    await vscode.commands.executeCommand('standardsExplorer.clauseTab.copyLink');
    assert.equal(await vscode.env.clipboard.readText(), clauses[5].id);
  });

  it('opens a second tab beside with Open to the Side', async () => {
    await open(0);
    await rendering(1, () => vscode.commands.executeCommand('standardsExplorer.openClauseToSide', refOf(1)));
    assert.equal(clauseTabs().length, 2, labels());
    assert.equal(new Set(clauseTabs().map((t) => t.group.viewColumn)).size, 2, `in two groups: ${labels()}`);
    // A clause opened next goes to the reading tab of the group the user is in (the one beside), not a third.
    await open(2);
    assert.equal(clauseTabs().length, 2, labels());
    await until(() => clauseTabs().some((t) => t.label === titleOf(0)) || undefined, `the first tab still shows "${titleOf(0)}" (${labels()})`);
  });

  it('keeps a tab with Keep Open: the next clause opens in another tab, which is reused', async () => {
    await open(0);
    await vscode.commands.executeCommand('standardsExplorer.keepClauseOpen');
    await open(1);
    assert.equal(clauseTabs().length, 2, labels());
    await open(2);
    assert.equal(clauseTabs().length, 2, `the new tab is the reading tab now: ${labels()}`);
    await until(
      () => (clauseTabs().some((t) => t.label === titleOf(0)) && clauseTabs().some((t) => t.label === titleOf(2))) || undefined,
      `tabs "${titleOf(0)}" and "${titleOf(2)}" (${labels()})`,
    );
    // Behind a text editor of its group, the reading tab is still the one the next clause opens in.
    const column = clauseTabs().find((t) => t.label === titleOf(2))?.group.viewColumn;
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'cover' }), { viewColumn: column });
    await open(3);
    assert.equal(clauseTabs().length, 2, labels());
  });
});
