import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { StandardRef } from '../../src/core/model';
import { Shelf } from '../../src/extension/pins/shelf';
import type { ClauseNode, MessageNode, SectionNode, StandardNode, TreeNode } from '../../src/extension/targets/nodes';
import type { RenderedEvent } from '../../src/extension/webview/clausePage';
import { api, resetSandbox, restartSandbox, sandboxRoute, signInTo, signInToSandbox, until } from './fixtures';

/** My Standards (issue 13): pinned and recent standards, offline copies, offline reading and the updates badge. */
describe('my standards', () => {
  let pinned: StandardNode;
  let clauses: ClauseNode[];
  /** A standard whose clause was opened but which is not pinned: "already opened" ones read offline too. */
  let opened: StandardNode;
  let openedClause: ClauseNode;

  before(async () => {
    await resetSandbox();
    await signInToSandbox();
    const { model, tree, myStandards, catalogue } = await api();
    for (const entry of myStandards.shelf.pinned) await myStandards.pinning.unpin(entry.urn);
    await myStandards.shelf.clearRecent();
    model.refresh();
    const standards = (await tree.catalogueChildren()) as StandardNode[];
    pinned = standards[5];
    opened = standards[6];
    clauses = (await tree.getChildren(pinned)) as ClauseNode[];
    openedClause = ((await tree.getChildren(opened)) as ClauseNode[])[1];
    // Find Standard offline searches the stored index: built while online.
    await catalogue.get();
  });

  const roots = async (): Promise<string[]> => {
    const { tree } = await api();
    return ((await tree.getChildren()) as SectionNode[]).map((n) => n.section);
  };
  const section = async (name: SectionNode['section']): Promise<TreeNode[]> => {
    const { tree } = await api();
    const node = ((await tree.getChildren()) as SectionNode[]).find((n) => n.section === name);
    assert.ok(node, `a ${name} root`);
    return tree.getChildren(node);
  };
  const rendered = async (): Promise<RenderedEvent> => {
    const { pages } = await api();
    return new Promise((resolve) => {
      const subscription = pages.onDidRender((event) => {
        subscription.dispose();
        resolve(event);
      });
    });
  };
  const closeEditors = (): Thenable<unknown> => vscode.commands.executeCommand('workbench.action.closeAllEditors');

  it('shows All standards alone while nothing is pinned or opened, the catalogue under it', async () => {
    assert.deepEqual(await roots(), ['all']);
    const { tree } = await api();
    assert.deepEqual(await section('all'), await tree.catalogueChildren());
  });

  it('pins a standard: a Pinned root, every clause body downloaded to disk', async () => {
    const { myStandards, tree, session } = await api();
    const before = (await sandboxRoute('stats')).requests.getClause;
    await vscode.commands.executeCommand('standardsExplorer.pin', pinned);
    assert.deepEqual(await roots(), ['pinned', 'all']);
    const outcome = await myStandards.pinning.whenDownloaded(pinned.standard.urn);
    assert.ok(outcome, 'a download ran');
    const list = await (await session.service()).listClauses(pinned.standard.urn);
    assert.equal(outcome.clauses, new Set(list.map((c) => c.clauseId)).size);
    assert.equal(outcome.stored, outcome.clauses);
    assert.equal(outcome.limitReached, false);
    assert.equal((await sandboxRoute('stats')).requests.getClause - before, outcome.clauses, 'one request per body');
    const service = await session.service();
    assert.equal(await service.pinnedBytes(), outcome.bytes);
    const [node] = (await section('pinned')) as StandardNode[];
    const item = tree.getTreeItem(node);
    assert.equal(item.contextValue, 'standardPinned');
    assert.match(String(item.description), /offline copy/);
    assert.equal(myStandards.shelf.copyOf(pinned.standard.urn)?.complete, true);
  });

  it('offers the terms of pinned standards in Go to Term, read from their copies', async () => {
    const { myStandards, terms } = await api();
    assert.equal(terms.all().filter((t) => t.source.urn === pinned.standard.urn).length, 0, 'none read before');
    assert.ok((await myStandards.pinnedTerms.add()) > 0);
    const [term] = terms.all().filter((t) => t.source.urn === pinned.standard.urn);
    assert.ok(term, 'terms of the pinned standard');
    const page = rendered();
    const item = (await vscode.commands.executeCommand('standardsExplorer.goToTerm', { query: term.term.split('; ')[0] })) as { source: { urn: string } };
    assert.equal(item.source.urn, pinned.standard.urn);
    await page;
    await closeEditors();
  });

  it('keeps pins across a restart: a new store reads them back from globalState', async () => {
    const { myStandards, session } = await api();
    const reread = new Shelf(myStandards.shelf.state, session);
    try {
      assert.deepEqual(reread.pinned, myStandards.shelf.pinned);
      const [entry] = reread.pinned;
      assert.equal(entry.urn, pinned.standard.urn);
      assert.equal(entry.title, pinned.standard.title);
      assert.equal(entry.reference, pinned.standard.reference);
    } finally {
      reread.dispose();
    }
  });

  it('puts opened standards in Recent, newest first', async () => {
    const { tree, myStandards } = await api();
    const page = rendered();
    await vscode.commands.executeCommand('standardsExplorer.openClause', tree.getTreeItem(openedClause).command?.arguments?.[0]);
    await page;
    await until(async () => (await roots()).includes('recent') && myStandards.shelf.recent[0]?.urn === opened.standard.urn, 'the standard on top of Recent');
    assert.deepEqual(await roots(), ['pinned', 'all', 'recent']);
    const recent = (await section('recent')) as StandardNode[];
    assert.equal(recent[0].standard.urn, opened.standard.urn);
    await closeEditors();
  });

  it('redraws only the shelves when another standard is opened: the catalogue keeps its nodes, the view its selection', async () => {
    const { tree, myStandards } = await api();
    const fired: Array<TreeNode | TreeNode[] | undefined> = [];
    const subscription = tree.onDidChangeTreeData((e) => fired.push(e));
    try {
      const page = rendered();
      await vscode.commands.executeCommand('standardsExplorer.openClause', tree.getTreeItem(clauses[1]).command?.arguments?.[0]);
      await page;
      await until(() => myStandards.shelf.recent[0]?.urn === pinned.standard.urn || undefined, 'the pinned standard on top of Recent');
      // The shelf stores first and tells its listeners after: wait for the view to be told, not just for the store.
      await until(() => fired.length > 0 || undefined, 'the view was told');
      for (const e of fired) {
        assert.ok(Array.isArray(e), `a redraw of the shelves, not of the whole tree: ${JSON.stringify(e)}`);
        assert.deepEqual(
          e.map((n) => (n.kind === 'section' ? n.section : n.kind)),
          ['pinned', 'recent'],
        );
      }
    } finally {
      subscription.dispose();
      await closeEditors();
    }
  });

  it('reads from disk while the service is stopped: tree, clause page, JSON and Find Standard, each marked offline', async () => {
    // A fresh session, as after a restart: nothing is held in memory.
    await signInToSandbox();
    const { model, tree, documents } = await api();
    await restartSandbox(async () => {
      model.refresh();
      assert.deepEqual(await roots(), ['pinned', 'all', 'recent']);
      const all = await section('all');
      assert.equal(all.length, 1, 'one node in place of the catalogue');
      const offline = all[0] as MessageNode;
      assert.equal(offline.offline, true);
      assert.ok(offline.retry, 'with Retry');

      const [node] = (await section('pinned')) as StandardNode[];
      const stored = (await tree.getChildren(node)) as ClauseNode[];
      assert.deepEqual(
        stored.map((c) => c.clause.id),
        clauses.map((c) => c.clause.id),
      );
      assert.match(String(tree.getTreeItem(node).description), /Offline copy from/);

      const page = rendered();
      await vscode.commands.executeCommand('standardsExplorer.openClause', tree.getTreeItem(stored[2]).command?.arguments?.[0]);
      const event = await page;
      assert.ok(event.offlineSince, 'the page is marked as an offline copy');
      assert.ok(event.blocks > 0);

      // Opened before, not pinned: its JSON reads from the ordinary disk cache.
      const uri = (await vscode.commands.executeCommand('standardsExplorer.openClauseJson', openedClause)) as vscode.Uri;
      const text = vscode.window.activeTextEditor?.document.getText() ?? '';
      assert.equal((JSON.parse(text) as { '@id'?: string })['@id'], openedClause.clause.id);
      assert.ok(documents.offlineSince(uri), 'the document is marked as an offline copy');

      const found = (await vscode.commands.executeCommand('standardsExplorer.findStandard', { query: pinned.standard.reference })) as StandardRef | undefined;
      assert.equal(found?.urn, pinned.standard.urn);
      // Refresh while still down: the catalogue part is the offline node again.
      model.refresh();
      assert.equal(((await section('all'))[0] as MessageNode).offline, true);
    });
    await closeEditors();
  });

  it('revalidates with ETags (304) when the service is back', async () => {
    const { tree, myStandards } = await api();
    const [offline] = (await section('all')) as MessageNode[];
    assert.equal(offline.offline, true);
    await vscode.commands.executeCommand('standardsExplorer.retry', offline);
    const standards = await section('all');
    assert.ok(standards.length > 1 && standards.every((n) => n.kind !== 'message' || !n.offline), 'the catalogue again');
    await myStandards.pinning.lastRevalidation;
    const outcome = myStandards.shelf.copyOf(pinned.standard.urn);
    const stats = await sandboxRoute('stats');
    assert.ok(outcome && stats.notModified >= outcome.clauses + 1, `${stats.notModified} answers 304 for ${outcome?.clauses} clauses and the list`);
    assert.equal(outcome.changed, false);
    const [node] = (await section('pinned')) as StandardNode[];
    const page = rendered();
    await vscode.commands.executeCommand(
      'standardsExplorer.openClause',
      tree.getTreeItem(((await tree.getChildren(node)) as ClauseNode[])[2]).command?.arguments?.[0],
    );
    assert.equal((await page).offlineSince, undefined, 'live again');
    await closeEditors();
  });

  it('frees the space with Clear Offline Copies; Unpin removes the standard from Pinned', async () => {
    const { myStandards, session, tree } = await api();
    const freed = (await vscode.commands.executeCommand('standardsExplorer.clearOfflineCopies')) as number;
    assert.ok(freed > 0);
    assert.equal(await (await session.service()).pinnedBytes(), 0);
    const [node] = (await section('pinned')) as StandardNode[];
    assert.match(String(tree.getTreeItem(node).description), /online only/);
    await vscode.commands.executeCommand('standardsExplorer.unpin', node);
    assert.deepEqual(myStandards.shelf.pinned, []);
    await vscode.commands.executeCommand('standardsExplorer.clearRecent');
    assert.deepEqual(await roots(), ['all']);
  });
});

