/**
 * Citations from the first minute (issue 51): after sign-in, without Find Standard…, the catalogue index is built
 * in the background and a Markdown file's references resolve — the current one linked and hovered, the withdrawn one
 * a Warning with its Quick Fix, the unknown one said to be unknown (hover, diagnostic, the References view's
 * Unresolved group); the editor and `standards-explorer check` (run as a process on the same file, against the same
 * service) give each finding the same severity; a clause's first paragraph, once fetched, is on every later hover.
 * While the index is being built, a hover says so, and the build can be cancelled.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { sandboxControl, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { CITED_RECORDS } from '../unit/citationRecords';
import { runNode } from '../unit/nodeProcess';
import { api, signInTo, signInToSandbox, until } from './fixtures';

const REPO = path.resolve(__dirname, '../../..');
const TEXT = ['# Rice', '', 'Scope: ISO/IEC 27001:2022, Scope.', 'Moisture: ISO 17301-1:2016 §5.', 'Quality: ISO 99999:2020.', ''].join('\n');

function hoverText(hovers: vscode.Hover[] | undefined): string {
  return (hovers ?? []).flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

describe('citations from the first minute (index built on sign-in)', function () {
  // A Markdown editor: VS Code's Markdown language features start with the first one (tens of seconds offline).
  this.timeout(180_000);
  const started: RunningSandbox[] = [];
  let folder: vscode.WorkspaceFolder;
  let document: vscode.TextDocument;
  const file = () => vscode.Uri.joinPath(folder.uri, 'first-minute', 'rice.md');
  const at = (line: number, word: string) => new vscode.Position(line, TEXT.split('\n')[line].indexOf(word) + 1);
  const hover = async (line: number, word: string) =>
    hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at(line, word)));

  before(async () => {
    const found = vscode.workspace.workspaceFolders?.[0];
    assert.ok(found, 'the test workbench opens a folder');
    folder = found;
    await vscode.workspace.fs.writeFile(file(), new TextEncoder().encode(TEXT));
    document = await vscode.workspace.openTextDocument(file());
    await vscode.window.showTextDocument(document);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, 'first-minute'), { recursive: true }).then(undefined, () => undefined);
    await signInToSandbox();
    await Promise.all(started.map((s) => s.close()));
  });

  it('while the index is being built a hover and the References view say so; the build can be cancelled', async () => {
    const slow = await startSandbox({ catalogue: CITED_RECORDS });
    started.push(slow);
    const { catalogue, citations } = await api();
    const settings = vscode.workspace.getConfiguration('standardsExplorer');
    await settings.update('catalogue.buildIndexOnSignIn', false, vscode.ConfigurationTarget.Global);
    try {
      await signInTo(slow);
      assert.equal(catalogue.progress, undefined, 'the setting off: no build on sign-in');
      // The first page of the catalogue takes a minute: the build is under way for as long as this test looks.
      await sandboxControl(slow, 'config', { latencyMs: 60_000 });
      await settings.update('catalogue.buildIndexOnSignIn', true, vscode.ConfigurationTarget.Global);
    } finally {
      await settings.update('catalogue.buildIndexOnSignIn', undefined, vscode.ConfigurationTarget.Global);
    }
    await until(() => catalogue.progress, 'the build started when the setting was turned on');
    assert.match(await hover(2, '27001'), /The catalogue is still loading \\?\(its first page\\?\)\. This reference resolves when it is ready\./);
    const [message] = await citations.references.getChildren();
    assert.match(citations.references.getTreeItem(message).label as string, /^The catalogue is still loading/);

    assert.equal(await vscode.commands.executeCommand('standardsExplorer.cancelCatalogueIndex'), true);
    await until(() => (catalogue.progress ? undefined : true), 'the build to stop');
    assert.match(await hover(2, '27001'), /The catalogue index is not built yet/, 'cancelled: not loading any more');
    await sandboxControl(slow, 'config', { latencyMs: 0 });
  });

  it('after sign-in, without Find Standard, links, hovers, a Warning with its Quick Fix, the unknown reference and the Unresolved group', async () => {
    const own = await startSandbox({ catalogue: CITED_RECORDS });
    started.push(own);
    const { citations } = await api();
    await signInTo(own);
    // The diagnostics follow the index when it is ready: nothing else is asked for.
    const diagnostics = await until(
      () => {
        const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Standards Explorer');
        return found.length >= 2 ? found : undefined;
      },
      'the diagnostics once the index built on sign-in is ready',
      60_000,
    );
    assert.deepEqual(
      diagnostics.map((d) => [document.getText(d.range), d.severity, d.message]),
      [
        ['ISO 17301-1:2016', vscode.DiagnosticSeverity.Warning, 'ISO 17301-1:2016 has been replaced by ISO 17301-1:2023'],
        ['ISO 99999:2020', vscode.DiagnosticSeverity.Information, 'ISO 99999:2020 is not in this catalogue'],
      ],
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostics[0].range,
      vscode.CodeActionKind.QuickFix.value,
    );
    assert.ok(
      actions.some((a) => a.title === 'Replace with ISO 17301-1:2023' && a.edit),
      actions.map((a) => a.title).join(' | '),
    );

    const links = ((await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri)) ?? []).filter(
      (l) => l.target?.scheme === 'command' && l.target.path === 'standardsExplorer.openCitation',
    );
    assert.deepEqual(
      links.map((l) => document.getText(l.range)),
      ['ISO/IEC 27001:2022, Scope', 'ISO 17301-1:2016 §5'],
    );
    assert.match(await hover(2, '27001'), /\*\*ISO\/IEC 27001:2022\*\*/);

    const unknown = await hover(4, '99999');
    const link = /\*\*ISO 99999:2020\*\* is not in this catalogue — \[search for it\]\((command:standardsExplorer\.findStandard\?[^)\s]+)\)/.exec(unknown);
    assert.ok(link, unknown);
    // The argument is the reference as JSON, URI-encoded: nothing in it can end the link.
    const args = JSON.parse(decodeURIComponent(link[1].split('?')[1])) as unknown[];
    assert.deepEqual(args, [{ prefill: 'ISO 99999:2020' }]);
    // Followed, it opens Find Standard with the reference typed in, for the user to shorten.
    const picked = vscode.commands.executeCommand('standardsExplorer.findStandard', ...args);
    const { standardPicker } = await api();
    try {
      const open = await until(() => standardPicker.current, 'Find Standard opened from the hover');
      assert.equal(open.pick.value, 'ISO 99999:2020');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await picked;
    }

    const { references } = citations;
    await references.scan();
    const roots = await references.getChildren();
    const group = roots.find((n) => n.kind === 'unresolved');
    assert.ok(group, roots.map((n) => n.kind).join(', '));
    const [reference] = (await references.getChildren(group)).filter((n) => n.kind === 'unresolvedReference' && n.reference.reference === 'ISO 99999:2020');
    assert.ok(reference, 'ISO 99999:2020 in the Unresolved group');
    const places = (await references.getChildren(reference)).map((n) => references.getTreeItem(n).label);
    assert.ok(places.includes('first-minute/rice.md:5'), places.join(' | '));
  });

  it('the editor and standards-explorer check give the same file the same severities', async () => {
    const { session } = await api();
    const own = started[started.length - 1];
    assert.equal(session.baseUrl, own.baseUrl);
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'se-first-minute-'));
    try {
      const run = await runNode(
        path.join(REPO, 'dist', 'cli.js'),
        ['check', 'first-minute/rice.md', '--format', 'json', '--base-url', own.baseUrl, '--token-url', own.tokenUrl],
        {
          cwd: folder.uri.fsPath,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home,
            STANDARDS_EXPLORER_CACHE: home,
            STANDARDS_CLIENT_ID: own.clientId,
            STANDARDS_CLIENT_SECRET: own.clientSecret,
          },
          timeout: 60_000,
        },
      );
      assert.equal(run.status, 0, run.stderr);
      const report = JSON.parse(run.stdout) as { findings: Array<{ rule: string; severity: string; line: number; column: number }> };
      const asEditor: Record<string, vscode.DiagnosticSeverity> = {
        error: vscode.DiagnosticSeverity.Error,
        warning: vscode.DiagnosticSeverity.Warning,
        note: vscode.DiagnosticSeverity.Information,
      };
      const cli = report.findings.map((f) => [f.line - 1, f.column - 1, asEditor[f.severity], f.rule]);
      const editor = vscode.languages
        .getDiagnostics(document.uri)
        .filter((d) => d.source === 'Standards Explorer')
        .map((d) => [d.range.start.line, d.range.start.character, d.severity]);
      assert.deepEqual(
        cli.map(([line, column, severity]) => [line, column, severity]),
        editor,
      );
      assert.deepEqual(
        cli.map(([, , , rule]) => rule),
        ['withdrawn', 'unknown'],
      );
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it("a clause's first paragraph, once fetched, is on every later hover (a Metanorma body too)", async () => {
    const { session } = await api();
    // ISO/IEC 27001:2022's clauses are Metanorma in the sandbox: their hover showed the heading alone, hover after hover.
    const urn = 'urn:iso:std:iso-iec:27001:ed-3:stage-60.60';
    const service = await session.service();
    const scope = (await service.listClauses(urn)).find((c) => c.types.some((t) => t.endsWith('Scope')));
    assert.ok(scope, 'ISO/IEC 27001:2022 has a Scope');
    const body = (await service.getClause(urn, scope.clauseId)) as Record<string, unknown>;
    assert.ok(!Array.isArray(body['corext:content']), 'not a corext body');
    const hovers: string[] = [];
    for (let i = 0; i < 3; i++) hovers.push(await hover(2, '27001'));
    const paragraphOf = (text: string) => (text.split(/\*\*Clause 1 [^*]*\*\*/)[1] ?? '').trim().split('\n')[0];
    assert.match(hovers[0], /\*\*Clause 1 /, 'hover 1: the heading (its paragraph may wait for the next hover)');
    for (const [i, text] of hovers.entries()) {
      if (i === 0) continue;
      assert.doesNotMatch(text, /Hover again/, `hover ${i + 1}: nothing left for later`);
      assert.match(paragraphOf(text), /\w{3,}/, `hover ${i + 1}: the first paragraph`);
      assert.doesNotMatch(paragraphOf(text), /Open Clause/, `hover ${i + 1}: a paragraph, not the commands`);
    }
    assert.equal(hovers[2], hovers[1], 'the third hover shows what the second did');
  });
});
