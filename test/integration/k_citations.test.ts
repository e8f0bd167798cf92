import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { CITED_RECORDS } from '../unit/citationRecords';
import { api, signInTo, signInToSandbox, until } from './fixtures';

const TEXT = [
  '# Rice handling',
  '',
  'Moisture limits follow ISO 17301-1:2016 §5 and the QMS ISO 9001:2015, Scope.',
  'Unknown: ISO 99999:2020. Not references: charset=ISO-8859-1, ISO8601, iso_code, v1.2.3, 2018-05-01.',
  'Plain: IEC 62304',
  'Audits follow Clause 4 of ISO 9001:2008 and §6 of ISO 9001:2008; controls, clause 4 of ISO/IEC 27001:2022.',
  'Deeper than the list: ISO 9001:2015 clause 4.2.',
].join('\n');

/** A position inside `word` on `line` of TEXT. */
function at(line: number, word: string): vscode.Position {
  return new vscode.Position(line, TEXT.split('\n')[line].indexOf(word) + 1);
}

/** Requests the content service has answered so far (all routes). */
async function serviceRequests(sandbox: RunningSandbox): Promise<{ listClauses: number; getClause: number; total: number }> {
  const { requests } = await sandboxStats(sandbox);
  return { listClauses: requests.listClauses, getClause: requests.getClause, total: requests.listClauses + requests.getClause + requests.listStandards };
}

/** The citation links our provider gives (other providers, e.g. Markdown's, may add their own). */
async function citationLinks(document: vscode.TextDocument): Promise<vscode.DocumentLink[]> {
  const links = (await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri)) ?? [];
  return links.filter((l) => l.target?.scheme === 'command' && l.target.path === 'standardsExplorer.openCitation');
}

