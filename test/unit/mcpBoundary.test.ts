/**
 * `standards-explorer mcp` at its edges, as a process: the folders check_references may read (its roots, as VS Code's
 * server definition gives them, not the home folder it starts the server in), symbolic links leading out of them,
 * the caps on files and bytes shared with the VS Code tool, and JSON-RPC 2.0's answers to what is not a message it
 * can take (raw lines on standard input) or a request with params of the wrong type. A catalogue file, no service:
 * check_references needs no more.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { buildCli, CATALOGUE } from './cliBundle';
import { MAX_CHECKED_FILES, MAX_FILE_BYTES } from '../../src/core/agentTools/fileBounds';

interface Answer {
  text: string;
  isError: boolean;
}

describe('MCP server: its roots, links out of them, caps, and JSON-RPC errors', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  /** The home folder: where VS Code starts a server it gives no cwd, holding a citation of its own. */
  let home: string;
  const clients: Client[] = [];

  const env = (): Record<string, string> => ({ PATH: process.env.PATH ?? '', HOME: home, STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') });
  const folder = (name: string, files: Record<string, string> = {}): string => {
    const root = path.join(dir, name);
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    fs.mkdirSync(root, { recursive: true });
    return root;
  };
  /** The server started with `args` after `mcp --catalogue …`, in `cwd`, driven by the MCP SDK's own client. */
  const start = async (args: string[], cwd: string): Promise<Client> => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--catalogue', CATALOGUE, ...args],
      cwd,
      env: env(),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'mcp-boundary-test', version: '1.0.0' });
    clients.push(client);
    await client.connect(transport);
    return client;
  };
  const check = async (client: Client, paths: string[], maxChars = 100_000): Promise<Answer> => {
    const result = await client.callTool({ name: 'check_references', arguments: { paths, maxChars } });
    return { text: (result.content as Array<{ text: string }>)[0].text, isError: result.isError === true };
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-mcp-boundary-'));
    cli = await buildCli(dir);
    home = folder('home', { 'notes.md': 'Risk per ISO 14971:2007.\n' });
    folder('outside', { 'secret.md': 'Secret quality manual: ISO 13485:1996.\n' });
  });

  after(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads "." in the root VS Code gives (--root), not the home folder it starts the server in; with no folder open, none', async () => {
    const workspace = folder('workspace', { 'docs/design.md': 'The quality system follows ISO 9001:2008.\n' });
    // As the extension's definition starts it: the workspace folder as a root, the process in the home folder.
    const client = await start(['--root', workspace], home);
    const answer = await check(client, ['.']);
    assert.ok(!answer.isError, answer.text);
    assert.match(answer.text, /- docs\/design\.md:1:\d+ "ISO 9001:2008"/);
    assert.doesNotMatch(answer.text, /14971|notes\.md/, 'nothing of the home folder');
    assert.match((await check(client, ['../home'])).text, /\.\.\/home is outside the folders this server reads/);

    const none = await start(['--no-roots'], home);
    const refused = await check(none, ['.']);
    assert.equal(refused.isError, true, refused.text);
    assert.match(refused.text, /no folder to read files from .* pass the text to check in `text` instead/);
    const text = await none.callTool({ name: 'check_references', arguments: { text: 'Per ISO 9001:2008.' } });
    assert.ok(!text.isError, 'text is still checked');
  });

  it('does not follow a symbolic link (to a folder or a file) out of the root, and says so', async () => {
    const workspace = folder('linked', { 'docs/design.md': 'The quality system follows ISO 9001:2008.\n', 'docs/risk.md': 'Risk: see design.\n' });
    fs.symlinkSync(path.join(dir, 'outside'), path.join(workspace, 'linked-folder'));
    fs.symlinkSync(path.join(dir, 'outside', 'secret.md'), path.join(workspace, 'linked-file.md'));
    // A link inside the root, to a file inside it: read.
    fs.symlinkSync(path.join(workspace, 'docs', 'design.md'), path.join(workspace, 'docs', 'same.md'));
    // git lists links as files: the walk that meets them is git's, not ours.
    execFileSync('git', ['init', '-q'], { cwd: workspace });
    const client = await start(['--root', workspace], workspace);
    const answer = await check(client, ['.']);
    assert.ok(!answer.isError, answer.text);
    assert.doesNotMatch(answer.text, /13485|secret/i, 'nothing read through the links');
    // The link to a folder is listed by git as a file too, but not read: no extension of a citing file.
    assert.match(answer.text, /Not read: 1 symbolic link leading outside the folders this tool may read \(not followed\): linked-file\.md\./);
    assert.match(answer.text, /- docs\/design\.md:1:\d+ "ISO 9001:2008"/);
    assert.match(answer.text, /- docs\/same\.md:1:\d+ "ISO 9001:2008"/);
    for (const given of ['linked-folder', 'linked-file.md', 'linked-folder/secret.md']) {
      const refused = await check(client, [given]);
      assert.equal(refused.isError, true, refused.text);
      assert.match(refused.text, /is a symbolic link \(or lies under one\) leading outside the folders this server reads/);
      assert.doesNotMatch(refused.text, /13485/);
    }
  });

  it('skips a file over the byte cap from its size alone, without reading it', async () => {
    const workspace = folder('large', { 'docs/design.md': 'The quality system follows ISO 9001:2008.\n' });
    // 3 GiB, sparse: read whole, it would fail (and take the memory); its size says enough.
    const big = path.join(workspace, 'docs', 'huge.txt');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 3 * 1024 ** 3);
    fs.writeFileSync(path.join(workspace, 'docs', 'blob.txt'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    const client = await start(['--root', workspace], workspace);
    const answer = await check(client, ['docs']);
    assert.ok(!answer.isError, answer.text);
    assert.match(answer.text, new RegExp(`Not read: 1 file larger than ${MAX_FILE_BYTES / 1_000_000} MB: docs/huge\\.txt; 1 binary file: docs/blob\\.txt\\.`));
    assert.match(answer.text, /^1 citation of a standard in 1 text;/);
  });

  it(`reads at most ${MAX_CHECKED_FILES} files for one call and names the rest as cut`, async function () {
    const workspace = folder('many');
    for (let i = 0; i < MAX_CHECKED_FILES + 2; i++) fs.writeFileSync(path.join(workspace, `f${String(i).padStart(5, '0')}.md`), 'ISO 9001:2008\n');
    const client = await start(['--root', workspace], workspace);
    // The head (counts, what was not read) only: it is always whole.
    const answer = await check(client, ['.'], 500);
    assert.ok(!answer.isError, answer.text);
    assert.match(answer.text, new RegExp(`^${MAX_CHECKED_FILES} citations of standards in ${MAX_CHECKED_FILES} texts;`));
    assert.match(
      answer.text,
      new RegExp(
        `Not read: 2 files over the limit of ${MAX_CHECKED_FILES} files for one call \\(name smaller folders to check them\\): f05000\\.md, f05001\\.md\\.`,
      ),
    );
  });

  it('answers an unknown tool with invalid params (-32602), as MCP says, and carries on', async () => {
    const client = await start([], home);
    await assert.rejects(
      client.callTool({ name: 'find_citations', arguments: { standard: 'ISO 9001' } }),
      (error: unknown) =>
        error instanceof McpError &&
        error.code === Number(ErrorCode.InvalidParams) &&
        /Unknown tool: find_citations\. The tools here are search_standards, get_clause, list_clauses, lookup_term, check_references\./.test(error.message),
    );
    assert.equal((await client.listTools()).tools.length, 5);
  });

  it('answers lines that are no JSON-RPC message, and params of the wrong type, as JSON-RPC 2.0 says, and keeps serving', async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--catalogue', CATALOGUE, '--no-roots'], { cwd: home, env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    const replies: Array<{ id: unknown; error?: { code: number; message: string }; result?: { tools?: unknown[] } }> = [];
    let out = '';
    const answered = new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`the server stopped (${code}) after ${replies.length} replies: ${out}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        for (let end = out.indexOf('\n'); end !== -1; end = out.indexOf('\n')) {
          replies.push(JSON.parse(out.slice(0, end)) as (typeof replies)[number]);
          out = out.slice(end + 1);
        }
        // The last request's answer: every line before it has been answered by then, or never will be.
        if (replies.some((reply) => reply.id === 'last')) resolve();
      });
    });
    const request = (id: number | string, method: string, params: object): string => JSON.stringify({ jsonrpc: '2.0', id, method, params });
    const lines = [
      request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      '{"jsonrpc": "2.0", "method": "tools/list", "id": 2',
      'not JSON at all',
      '',
      '42',
      '[]',
      '{"jsonrpc": "2.0", "method": 1, "id": 3}',
      '{"jsonrpc": "1.0", "method": "tools/list", "id": 4}',
      request(5, 'tools/call', { name: 42, arguments: {} }),
      request(6, 'tools/call', { name: 'check_references', arguments: 'ISO 9001:2008' }),
      request(7, 'tools/call', { arguments: {} }),
      request('last', 'tools/list', {}),
    ];
    child.stdin.write(lines.map((line) => `${line}\n`).join(''));
    try {
      await answered;
    } finally {
      child.stdin.end();
      child.kill();
    }
    const errors = replies.filter((reply) => reply.error).map((reply) => [reply.id, reply.error?.code, reply.error?.message]);
    assert.deepEqual(
      errors.map(([id, code]) => [id, code]),
      [
        [null, ErrorCode.ParseError],
        [null, ErrorCode.ParseError],
        [null, ErrorCode.InvalidRequest],
        [null, ErrorCode.InvalidRequest],
        [3, ErrorCode.InvalidRequest],
        [4, ErrorCode.InvalidRequest],
        [5, ErrorCode.InvalidParams],
        [6, ErrorCode.InvalidParams],
        [7, ErrorCode.InvalidParams],
      ],
    );
    const message = (id: number): string => String(errors.find(([replyId]) => replyId === id)?.[2]);
    assert.equal(message(3), 'Invalid Request: "method" must be a string.');
    assert.equal(message(4), 'Invalid Request: "jsonrpc" must be "2.0".');
    assert.equal(message(5), 'Invalid params for tools/call: params.name must be a string, not a number.');
    assert.equal(message(6), 'Invalid params for tools/call: params.arguments must be an object, not a string.');
    assert.equal(message(7), 'Invalid params for tools/call: params.name is missing (a string).');
    assert.equal(replies.find((reply) => reply.id === 'last')?.result?.tools?.length, 5, 'still serving');
  });
});
