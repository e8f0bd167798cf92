/**
 * A pull request that edits the repository's config must not get CI's credentials: the command line (check, lock,
 * coverage, mcp) takes the service's endpoints from its arguments and the environment only. A local listener stands in
 * for the attacker's endpoint and must receive nothing — no request at all, so no secret, token or key; the honest
 * runs read the sandbox (a real identity provider) with the endpoints of the environment.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';
import { runNode, type ProcessRun } from './nodeProcess';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';

const API_KEY = 'api-key-that-must-stay-home';

type Run = ProcessRun;

/** Everything the attacker's endpoint was sent: method, path, headers and body of each request. */
interface Listener {
  url: string;
  received: string[];
  close(): Promise<void>;
}

async function attackerEndpoint(): Promise<Listener> {
  const received: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(`${request.method ?? ''} ${request.url ?? ''} ${JSON.stringify(request.headers)} ${body}`);
      // As a token endpoint would answer, so that a client that got this far would go on to send the token.
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ access_token: 'attacker-token', token_type: 'Bearer', expires_in: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('command line: endpoints never come from the repository', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let sandbox: RunningSandbox;
  let attacker: Listener;

  const run = (args: string[], cwd: string, env: Record<string, string>): Promise<Run> =>
    runNode(cli, args, {
      cwd,
      // Only what the command reads of the environment: no STANDARDS_* of the machine running the tests.
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), STANDARDS_EXPLORER_CACHE: fs.mkdtempSync(path.join(dir, 'cache-')), ...env },
    });

  /** A repository whose config points the service at the attacker; `inPackageJson` puts it under package.json's "standards". */
  const hostileRepository = (name: string, endpoints: Record<string, string>, inPackageJson = false): string => {
    const workspace = path.join(dir, name);
    fs.mkdirSync(path.join(workspace, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'docs/design.md'), 'The quality system follows ISO 9001:2008, clause 7.1.\n');
    const config = { failOn: ['withdrawn'], ...endpoints };
    if (inPackageJson) fs.writeFileSync(path.join(workspace, 'package.json'), JSON.stringify({ name: 'victim', standards: config }));
    else fs.writeFileSync(path.join(workspace, 'standards.config.json'), JSON.stringify(config));
    return workspace;
  };

  const clientCredentials = (): Record<string, string> => ({
    STANDARDS_CLIENT_ID: sandbox.clientId,
    STANDARDS_CLIENT_SECRET: sandbox.clientSecret,
    STANDARDS_API_KEY: API_KEY,
  });

  /** The run stopped before sending anything anywhere, and said what to set instead; no secret in what it printed. */
  const refused = (result: Run, variable: RegExp): void => {
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /a repository's files never decide where this run sends its credentials/);
    assert.match(result.stderr, variable);
    assert.deepEqual(attacker.received, [], 'the attacker endpoint was sent nothing');
    for (const secret of [sandbox.clientSecret, API_KEY]) assert.ok(!`${result.stdout}${result.stderr}`.includes(secret));
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-cli-endpoints-'));
    cli = await buildCli(dir);
    sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
  });
  beforeEach(async () => {
    attacker = await attackerEndpoint();
  });
  afterEach(() => attacker.close());
  after(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops check, lock and coverage (exit 2) when the config names the endpoints and the credentials come from the environment', async () => {
    for (const inPackageJson of [false, true]) {
      const workspace = hostileRepository(`hostile-${inPackageJson}`, { baseUrl: `${attacker.url}/api`, tokenUrl: `${attacker.url}/token` }, inPackageJson);
      for (const args of [['check'], ['lock'], ['coverage', 'ISO 9001:2015']]) {
        const result = await run(args, workspace, clientCredentials());
        refused(result, /--base-url or STANDARDS_BASE_URL, and --token-url or STANDARDS_TOKEN_URL/);
        assert.match(result.stderr, inPackageJson ? /package\.json, key "standards" names/ : /standards\.config\.json names/);
      }
    }
  });

  it('stops a run holding a handed-over access token and an API key when only the base URL comes from the config', async () => {
    const workspace = hostileRepository('hostile-token', { baseUrl: `${attacker.url}/api` });
    const result = await run(['check'], workspace, { STANDARDS_ACCESS_TOKEN: 'handed-over-token', STANDARDS_API_KEY: API_KEY });
    refused(result, /--base-url or STANDARDS_BASE_URL/);
    assert.ok(!result.stderr.includes('handed-over-token'));
  });

  it('stops a run whose environment names the service but not its token URL, which the config would supply', async () => {
    const workspace = hostileRepository('hostile-token-url', { tokenUrl: `${attacker.url}/token` });
    const result = await run(['check'], workspace, { ...clientCredentials(), STANDARDS_BASE_URL: sandbox.baseUrl });
    refused(result, /--token-url or STANDARDS_TOKEN_URL/);
  });

  it('does not start the MCP server on a config that names the endpoints', async () => {
    const workspace = hostileRepository('hostile-mcp', { baseUrl: `${attacker.url}/api`, tokenUrl: `${attacker.url}/token` });
    refused(await run(['mcp'], workspace, clientCredentials()), /STANDARDS_BASE_URL/);
  });

  it("checks against the environment's service when the config names other endpoints, and says the config's were not used", async () => {
    const workspace = hostileRepository('honest', { baseUrl: `${attacker.url}/api`, tokenUrl: `${attacker.url}/token` });
    const env = { ...clientCredentials(), STANDARDS_BASE_URL: sandbox.baseUrl, STANDARDS_TOKEN_URL: sandbox.tokenUrl };
    const result = await run(['check', '--format', 'json'], workspace, env);
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout) as { findings: Array<{ rule: string; cited: string }> };
    assert.deepEqual(
      report.findings.map((f) => `${f.rule} ${f.cited}`),
      ['withdrawn ISO 9001:2008'],
    );
    assert.match(
      result.stderr,
      /standards\.config\.json: "baseUrl" and "tokenUrl" not used: the service's endpoints come from --base-url or STANDARDS_BASE_URL/,
    );
    assert.deepEqual(attacker.received, []);
    // The same with the endpoints as arguments.
    const byArguments = await run(['check', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl], workspace, clientCredentials());
    assert.equal(byArguments.status, 1, byArguments.stderr);
    assert.deepEqual(attacker.received, []);
  });

  it('keeps a repository-local catalogue file working with no service at all', async () => {
    const workspace = hostileRepository('catalogue-file', {});
    fs.copyFileSync(CATALOGUE, path.join(workspace, 'catalogue.jsonl'));
    fs.writeFileSync(path.join(workspace, 'standards.config.json'), JSON.stringify({ catalogue: 'catalogue.jsonl', failOn: ['withdrawn'] }));
    const result = await run(['check'], workspace, clientCredentials());
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stdout, /ISO 9001:2008 is withdrawn/);
  });
});
