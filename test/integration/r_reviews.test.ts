import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandboxControl } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import * as path from 'node:path';
import { holdLock } from '../../src/core/check/advisoryLock';
import { parseLockfile, serialiseLockfile, type Lockfile } from '../../src/core/check/lockfile';
import { LOCKFILE_HOLD } from '../../src/core/check/lockfileHold';
import type { ReviewedClauseArgs } from '../../src/extension/workspaceCitations/clauseReviews';
import type { ReviewedComparison } from '../../src/extension/citations/compareReviewed';
import { CITED_RECORDS } from '../unit/citationRecords';
import { api, ownSandboxInFolder, signInToSandbox, until } from './fixtures';

const ISO_9001 = 'urn:iso:std:iso:9001:ed-5:stage-90.93';
const TODAY = new Date().toISOString().slice(0, 10);

/** Our diagnostics on `uri` after a check, as "code: message". */
async function diagnosticsOf(document: vscode.TextDocument): Promise<string[]> {
  const { citations } = await api();
  return (await citations.outdated.check(document)).map((d) => `${String(d.code)}: ${d.message}`);
}

describe('cited clauses under review (standards.lock in the editor)', function () {
  // The comparison is the first Markdown editor of the suite when run alone: VS Code's Markdown language features
  // start with it, which takes tens of seconds offline.
  this.timeout(150_000);
  // A sandbox of its own with real references (ISO 9001:2015, the withdrawn ISO 17301-1:2016), as the citations suite.
  let own: RunningSandbox;
  let folder: vscode.WorkspaceFolder;
  let document: vscode.TextDocument;
  let clauseId: string;
  let clauseAtId: string;
  const file = (name: string) => vscode.Uri.joinPath(folder.uri, name);
  const write = (name: string, text: string) => vscode.workspace.fs.writeFile(file(name), new TextEncoder().encode(text));
  const read = async (name: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(file(name)));
  const lock = async (): Promise<Lockfile> => parseLockfile(await read('standards.lock'), 'standards.lock');
  /** The service's copies go stale at once, as they do after a minute: the next check asks the sandbox again. */
  const staleCache = async () => (await (await api()).session.service()).clearCache();
  /**
   * ISO 9001:2015's clause 4 as reviewed on another machine, by Ada, at a text none here has (only its fingerprint
   * came with the repository): a changed clause, whatever the tests before did.
   */
  const reviewedElsewhere = async (): Promise<void> => {
    const locked = (await lock().catch(() => undefined)) ?? { version: 1 as const, standards: {} };
    const standard = (locked.standards[ISO_9001] ??= { reference: 'ISO 9001:2015', clauses: {} });
    standard.clauses[clauseId] = {
      ...(standard.clauses[clauseId] ?? { id: clauseAtId, number: '4' }),
      fingerprint: `sha256:${'0'.repeat(64)}`,
      reviewed: { on: '2026-03-01', by: 'Ada' },
    };
    await write('standards.lock', JSON.stringify(locked));
  };

  before(async () => {
    ({ own, folder } = await ownSandboxInFolder(CITED_RECORDS));
    const { catalogue, session } = await api();
    await catalogue.get();
    const clauses = await (await session.service()).listClauses(ISO_9001);
    const clause4 = clauses.find((c) => c.number === '4');
    assert.ok(clause4, 'ISO 9001:2015 has a clause 4 in the sandbox');
    clauseId = clause4.clauseId;
    clauseAtId = clause4.id;
    await write('review/design.md', '# Design\n\nThe context follows ISO 9001:2015 clause 4.\nRice: ISO 17301-1:2016 §5.\n');
    document = await vscode.workspace.openTextDocument(file('review/design.md'));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of ['review', 'standards.lock', 'standards.config.json'])
      await vscode.workspace.fs.delete(file(name), { recursive: true }).then(undefined, () => undefined);
    await signInToSandbox();
    await own?.close();
  });

  it('Mark as Reviewed writes the lock; a clause changed since then is a diagnostic with both Quick Fixes; the comparison shows what changed', async () => {
    const args: ReviewedClauseArgs = { folder: folder.uri.toString(), urn: ISO_9001, reference: 'ISO 9001:2015', clauseId };
    await vscode.commands.executeCommand('standardsExplorer.markClauseReviewed', args);
    const first = (await lock()).standards[ISO_9001];
    assert.equal(first.reference, 'ISO 9001:2015');
    assert.equal(first.clauses[clauseId].number, '4');
    assert.equal(first.clauses[clauseId].reviewed.on, TODAY);
    assert.match(first.clauses[clauseId].fingerprint, /^sha256:[0-9a-f]{64}$/);
    assert.doesNotMatch(await read('standards.lock'), /Revision|requirement/, 'no clause text in the lock');
    const before = await until(async () => {
      const found = await diagnosticsOf(document);
      return found.some((d) => d.startsWith('outdatedEdition')) ? found : undefined;
    }, 'the diagnostics once the lock is read');
    assert.deepEqual(
      before.filter((d) => d.startsWith('clauseChanged')),
      [],
      'reviewed and unchanged',
    );

    await sandboxControl(own, 'revise-clause', { urn: ISO_9001, clauseId });
    await staleCache();
    const changed = (await diagnosticsOf(document)).filter((d) => d.startsWith('clauseChanged'));
    assert.deepEqual(changed, [
      `clauseChanged: Clause 4 of ISO 9001:2015 changed since it was reviewed on ${TODAY}${reviewedBy(first.clauses[clauseId].reviewed.by)}`,
    ]);
    const diagnostic = vscode.languages.getDiagnostics(document.uri).find((d) => d.code === 'clauseChanged');
    assert.ok(diagnostic);
    assert.equal(document.getText(diagnostic.range), 'ISO 9001:2015', 'the reference is marked, not its locator');
    // As check reports it (core/check/severities.ts): an error.
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostic.range);
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes('Compare with the Reviewed Version') && titles.includes('Mark as Reviewed'), titles.join(' | '));
    const compare = actions.find((a) => a.title === 'Compare with the Reviewed Version');
    assert.ok(compare?.command);
    const compared = await vscode.commands.executeCommand<ReviewedComparison>(compare.command.command, ...(compare.command.arguments ?? []));
    assert.ok('left' in compared, JSON.stringify(compared));
    const [left, right] = await Promise.all([vscode.workspace.openTextDocument(compared.left), vscode.workspace.openTextDocument(compared.right)]);
    assert.doesNotMatch(left.getText(), /Revision 1:/, 'the reviewed text, from this machine');
    assert.match(right.getText(), /Revision 1: this requirement now also applies to accessories/, 'the text now');
    assert.equal(left.getText().split('\n')[0], right.getText().split('\n')[0], 'both headed alike (the same clause, numbered alike)');

    // The References view marks the changed clause, and offers the same two commands on it.
    const { citations } = await api();
    const { references } = citations;
    await references.scan();
    const roots = await references.getChildren();
    const standard = roots.find((n) => references.getTreeItem(n).label === 'ISO 9001:2015');
    assert.ok(standard, 'ISO 9001:2015 in the References view');
    const [clauseNode] = await references.getChildren(standard);
    const item = references.getTreeItem(clauseNode);
    assert.equal(item.contextValue, 'citedClauseChanged');
    assert.equal(item.description, `1 · changed since its review on ${TODAY}`);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'diff-modified');

    // Mark as Reviewed from the view: the lock takes the new text, and the diagnostic goes. Meanwhile a `lock` run in a
    // terminal holds the lock and writes a standard of its own: Mark as Reviewed waits for it and keeps what it wrote.
    const oldFingerprint = first.clauses[clauseId].fingerprint;
    const held = await holdLock(path.join(folder.uri.fsPath, LOCKFILE_HOLD), { waitMs: 0, staleMs: 60_000 });
    const marking = vscode.commands.executeCommand('standardsExplorer.markClauseReviewed', clauseNode);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const elsewhere = await lock();
    elsewhere.standards['urn:iso:std:iso:14971:ed-3'] = { reference: 'ISO 14971:2019', clauses: { [clauseId]: first.clauses[clauseId] } };
    await write('standards.lock', serialiseLockfile(elsewhere));
    assert.equal((await lock()).standards[ISO_9001].clauses[clauseId].fingerprint, oldFingerprint, 'not written while held');
    await held.release();
    await marking;
    assert.ok((await lock()).standards['urn:iso:std:iso:14971:ed-3'], "the other writer's standard is kept");
    const marked = (await lock()).standards[ISO_9001].clauses[clauseId];
    assert.notEqual(marked.fingerprint, oldFingerprint);
    assert.deepEqual(
      (await diagnosticsOf(document)).filter((d) => d.startsWith('clauseChanged')),
      [],
    );
    const [after] = await references.getChildren((await references.getChildren()).find((n) => references.getTreeItem(n).label === 'ISO 9001:2015'));
    assert.equal(references.getTreeItem(after).contextValue, 'citedClause');
  });

  it('says why when the reviewed text is not on this machine, and shows the clause as it is now', async () => {
    await reviewedElsewhere();
    const changed = await until(
      async () => (await diagnosticsOf(document)).find((d) => d.startsWith('clauseChanged')),
      'the lock written elsewhere to be read',
    );
    assert.equal(changed, 'clauseChanged: Clause 4 of ISO 9001:2015 changed since it was reviewed on 2026-03-01 by Ada');
    const compared = await vscode.commands.executeCommand<ReviewedComparison>('standardsExplorer.compareReviewedClause', {
      folder: folder.uri.toString(),
      urn: ISO_9001,
      reference: 'ISO 9001:2015',
      clauseId,
    });
    assert.ok('reason' in compared, JSON.stringify(compared));
    assert.match(compared.reason, /as reviewed on 2026-03-01 is not on this machine: standards\.lock keeps only a fingerprint/);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), compared.current.toString(), 'the clause as it is now is open');
  });

  it("the folder's standards.config.json sets the severities and which files the References view reads; a broken config or lock is a Problem on that file", async () => {
    await reviewedElsewhere();
    await write('standards.config.json', JSON.stringify({ rules: { changed: 'error', withdrawn: 'off', undated: 'note' } }));
    await write('review/undated.md', 'Plain: ISO 9001 clause 4.\n');
    const undated = await vscode.workspace.openTextDocument(file('review/undated.md'));
    const severities = await until(async () => {
      await diagnosticsOf(document);
      const found = vscode.languages.getDiagnostics(document.uri).map((d) => `${String(d.code)} ${d.severity}`);
      // The changed clause is an error without the config too (the shared table): the withdrawn edition going says it was read.
      return found.some((d) => d.startsWith('outdatedEdition')) ? undefined : found;
    }, 'the config to be read');
    assert.deepEqual(severities, [`clauseChanged ${vscode.DiagnosticSeverity.Error}`], 'withdrawn is off');
    // The undated reference names the changed clause too (the edition it resolves to).
    assert.deepEqual(await diagnosticsOf(undated), [
      'undatedReference: ISO 9001 names no edition year (it resolves to ISO 9001:2015)',
      'clauseChanged: Clause 4 of ISO 9001:2015 changed since it was reviewed on 2026-03-01 by Ada',
    ]);

    // Which files the References view reads: the config's include less its exclude.
    await write('review/private/secret.md', 'ISO 17301-1:2016 §5\n');
    await write('elsewhere.md', 'ISO 17301-1:2016 §5\n');
    await write('standards.config.json', JSON.stringify({ include: ['review/**/*.md'], exclude: ['review/private/**'] }));
    const { citations } = await api();
    // The config is read again when the watcher tells of it: until then a scan may use the one before.
    let files: string[] = [];
    await until(async () => {
      await citations.references.scan();
      files = citations.references.citingFiles;
      return files.join() === 'review/design.md,review/undated.md' || undefined;
    }, 'the References view to read the config').catch((error: Error) => {
      throw new Error(`${error.message}: it reads ${files.join(', ')}`);
    });

    // Broken: a Problem on the file naming the key; the rest goes on as without a config.
    await write('standards.config.json', '{\n  "rules": {\n    "chnaged": "error"\n  }\n}\n');
    // The watcher may tell of the file while it is being written (empty): the problem of what was written follows.
    const problem = await until(async () => {
      await diagnosticsOf(document);
      return vscode.languages.getDiagnostics(file('standards.config.json')).find((d) => /chnaged/.test(d.message));
    }, 'the broken config to be reported');
    assert.match(problem.message, /standards\.config\.json: "rules\.chnaged" is not a rule; the rules are withdrawn, superseded/);
    assert.deepEqual([problem.range.start.line, problem.range.start.character], [2, 4], 'at the key');
    await write('standards.lock', '{"version": 1, "standards": {"x": {}}}');
    const lockProblem = await until(async () => {
      await diagnosticsOf(document);
      return vscode.languages.getDiagnostics(file('standards.lock')).find((d) => /standards\.x/.test(d.message));
    }, 'the broken lock to be reported');
    assert.match(lockProblem.message, /standards\.lock: "standards\.x" must have "clauses"/);
    assert.deepEqual(
      (await diagnosticsOf(document)).map((d) => d.split(':')[0]),
      ['outdatedEdition'],
      'no lock, no changed clause; the setting decides again',
    );
  });
});

function reviewedBy(by: string | undefined): string {
  return by ? ` by ${by}` : '';
}