function hoverText(hovers: vscode.Hover[] | undefined): string {
  return (hovers ?? []).flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

describe('references in your code (citations)', () => {
  // A sandbox of its own: the outdated-edition cases need records the suite's generated catalogue lacks.
  let own: RunningSandbox;
  let document: vscode.TextDocument;

  before(async () => {
    own = await startSandbox({ catalogue: CITED_RECORDS });
    await signInTo(own);
    const { catalogue } = await api();
    await catalogue.get();
    // Plain text: the providers under test are ours; a Markdown document would wait for VS Code's Markdown language
    // server to start (some 25 s offline), which the e2e test of a Markdown file covers.
    document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: TEXT });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signInToSandbox();
    await own?.close();
  });

  it('publishes the outdated editions of a document as it opens, unasked (activation loads the implementation then)', async () => {
    // Not shown in an editor: no link or hover request loads the implementation; opening the document must.
    const outdated = await until(() => {
      const found = vscode.languages.getDiagnostics(document.uri).map((d) => d.message);
      return found.length ? found : undefined;
    }, 'the diagnostics of a document just opened');
    assert.ok(outdated.includes('ISO 17301-1:2016 has been replaced by ISO 17301-1:2023'), outdated.join(' | '));
    await vscode.window.showTextDocument(document);
  });

  it('links the references the catalogue has, and nothing else', async () => {
    const links = await citationLinks(document);
    const texts = links.map((l) => document.getText(l.range));
    assert.deepEqual(texts, [
      'ISO 17301-1:2016 §5',
      'ISO 9001:2015, Scope',
      'IEC 62304',
      'Clause 4 of ISO 9001:2008',
      '§6 of ISO 9001:2008',
      'clause 4 of ISO/IEC 27001:2022',
      'ISO 9001:2015 clause 4.2',
    ]);
    const tooltips = (await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri, 10)).map((l) => l.tooltip);
    assert.ok(tooltips.includes('Open ISO 17301-1:2016, clause 5 (replaced by ISO 17301-1:2023)'), tooltips.join(' | '));
    assert.ok(tooltips.includes('Show IEC 62304:2006 in the Standards view'), tooltips.join(' | '));
  });

  it('Go to Definition on a reference with a clause gives that clause as a document; none for a whole standard', async () => {
    const definitions = async (line: number, word: string) =>
      (await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>('vscode.executeDefinitionProvider', document.uri, at(line, word))) ??
      [];
    const [scope] = await definitions(2, '9001');
    assert.ok(scope && 'uri' in scope, 'a location');
    assert.equal(scope.uri.scheme, 'standards');
    assert.equal(scope.uri.path, '/ISO 9001:2015/1 Scope.md');
    assert.equal(new URLSearchParams(scope.uri.query).get('urn'), 'urn:iso:std:iso:9001:ed-5:stage-90.93');
    assert.match((await vscode.workspace.openTextDocument(scope.uri)).getText(), /Scope/);
    assert.deepEqual(await definitions(4, '62304'), [], 'a whole standard: its link shows it');
  });

  it('Ctrl+click on a reference with a locator opens the clause page at that clause', async () => {
    const { pages, session } = await api();
    // Clicked in the editor that shows the document, as a person does.
    await vscode.window.showTextDocument(document);
    const [, scopeLink] = await citationLinks(document);
    const target = scopeLink.target as vscode.Uri;
    const args = JSON.parse(decodeURIComponent(target.query)) as unknown[];
    const urn = 'urn:iso:std:iso:9001:ed-5:stage-90.93';
    const scope = (await (await session.service()).listClauses(urn)).find((c) => c.types.some((t) => t.endsWith('Scope')));
    assert.ok(scope, 'ISO 9001:2015 has a Scope in the sandbox');
    const open = pages.size;
    await vscode.commands.executeCommand(target.path, ...args);
    // The panel of that very clause is open. (How it renders is the clause page suite's: waiting for a page of its
    // own to boot here took up to 45 s offline, for nothing this test asks.)
    assert.equal(pages.size, open + 1);
    assert.ok(pages.pageHtml({ urn, clauseId: scope.clauseId } as Parameters<typeof pages.pageHtml>[0]), 'the Scope of ISO 9001:2015 is open');
  });

  it('hovers name the standard, its status and replacement, the clause heading and paragraph, and trusted commands', async () => {
    const line = 2;
    const outdated = hoverText(
      await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        new vscode.Position(line, TEXT.split('\n')[line].indexOf('17301') + 2),
      ),
    );
    assert.match(outdated, /\*\*ISO 17301-1:2016\*\*/);
    assert.match(outdated, /Withdrawn — replaced by ISO 17301-1:2023/);
    assert.match(outdated, /\*\*Clause 5 /, 'the heading of clause 5');
    assert.match(outdated, /\[Open Clause\]\(command:standardsExplorer\.openClause\?/);
    assert.match(outdated, /\[Open JSON to the Side\]\(command:standardsExplorer\.openClauseJson\?/);
    assert.match(outdated, /\[Copy Link\]\(command:standardsExplorer\.copyClauseLink\?/);
    // A hover sends one request at most: the paragraph may wait for the second hover (checked in the next test).
    await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at(line, '9001'));
    const scope = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at(line, '9001')));
    assert.match(scope, /\*\*ISO 9001:2015\*\* — Quality management systems - Requirements/);
    assert.match(scope, /^Current$/m);
    assert.match(scope, /\*\*Clause 1 /);
    // The first paragraph of the Scope, as text under the heading.
    const afterHeading = scope.split(/\*\*Clause 1 [^*]*\*\*/)[1] ?? '';
    assert.match(afterHeading.trim().split('\n')[0], /\w{3,}/);
    const none = hoverText(
      await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        new vscode.Position(3, TEXT.split('\n')[3].indexOf('99999')),
      ),
    );
    assert.match(
      none,
      /\*\*ISO 99999:2020\*\* is not in this catalogue — \[search for it\]\(command:standardsExplorer\.findStandard\?/,
      'an unresolved reference says so',
    );
    // ISO 9001:2015 of the sandbox has no 4.2: the clause that holds it, saying so.
    const nearest = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at(6, '9001')));
    assert.match(nearest, /\*\*Clause 4 [^*]*\*\*\n\n\*clause 4\.2 is not in the clause list; this is the clause that holds it\.\*/);
  });

  it('a hover sends one request at most: the clause list first, the first paragraph on the next hover, then nothing', async () => {
    const hover = async () => hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at(5, '27001')));
    let before = await serviceRequests(own);
    const first = await hover();
    let after = await serviceRequests(own);
    assert.deepEqual([after.total - before.total, after.listClauses - before.listClauses], [1, 1], 'the first hover asks for the clause list only');
    assert.match(first, /\*\*ISO\/IEC 27001:2022\*\*/);
    assert.match(first, /\*\*Clause 4 /, 'the heading, from the clause list');
    assert.match(first, /\*Hover again to read its first paragraph\.\*/);
    assert.match(first, /\[Open Clause\]\(command:standardsExplorer\.openClause\?/);

    before = after;
    const second = await hover();
    after = await serviceRequests(own);
    assert.deepEqual([after.total - before.total, after.getClause - before.getClause], [1, 1], 'the second hover asks for the clause body only');
    assert.doesNotMatch(second, /Hover again/);
    const paragraph = (second.split(/\*\*Clause 4 [^*]*\*\*/)[1] ?? '').trim().split('\n')[0];
    assert.match(paragraph, /\w{3,}/, 'the first paragraph under the heading');

    before = after;
    assert.equal(await hover(), second, 'the third hover shows the same, from what the first two fetched');
    after = await serviceRequests(own);
    assert.equal(after.total - before.total, 0, 'and asks for nothing');
  });

  it('reports the outdated edition, with the severity check gives it or the setting, and the Quick Fix rewrites it keeping the locator', async () => {
    const { citations } = await api();
    const config = vscode.workspace.getConfiguration('standardsExplorer');
    let diagnostics = await citations.outdated.check(document);
    const replaced2008 = 'ISO 9001:2008 has been replaced by ISO 9001:2015';
    const unknown = 'ISO 99999:2020 is not in this catalogue';
    // A locator first or after: the diagnostic marks the reference alone. Severities as check's (severities.ts).
    assert.deepEqual(
      diagnostics.map((d) => [d.message, d.severity, document.getText(d.range)]),
      [
        ['ISO 17301-1:2016 has been replaced by ISO 17301-1:2023', vscode.DiagnosticSeverity.Warning, 'ISO 17301-1:2016'],
        [replaced2008, vscode.DiagnosticSeverity.Warning, 'ISO 9001:2008'],
        [replaced2008, vscode.DiagnosticSeverity.Warning, 'ISO 9001:2008'],
        [unknown, vscode.DiagnosticSeverity.Information, 'ISO 99999:2020'],
      ],
    );
    assert.deepEqual(
      vscode.languages.getDiagnostics(document.uri).map((d) => d.message),
      ['ISO 17301-1:2016 has been replaced by ISO 17301-1:2023', replaced2008, replaced2008, unknown],
    );
    try {
      // A level of the user's own keeps applying to outdated editions.
      await config.update('diagnostics', 'information', vscode.ConfigurationTarget.Global);
      diagnostics = await citations.outdated.check(document);
      assert.equal(diagnostics[0]?.severity, vscode.DiagnosticSeverity.Information);
      await config.update('diagnostics', 'off', vscode.ConfigurationTarget.Global);
      assert.deepEqual(await citations.outdated.check(document), []);
    } finally {
      await config.update('diagnostics', undefined, vscode.ConfigurationTarget.Global);
    }
    diagnostics = await citations.outdated.check(document);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostics[0].range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.title === 'Replace with ISO 17301-1:2023');
    assert.ok(fix?.edit, actions.map((a) => a.title).join(' | '));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.match(document.getText(), /follow ISO 17301-1:2023 §5 and/);
    assert.deepEqual(
      (await citations.outdated.check(document)).map((d) => d.message),
      ['ISO 9001:2008 has been replaced by ISO 9001:2015', 'ISO 9001:2008 has been replaced by ISO 9001:2015', unknown],
    );
  });

  it('the second Quick Fix opens the cited clause of both editions side by side, or says which edition lacks it', async () => {
    const { citations } = await api();
    const fixes = async (range: vscode.Range) =>
      vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, range, vscode.CodeActionKind.QuickFix.value);
    const run = async (action: vscode.CodeAction | undefined) => {
      assert.ok(action?.command, 'a Quick Fix with a command');
      return vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
    };
    const diffTab = () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff ? input : undefined;
    };
    const [clause4, clause6] = await citations.outdated.check(document);
    let actions = await fixes(clause4.range);
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Replace with ISO 9001:2015', 'Compare clause 4 of ISO 9001:2008 and ISO 9001:2015 side by side'],
    );
    const both = (await run(actions[1])) as { left: vscode.Uri; right: vscode.Uri };
    assert.equal(
      new URLSearchParams(both.left.query).get('urn'),
      'urn:iso:std:iso:9001:ed-4:stage-95.99',
      `the old edition on the left: ${both.left.toString()}`,
    );
    assert.equal(new URLSearchParams(both.right.query).get('urn'), 'urn:iso:std:iso:9001:ed-5:stage-90.93', both.right.toString());
    assert.equal(diffTab()?.original.toString(), both.left.toString());
    assert.equal(diffTab()?.modified.toString(), both.right.toString());
    const [left, right] = await Promise.all([vscode.workspace.openTextDocument(both.left), vscode.workspace.openTextDocument(both.right)]);
    assert.match(left.getText(), /^# 4 /);
    assert.match(left.getText(), /ISO 9001:2008/);
    assert.match(right.getText(), /^# 4 /);
    assert.match(right.getText(), /ISO 9001:2015/);

    // The 2015 edition of the sandbox ends at clause 4: clause 6 of 2008 is shown alone, and the result says which lacks it.
    actions = await fixes(clause6.range);
    const alone = (await run(actions.find((a) => a.title === 'Compare clause 6 of ISO 9001:2008 and ISO 9001:2015 side by side'))) as {
      only: vscode.Uri;
      missing: string;
    };
    assert.equal(alone.missing, 'ISO 9001:2015');
    assert.equal(diffTab(), undefined, 'no diff with one side missing');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), alone.only.toString());
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /^# 6 /);
    // (Not closeAllEditors: the untitled document is dirty and would ask to be saved.)
    await vscode.window.showTextDocument(document);

    // The rewrite keeps a locator written first.
    const replace = (await fixes(clause4.range)).find((a) => a.title === 'Replace with ISO 9001:2015');
    assert.ok(replace?.edit && (await vscode.workspace.applyEdit(replace.edit)));
    assert.match(document.getText(), /follow Clause 4 of ISO 9001:2015 and §6 of ISO 9001:2008;/);
  });

  it('completes references after a publisher prefix in a comment, current editions first, and not in code', async () => {
    const code = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'const a = 1; // per ISO 173\nconst x = "ISO 173' });
    const ours = async (line: number, character: number): Promise<string[]> => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        code.uri,
        new vscode.Position(line, character),
      );
      return list.items.filter((i) => i.kind === vscode.CompletionItemKind.Reference).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    };
    assert.deepEqual(await ours(0, 27), ['ISO 17301-1:2023', 'ISO 17301-1:2016']);
    assert.deepEqual(await ours(1, 18), [], 'a string in code is not a comment');
  });

  it('the References view groups the workspace references standard → clause → file:line, honours files.exclude, follows changes, and exports CSV and Markdown', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workbench opens a folder');
    const dir = vscode.Uri.joinPath(folder.uri, 'cites');
    const write = (name: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, name), new TextEncoder().encode(text));
    const files = vscode.workspace.getConfiguration('files');
    await files.update('exclude', { '**/excluded/**': true }, vscode.ConfigurationTarget.Global);
    try {
      await write('notes.md', 'Per ISO 17301-1:2016 §5.\nSee ISO 9001:2015, Scope and again ISO 9001:2015, Scope.\n');
      await write('code.py', "# IEC 62304 clause 5.1\ncharset = 'ISO-8859-1'  # ISO 99999\n");
      await write('binary.txt', 'ISO 9001:2015\u0000\u0001');
      await write('excluded/hidden.md', 'ISO 9001:2015, clause 4');
      const { citations } = await api();
      const { references } = citations;
      await references.scan();
      const tree = async (node?: Parameters<typeof references.getChildren>[0]): Promise<string[]> =>
        (await references.getChildren(node)).map((n) => {
          const item = references.getTreeItem(n);
          return `${typeof item.label === 'string' ? item.label : item.label?.label} [${item.description ?? ''}]`;
        });
      // Natural order: 9001 before 17301; the references of no standard of the catalogue last, as Unresolved.
      const top = await tree();
      assert.deepEqual(top.slice(0, 3), [
        'IEC 62304:2006 [1 · Current]',
        'ISO 9001:2015 [2 · Current]',
        'ISO 17301-1:2016 [1 · Withdrawn — replaced by ISO 17301-1:2023]',
      ]);
      assert.match(top[3] ?? '', /^Unresolved \[\d+\]$/);
      const unresolved = await tree((await references.getChildren())[3]);
      assert.ok(
        unresolved.some((r) => /^ISO 99999 \[\d+ · not in this catalogue\]$/.test(r)),
        unresolved.join(' | '),
      );
      const roots = await references.getChildren();
      assert.equal((references.getTreeItem(roots[2]).iconPath as vscode.ThemeIcon).id, 'warning', 'outdated marked');
      assert.equal((references.getTreeItem(roots[1]).iconPath as vscode.ThemeIcon).id, 'book');
      const [scope] = await references.getChildren(roots[1]);
      assert.deepEqual(await tree(roots[1]), ['Scope [2]']);
      assert.deepEqual(await tree(scope), ['cites/notes.md:2 [ISO 9001:2015, Scope]', 'cites/notes.md:2 [ISO 9001:2015, Scope]']);
      const [first] = await references.getChildren(scope);
      const open = references.getTreeItem(first).command;
      assert.equal(open?.command, 'vscode.open');
      assert.equal((open?.arguments?.[0] as vscode.Uri).toString(), vscode.Uri.joinPath(dir, 'notes.md').toString());

      const csv = vscode.Uri.joinPath(dir, 'out', 'refs.csv');
      await vscode.commands.executeCommand('standardsExplorer.exportReferences', csv);
      const csvText = new TextDecoder().decode(await vscode.workspace.fs.readFile(csv));
      assert.equal(
        csvText,
        [
          'Standard,Clause,File,Line,Text,Status',
          'IEC 62304:2006,clause 5.1,cites/code.py,1,IEC 62304 clause 5.1,Current',
          'ISO 9001:2015,Scope,cites/notes.md,2,"ISO 9001:2015, Scope",Current',
          'ISO 9001:2015,Scope,cites/notes.md,2,"ISO 9001:2015, Scope",Current',
          'ISO 17301-1:2016,clause 5,cites/notes.md,1,ISO 17301-1:2016 §5,Withdrawn — replaced by ISO 17301-1:2023',
          '',
        ].join('\r\n'),
      );
      const md = vscode.Uri.joinPath(dir, 'out', 'refs.md');
      await vscode.commands.executeCommand('standardsExplorer.exportReferences', md.toString());
      assert.match(
        new TextDecoder().decode(await vscode.workspace.fs.readFile(md)),
        /\| ISO 17301-1:2016 \| clause 5 \| cites\/notes\.md \| 1 \| ISO 17301-1:2016 §5 \| Withdrawn — replaced by ISO 17301-1:2023 \|/,
      );

      // A file edited in an editor is read again by itself.
      const edited = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(dir, 'code.py'));
      const edit = new vscode.WorkspaceEdit();
      edit.insert(edited.uri, new vscode.Position(0, edited.lineAt(0).text.length), ' and ISO 9001:2015 §4');
      assert.ok(await vscode.workspace.applyEdit(edit));
      let seen: string[] = [];
      await until(async () => ((seen = await tree())[1] === 'ISO 9001:2015 [3 · Current]' ? true : undefined), 'the view to count the new reference').catch(
        (e: Error) => {
          throw new Error(`${e.message}: ${seen.join(' | ')}; files ${references.citingFiles.join(', ')}`);
        },
      );
      // Opened again, the standard groups the new reference with the others (what each file says is kept per file).
      assert.deepEqual(await tree((await references.getChildren())[1]), ['clause 4 [1]', 'Scope [2]']);
      await edited.save();
    } finally {
      await files.update('exclude', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
  });

  it("the References view's scan reads the files VS Code's own search lists: files.exclude with its `when` clauses, hidden files, links", async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workbench opens a folder');
    const dir = vscode.Uri.joinPath(folder.uri, 'listing');
    const files = vscode.workspace.getConfiguration('files');
    // The scan lists a folder on disk in its worker (core/scan/folderListing.ts), not through VS Code's search: the
    // two must agree on every file that cites something.
    await files.update(
      'exclude',
      { '**/.git': true, '**/skipped': true, '**/*.txt': { when: '$(basename).ts' }, 'listing/kept/**': false },
      vscode.ConfigurationTarget.Global,
    );
    try {
      const citing = 'Per ISO 9001:2015, clause 4.\n';
      const made = ['a.md', '.hidden.md', '.dot/b.md', 'skipped/c.md', 'deep/skipped/d.md', 'kept/e.md', 'gen/f.txt', 'gen/g.txt', 'x/y/z/h.txt'];
      for (const file of made) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, file), new TextEncoder().encode(citing));
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, 'gen', 'f.ts'), new TextEncoder().encode(`// ${citing}`));
      if (process.platform !== 'win32') fs.symlinkSync(path.join(dir.fsPath, 'x'), path.join(dir.fsPath, 'linked'));
      const { references } = (await api()).citations;
      await references.scan();
      const ours = references.citingFiles.filter((file) => file.startsWith('listing/'));
      const search = (await vscode.workspace.findFiles(references.include(), undefined, 20_000))
        .map((uri) => vscode.workspace.asRelativePath(uri, false))
        .filter((file) => file.startsWith('listing/'))
        .sort();
      assert.deepEqual(ours, search);
      const expected = [
        'listing/.dot/b.md',
        'listing/.hidden.md',
        'listing/a.md',
        'listing/gen/f.ts',
        'listing/gen/g.txt',
        'listing/kept/e.md',
        'listing/x/y/z/h.txt',
      ];
      if (process.platform !== 'win32') expected.splice(6, 0, 'listing/linked/y/z/h.txt');
      assert.deepEqual(ours, expected);
    } finally {
      await files.update('exclude', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
  });

  it('the References view says how many files it did not read (over 2 MB, binary), and forgets one once it can read it', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workbench opens a folder');
    const dir = vscode.Uri.joinPath(folder.uri, 'unread');
    const write = (name: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, name), new TextEncoder().encode(text));
    try {
      // Generated here, not committed: a citation, then enough text to pass the 2 MB a file the view reads.
      await write('large.md', `See ISO 9001:2015, Scope.\n${'x'.repeat(80).concat('\n').repeat(26_000)}`);
      await write('data.txt', 'ISO 9001:2015\u0000\u0001');
      const { references } = (await api()).citations;
      await references.scan();
      const notes = async (): Promise<string[]> =>
        (await references.getChildren())
          .map((n) => references.getTreeItem(n).label)
          .filter((label): label is string => typeof label === 'string' && label.includes('not read'));
      assert.deepEqual(await notes(), ['1 file over 2 MB not read: its references are not listed.', '1 binary file not read.']);
      // An export says so too: its references are missing from the report.
      const report = vscode.Uri.joinPath(folder.uri, 'out', 'unread-refs.md');
      await vscode.commands.executeCommand('standardsExplorer.exportReferences', report);
      const exported = new TextDecoder().decode(await vscode.workspace.fs.readFile(report));
      await vscode.workspace.fs.delete(report);
      assert.match(exported, /\n1 file over 2 MB was not read: its references are missing here\.\n\n1 binary file was not read\.\n/);
      // Made small and saved in an editor, the file is read again by itself and is no longer counted. (Saved through
      // an editor: a write to disk alone reaches the view through the file watcher, which VS Code 1.100 may deliver late.)
      const large = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(dir, 'large.md'));
      const shrink = new vscode.WorkspaceEdit();
      shrink.replace(large.uri, new vscode.Range(0, 0, large.lineCount, 0), 'See ISO 9001:2015, Scope.\n');
      assert.ok(await vscode.workspace.applyEdit(shrink));
      assert.ok(await large.save());
      let seen: string[] = [];
      await until(async () => ((seen = await notes()).length === 1 ? true : undefined), 'the view to read the file made small').catch((e: Error) => {
        throw new Error(`${e.message}: ${seen.join(' | ')}`);
      });
      assert.deepEqual(seen, ['1 binary file not read.']);
      assert.ok(references.citingFiles.includes('unread/large.md'), references.citingFiles.join(', '));
    } finally {
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
  });

  it('says clearly in the hover when not signed in', async () => {
    await vscode.commands.executeCommand('standardsExplorer.signOut');
    const text = hoverText(
      await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        new vscode.Position(2, TEXT.split('\n')[2].indexOf('9001') + 1),
      ),
    );
    assert.match(text, /not signed in: \[Sign In…\]\(command:standardsExplorer\.signIn\)/);
    assert.deepEqual((await citationLinks(document)).length, 0);
  });
});
