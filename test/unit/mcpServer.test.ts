/**
 * `standards-explorer mcp` as an MCP client runs it: dist/cli.js built with esbuild.js's own options into a temporary
 * folder, started as a process and driven over stdio by the MCP SDK's own Client, against the sandbox with a real
 * identity provider. Lists the tools, calls each with good and bad input, and checks that neither standard output
 * nor standard error ever carries the client secret or an access token — with client credentials, and with a
 * short-lived access token in the environment (VS Code's way), valid, refused and expired.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildCli, CATALOGUE } from './cliBundle';
import { sandboxControl, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { getClause } from '../../src/core/agentTools/getClause';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import { createStandardsService } from '../../src/core/service/standardsService';

interface Answer {
  text: string;
  isError: boolean;
  structured: {
    citations: Array<{ label: string; reference: string; link?: string; edition: { year?: number; status: string } }>;
    cut?: { nextOffset: number };
  };
}

/** A server process and the client talking to it; what it wrote to standard error and every answer, for the secret check. */
class Session {
  readonly client = new Client({ name: 'mcp-server-test', version: '1.0.0' });
  stderr = '';
  readonly seen: string[] = [];

  constructor(transport: StdioClientTransport) {
    transport.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
  }

  async call(name: string, args: Record<string, unknown>): Promise<Answer> {
    const result = await this.client.callTool({ name, arguments: args });
    this.seen.push(JSON.stringify(result));
    const content = result.content as Array<{ type: string; text: string }>;
    return { text: content[0].text, isError: result.isError === true, structured: result.structuredContent as Answer['structured'] };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

describe('MCP server: standards-explorer mcp over stdio', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let workspace: string;
  let sandbox: RunningSandbox;
  const sessions: Session[] = [];

  const start = async (env: Record<string, string>): Promise<Session> => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp'],
      cwd: workspace,
      // Only what the server reads: no STANDARDS_* of the machine running the tests.
      env: { PATH: process.env.PATH ?? '', HOME: dir, STANDARDS_EXPLORER_CACHE: fs.mkdtempSync(path.join(dir, 'cache-')), ...env },
      stderr: 'pipe',
    });
    const session = new Session(transport);
    sessions.push(session);
    await session.client.connect(transport);
    return session;
  };
  const service = (): Record<string, string> => ({ STANDARDS_BASE_URL: sandbox.baseUrl });
  const credentials = (): Record<string, string> => ({
    ...service(),
    STANDARDS_TOKEN_URL: sandbox.tokenUrl,
    STANDARDS_CLIENT_ID: sandbox.clientId,
    STANDARDS_CLIENT_SECRET: sandbox.clientSecret,
  });
  const accessToken = async (): Promise<string> => {
    const client = createStandardsService({
      baseUrl: sandbox.baseUrl,
      tokenUrl: sandbox.tokenUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
    });
    try {
      return await client.accessToken();
    } finally {
      client.dispose();
    }
  };
  /** Neither what the server printed nor any answer holds one of `secrets`. */
  const noSecrets = (session: Session, secrets: string[]): void => {
    for (const secret of secrets) {
      assert.ok(!session.stderr.includes(secret), 'a secret on standard error');
      assert.ok(!session.seen.some((answer) => answer.includes(secret)), 'a secret in an answer');
    }
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-mcp-'));
    cli = await buildCli(dir);
    workspace = path.join(dir, 'workspace');
    fs.mkdirSync(path.join(workspace, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'docs/design.md'), 'The quality system follows ISO 9001:2008, clause 7.1.\n');
    sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
  });

  after(async () => {
    for (const session of sessions) await session.close().catch(() => undefined);
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists the tools with their own schemas, and answers each with text and citations (client credentials)', async () => {
    const session = await start(credentials());
    const { tools } = await session.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['search_standards', 'get_clause', 'list_clauses', 'lookup_term', 'check_references'],
    );
    const listed = tools.find((t) => t.name === 'get_clause');
    assert.deepEqual(listed?.inputSchema, getClause.inputSchema, 'the core schema, served as it is');
    assert.equal(listed?.annotations?.readOnlyHint, true);

    const search = await session.call('search_standards', { query: 'risk management medical devices', limit: 2 });
    assert.ok(!search.isError, search.text);
    assert.equal(search.structured.citations[0].reference, 'ISO 14971:2019');

    const scope = await session.call('get_clause', { standard: 'ISO 14971:2019', section: 'Scope' });
    assert.ok(!scope.isError, scope.text);
    assert.match(scope.text, /^ISO 14971:2019, 1 Scope\nEdition: ISO 14971:2019 \(2019 edition, current\)/);
    assert.deepEqual(scope.structured.citations[0].edition, { year: 2019, status: 'current', inCatalogue: true });
    assert.ok(scope.structured.citations[0].link?.startsWith(sandbox.baseUrl));

    const outline = await session.call('list_clauses', { standard: 'IEC 62304:2006', maxChars: 1000 });
    assert.ok(!outline.isError && outline.structured.cut, outline.text);
    const rest = await session.call('list_clauses', { standard: 'IEC 62304:2006', maxChars: 1000, offset: outline.structured.cut.nextOffset });
    assert.match(rest.text, new RegExp(`^IEC 62304:2006\\n.*\\n[^]*\\[(?:Cut: characters|Characters) ${outline.structured.cut.nextOffset}–`));

    const terms = await session.call('get_clause', { standard: 'ISO 14971:2019', section: 'Terms and definitions' });
    const term = /\n\*\*([^*]+)\*\*\n/.exec(terms.text)?.[1] ?? 'no term';
    const defined = await session.call('lookup_term', { standard: 'ISO 14971:2019', term });
    assert.ok(!defined.isError, defined.text);
    assert.match(defined.structured.citations[0].label, /^ISO 14971:2019, 3\.\d+$/);

    const checked = await session.call('check_references', { paths: ['docs'] });
    assert.match(
      checked.text,
      /^1 citation of a standard in 1 text; 1 finding \(0 errors, 1 warning, 0 notes\)\.\n\n- docs\/design\.md:1:28 "ISO 9001:2008" → .*withdrawn; replaced by ISO 9001:2015\)\n {4}warning \[withdrawn\]/,
    );
    noSecrets(session, [sandbox.clientSecret, await accessToken()]);
    assert.match(session.stderr, /standards-explorer mcp: ready: 5 tools, service http:\/\/127\.0\.0\.1:\d+\/preprod\n/);
  });

  it('answers bad input with isError and the schema complaint, and carries on', async () => {
    const session = await start(credentials());
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['get_clause', { standard: 42, clause: '1' }, /input\.standard must be string/],
      ['get_clause', { standard: 'ISO 14971:2019', clause: '1', page: 2 }, /must NOT have additional properties "page"/],
      ['search_standards', {}, /must have required property 'query'/],
      ['list_clauses', { standard: 'ISO 14971:2019', maxChars: 10 }, /input\.maxChars must be >= 500/],
      ['get_clause', { standard: 'ISO 14971', clause: '1' }, /ISO 14971 has 3 editions in the catalogue/],
      ['get_clause', { standard: 'ISO 99999:2020', clause: '1' }, /The catalogue has no ISO 99999:2020/],
      ['get_clause', { standard: 'ISO 14971:2019', clause: '42' }, /ISO 14971:2019 has no clause 42/],
      ['check_references', { paths: ['../outside'] }, /\.\.\/outside is outside the folders this server reads/],
    ];
    for (const [name, args, expected] of cases) {
      const answer = await session.call(name, args);
      assert.equal(answer.isError, true, `${name} ${JSON.stringify(args)}: ${answer.text}`);
      assert.match(answer.text, expected);
    }
    // An unknown tool is a protocol error (MCP's tools page), not a tool's answer.
    await assert.rejects(session.call('find_citations', { standard: 'ISO 14971' }), /MCP error -32602: Unknown tool: find_citations\./);
    const { tools } = await session.client.listTools();
    assert.equal(tools.length, 5, 'the server is still there');
    noSecrets(session, [sandbox.clientSecret]);
  });

  it('works with a short-lived access token in the environment instead of the client secret', async () => {
    const token = await accessToken();
    const session = await start({ ...service(), STANDARDS_ACCESS_TOKEN: token, STANDARDS_ACCESS_TOKEN_EXPIRES_AT: String(Date.now() + 600_000) });
    const outline = await session.call('list_clauses', { standard: 'ISO 14971:2019' });
    assert.ok(!outline.isError, outline.text);
    assert.match(session.stderr, /\(access token from the environment\)/);
    noSecrets(session, [token, sandbox.clientSecret]);
  });

  it('says to restart the server from VS Code when the token is refused or has expired, and keeps serving', async () => {
    const token = await accessToken();
    const refused = await start({ ...service(), STANDARDS_ACCESS_TOKEN: token });
    assert.ok(!(await refused.call('list_clauses', { standard: 'urn:iso:std:iso:14971:stage-90.93' })).isError);
    await sandboxControl(sandbox, 'revoke-tokens');
    const answer = await refused.call('get_clause', { standard: 'urn:iso:std:iso:9001:stage-95.99', clause: '1' });
    assert.equal(answer.isError, true, answer.text);
    assert.match(answer.text, /refused the access token .* restart the MCP server from VS Code/);
    assert.equal((await refused.client.listTools()).tools.length, 5);
    noSecrets(refused, [token]);

    const expired = await start({ ...service(), STANDARDS_ACCESS_TOKEN: token, STANDARDS_ACCESS_TOKEN_EXPIRES_AT: new Date(Date.now() - 1000).toISOString() });
    const late = await expired.call('search_standards', { query: 'ISO 9001' });
    assert.equal(late.isError, true, late.text);
    assert.match(late.text, /The access token this connection was given expired at .* restart the MCP server from VS Code/);
    noSecrets(expired, [token]);
  });

  it('does not start without a service and credentials, and says why on standard error', () => {
    const run = spawnSync(process.execPath, [cli, 'mcp'], {
      cwd: workspace,
      env: { PATH: process.env.PATH ?? '', HOME: dir, ...service(), STANDARDS_TOKEN_URL: sandbox.tokenUrl },
      input: '',
      encoding: 'utf8',
    });
    assert.equal(run.status, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /The service needs credentials: set STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET/);
  });
});
