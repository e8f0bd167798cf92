/**
 * `standards-explorer lsp --stdio` as an editor runs it: dist/cli.js (and its part dist/cli-lsp.js) built with
 * esbuild.js's own options into a temporary folder, started as a process and driven over stdio by
 * vscode-languageserver-protocol's client side, with the fixture catalogue (real ISO and IEC records) as a catalogue
 * file. A Markdown and a C file cite a current, a withdrawn and an unknown edition; the test reads diagnostics (with
 * the workspace's standards.config.json and the client's asOf), hover, the code action's edit, an incremental change,
 * completion, workspace symbols and the progress of opening the catalogue; a malformed request, a document over
 * 5 MB and a workspace with no catalogue leave it answering, each said to the user.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CompletionRequest,
  DidChangeTextDocumentNotification,
  HoverRequest,
  WorkspaceSymbolRequest,
  type CodeAction,
  type CompletionList,
  type Hover,
  type SymbolInformation,
} from 'vscode-languageserver-protocol/node';
import { buildCli, CATALOGUE } from './cliBundle';
import { Session } from './lspSession';

describe('language server: standards-explorer lsp --stdio', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let workspace: string;
  const sessions: Session[] = [];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-lsp-'));
    cli = await buildCli(path.join(dir, 'dist'));
    workspace = path.join(dir, 'ws');
    fs.mkdirSync(workspace);
  });

  after(() => {
    for (const session of sessions) session.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function serve(cwd = workspace, env: NodeJS.ProcessEnv = {}): Session {
    const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], {
      cwd,
      env: { PATH: process.env.PATH, STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'), ...env },
    });
    const session = new Session(child);
    sessions.push(session);
    return session;
  }

  it('checks a Markdown and a C file as check does, with the config and asOf, and shows progress while the catalogue opens', async () => {
    // The config makes an unknown standard a warning (check's default: a note); as of 2018, ISO 14971:2007 was current
    // (its successor came in 2019) and ISO 9001:2008 was not (2015).
    fs.writeFileSync(path.join(workspace, 'standards.config.json'), JSON.stringify({ rules: { unknown: 'warning' } }));
    const session = serve();
    await session.start(workspace, { catalogue: path.relative(workspace, CATALOGUE), asOf: '2018-06-30' });
    const md = await session.open(
      path.join(workspace, 'risk.md'),
      'markdown',
      '# Risk\n\nWe follow ISO 14971:2007, clause 4.1 and ISO 9001:2008.\nAlso ISO 99999:2020.\n',
    );
    const c = await session.open(path.join(workspace, 'main.c'), 'c', '/* Implements IEC 62304:2006, 5.1 (ISO 13485:2016). */\nint main(void) { return 0; }\n');
    const markdown = await session.published(md);
    assert.deepEqual(
      markdown.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character, d.source]),
      [
        ['withdrawn', 2, 2, 41, 54, 'standards-explorer'],
        ['unknown', 2, 3, 5, 19, 'standards-explorer'],
      ],
    );
    assert.equal(markdown[0].message, 'ISO 9001:2008 is withdrawn; the current edition as of 2018 is ISO 9001:2015.');
    assert.deepEqual(await session.published(c), []);
    await session.until('the catalogue opened', () => session.logs.some((line) => line === 'catalogue ready: 44 standards'));
    assert.deepEqual(
      session.progress.map((p) => p.kind),
      ['begin', 'end'],
    );
    assert.equal(session.progress[0].message, 'Opening the catalogue…');
    assert.equal(await session.stop(), 0);
  });

  it('answers hover, the code action edit, an incremental change, completion and workspace symbols', async () => {
    fs.rmSync(path.join(workspace, 'standards.config.json'), { force: true });
    // A file of the workspace that is not open: workspace symbols find its citations too.
    fs.mkdirSync(path.join(workspace, 'docs'));
    fs.writeFileSync(path.join(workspace, 'docs', 'design.md'), 'History: ISO 14971:2000 first.\n');
    const session = serve();
    await session.start(workspace, { catalogue: CATALOGUE });
    const md = await session.open(
      path.join(workspace, 'plan.md'),
      'markdown',
      'Per ISO 14971:2007, clause 4.1 and ISO 9001:2015.\nISO 1497\nSee ISO 9001:2008.\n',
    );
    const c = await session.open(path.join(workspace, 'io.c'), 'c', '// Risk control per ISO 14971:2019, 7.1\n');
    await session.published(md);

    const hover = (await session.connection.sendRequest(HoverRequest.type, { textDocument: { uri: md }, position: { line: 0, character: 6 } })) as Hover;
    const text = (hover.contents as { value: string }).value;
    assert.match(
      text,
      /^\*\*ISO 14971:2007\*\* — Medical devices - Application of risk management to medical devices\n\nWithdrawn — replaced by ISO 14971:2019/,
    );
    assert.match(text, /clause 4\.1: from the catalogue only/);
    assert.deepEqual(hover.range, { start: { line: 0, character: 4 }, end: { line: 0, character: 30 } });
    const current = (await session.connection.sendRequest(HoverRequest.type, { textDocument: { uri: md }, position: { line: 0, character: 40 } })) as Hover;
    assert.match(
      (current.contents as { value: string }).value,
      /^\*\*ISO 9001:2015\*\* — Quality management systems - Requirements\n\nCurrent \\\(under review\\\)$/,
    );
    assert.equal(await session.connection.sendRequest(HoverRequest.type, { textDocument: { uri: md }, position: { line: 0, character: 0 } }), null);

    const actions = (await session.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: md },
      range: { start: { line: 0, character: 5 }, end: { line: 0, character: 5 } },
      context: { diagnostics: [] },
    })) as CodeAction[];
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind, a.isPreferred, a.edit?.changes?.[md]]),
      // Not preferred: it names a clause, which fix leaves (its number may differ in the new edition).
      [
        [
          'Replace with ISO 14971:2019',
          'quickfix',
          false,
          [{ range: { start: { line: 0, character: 4 }, end: { line: 0, character: 18 } }, newText: 'ISO 14971:2019' }],
        ],
      ],
    );

    const preferred = (await session.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: md },
      range: { start: { line: 2, character: 0 }, end: { line: 2, character: 18 } },
      context: { diagnostics: [] },
    })) as CodeAction[];
    assert.deepEqual(
      preferred.map((a) => [a.title, a.isPreferred, a.edit?.changes?.[md]]),
      [['Replace with ISO 9001:2015', true, [{ range: { start: { line: 2, character: 4 }, end: { line: 2, character: 17 } }, newText: 'ISO 9001:2015' }]]],
    );

    // The edit applied as a client applies it: an incremental change of the range alone; the finding goes (what is
    // left: "ISO 1497", being typed, a standard the catalogue does not have).
    await session.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: md, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 4 }, end: { line: 0, character: 18 } }, text: 'ISO 14971:2019' }],
    });
    assert.deepEqual(
      (await session.published(md, 2)).map((d) => [d.code, d.range.start.line]),
      [
        ['unknown', 1],
        ['withdrawn', 2],
      ],
    );

    const completion = (await session.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: md },
      position: { line: 1, character: 8 },
    })) as CompletionList;
    assert.equal(completion.isIncomplete, true);
    // Ranked as Find Standard ranks them: the current edition first (the real catalogue lists it twice, from ISO and IEC).
    assert.deepEqual(
      [completion.items[0].label, completion.items[0].detail, completion.items[0].textEdit],
      [
        'ISO 14971:2019',
        'Medical devices - Application of risk management to medical devices',
        { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 8 } }, newText: 'ISO 14971:2019' },
      ],
    );
    const labels = completion.items.map((item) => item.label);
    assert.ok(
      labels.every((label) => label.startsWith('ISO 1497')),
      labels.join(', '),
    );
    assert.ok(labels.lastIndexOf('ISO 14971:2019') < labels.indexOf('ISO 14971:2007'), labels.join(', '));

    const symbols = (await session.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'iso 14971' })) as SymbolInformation[];
    assert.deepEqual(
      symbols.map((s) => [s.name, s.location.uri, s.location.range.start.line, s.containerName]),
      [
        ['ISO 14971:2019, clause 4.1', md, 0, 'ISO 14971:2019 — Medical devices - Application of risk management to medical devices'],
        ['ISO 14971:2019, 7.1', c, 0, 'ISO 14971:2019 — Medical devices - Application of risk management to medical devices'],
        [
          'ISO 14971:2000',
          pathToFileURL(path.join(workspace, 'docs', 'design.md')).href,
          0,
          'ISO 14971:2000 — Medical devices - Application of risk management to medical devices',
        ],
      ],
    );
    assert.equal(await session.stop(), 0);
  });

  it('keeps answering after a malformed request and a document over 5 MB, saying why the large one is not checked', async () => {
    const session = serve();
    await session.start(workspace, { catalogue: CATALOGUE });
    await assert.rejects(session.connection.sendRequest(HoverRequest.type, { position: { line: 0, character: 0 } } as never), /./);
    const big = await session.open(path.join(workspace, 'big.md'), 'markdown', `ISO 14971:2007\n${'x'.repeat(80)}\n`.repeat(70_000));
    await session.until('the log line about the large document', () => session.logs.some((line) => line.includes(`${big} is over 5 MB`)));
    const small = await session.open(path.join(workspace, 'small.md'), 'markdown', 'ISO 14971:2007\n');
    assert.deepEqual(
      (await session.published(small)).map((d) => d.code),
      ['withdrawn'],
    );
    assert.deepEqual(await session.published(big), []);
    assert.equal(await session.stop(), 0);
  });

  it("leaves out the documents the config's globs leave out, as check does, saying so", async () => {
    const root = path.join(dir, 'globs');
    fs.mkdirSync(path.join(root, 'vendor'), { recursive: true });
    fs.writeFileSync(path.join(root, 'standards.config.json'), JSON.stringify({ exclude: ['vendor/**'] }));
    const session = serve(root);
    await session.start(root, { catalogue: CATALOGUE });
    const vendored = await session.open(path.join(root, 'vendor', 'notes.md'), 'markdown', 'ISO 14971:2007\n');
    const own = await session.open(path.join(root, 'notes.md'), 'markdown', 'ISO 14971:2007\n');
    assert.deepEqual(
      (await session.published(own)).map((d) => d.code),
      ['withdrawn'],
    );
    assert.deepEqual(await session.published(vendored), []);
    assert.ok(
      session.logs.includes(`${vendored} is left out by the config's include and exclude globs: its citations are not checked.`),
      session.logs.join('\n'),
    );
    assert.equal(await session.stop(), 0);
  });

  it('answers a request cancelled before it ran with RequestCancelled, and the next as usual', async () => {
    const session = serve();
    await session.start(workspace, { catalogue: CATALOGUE });
    const uri = await session.open(path.join(workspace, 'cited.md'), 'markdown', 'ISO 14971:2019\n');
    await session.published(uri);
    // The request and its cancellation in one write: the cancellation is read before the request runs.
    session.writeRaw([
      { jsonrpc: '2.0', id: 'cancelled-1', method: 'workspace/symbol', params: { query: 'ISO 14971:2019' } },
      { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 'cancelled-1' } },
    ]);
    const answer = await session.until('the answer to the cancelled request', () => session.rawAnswer('cancelled-1'));
    assert.deepEqual(answer.error, { code: -32800, message: 'The request was cancelled.' });
    const symbols = (await session.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'ISO 14971:2019' })) as SymbolInformation[];
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['ISO 14971:2019'],
    );
    assert.equal(await session.stop(), 0);
  });

  it('says what to give when there is no catalogue, and never sends a request to endpoints a workspace config names', async () => {
    // The repository's config names a service: a listener on loopback standing in for the attacker's endpoint.
    let requests = 0;
    const listener = http.createServer((_req, res) => {
      requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const bare = path.join(dir, 'bare');
      fs.mkdirSync(bare);
      fs.writeFileSync(path.join(bare, 'standards.config.json'), JSON.stringify({ baseUrl: url, tokenUrl: `${url}/token` }));
      const session = serve(bare, { STANDARDS_CLIENT_ID: 'id', STANDARDS_CLIENT_SECRET: 'the-secret' });
      await session.start(bare);
      const shown = await session.until('a message', () => session.shown[0]);
      assert.match(shown, /^Standards Explorer: No catalogue to check against: give the initialization option "catalogue"/);
      const uri = await session.open(path.join(bare, 'a.md'), 'markdown', 'ISO 14971:2007\n');
      assert.deepEqual(await session.published(uri), []);
      assert.equal(await session.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 2 } }), null);
      assert.equal(await session.stop(), 0);
      assert.equal(requests, 0);
      assert.ok(!`${session.stderr}${session.logs.join('')}${session.shown.join('')}`.includes('the-secret'));
    } finally {
      listener.close();
    }
  });

  it('stays out of dist/cli.js: check never loads the language server', () => {
    const main = fs.readFileSync(cli, 'utf8');
    assert.ok(!main.includes('node_modules/vscode-languageserver'), 'dist/cli.js holds vscode-languageserver');
    assert.ok(main.includes('require("./cli-lsp.js")'), 'dist/cli.js does not load dist/cli-lsp.js');
    assert.ok(fs.readFileSync(path.join(path.dirname(cli), 'cli-lsp.js'), 'utf8').includes('node_modules/vscode-languageserver/'));
  });
});
