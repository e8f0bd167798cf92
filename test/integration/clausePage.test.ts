import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RenderedEvent } from '../../src/extension/webview/clausePage';
import type { ClauseNode, StandardNode } from '../../src/extension/targets/nodes';
import { startSandbox } from '../../sandbox/index';
import { Catalogue } from '../../sandbox/catalogue';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom } from '../../src/core/service/index';
import { api, resetSandbox, signInTo, signInToSandbox } from './fixtures';

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
    assert.equal(tab.label, `${first.standard.reference} · 1 ${scope.clause.title || 'Scope'}`);

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

  it("builds a very large clause's model in a worker, which VS Code's webview lets the page start", async () => {
    // A generated catalogue of seed 1 has a clause of megabytes (an annex with a table of thousands of rows) early on.
    const catalogue = new Catalogue(1, 300);
    const standard = catalogue.standards.find((s) => catalogue.clauses(s).some((c) => c.hugeBytes));
    assert.ok(standard, 'the catalogue has a very large clause');
    const own = await signInTo(await startSandbox({ standards: 300, seed: 1 }));
    try {
      const { pages } = await api();
      const clauses = await createStandardsService(serviceOptionsFrom(own)).listClauses(standard.urn);
      const annex = clauses.find((c) => c.types.includes('corext:Annex'));
      assert.ok(annex, 'the standard has its annex');
      const rendered = new Promise<RenderedEvent>((resolve) => {
        const subscription = pages.onDidRender((event) => {
          subscription.dispose();
          resolve(event);
        });
      });
      const ref = { urn: standard.urn, clauseId: annex.clauseId, id: annex.id, title: annex.title, number: annex.number, types: annex.types };
      await vscode.commands.executeCommand('standardsExplorer.openClause', ref);
      const event = await rendered;
      assert.equal(event.builtIn, 'worker', 'the page built the model in its worker (the CSP allows blob: workers)');
      assert.ok(event.blocks > 0);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await signInToSandbox();
      await own.close();
    }
  });
});
