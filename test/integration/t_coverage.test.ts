/**
 * The Coverage view in VS Code, over a workspace citing a sandbox standard (ISO 14971:2019, whose clause list has
 * subclauses and annexes): statuses from citations, a `standards: not-applicable` line and the config's
 * `notApplicable`, problems as diagnostics, the filters, updates as a file changes, and Export Coverage… read back.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RunningSandbox } from '../../sandbox/types';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import type { CoverageReport } from '../../src/core/compliance/coverage';
import type { CoverageNode } from '../../src/extension/coverage/coverageNodes';
import { api, ownSandboxInFolder, signInToSandbox, until } from './fixtures';

const ISO_14971 = 'urn:iso:std:iso:14971:stage-90.93';
/** The command line's test catalogue: real records, among them ISO 14971:2019. */
const RECORDS = readCatalogueFile(path.resolve(__dirname, '../../../test/fixtures/cli/catalogue.jsonl'));

describe('coverage of a standard (the Coverage view)', function () {
  this.timeout(120_000);
  let own: RunningSandbox;
  let folder: vscode.WorkspaceFolder;
  const file = (name: string) => vscode.Uri.joinPath(folder.uri, name);
  const write = (name: string, text: string) => vscode.workspace.fs.writeFile(file(name), new TextEncoder().encode(text));
  const read = async (name: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(file(name)));
  const coverage = async () => (await api()).citations.coverage;
  const statusOf = (report: CoverageReport | undefined, label: string) => report?.rows.find((r) => r.label === label)?.status;
  const label = async (node: CoverageNode) => String((await coverage()).getTreeItem(node).label);
  const RISK = [
    '# Risk management file',
    'Hazards per ISO 14971:2019, clause 7.1.',
    'Our scope: ISO 14971:2019, clause 1.',
    'Residual risk: ISO 14971:2019, clause 42.',
    '<!-- standards: not-applicable ISO 14971:2019 clause 8 — no production of our own -->',
    '<!-- standards: not-applicable ISO 14971:2019 clause 9 -->',
    '',
  ].join('\n');

  before(async () => {
    ({ own, folder } = await ownSandboxInFolder(RECORDS));
    await (await api()).catalogue.get();
    await write('coverage/risk.md', RISK);
    await write(
      'standards.config.json',
      `${JSON.stringify({ notApplicable: [{ standard: 'ISO 14971:2019', clause: '10', reason: 'no post-production phase here' }] }, null, 2)}\n`,
    );
    // The References view reads a new file when the watcher tells of it (earlier suites scanned already).
    const { references } = (await api()).citations;
    await references.ready();
    // Read whole, against this sandbox's index: the watcher may tell of the file while it is being written, or before
    // the index of this suite's sandbox is the current one.
    await until(async () => {
      const places = await references.citationsOf(ISO_14971);
      const lines = Array.isArray(places) ? places.filter((p) => p.file === 'coverage/risk.md').map((p) => p.line) : [];
      return (lines.includes(2) && lines.includes(3)) || undefined;
    }, 'the References view to hold the citations of coverage/risk.md');
  });

  after(async () => {
    await vscode.commands.executeCommand('standardsExplorer.coverageAllClauses');
    await vscode.commands.executeCommand('standardsExplorer.coverageNormativeOnly');
    for (const name of ['coverage', 'standards.config.json'])
      await vscode.workspace.fs.delete(file(name), { recursive: true }).then(undefined, () => undefined);
    await signInToSandbox();
    await own?.close();
  });

  it('counts from the files as last read while the workspace is read again (a config change rescans it)', async () => {
    const { references } = (await api()).citations;
    const count = async () => {
      const places = await references.citationsOf(ISO_14971);
      return Array.isArray(places) ? places.filter((p) => p.file === 'coverage/risk.md').length : -1;
    };
    const before = await count();
    assert.ok(before >= 3, `${before} citations of coverage/risk.md`);
    let done = false;
    const scanning = references.scan().finally(() => (done = true));
    const seen: number[] = [];
    // Asked between the scan's own steps (a turn of the event loop each time), a bounded number of times.
    for (let i = 0; !done && i < 2000; i++) {
      seen.push(await count());
      await new Promise((resolve) => setImmediate(resolve));
    }
    await scanning;
    assert.ok(seen.length > 0, 'asked while the scan ran');
    assert.deepEqual([...new Set(seen)], [before], 'never a workspace half read');
    assert.equal(await count(), before);
  });

  it('lists every normative clause with its places, justification and status, the counts above, problems as diagnostics', async () => {
    const report = await vscode.commands.executeCommand<CoverageReport>('standardsExplorer.showCoverage', { urn: ISO_14971, reference: 'ISO 14971:2019' });
    assert.ok(report, 'the command answers with the report');
    assert.equal(statusOf(report, '7.1'), 'addressed');
    assert.equal(statusOf(report, '1'), 'addressed', 'the Scope, cited by number');
    assert.equal(statusOf(report, '7'), 'open', '7.2 and 7.3 are not addressed');
    assert.equal(statusOf(report, '8'), 'notApplicable');
    assert.equal(report.rows.find((r) => r.label === '8')?.justification?.reason, 'no production of our own');
    assert.equal(statusOf(report, '10'), 'notApplicable', "the config's entry");
    assert.equal(report.rows.find((r) => r.label === '10')?.justification?.file, 'standards.config.json');
    assert.equal(statusOf(report, '9'), 'open', 'a line without a reason justifies nothing');
    assert.equal(statusOf(report, 'Foreword'), undefined, 'informative clauses are left out by default');
    const view = await coverage();
    assert.match(view.summary() ?? '', /^\d+ of \d+ clauses addressed, 2 not applicable, \d+ open$/);

    // Problems: the renumbered clause and the unjustified line, in the view and as diagnostics on their lines.
    assert.deepEqual(
      report.problems.map((p) => `${p.file}:${p.line}`),
      ['coverage/risk.md:4', 'coverage/risk.md:6'],
    );
    const diagnostics = await until(() => {
      const found = vscode.languages.getDiagnostics(file('coverage/risk.md')).filter((d) => d.code === 'missing-clause' || d.code === 'not-applicable');
      return found.length === 2 ? found : undefined;
    }, 'the coverage diagnostics');
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.severity]),
      [
        ['missing-clause', 3, vscode.DiagnosticSeverity.Warning],
        ['not-applicable', 5, vscode.DiagnosticSeverity.Warning],
      ],
    );
    assert.match(diagnostics[0].message, /ISO 14971:2019 has no clause 42/);

    const roots = await view.getChildren();
    assert.equal(roots[0].kind, 'problems');
    const [problem] = await view.getChildren(roots[0]);
    const problemItem = view.getTreeItem(problem);
    assert.equal(problemItem.description, 'coverage/risk.md:4');
    assert.equal(String(problemItem.command?.arguments?.[0]), file('coverage/risk.md').toString(), 'click to go');
    const seven = roots.find((n) => n.kind === 'coverageClause' && n.outline.row.label === '7');
    assert.ok(seven);
    assert.equal(await label(seven), '7 Apparatus');
    assert.equal(view.getTreeItem(seven).description, 'open');
    const sevenOne = (await view.getChildren(seven)).find((n) => n.kind === 'coverageClause' && n.outline.row.label === '7.1');
    assert.ok(sevenOne, '7.1 under 7');
    assert.equal(view.getTreeItem(sevenOne).description, 'addressed · 1');
    const [place] = await view.getChildren(sevenOne);
    const placeItem = view.getTreeItem(place);
    assert.equal(placeItem.label, 'coverage/risk.md:2');
    assert.equal(placeItem.command?.command, 'vscode.open');
    assert.equal((placeItem.command?.arguments?.[1] as { selection: vscode.Range }).selection.start.line, 1);
    const ten = roots.find((n) => n.kind === 'coverageClause' && n.outline.row.label === '10');
    assert.ok(ten);
    const [justified] = await view.getChildren(ten);
    assert.equal(view.getTreeItem(justified).label, 'no post-production phase here');
    assert.match(String(view.getTreeItem(justified).description), /^standards\.config\.json:\d+$/);
    // Open Clause takes a clause node as the clause it shows.
    assert.equal(sevenOne.kind === 'coverageClause' && sevenOne.urn, ISO_14971);
  });

  it('filters to open clauses and to informative ones too, and follows the files as they change', async () => {
    const view = await coverage();
    await vscode.commands.executeCommand('standardsExplorer.coverageOpenOnly');
    const statuses: string[] = [];
    const walk = async (nodes: CoverageNode[]): Promise<void> => {
      for (const node of nodes) {
        if (node.kind !== 'coverageClause') continue;
        const under = await view.getChildren(node);
        if (!under.some((n) => n.kind === 'coverageClause')) statuses.push(node.outline.row.status);
        await walk(under);
      }
    };
    await walk(await view.getChildren());
    assert.ok(statuses.length > 0 && statuses.every((s) => s === 'open'), statuses.join());
    assert.match(view.summary() ?? '', /open clauses shown$/);
    await vscode.commands.executeCommand('standardsExplorer.coverageAllClauses');

    await vscode.commands.executeCommand('standardsExplorer.coverageIncludeInformative');
    assert.equal(statusOf(view.current, 'Foreword'), 'open');
    const annexes = (await view.getChildren()).filter((n) => n.kind === 'coverageClause' && n.outline.row.annex);
    assert.ok(annexes.length >= 1, 'ISO 14971:2019 has annexes');
    for (const annex of annexes) assert.match(String(view.getTreeItem(annex).description), /· (normative|informative) annex$/);
    await vscode.commands.executeCommand('standardsExplorer.coverageNormativeOnly');
    assert.equal(statusOf(view.current, 'Foreword'), undefined);

    // A change on disk: the References view reads the file again, and the coverage follows.
    await write('coverage/risk.md', `${RISK}Monitoring: ISO 14971:2019 clauses 7.2 and 7.3.\n`);
    await until(() => statusOf(view.current, '7') === 'addressed' || undefined, 'clause 7 addressed through its subclauses');
    assert.equal(view.current?.rows.find((r) => r.label === '7')?.throughSubclauses, true);
  });

  it('exports the mapping table as Markdown, CSV and HTML, and the export is not read as citations', async () => {
    const view = await coverage();
    const before = view.current?.counts;
    for (const name of ['coverage/mapping.md', 'coverage/mapping.csv', 'coverage/mapping.html'])
      assert.equal(String(await vscode.commands.executeCommand('standardsExplorer.exportCoverage', file(name))), file(name).toString());
    const md = await read('coverage/mapping.md');
    assert.match(md, /^<!-- Generated by Standards Explorer[^\n]*\n# Coverage of ISO 14971:2019\n\n\d+ of \d+ clauses addressed, 2 not applicable/);
    assert.match(md, /\| 8 \| [^|]+ \| not applicable \| no production of our own \(coverage\/risk\.md:5\) \|/);
    assert.match(md, /## Problems\n\n- coverage\/risk\.md:4: /);
    const csv = (await read('coverage/mapping.csv')).split('\r\n');
    assert.equal(csv[0], 'clause,title,depth,obligation,status,cited at,justification,justified at');
    assert.ok(csv.some((row) => row.startsWith('7.1,') && row.includes('coverage/risk.md:2')));
    assert.match(await read('coverage/mapping.html'), /<h1>Coverage of ISO 14971:2019<\/h1>/);

    // Read again from scratch: the exports quote citations, and are left out.
    const { citations } = await api();
    await citations.references.scan();
    assert.ok(!citations.references.citingFiles.some((f) => f.includes('mapping')), citations.references.citingFiles.join());
    assert.deepEqual((await view.refresh())?.counts, before);

    // A name of another kind is refused with what to do.
    const hooks = await api();
    assert.equal(await vscode.commands.executeCommand('standardsExplorer.exportCoverage', file('coverage/mapping.pdf')), undefined);
    // The last messages shown are kept (a bounded list): found by what it says, not by where it is.
    const message = await until(() => hooks.shownMessages.find((m) => /mapping\.pdf: Export Coverage writes/.test(m)), 'the refusal');
    assert.match(message, /mapping\.pdf: Export Coverage writes \.md, \.csv, \.html or \.json files/);
  });

  it('is shown for a standard of the References view', async () => {
    const { references } = (await api()).citations;
    const node = (await references.getChildren()).find((n) => String(references.getTreeItem(n).label) === 'ISO 14971:2019');
    assert.ok(node, 'ISO 14971:2019 in the References view');
    await vscode.commands.executeCommand('standardsExplorer.showCoverage', { urn: 'urn:iso:std:iec:62304:stage-90.93', reference: 'IEC 62304:2006' });
    assert.equal((await coverage()).shown?.reference, 'IEC 62304:2006');
    const report = await vscode.commands.executeCommand<CoverageReport>('standardsExplorer.showCoverage', node);
    assert.equal(report?.standard.urn, ISO_14971);
    assert.equal((await coverage()).shown?.reference, 'ISO 14971:2019');
  });
});