/** Two editions of ISO 9001 in a sandbox of their own: pinning the old one counts in the badge. */
describe('my standards: updates badge', () => {
  let sandbox: RunningSandbox;
  const OLD = {
    urn: 'urn:iso:std:iso:9001:ed-4:stage-95.99',
    reference: 'ISO 9001:2008',
    title: 'Quality management systems — Requirements',
    status: 'withdrawn',
  };
  const RECORDS = [
    { urn: 'urn:iso:std:iso:9001:ed-5:stage-60.60', reference: 'ISO 9001:2015', title: 'Quality management systems — Requirements', status: 'current' },
    OLD,
    {
      urn: 'urn:iso:std:iso:9000:ed-4:stage-60.60',
      reference: 'ISO 9000:2015',
      title: 'Quality management systems — Fundamentals and vocabulary',
      status: 'current',
    },
  ];
  before(async () => {
    sandbox = await signInTo(await startSandbox({ catalogue: RECORDS, seed: 5 }));
  });
  after(async () => {
    await signInToSandbox();
    await sandbox.close();
  });

  it('counts pinned standards with a newer edition in the view badge and says so on the item', async () => {
    const { catalogue, myStandards, view, tree } = await api();
    // Another connection: its own (empty) shelves.
    assert.deepEqual(myStandards.shelf.pinned, []);
    await catalogue.get();
    await vscode.commands.executeCommand('standardsExplorer.pin', OLD);
    await myStandards.pinning.whenDownloaded(OLD.urn);
    await myStandards.updates.update();
    assert.equal(view.badge?.value, 1);
    const [node] = (await tree.getChildren(((await tree.getChildren()) as SectionNode[])[0])) as StandardNode[];
    assert.equal(node.standard.urn, OLD.urn);
    assert.match(String(tree.getTreeItem(node).description), /newer edition: ISO 9001:2015/);
    await vscode.commands.executeCommand('standardsExplorer.unpin', node);
    await myStandards.updates.update();
    assert.equal(view.badge, undefined);
  });
});
