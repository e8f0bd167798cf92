/**
 * `standards-explorer lsp --stdio` against the service: the sandbox with a real identity provider, its endpoints
 * given as the client's initialization options and the credentials in the server's environment. A hover over a
 * clause citation shows the clause's heading and first paragraph, and the document link of the citation resolves to
 * the clause's @id on the service; the client secret and the tokens reach neither the log nor an answer.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DocumentLinkRequest, DocumentLinkResolveRequest, HoverRequest, type DocumentLink, type Hover } from 'vscode-languageserver-protocol/node';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import { buildCli, CATALOGUE } from './cliBundle';
import { Session } from './lspSession';

describe('language server against the service (sandbox)', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let sandbox: RunningSandbox;
  let session: Session | undefined;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-lsp-service-'));
    cli = await buildCli(path.join(dir, 'dist'));
    sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
  });

  after(async () => {
    session?.end();
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('checks the cited clauses, hovers a clause with its heading and first paragraph, and links it to the clause on the service', async () => {
    const workspace = path.join(dir, 'ws');
    fs.mkdirSync(workspace);
    const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], {
      cwd: workspace,
      // The credentials from the environment only; no STANDARDS_BASE_URL: the endpoints come from the client.
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'),
        STANDARDS_CLIENT_ID: sandbox.clientId,
        STANDARDS_CLIENT_SECRET: sandbox.clientSecret,
      },
    });
    session = new Session(child);
    await session.start(workspace, { baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl });
    const uri = await session.open(path.join(workspace, 'risk.md'), 'markdown', 'The scope is ISO 14971:2019, clause 1.\nNot ISO 14971:2019, clause 42.\n');
    // check's missing-clause rule, against the edition's clause list on the service.
    assert.deepEqual(
      (await session.published(uri)).map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.message]),
      [['missing-clause', 2, 1, 4, 'ISO 14971:2019 has no clause 42 (ISO 14971:2019).']],
    );

    const hover = (await session.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 15 } })) as Hover;
    const parts = (hover.contents as { value: string }).value.split('\n\n');
    assert.deepEqual(parts.slice(0, 4), [
      '**ISO 14971:2019** — Medical devices - Application of risk management to medical devices',
      'Current',
      '---',
      '**Clause 1 Scope**',
    ]);
    assert.ok(parts[4] && parts[4].length > 20, `no first paragraph: ${parts.join(' | ')}`);

    const links = (await session.connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri } })) as DocumentLink[];
    assert.deepEqual(
      links.map((l) => [l.range.start.line, l.range.start.character, l.range.end.character, l.tooltip, l.target]),
      [
        [0, 13, 37, 'Open ISO 14971:2019, clause 1 on the service', undefined],
        [1, 4, 29, 'Open ISO 14971:2019, clause 42 on the service', undefined],
      ],
    );
    const resolved = await session.connection.sendRequest(DocumentLinkResolveRequest.type, links[0]);
    assert.match(resolved.target ?? '', new RegExp(`^${sandbox.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/v1/standards/.+/clauses/.+`));
    // A clause the edition does not have: no link, and the log says why.
    assert.equal((await session.connection.sendRequest(DocumentLinkResolveRequest.type, links[1])).target, undefined);
    assert.ok(session.logs.some((line) => line.endsWith('has no clause 42: no link.')));

    assert.equal(await session.stop(), 0);
    const said = `${session.stderr}${session.logs.join('\n')}${session.shown.join('\n')}${JSON.stringify(hover)}${JSON.stringify(resolved)}`;
    assert.ok(!said.includes(sandbox.clientSecret), 'the client secret was said');
    assert.ok(!/eyJ[\w-]{10,}\.[\w-]{10,}/.test(said), 'a token was said');
  });
});
