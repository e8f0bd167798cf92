/**
 * The MCP server says on its log what it waits for, as the command line does: a 429 with Retry-After on the first ask
 * of the catalogue's first page (a listener in front of the sandbox places it: faultyProxy.ts) is a "waiting" line on
 * standard error, and the tool still answers. Driven by the MCP SDK's own client.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildCli, CATALOGUE } from './cliBundle';
import { pageOffset, startFaultyProxy } from './faultyProxy';
import { startSandbox } from '../../sandbox/index';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';

describe('MCP server: waits the service asks for are said on its log', function () {
  this.timeout(60_000);

  it('logs the wait of a Retry-After, then answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-mcp-waits-'));
    const sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
    const proxy = await startFaultyProxy(sandbox.baseUrl, (p, asked) =>
      pageOffset(p) === 0 && asked === 0 ? { status: 429, headers: { 'Retry-After': '1' } } : undefined,
    );
    const client = new Client({ name: 'mcp-waits-test', version: '1.0.0' });
    try {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [await buildCli(dir), 'mcp', '--no-roots'],
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dir,
          STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'),
          STANDARDS_BASE_URL: proxy.baseUrl,
          STANDARDS_TOKEN_URL: sandbox.tokenUrl,
          STANDARDS_CLIENT_ID: sandbox.clientId,
          STANDARDS_CLIENT_SECRET: sandbox.clientSecret,
        },
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await client.connect(transport);
      const result = await client.callTool({ name: 'search_standards', arguments: { query: 'ISO 9001', limit: 1 } });
      assert.notEqual(result.isError, true, JSON.stringify(result));
      assert.match(
        stderr,
        /standards-explorer mcp: waiting 1 s before asking again for GET \/preprod\/v1\/standards\?limit=500&offset=0: the service answered 429/,
      );
      assert.equal(proxy.answered.get(429), 1);
    } finally {
      await client.close().catch(() => undefined);
      await proxy.close();
      await sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
