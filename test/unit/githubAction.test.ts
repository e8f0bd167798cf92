/**
 * The GitHub Action as GitHub runs it: action.yml's `main` (dist/action.js, built with esbuild.js's own options into a
 * temporary folder) run by Node with the runner's environment — GITHUB_EVENT_PATH (a pull_request event), GITHUB_
 * WORKSPACE, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT and the inputs as INPUT_* — on a git repository with a base and a head
 * commit, against the fixture catalogue. Asserts the annotations (only the changed lines, at most 10 of each level,
 * the rest counted), the job summary, the outputs and the SARIF file.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { capAnnotations, cell, input } from '../../src/action/workflow';
import { runNode } from './nodeProcess';
import { git } from './testGit';
import { INPUTS } from '../../src/action/run';
import { startSandbox } from '../../sandbox/index';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import { CATALOGUE } from './cliBundle';

const REPO = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.js is plain CommonJS, the build's own options
const { targets } = require(path.join(REPO, 'esbuild.js')) as { targets: Record<string, esbuild.BuildOptions> };

/** GITHUB_OUTPUT's `name<<delimiter` entries. */
function outputs(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) result[match[1]] = match[3];
  return result;
}

describe('GitHub Action (action.yml, dist/action.js)', function () {
  this.timeout(60_000);
  let dir: string;
  let action: string;
  let repo: string;
  let bundled: string[];
  const sha = { base: '', head: '' };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-action-'));
    const { outdir: _outdir, ...options } = targets.action;
    const result = await esbuild.build({
      ...options,
      outdir: path.join(dir, 'dist'),
      absWorkingDir: REPO,
      sourcemap: false,
      metafile: true,
      logLevel: 'error',
    });
    bundled = Object.keys(result.metafile.inputs);
    const manifest = fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8');
    assert.match(manifest, /^runs:\n {2}using: node20\n {2}main: dist\/action\.js$/m);
    action = path.join(dir, 'dist', 'action.js');

    repo = path.join(dir, 'repo');
    fs.mkdirSync(path.join(repo, 'docs'), { recursive: true });
    git(repo, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(repo, 'docs/old.md'), 'Before the pull request: ISO 9001:2008.\n');
    // Withdrawn editions as errors (a warning by default): the annotations of all three levels are under test.
    fs.writeFileSync(path.join(repo, 'standards.config.json'), JSON.stringify({ rules: { withdrawn: 'error' } }));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'base');
    sha.base = git(repo, 'rev-parse', 'HEAD').trim();
    // The pull request: 15 withdrawn editions (errors), 13 superseded (warnings), 12 unknown standards (notes).
    fs.appendFileSync(path.join(repo, 'docs/old.md'), 'Added by the pull request: ISO 9001:2008.\n');
    const text = [
      ...Array.from({ length: 14 }, (_, i) => `Line ${i}: ISO 9001:2008.`),
      ...Array.from({ length: 13 }, (_, i) => `Line ${i}: IEC 61508-3:1998.`),
      ...Array.from({ length: 12 }, (_, i) => `Line ${i}: ISO 99999:2020.`),
    ];
    fs.writeFileSync(path.join(repo, 'docs/pr.md'), `${text.join('\n')}\n`);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'pull request');
    sha.head = git(repo, 'rev-parse', 'HEAD').trim();
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The action run as the runner runs it, in a step of its own (fresh summary and output files). */
  const runStep = async (
    inputs: Record<string, string>,
    event: object | null = { pull_request: { number: 7, base: { sha: sha.base }, head: { sha: sha.head } } },
    secrets: Record<string, string> = {},
  ): Promise<{ status: number | null; stdout: string; stderr: string; summary: string; outputs: Record<string, string> }> => {
    const step = fs.mkdtempSync(path.join(dir, 'step-'));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: step,
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_WORKSPACE: repo,
      GITHUB_STEP_SUMMARY: path.join(step, 'summary.md'),
      GITHUB_OUTPUT: path.join(step, 'output.txt'),
      RUNNER_TEMP: step,
      STANDARDS_EXPLORER_CACHE: path.join(step, 'cache'),
      ...secrets,
    };
    if (event) {
      env.GITHUB_EVENT_PATH = path.join(step, 'event.json');
      fs.writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify(event));
    }
    for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
    const run = await runNode(action, [], { cwd: repo, env, timeout: 30_000 });
    const read = (file: string): string => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
    return { ...run, summary: read(env.GITHUB_STEP_SUMMARY), outputs: outputs(read(env.GITHUB_OUTPUT)) };
  };

  it('on a pull request, annotates only the changed lines, 10 of each level with the rest counted, and writes the summary, outputs and SARIF', async () => {
    const step = await runStep({ catalogue: CATALOGUE, 'only-changed': 'true', 'fail-on': 'withdrawn', annotations: 'notice', sarif: 'reports/se.sarif' });
    assert.equal(step.status, 1, step.stdout + step.stderr);
    const annotations = step.stdout.split('\n').filter((line) => /^::(error|warning|notice) file=/.test(line));
    const of = (level: string): string[] => annotations.filter((line) => line.startsWith(`::${level} `));
    assert.deepEqual([of('error').length, of('warning').length, of('notice').length], [10, 10, 10]);
    assert.ok(
      annotations.every((line) => !/file=docs\/old\.md,line=1,/.test(line)),
      'the line before the pull request is not annotated',
    );
    assert.ok(annotations.some((line) => /^::error file=docs\/old\.md,line=2,/.test(line)));
    assert.match(
      step.stdout,
      /^10 more findings not annotated \(GitHub shows 10 of each level a step\): the job summary and reports\/se\.sarif have them all\.$/m,
    );
    assert.match(step.stdout, /the gate failed \(fail-on: withdrawn\)/);

    assert.deepEqual(step.outputs, { findings: '40', errors: '15', 'sarif-file': path.join(repo, 'reports/se.sarif') });
    assert.match(step.summary, /\*\*40 findings\*\* on lines this change added or changed \(15 errors, 13 warnings, 12 notes\) in 2 files checked\./);
    assert.match(step.summary, /Gate \(fail-on: withdrawn\): \*\*failed\*\*/);
    assert.match(step.summary, /^\| withdrawn \| 15 \| 0 \| 0 \|$/m);
    assert.match(step.summary, /^\| superseded \| 0 \| 13 \| 0 \|$/m);
    assert.match(step.summary, /not annotated: 5 errors, 3 warnings, 2 notices/);
    // The worst first: the table's first row is an error.
    assert.match(step.summary, /\| --- \| --- \| --- \| --- \|\n\| error \| docs\/old\.md:2 \| ISO 9001:2008 is withdrawn/);

    const sarif = JSON.parse(fs.readFileSync(path.join(repo, 'reports/se.sarif'), 'utf8')) as { version: string; runs: Array<{ results: unknown[] }> };
    assert.equal(sarif.version, '2.1.0');
    assert.equal(sarif.runs[0].results.length, 40);
    fs.rmSync(path.join(repo, 'reports'), { recursive: true });
  });

  it('without only-changed checks every line; annotations: none writes none; the gate passes without fail-on', async () => {
    const step = await runStep({ catalogue: CATALOGUE, annotations: 'none' });
    assert.equal(step.status, 0, step.stdout + step.stderr);
    assert.ok(!/^::/m.test(step.stdout), step.stdout);
    assert.equal(step.outputs.findings, '41');
    assert.match(step.summary, /\*\*41 findings\*\* \(16 errors/);
    assert.ok(fs.existsSync(path.join(repo, 'standards-explorer.sarif')));
    fs.rmSync(path.join(repo, 'standards-explorer.sarif'));
  });

  it('fails the step with an error annotation on a bad input, an event with no base commit or a check that cannot run', async () => {
    const noEvent = await runStep({ catalogue: CATALOGUE, 'only-changed': 'true' }, null);
    assert.equal(noEvent.status, 1);
    assert.match(noEvent.stdout, /^::error title=standards-explorer::only-changed: GITHUB_EVENT_PATH is not set/m);
    const push = await runStep({ catalogue: CATALOGUE, 'only-changed': 'true' }, { before: '0000000000000000000000000000000000000000' });
    assert.equal(push.status, 1);
    assert.match(push.stdout, /event names no base commit/);
    const level = await runStep({ catalogue: CATALOGUE, annotations: 'loud' });
    assert.equal(level.status, 1);
    assert.match(level.stdout, /annotations: "loud": give error, warning, notice or none\./);
    const missing = await runStep({ catalogue: path.join(dir, 'no-such-catalogue.jsonl') });
    assert.equal(missing.status, 1);
    assert.match(missing.stdout, /^::error title=standards-explorer::The check could not run/m);
    assert.match(missing.stderr, /no-such-catalogue\.jsonl/);
    assert.deepEqual(missing.outputs, {});
  });

  it('checks the paths given, one a line (after "--": a path is never taken for an option)', async () => {
    const step = await runStep({ catalogue: CATALOGUE, paths: 'docs/old.md\n', annotations: 'none' });
    assert.equal(step.status, 0, step.stdout + step.stderr);
    assert.equal(step.outputs.findings, '2');
    const option = await runStep({ catalogue: CATALOGUE, paths: '--fail-on=withdrawn', annotations: 'none' });
    assert.equal(option.status, 1);
    assert.match(option.stderr, /--fail-on=withdrawn: no such file or folder/);
  });

  it("reads the service's credentials from the step's env (secrets), as the command line does, and never writes them", async () => {
    const sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
    try {
      const secrets = { STANDARDS_CLIENT_ID: sandbox.clientId, STANDARDS_CLIENT_SECRET: sandbox.clientSecret };
      const service = { 'base-url': sandbox.baseUrl, 'token-url': sandbox.tokenUrl, 'only-changed': 'true', annotations: 'notice' };
      const step = await runStep(service, undefined, secrets);
      assert.equal(step.status, 0, step.stdout + step.stderr);
      assert.equal(step.outputs.findings, '40');
      const written = [step.stdout, step.stderr, step.summary, JSON.stringify(step.outputs), fs.readFileSync(step.outputs['sarif-file'], 'utf8')].join('\n');
      assert.ok(!written.includes(sandbox.clientSecret), 'the secret is written nowhere');
      fs.rmSync(step.outputs['sarif-file']);
      const none = await runStep(service);
      assert.equal(none.status, 1);
      assert.match(none.stderr, /The service needs credentials: set STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET/);
    } finally {
      await sandbox.close();
    }
  });

  it('declares in action.yml the inputs it reads, no more and no fewer', async () => {
    const manifest = fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8');
    const block = /^inputs:\n((?: {2}.*\n|\n)*)/m.exec(manifest)?.[1] ?? '';
    assert.deepEqual([...block.matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]).sort(), [...INPUTS].sort());
    const odd = await runStep({ catalogue: CATALOGUE, annotations: 'constructor' });
    assert.equal(odd.status, 1);
    assert.match(odd.stdout, /annotations: "constructor": give error, warning, notice or none\./);
  });

  it("the runner's protocol: inputs by name, annotations capped per level in order, table cells inert", () => {
    assert.equal(input({ 'INPUT_FAIL-ON': ' withdrawn ' }, 'fail-on'), 'withdrawn');
    assert.equal(input({ INPUT_MY_INPUT: 'x' }, 'my input'), 'x');
    const lines = ['::error file=a::1\n', ...Array.from({ length: 12 }, (_, i) => `::warning file=b,line=${i}::w\n`), 'plain\n', '::notice::n\n'];
    const { shown, cut } = capAnnotations(lines);
    assert.deepEqual(cut, { error: 0, warning: 2, notice: 0 });
    assert.deepEqual(shown.slice(-2), ['plain\n', '::notice::n\n']);
    assert.equal(shown.filter((l) => l.startsWith('::warning')).length, 10);
    assert.equal(cell('ISO 1 | [x](javascript:alert(1)) <img src=x> *a*\nnext'), 'ISO 1 \\| \\[x\\](javascript:alert(1)) \\<img src=x\\> \\*a\\* next');
  });

  it('is one file with what check needs and nothing else: the service client, no MCP server, coverage or other command', () => {
    const packages = new Set(bundled.flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []));
    assert.ok(packages.has('axios'), 'the service client is in');
    assert.ok(!packages.has('@modelcontextprotocol/sdk'));
    assert.ok(!bundled.some((input) => /src\/cli\/(mcp|coverage)\.ts$/.test(input)));
    assert.deepEqual(fs.readdirSync(path.join(dir, 'dist')), ['action.js']);
    // Not shipped with the extension: .vscodeignore lists what the VSIX holds, and dist/action.js is not in it.
    assert.ok(!fs.readFileSync(path.join(REPO, '.vscodeignore'), 'utf8').includes('action'));
  });
});
