/**
 * The organised catalogue in a real VS Code: a sandbox of its own serves the committed slice of real ISO and IEC
 * records (test/fixtures/real-catalogue-slice.jsonl, 3 203 records); the Standards view lists them in the service's
 * order with a hint until the catalogue index is built, then grouped by publisher or by number range, sorted by
 * reference, withdrawn records hidden on request. Settings and the suite's sandbox are restored after.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { CatalogueGroupNode, CatalogueMoreNode, StandardNode, TreeNode } from '../../src/extension/targets/nodes';
import { api, signInTo, signInToSandbox } from './fixtures';

const SLICE = path.resolve(__dirname, '../../../test/fixtures/real-catalogue-slice.jsonl');
const records = readCatalogueFile(SLICE);

const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('standardsExplorer');

async function children(node?: TreeNode): Promise<TreeNode[]> {
  const { tree } = await api();
  // No node: what All standards shows (the catalogue's top level, below the My Standards roots).
  return (node ? await tree.getChildren(node) : await tree.catalogueChildren()) as TreeNode[];
}

async function label(node: TreeNode): Promise<string> {
  const { tree } = await api();
  return String(tree.getTreeItem(node).label);
}

async function description(node: TreeNode): Promise<string> {
  const { tree } = await api();
  return String(tree.getTreeItem(node).description);
}

const groups = (nodes: TreeNode[]): CatalogueGroupNode[] => nodes.filter((n): n is CatalogueGroupNode => n.kind === 'catalogueGroup');
const standards = (nodes: TreeNode[]): StandardNode[] => nodes.filter((n): n is StandardNode => n.kind === 'standard');

/** The group labelled `name` among `nodes`. */
async function group(nodes: TreeNode[], name: string): Promise<CatalogueGroupNode> {
  for (const node of groups(nodes)) if ((await label(node)) === name) return node;
  throw new Error(`no group ${name} among ${(await Promise.all(groups(nodes).map(label))).join(', ')}`);
}

/** The records of a group, opening sub-groups until they list records (first match of `inside` at each level). */
async function leafRecords(start: CatalogueGroupNode, inside: (name: string) => boolean): Promise<StandardNode[]> {
  let nodes = await children(start);
  for (let depth = 0; depth < 6 && groups(nodes).length; depth++) {
    let next: CatalogueGroupNode | undefined;
    for (const node of groups(nodes)) if (inside(await label(node))) next = node;
    assert.ok(next, 'a sub-group to open');
    nodes = await children(next);
  }
  return standards(nodes);
}

/** "1000–4999" holds 9001. */
const holds =
  (n: number) =>
  (name: string): boolean => {
    const [lo, hi = lo] = name.split('–').map(Number);
    return n >= lo && n <= hi;
  };

