/**
 * `standards-explorer check` against a faulty service, as a user runs it (dist/cli.js built into a temporary folder,
 * run as a Node process): issue 58's --timeout, the waits it says on standard error, and the advice for a clock off
 * and a connection the server resets. Against the sandbox, or a listener in front of it that places one fault on a
 * chosen page (faultyProxy.ts). Every run is killed after 40 s, so a run that would hang fails and leaves nothing behind.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sandboxControl, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import { buildCli, CATALOGUE } from './cliBundle';
import { runNode } from './nodeProcess';
import { pageOffset, startFaultyProxy } from './faultyProxy';

const KILL_AFTER_MS = 40_000;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

describe('command line under a faulty service (issue 58)', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let workspace: string;
  let sandbox: RunningSandbox;

  const run = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
    runNode(cli, args, {
      cwd: workspace,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: os.tmpdir(),
        STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'),
        STANDARDS_CLIENT_ID: sandbox.clientId,
        STANDARDS_CLIENT_SECRET: sandbox.clientSecret,
        ...env,
      },
      timeout: KILL_AFTER_MS,
      killSignal: 'SIGKILL',
    });
  const service = (baseUrl = sandbox.baseUrl): string[] => ['check', '--base-url', baseUrl, '--token-url', sandbox.tokenUrl, '--refresh'];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-cli-faults-'));
    cli = await buildCli(dir);
    workspace = path.join(dir, 'workspace');
    fs.mkdirSync(workspace);
    fs.writeFileSync(path.join(workspace, 'design.md'), 'The quality system follows ISO 9001:2008.\n');
    sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
  });
  after(async () => {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => sandboxControl(sandbox, 'config', { faults: '', retryAfterSeconds: 1, tokenClockSkewSeconds: 0 }));

  it('takes --timeout in whole seconds, and says what is wrong with any other value (exit 2)', async () => {
    for (const bad of ['0', 'abc', '1.5', '-3', '86401', '']) {
      const result = await run([...service(), `--timeout=${bad}`]);
      assert.equal(result.status, 2, bad);
      assert.equal(
        result.stderr,
        `standards-explorer: --timeout ${bad}: give the most the run may spend with the service in whole seconds, from 1 to 86400 (default 600).\n`,
      );
    }
    const help = await run(['--help']);
    assert.match(help.stdout, /--timeout SECONDS +the most check, lock and coverage spend with the service/);
    assert.match(help.stdout, /\(default: 600, at most 86400\)/);
  });

  it('stops at once with exit 2, saying why, when the service asks to wait an hour (Retry-After: 3600)', async () => {
    await sandboxControl(sandbox, 'config', { faults: '429:1', retryAfterSeconds: 3600 });
    // The default time limit: before it, this run waited 20 times 30 s and more, saying nothing.
    const { status, stdout, stderr } = await run(service());
    assert.equal(status, 2, stderr);
    assert.equal(stdout, '');
    assert.match(
      stderr,
      /^standards-explorer: Could not read the catalogue from the service: GET \/preprod\/v1\/standards\?limit=500&offset=0: too many requests \(429\).* The service asked to wait 3600 s before asking again, more than the \d+ s left of the run's time limit \(600 s\)\. Run the check again later, or allow it longer with --timeout SECONDS \(default 600\)\.\n$/,
    );
  });

  it('honours a short Retry-After and says on stderr what it waits for and how long', async () => {
    // Needed: one 429 with Retry-After: 1 on the first ask of the first page only, so the run then goes on.
    const proxy = await startFaultyProxy(sandbox.baseUrl, (p, asked) =>
      pageOffset(p) === 0 && asked === 0 ? { status: 429, headers: { 'Retry-After': '1' } } : undefined,
    );
    try {
      const { status, stdout, stderr } = await run([...service(proxy.baseUrl), '--format', 'json', '--timeout', '120']);
      assert.equal(status, 0, stderr);
      assert.match(
        stderr,
        /^standards-explorer: waiting 1 s before asking again for GET \/preprod\/v1\/standards\?limit=500&offset=0: the service answered 429, which asked for this wait \(Retry-After\) \(retry 1 of 3, 11\d s left of --timeout\)\.\n/m,
      );
      const report = JSON.parse(stdout) as { findings: Array<{ rule: string; cited: string }> };
      assert.deepEqual(
        report.findings.map((f) => `${f.rule} ${f.cited}`),
        ['withdrawn ISO 9001:2008'],
      );
      assert.equal(proxy.answered.get(429), 1);
    } finally {
      await proxy.close();
    }
  });

  it('names the clocks, not the credentials, when the identity provider’s clock is two hours behind', async () => {
    await sandboxControl(sandbox, 'config', { tokenClockSkewSeconds: -7200 });
    const { status, stderr } = await run(service());
    assert.equal(status, 2, stderr);
    assert.match(
      stderr,
      /stamped 7\d{3} s \(about 2 h\) before the time on this machine's clock\. Check the clocks: this machine's, the identity provider's and the service's must agree/,
    );
    assert.doesNotMatch(stderr, /STANDARDS_CLIENT_ID|STANDARDS_CLIENT_SECRET/);
  });

  it('says the server closed the connection, not to check the network and proxy, when it resets every connection', async () => {
    await sandboxControl(sandbox, 'config', { faults: 'drop:1' });
    const { status, stderr } = await run(service());
    assert.equal(status, 2, stderr);
    assert.match(
      stderr,
      /127\.0\.0\.1:\d+ closed the connection during GET \/preprod\/v1\/standards\?limit=500&offset=0 without answering \(ECONNRESET\)\. Run the check again later\./,
    );
    assert.doesNotMatch(stderr, /Could not reach|network and proxy/);
  });
});
