/**
 * Issue 51, daily use: the Standards view stays still under the pointer (Recent below the catalogue, a new pin
 * revealed), people's words instead of ids (tooltips, Find Standard, the `standards:` documents' paths and text),
 * and Find Standard never shows a blank list. In a real VS Code against the suite's sandbox.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clauseHeading, standardLabel } from '../../src/core/labels';
import { CatalogueStore } from '../../src/extension/catalogue/catalogueStore';
import { pickStandard, standardPickerProbe } from '../../src/extension/catalogue/standardPicker';
import type { ServiceAccess } from '../../src/extension/connection/serviceAccess';
import { clauseDocumentParts, clauseDocumentPath } from '../../src/extension/documents/standardsUri';
import type { ClauseNode, SectionNode, StandardNode, TreeNode } from '../../src/extension/targets/nodes';
import type { RenderedEvent } from '../../src/extension/webview/clausePage';
import { api, nextEvent, resetSandbox, signInToSandbox, until } from './fixtures';

/** What the user reads as an identifier: a vocabulary name, a JSON-LD key, a URN, a service URL, a UUID. */
const RAW_ID = /corext:|@id|urn:|https?:\/\/|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i;

describe('a quiet tree in people’s words (issue 51)', () => {
  let standards: StandardNode[];

  before(async () => {
    await resetSandbox();
    await signInToSandbox();
    const { model, tree, myStandards } = await api();
    for (const entry of myStandards.shelf.pinned) await myStandards.pinning.unpin(entry.urn);
    await myStandards.shelf.clearRecent();
    model.refresh();
    standards = (await tree.catalogueChildren()) as StandardNode[];
  });
  after(async () => {
    const { myStandards } = await api();
    for (const entry of myStandards.shelf.pinned) await myStandards.pinning.unpin(entry.urn);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** The rows the tree shows, top to bottom, as VS Code draws them: every root is expanded, standards are not. */
  const rows = async (): Promise<string[]> => {
    const { tree } = await api();
    const out: string[] = [];
    for (const root of (await tree.getChildren()) as SectionNode[]) {
      out.push(String(tree.getTreeItem(root).id));
      for (const child of await tree.getChildren(root)) out.push(String(tree.getTreeItem(child).id));
    }
    return out;
  };
  const rendered = async (): Promise<RenderedEvent> => nextEvent((await api()).pages.onDidRender, 'a clause page rendered');

  it('opening clauses of five standards moves no row above or in the catalogue: Recent grows below it', async () => {
    const { tree, myStandards } = await api();
    const before = await rows();
    assert.equal(before[0], 'section:all', 'nothing pinned or opened: the catalogue first');
    for (const standard of standards.slice(0, 5)) {
      const [clause] = (await tree.getChildren(standard)) as ClauseNode[];
      const page = rendered();
      await vscode.commands.executeCommand('standardsExplorer.openClause', tree.getTreeItem(clause).command?.arguments?.[0]);
      await page;
      await until(() => myStandards.shelf.recent[0]?.urn === standard.standard.urn || undefined, `${standard.standard.urn} on top of Recent`);
    }
    const after = await rows();
    assert.deepEqual(after.slice(0, before.length), before, 'every row the user was looking at is where it was');
    assert.equal(after[before.length], 'section:recent', 'Recent follows the catalogue');
    assert.equal(after.length, before.length + 1 + 5);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reveals a new pin, neither selecting it nor taking the focus', async () => {
    const { view, tree } = await api();
    await vscode.commands.executeCommand('standardsExplorer.standards.focus');
    await until(() => view.visible || undefined, 'the Standards view shown');
    const revealed: Array<{ element: TreeNode; options?: { select?: boolean; focus?: boolean }; done: Thenable<void> }> = [];
    const original = view.reveal.bind(view);
    view.reveal = (element, options) => {
      const done = original(element, options);
      revealed.push({ element, options, done });
      return done;
    };
    try {
      const standard = standards[7];
      await vscode.commands.executeCommand('standardsExplorer.pin', standard);
      const [call] = await until(() => (revealed.length ? revealed : undefined), 'a reveal of the new pin', 10_000);
      assert.equal(call.element.kind, 'standard');
      assert.equal(call.element.kind === 'standard' && call.element.shelf, 'pinned');
      assert.equal(call.element.kind === 'standard' && call.element.standard.urn, standard.standard.urn);
      assert.equal(call.options?.select, false);
      assert.equal(call.options?.focus, false);
      await call.done; // VS Code found the row and scrolled to it
      assert.ok(!view.selection.some((n) => n.kind === 'standard' && n.shelf === 'pinned'), 'the selection stays where the user left it');
      assert.equal((await tree.getChildren())[0].kind === 'section' && ((await tree.getChildren())[0] as SectionNode).section, 'pinned');
    } finally {
      view.reveal = original;
    }
  });

  it('says type, status and edition in words in tooltips: no corext: type, @id, URN or URL', async () => {
    const { tree } = await api();
    const nodes: TreeNode[] = [...standards.slice(0, 5)];
    const clauses = (await tree.getChildren(standards[0])) as ClauseNode[];
    nodes.push(...clauses);
    for (const root of (await tree.getChildren()) as SectionNode[]) if (root.section !== 'all') nodes.push(...(await tree.getChildren(root)));
    for (const node of nodes) {
      const tooltip = tree.getTreeItem(node).tooltip;
      // Read as text: VS Code 1.100 escapes the punctuation of appended text, later versions do not.
      const text = (typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '')).replace(/&nbsp;/g, ' ').replace(/\\([!-/:-@[-`{-~])/g, '$1');
      assert.ok(text, 'a tooltip');
      assert.doesNotMatch(text, RAW_ID, text);
    }
    const normative = clauses.find((c) => c.clause.types.includes('corext:NormativeReferences'));
    assert.ok(normative, 'the sandbox standard has a Normative references clause');
    const shown = (node: TreeNode): string =>
      (tree.getTreeItem(node).tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ').replace(/\\([!-/:-@[-`{-~])/g, '$1');
    assert.match(shown(normative), /\*\*Type:\*\* Normative references/);
    assert.match(shown(standards[0]), /\*\*Status:\*\* \w+/);
  });

  it('lists standards in Find Standard by reference, title and status, no URN; says so when nothing matches', async () => {
    const { catalogue, standardPicker } = await api();
    await catalogue.get();
    const picked = vscode.commands.executeCommand('standardsExplorer.findStandard');
    try {
      const open = await until(() => standardPicker.current, 'the Find Standard picker');
      const reference = String(standards[0].standard.reference);
      open.type(reference);
      assert.ok(
        open.pick.items.some((item) => item.label === reference && item.entry),
        `${reference} is found: ${open.pick.items.map((i) => i.label).join(', ')}`,
      );
      for (const item of open.pick.items) {
        assert.doesNotMatch([item.label, item.description, item.detail].join(' '), /urn:/i, item.label);
      }
      open.type('qqzx 424242 nothing like it');
      assert.equal(open.pick.items.length, 1, 'one line, not a blank list');
      const [line] = open.pick.items;
      assert.match(line.label, /No standard matches 'qqzx 424242 nothing like it'/);
      assert.match(String(line.detail), /Check the number/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
    assert.equal(await picked, undefined);
  });

  it('says in Find Standard when it is not connected, and Enter on that line signs in', async () => {
    // A catalogue store of no connection (no endpoint configured): the picker of this test's own copy of the module.
    const session = { storageScope: undefined, baseUrl: undefined, onDidChange: () => new vscode.Disposable(() => undefined) };
    const log = vscode.window.createOutputChannel('quiet tree test', { log: true });
    // The store reads only these three of a session before it finds there is no connection.
    const store = new CatalogueStore(vscode.Uri.file('/nonexistent'), session as unknown as ServiceAccess, log);
    try {
      const picked = pickStandard(store, 'Find Standard');
      try {
        const open = await until(() => standardPickerProbe.current, 'the Find Standard picker without a connection');
        assert.equal(open.pick.items.length, 1, 'one line, not a blank list or an error');
        const [line] = open.pick.items;
        assert.match(line.label, /Not connected/);
        assert.match(String(line.detail), /sign in/i);
        assert.equal(line.command, 'standardsExplorer.signIn');
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      }
      assert.equal(await picked, undefined);
    } finally {
      store.dispose();
      log.dispose();
    }
  });

  it('names standards: documents by standard and clause, and still opens the clause (and the earlier URIs)', async () => {
    const { tree } = await api();
    const standard = standards[1];
    const clauses = (await tree.getChildren(standard)) as ClauseNode[];
    const clause = clauses[2];
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const uri = (await vscode.commands.executeCommand('standardsExplorer.openClauseJson', clause)) as vscode.Uri;
    assert.equal(uri.path, `/${standardLabel(standard.standard).replace(/\//g, '\u2215')}/${clauseHeading(clause.clause)}.json`);
    assert.doesNotMatch(uri.path, RAW_ID, 'the tab and the breadcrumbs read names');
    const idOf = async (u: vscode.Uri): Promise<string> => (JSON.parse((await vscode.workspace.openTextDocument(u)).getText()) as { '@id': string })['@id'];
    assert.equal(await idOf(uri), clause.clause.id);
    assert.equal(await idOf(vscode.Uri.parse(uri.toString())), clause.clause.id, 'its string form names the same clause');
    // The breadcrumb's folder lists the standard's clauses by name; a name picked there opens its clause.
    const folder = uri.with({ path: uri.path.slice(0, uri.path.lastIndexOf('/')), query: '' });
    const names = (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name);
    const sibling = `${clauseHeading(clauses[3].clause)}.json`;
    assert.ok(names.includes(sibling), names.join(', '));
    assert.equal(await idOf(vscode.Uri.from({ scheme: 'standards', path: `${folder.path}/${sibling}` })), clauses[3].clause.id);
    // Restored editors hold the earlier shape: /<urn>/<clauseId>/<label>.json.
    const old = vscode.Uri.from({ scheme: 'standards', path: clauseDocumentPath(standard.standard.urn, clause.clause.clauseId, 'Earlier tab') });
    assert.equal(await idOf(old), clause.clause.id);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('writes cross-references in the clause text as their labels, without service URLs', async () => {
    const { tree } = await api();
    const clauses = (await tree.getChildren(standards[0])) as ClauseNode[];
    let references = 0;
    for (const clause of clauses.slice(0, 10)) {
      const name = { standard: standardLabel(standards[0].standard), clause: clauseHeading(clause.clause) };
      const uri = vscode.Uri.from({ scheme: 'standards', ...clauseDocumentParts(clause.owner.standard.urn, clause.clause.clauseId, name, 'markdown') });
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      if (/\bSee \S/.test(text)) references++;
      assert.doesNotMatch(text, /https?:\/\/[^\s)>]*\/clauses\//, `${uri.path}: no service URL`);
    }
    assert.ok(references > 0, 'the clauses read hold cross-references');
  });
});