describe('organised catalogue (real records)', () => {
  let sandbox: RunningSandbox;

  before(async () => {
    // The tree before the index exists: not built on sign-in here (it is by default: w_citationsFirstMinute.test.ts).
    await settings().update('catalogue.buildIndexOnSignIn', false, vscode.ConfigurationTarget.Global);
    sandbox = await signInTo(await startSandbox({ catalogue: SLICE, seed: 3 }));
    (await api()).model.refresh();
  });

  after(async () => {
    for (const key of ['catalogue.groupBy', 'catalogue.hideWithdrawn', 'catalogue.buildIndexOnSignIn'])
      await settings().update(key, undefined, vscode.ConfigurationTarget.Global);
    await signInToSandbox();
    await sandbox.close();
  });

  it('keeps the service order with a hint until the index is built, then groups by publisher with counts', async () => {
    await vscode.commands.executeCommand('standardsExplorer.groupCatalogueByPublisher');
    assert.equal(settings().inspect('catalogue.groupBy')?.globalValue, 'publisher', 'the choice is kept in the user settings');
    const before = await children();
    assert.equal(before[0].kind, 'catalogueHint');
    assert.equal(await label(before[0]), 'Build the catalogue index to group and sort…');
    assert.deepEqual(
      standards(before)
        .slice(0, 3)
        .map((s) => s.standard.reference),
      records.slice(0, 3).map((r) => r.reference),
      'the service order, unchanged',
    );

    assert.equal(await vscode.commands.executeCommand('standardsExplorer.buildCatalogueIndex'), records.length);
    const top = await children();
    const names = await Promise.all(top.map(label));
    assert.deepEqual(names.slice(0, 4), ['CISPR', 'IEC', 'IEC/IEEE', 'ISO']);
    assert.ok(names.includes('ISO/IEC') && names.includes('ISO/IEC/IEEE'), names.join(', '));
    const counts = await Promise.all(top.map(description));
    assert.equal(
      counts.reduce((sum, c) => sum + Number(c.replace(/,/g, '')), 0),
      records.length,
    );
    assert.equal(await description(await group(top, 'ISO/IEC')), records.filter((r) => r.reference.startsWith('ISO/IEC ')).length.toLocaleString('en-US'));
    assert.match(String((await api()).view.description), /(^| · )by publisher$/);

    // ISO opens into number ranges; ISO 9001's current amendment comes before its withdrawn 1994 edition.
    const iso = await group(top, 'ISO');
    const nineThousands = await leafRecords(iso, holds(9001));
    const references = nineThousands.map((s) => s.standard.reference);
    assert.ok(
      references.indexOf('ISO 9001:2015/Amd 1') >= 0 && references.indexOf('ISO 9001:2015/Amd 1') < references.indexOf('ISO 9001:1994'),
      references.join(', '),
    );
    // A standard of the organised tree opens into its clauses, and its parent is its group.
    const { tree } = await api();
    const clauses = await children(nineThousands[0]);
    assert.ok(clauses.length > 0 && clauses.every((c) => c.kind === 'clause'));
    assert.equal((tree.getParent(nineThousands[0]) as CatalogueGroupNode).kind, 'catalogueGroup');
  });

  it('groups by number range, numbers as numbers, and reveals a standard inside its group', async () => {
    await vscode.commands.executeCommand('standardsExplorer.groupCatalogueByNumberRange');
    const top = await children();
    const names = await Promise.all(top.map(label));
    assert.deepEqual(names.slice(0, 4), ['1–999', '1000–4999', '5000–9999', '10000–14999']);
    const counts = await Promise.all(top.map(description));
    assert.equal(
      counts.reduce((sum, c) => sum + Number(c.replace(/,/g, '')), 0),
      records.length,
    );
    const sixties = await leafRecords(await group(top, '60000–60999'), holds(60601));
    const family = sixties.map((s) => s.standard.reference ?? '').filter((r) => r.startsWith('IEC 60601-2-'));
    const at = (r: string): number => family.indexOf(r);
    assert.ok(at('IEC 60601-2-2:2017/AMD1:2023') < at('IEC 60601-2-10:2012+AMD1:2016 CSV'), family.join(', '));
    assert.ok(at('IEC 60601-2-10:2012+AMD1:2016 CSV') < at('IEC 60601-2-19:2009/AMD1:2016'), family.join(', '));

    const { view } = await api();
    const target = records.findIndex((r) => r.reference === 'ISO/IEC 27001:2022/Amd 1:2024');
    await vscode.commands.executeCommand('standardsExplorer.revealStandard', { urn: records[target].urn, position: target });
    const selected = view.selection[0] as StandardNode;
    assert.equal(selected?.kind, 'standard');
    assert.equal(selected.standard.reference, 'ISO/IEC 27001:2022/Amd 1:2024');
  });

  it('hides withdrawn and replaced standards with the toggle, and shows them again', async () => {
    const current = records.filter((r) => r.status === 'current').length;
    await vscode.commands.executeCommand('standardsExplorer.hideWithdrawn');
    assert.equal(settings().get('catalogue.hideWithdrawn'), true);
    const top = await children();
    const counts = await Promise.all(top.map(description));
    assert.equal(
      counts.reduce((sum, c) => sum + Number(c.replace(/,/g, '')), 0),
      current,
    );
    assert.match(String((await api()).view.description), /(^| · )by number · withdrawn hidden$/);

    // Not grouped but filtered: one sorted list, paged.
    await vscode.commands.executeCommand('standardsExplorer.groupCatalogueByNone');
    const { session } = await api();
    const pageSize = session.settings().pageSize;
    const list = await children();
    assert.equal(standards(list).length, pageSize);
    assert.ok(standards(list).every((s) => s.standard.raw.status === 'current'));
    const more = list[list.length - 1] as CatalogueMoreNode;
    assert.equal(more.kind, 'catalogueMore');
    assert.equal(await label(more), `Show more… (${(current - pageSize).toLocaleString('en-US')} remaining)`);
    await vscode.commands.executeCommand('standardsExplorer.showMoreInCatalogue', more);
    assert.equal(standards(await children()).length, 2 * pageSize);
    const first = standards(list)[0].standard.reference ?? '';
    assert.match(first, /^CISPR /, 'sorted by reference: CISPR first');

    await vscode.commands.executeCommand('standardsExplorer.showWithdrawn');
    assert.equal(settings().get('catalogue.hideWithdrawn'), false);
    const plain = await children();
    assert.deepEqual(
      standards(plain)
        .slice(0, 3)
        .map((s) => s.standard.reference),
      records.slice(0, 3).map((r) => r.reference),
      'no grouping and nothing hidden: the service order again',
    );
  });
});
