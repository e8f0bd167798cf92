/**
 * `standards-explorer check` as a user runs it: dist/cli.js, built with esbuild.js's own options into a temporary
 * folder, run as a Node process in a workspace of real files (a git work tree, so .gitignore counts), against the
 * fixture catalogue (real ISO and IEC records, test/fixtures/cli/README.md) or the sandbox over HTTP with a real
 * identity provider. Asserts the report, the exit status and what never reaches the output.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildCli, CATALOGUE } from './cliBundle';
import { runNode, type ProcessRun } from './nodeProcess';
import { sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import type { RunningSandbox } from '../../sandbox/types';
import { freePort } from '../harness/ports';

const REPO = path.resolve(__dirname, '../../..');

/** The parts of a SARIF log the tests read. */
interface SarifLog {
  version: string;
  runs: Array<{
    tool: { driver: { rules: Array<{ id: string }> } };
    originalUriBaseIds: Record<string, { uri: string }>;
    results: Array<{
      ruleId: string;
      level: string;
      message: { text: string };
      locations: Array<{ physicalLocation: { region: Record<string, unknown> & { startLine: number } } }>;
      partialFingerprints: Record<string, string>;
      fixes?: Array<{ artifactChanges: Array<{ replacements: Array<{ insertedContent: { text: string } }> }> }>;
    }>;
  }>;
}

type Run = ProcessRun;

describe('command line: standards-explorer check', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let workspace: string;

  const run = (args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> => runWith(cli, args, options);
  const runWith = (script: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> =>
    // Only what the check reads of the environment: no STANDARDS_* of the machine running the tests.
    runNode(script, args, {
      cwd: options.cwd ?? workspace,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'), ...options.env },
    });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-cli-'));
    cli = await buildCli(dir);
    workspace = path.join(dir, 'workspace');
    const write = (file: string, text: string): void => {
      fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
      fs.writeFileSync(path.join(workspace, file), text);
    };
    write('docs/design.md', '# Design\n\nThe quality system follows ISO 9001:2008, clause 7.1.\nRisk management: ISO 14971:2019.\n');
    write('src/safety.c', '/* Software units per IEC 61508-3:1998 and IEC 62304. */\nint main(void) { return 0; }\n');
    write('docs/notes.txt', 'EN ISO 13485:2003 and ISO 99999:2020 (no such standard).\n');
    write('build/generated.md', 'ISO 9001:1994 in a generated file that .gitignore excludes.\n');
    write('.gitignore', 'build/\n');
    write('image.png', '\x89PNG\r\n\x1a\n\0\0ISO 9001:2008');
    execFileSync('git', ['init', '-q'], { cwd: workspace });
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports withdrawn, superseded and unknown citations by file, with the fix, and exits 0 without a gate', async () => {
    const { status, stdout, stderr } = await run(['check', '--catalogue', CATALOGUE]);
    // Said, not skipped in silence: a catalogue file cannot tell whether clause 7.1 exists.
    assert.equal(
      stderr,
      'standards-explorer: 1 citation of a clause was not checked against its edition (a catalogue file lists no clauses; the missing-clause rule needs the service).\n',
    );
    assert.equal(status, 0, stdout);
    assert.match(
      stdout,
      /^docs\/design\.md\n {2}3:28 +warning +ISO 9001:2008 is withdrawn; the current edition is ISO 9001:2015\. +withdrawn\n +fix: ISO 9001:2015$/m,
    );
    assert.match(stdout, /^src\/safety\.c\n {2}1:23 +warning +IEC 61508-3:1998 has a newer current edition: IEC 61508-3:2010\. +superseded$/m);
    assert.match(stdout, /EN ISO 13485:2003 is withdrawn; the current edition is ISO 13485:2016\.[^\n]*\n +fix: EN ISO 13485:2016/);
    assert.match(stdout, /ISO 99999:2020: the catalogue has no such standard\. +unknown/);
    assert.ok(!stdout.includes('generated.md'), '.gitignore is honoured');
    assert.ok(!stdout.includes('image.png'), 'binary files are not read');
    assert.ok(!/ISO 14971:2019/.test(stdout), 'a current edition is no finding');
    assert.match(stdout, /4 findings \(0 errors, 3 warnings, 1 note\); 3 files checked\.\n$/);
  });

  it('packs as the command line alone: npm pack carries dist/cli.js and its parts (dist/cli-*.js), the manifest, README and LICENSE, nothing else', () => {
    const packed = path.join(dir, 'packed');
    fs.mkdirSync(path.join(packed, 'dist'), { recursive: true });
    for (const file of ['package.json', '.npmignore', 'README.md', 'LICENSE', 'esbuild.js']) fs.copyFileSync(path.join(REPO, file), path.join(packed, file));
    for (const file of fs.readdirSync(dir).filter((f) => /^cli.*\.js$/.test(f))) fs.copyFileSync(path.join(dir, file), path.join(packed, 'dist', file));
    fs.writeFileSync(path.join(packed, 'dist', 'extension.js'), '');
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: packed,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'silent' },
    });
    const [{ files }] = JSON.parse(out) as Array<{ files: Array<{ path: string }> }>;
    assert.deepEqual(files.map((f) => f.path).sort(), [
      'LICENSE',
      'README.md',
      'dist/cli-catalogue-export.js',
      'dist/cli-coverage.js',
      'dist/cli-fix.js',
      'dist/cli-lsp.js',
      'dist/cli-math.js',
      'dist/cli-mcp.js',
      'dist/cli-service.js',
      'dist/cli.js',
      'package.json',
    ]);
    // The bundles carry what they run: `npx standards-explorer` downloads the tarball and nothing else.
    const manifest = JSON.parse(fs.readFileSync(path.join(packed, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual([manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies], [undefined, undefined, undefined]);
  });

  it('checks against a catalogue file with dist/cli.js alone: the service, coverage and MCP parts are not loaded', async () => {
    const alone = path.join(dir, 'alone');
    fs.mkdirSync(alone, { recursive: true });
    fs.copyFileSync(cli, path.join(alone, 'cli.js'));
    const { status, stdout, stderr } = await runWith(path.join(alone, 'cli.js'), ['check', 'src', '--catalogue', CATALOGUE]);
    assert.equal(stderr, '');
    assert.equal(status, 0);
    assert.match(stdout, /IEC 61508-3:1998 has a newer current edition/);
    // Asking the service needs its part: without it, the tool says it is broken (exit 2), not "no findings".
    const service = await runWith(path.join(alone, 'cli.js'), ['check', 'src', '--base-url', 'http://127.0.0.1:9/v0', '--token-url', 'http://127.0.0.1:9/t']);
    assert.equal(service.status, 2);
    assert.match(service.stderr, /cli-service\.js/);
  });

  it('does not enter node_modules or .git outside a git work tree', async () => {
    const plain = path.join(dir, 'plain');
    for (const [file, text] of [
      ['docs/a.md', 'ISO 9001:2008\n'],
      ['node_modules/pkg/README.md', 'ISO 9001:1994\n'],
      ['sub/node_modules/pkg/b.md', 'ISO 9001:1994\n'],
      ['.git/c.md', 'ISO 9001:1994\n'],
      ['.github/workflows/d.yml', 'ISO 9001:2000\n'],
    ]) {
      fs.mkdirSync(path.dirname(path.join(plain, file)), { recursive: true });
      fs.writeFileSync(path.join(plain, file), text);
    }
    const { status, stdout } = await run(['check', '--catalogue', CATALOGUE, '--format', 'json'], { cwd: plain });
    assert.equal(status, 0);
    const report = JSON.parse(stdout) as { files: number; findings: Array<{ file: string }> };
    assert.deepEqual(report.findings.map((f) => f.file).sort(), ['.github/workflows/d.yml', 'docs/a.md']);
    assert.equal(report.files, 2);
  });

  it('exits 1 when a finding reaches --fail-on, and 0 when none does', async () => {
    assert.equal((await run(['check', '--catalogue', CATALOGUE, '--fail-on', 'withdrawn'])).status, 1);
    assert.equal((await run(['check', 'src', '--catalogue', CATALOGUE, '--fail-on', 'withdrawn'])).status, 0);
    assert.equal((await run(['check', 'src', '--catalogue', CATALOGUE, '--fail-on', 'withdrawn,superseded'])).status, 1);
  });

  it('writes JSON with stable rule ids, positions and fixes', async () => {
    const { status, stdout } = await run(['check', 'docs/design.md', '--catalogue', CATALOGUE, '--format', 'json']);
    assert.equal(status, 0);
    const report = JSON.parse(stdout) as { files: number; summary: Record<string, number>; findings: Array<Record<string, unknown>> };
    assert.equal(report.files, 1);
    // A withdrawn edition is a warning by default (core/check/severities.ts, as the editor shows it).
    assert.deepEqual(report.summary, { error: 0, warning: 1, note: 0 });
    assert.deepEqual(report.findings[0], {
      rule: 'withdrawn',
      severity: 'warning',
      file: 'docs/design.md',
      line: 3,
      column: 28,
      endColumn: 41,
      cited: 'ISO 9001:2008',
      message: 'ISO 9001:2008 is withdrawn; the current edition is ISO 9001:2015.',
      standard: { urn: report.findings[0].standard && (report.findings[0].standard as { urn: string }).urn, reference: 'ISO 9001:2008', status: 'withdrawn' },
      fix: 'ISO 9001:2015',
    });
  });

  it("writes GitHub workflow commands: one annotation per finding, in the runner's syntax", async () => {
    const { stdout } = await run(['check', '--catalogue', CATALOGUE, '--format', 'github']);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines.length, 4);
    // ::<error|warning|notice> file=…,line=…,col=…,endColumn=…,title=…::message — properties escaped (%3A, %2C), data escaped (%25, %0A).
    for (const line of lines) assert.match(line, /^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,endColumn=\d+,title=[^,:]+::[^\r\n]+$/);
    assert.ok(lines.some((l) => l.startsWith('::warning file=docs/design.md,line=3,col=28,endColumn=41,title=withdrawn%3A The cited edition is withdrawn.::')));
  });

  it("writes SARIF 2.1.0 that Microsoft's SARIF validator accepts, with rules, fingerprints and fixes", async () => {
    const { status, stdout } = await run(['check', '--catalogue', CATALOGUE, '--format', 'sarif', '--output', 'report.sarif']);
    assert.equal(status, 0);
    assert.equal(stdout, '');
    const file = path.join(workspace, 'report.sarif');
    const sarif = JSON.parse(fs.readFileSync(file, 'utf8')) as SarifLog;
    const run0 = sarif.runs[0];
    assert.equal(sarif.version, '2.1.0');
    assert.deepEqual(
      run0.tool.driver.rules.map((r) => r.id),
      ['withdrawn', 'superseded', 'undated', 'unknown', 'missing-clause', 'changed', 'unlocked'],
    );
    const withdrawn = run0.results.find((r) => r.message.text.startsWith('ISO 9001:2008'));
    assert.ok(withdrawn);
    assert.equal(withdrawn.ruleId, 'withdrawn');
    assert.equal(withdrawn.level, 'warning');
    assert.deepEqual(withdrawn.locations[0].physicalLocation.region, { startLine: 3, startColumn: 28, endColumn: 41, snippet: { text: 'ISO 9001:2008' } });
    assert.equal(withdrawn.fixes?.[0].artifactChanges[0].replacements[0].insertedContent.text, 'ISO 9001:2015');
    assert.match(withdrawn.partialFingerprints['citation/v1'], /^[0-9a-f]{32}$/);
    assert.equal(run0.originalUriBaseIds.SRCROOT.uri, `${pathToFileURL(workspace).href}/`);
    // Lines moving above a finding leave its fingerprint as it was.
    fs.writeFileSync(path.join(workspace, 'docs/design.md'), `\n\n${fs.readFileSync(path.join(workspace, 'docs/design.md'), 'utf8')}`);
    try {
      const again = JSON.parse((await run(['check', 'docs/design.md', '--catalogue', CATALOGUE, '--format', 'sarif'])).stdout) as SarifLog;
      assert.equal(again.runs[0].results[0].locations[0].physicalLocation.region.startLine, 5);
      assert.equal(again.runs[0].results[0].partialFingerprints['citation/v1'], withdrawn.partialFingerprints['citation/v1']);
    } finally {
      fs.writeFileSync(path.join(workspace, 'docs/design.md'), fs.readFileSync(path.join(workspace, 'docs/design.md'), 'utf8').slice(2));
    }
    // Microsoft's validator (@microsoft/sarif-multitool from the npm registry; its binary, without the wrapper's
    // shell): errors fail, warnings and notes are advice.
    const validated = path.join(dir, 'validation.sarif');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's main export is the binary's path
    const multitool = require('@microsoft/sarif-multitool') as string;
    const out = spawnSync(multitool, ['validate', file, '--output', validated], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(out.status, 0, out.stdout + out.stderr);
    const { results } = (JSON.parse(fs.readFileSync(validated, 'utf8')) as SarifLog).runs[0];
    assert.deepEqual(
      results.filter((r) => r.level === 'error').map((r) => r.ruleId),
      [],
    );
    // It did analyse the log: a value it cannot read (an unknown level) makes it stop without a word, so its one
    // expected piece of advice (SARIF2005: no informationUri, as this tool has no public page) must be there.
    assert.deepEqual(
      results.map((r) => r.ruleId),
      ['SARIF2005'],
    );
    fs.rmSync(file);
  });

  it('writes JUnit XML: a suite per file, a failing case per error or warning, notes as passing cases', async () => {
    const { stdout } = await run(['check', '--catalogue', CATALOGUE, '--format', 'junit']);
    assert.match(stdout, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="standards-explorer check" tests="4" failures="3" errors="0">\n/);
    assert.match(stdout, /<testsuite name="docs\/design\.md" tests="1" failures="1" errors="0" skipped="0">/);
    assert.match(
      stdout,
      /<testcase classname="docs\/design\.md" name="3:28 withdrawn: ISO 9001:2008"><failure type="withdrawn" message="ISO 9001:2008 is withdrawn; the current edition is ISO 9001:2015\.">/,
    );
    assert.match(stdout, /<testcase classname="docs\/notes\.txt" name="1:23 unknown: ISO 99999:2020"><system-out>/);
    fs.writeFileSync(path.join(dir, 'clean.md'), 'Risk management per ISO 14971:2019.\n');
    const clean = await run(['check', 'clean.md', '--catalogue', CATALOGUE, '--format', 'junit'], { cwd: dir });
    assert.equal(clean.status, 0);
    assert.match(
      clean.stdout,
      /<testsuites name="standards-explorer check" tests="1" failures="0" errors="0">\n {2}<testsuite name="standards-explorer check" tests="1"[^>]*>\n {4}<testcase classname="standards-explorer" name="citations"\/>/,
    );
  });

  it('judges editions as they stood on an --as-of date: an edition replaced later was current then', async () => {
    const findings = async (asOf: string): Promise<string[]> => {
      const { status, stdout } = await run(['check', '--catalogue', CATALOGUE, '--format', 'json', '--as-of', asOf]);
      assert.equal(status, 0);
      return (JSON.parse(stdout) as { findings: Array<{ rule: string; cited: string; message: string }> }).findings.map((f) => `${f.rule} ${f.cited}`);
    };
    // ISO 9001:2008 was replaced in 2015, ISO 13485:2003 in 2016, IEC 61508-3:1998 in 2010.
    assert.deepEqual(await findings('2009-06-30'), ['unknown ISO 99999:2020']);
    assert.deepEqual(await findings('2012'), ['unknown ISO 99999:2020', 'superseded IEC 61508-3:1998']);
    assert.deepEqual(await findings('2015-12-31'), ['withdrawn ISO 9001:2008', 'unknown ISO 99999:2020', 'superseded IEC 61508-3:1998']);
    const { stdout } = await run(['check', 'docs/design.md', '--catalogue', CATALOGUE, '--as-of', '2016-01-01']);
    assert.match(stdout, /ISO 9001:2008 is withdrawn; the current edition as of 2016 is ISO 9001:2015\./);
    for (const bad of ['2019-13-01', 'June 2019', '19']) {
      const result = await run(['check', '--catalogue', CATALOGUE, '--as-of', bad]);
      assert.equal(result.status, 2, bad);
      assert.match(result.stderr, /--as-of .+: give a date as YYYY-MM-DD \(or a year, YYYY\)\./);
    }
  });

  it('keeps the index of a catalogue file in the cache, under a hash of the file: a changed file is indexed anew', async () => {
    const file = path.join(dir, 'own-catalogue.jsonl');
    const cache = path.join(dir, 'file-index-cache');
    const original = fs.readFileSync(CATALOGUE, 'utf8');
    fs.writeFileSync(file, original);
    const env = { STANDARDS_EXPLORER_CACHE: cache };
    const first = await run(['check', 'docs/design.md', '--catalogue', file, '--format', 'json'], { env });
    assert.equal(first.status, 0, first.stderr);
    const indexes = fs.readdirSync(cache).filter((name) => name.endsWith('.index'));
    assert.equal(indexes.length, 1, 'the index is kept');
    assert.equal(fs.statSync(path.join(cache, indexes[0])).mode & 0o777, 0o600, 'owner-only, like every cached file');
    const again = await run(['check', 'docs/design.md', '--catalogue', file, '--format', 'json'], { env });
    assert.equal(again.stdout, first.stdout, 'read from the cache: the same report');
    // The 2008 edition made current: a stale index would still call it withdrawn.
    fs.writeFileSync(file, original.replace(/("reference": "ISO 9001:2008"[^\n]*"status": )"withdrawn"/, '$1"current"'));
    assert.notEqual(fs.readFileSync(file, 'utf8'), original);
    const changed = await run(['check', 'docs/design.md', '--catalogue', file, '--format', 'json'], { env });
    const rules = (stdout: string): string[] =>
      (JSON.parse(stdout) as { findings: Array<{ cited: string; rule: string }> }).findings.filter((f) => f.cited === 'ISO 9001:2008').map((f) => f.rule);
    assert.deepEqual(rules(first.stdout), ['withdrawn']);
    assert.deepEqual(rules(changed.stdout), ['superseded'], 'current, with a newer edition: superseded, no longer withdrawn');
    assert.equal(fs.readdirSync(cache).filter((name) => name.endsWith('.index')).length, 2);
    // Gzipped, as the real catalogue is distributed: the same report as the plain file.
    fs.writeFileSync(`${file}.gz`, gzipSync(original));
    const gzipped = await run(['check', 'docs/design.md', '--catalogue', `${file}.gz`, '--format', 'json'], { env });
    assert.equal(gzipped.status, 0, gzipped.stderr);
    assert.equal(gzipped.stdout, first.stdout);
  });

  it('reads the config: severities, include and exclude, the gate; and --output', async () => {
    const configured = path.join(dir, 'configured');
    fs.cpSync(workspace, configured, { recursive: true });
    fs.writeFileSync(
      path.join(configured, 'standards.config.json'),
      JSON.stringify({
        include: ['**/*.{md,c}'],
        exclude: ['src/**'],
        rules: { undated: 'warning', unknown: 'off' },
        failOn: ['undated'],
        catalogue: CATALOGUE,
      }),
    );
    fs.appendFileSync(path.join(configured, 'docs/design.md'), 'Software life cycle: IEC 62304.\n');
    const { status, stdout, stderr } = await run(['check', '--output', 'out/report.json', '--format', 'json'], { cwd: configured });
    assert.equal(status, 1, stderr);
    assert.equal(stdout, '');
    assert.match(stderr, /report written to out\/report\.json/);
    const report = JSON.parse(fs.readFileSync(path.join(configured, 'out/report.json'), 'utf8')) as {
      files: number;
      findings: Array<{ rule: string; file: string }>;
    };
    assert.equal(report.files, 1, 'only docs/design.md: notes.txt is not included, src/ is excluded');
    assert.deepEqual(report.findings.map((f) => f.rule).sort(), ['undated', 'withdrawn']);
  });

  it('cannot run (exit 2, a message naming what and where) on a broken config, bad arguments or no catalogue', async () => {
    const broken = path.join(dir, 'broken');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, 'standards.config.json'), JSON.stringify({ rules: { withdrawn: 'fatal' } }));
    const config = await run(['check', '--catalogue', CATALOGUE], { cwd: broken });
    assert.equal(config.status, 2);
    assert.equal(config.stdout, '');
    assert.equal(config.stderr, 'standards-explorer: standards.config.json: "rules.withdrawn" must be one of error, warning, note, off.\n');
    fs.writeFileSync(path.join(broken, 'standards.config.json'), '{"include": ["**/*.md"],}');
    assert.match((await run(['check', '--catalogue', CATALOGUE], { cwd: broken })).stderr, /standards\.config\.json is not valid JSON/);
    fs.writeFileSync(path.join(broken, 'standards.config.json'), JSON.stringify({ failOnn: ['withdrawn'] }));
    assert.match((await run(['check', '--catalogue', CATALOGUE], { cwd: broken })).stderr, /"failOnn" is not a setting of the check/);

    const cases: Array<[string[], RegExp]> = [
      [['check', '--catalogue', CATALOGUE, '--format', 'xml'], /--format xml: the formats are text, json, github/],
      [['check', '--catalogue', CATALOGUE, '--fail-on', 'withdrawn,outdated'], /--fail-on names no rule: outdated/],
      [['check', '--catalogue', CATALOGUE, '--colour'], /Unknown option '--colour'/],
      [['check', 'no/such/folder', '--catalogue', CATALOGUE], /no\/such\/folder: no such file or folder/],
      [['check', '--catalogue', path.join(dir, 'missing.jsonl')], /Cannot read the catalogue file/],
      [['check'], /No catalogue to check against: give --catalogue FILE/],
      [['lint'], /Unknown command "lint"/],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      assert.equal(result.status, 2, args.join(' '));
      assert.match(result.stderr, message);
      assert.equal(result.stdout, '', 'no report when the check could not run');
    }
  });

  describe('against the service', () => {
    let sandbox: RunningSandbox;
    before(async () => {
      sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
    });
    after(() => sandbox.close());

    const credentials = (secret = sandbox.clientSecret): Record<string, string> => ({
      STANDARDS_CLIENT_ID: sandbox.clientId,
      STANDARDS_CLIENT_SECRET: secret,
    });

    it('reads the catalogue from the service with the credentials of the environment', async () => {
      const { status, stdout, stderr } = await run(['check', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl, '--format', 'json'], {
        env: credentials(),
      });
      assert.equal(status, 0, stderr);
      const report = JSON.parse(stdout) as { findings: Array<{ rule: string; cited: string }> };
      assert.deepEqual(
        report.findings.map((f) => `${f.rule} ${f.cited}`),
        ['withdrawn ISO 9001:2008', 'withdrawn EN ISO 13485:2003', 'unknown ISO 99999:2020', 'superseded IEC 61508-3:1998'],
      );
      // The same through the environment's URLs.
      const byEnv = await run(['check', '--fail-on', 'withdrawn'], {
        env: { ...credentials(), STANDARDS_BASE_URL: sandbox.baseUrl, STANDARDS_TOKEN_URL: sandbox.tokenUrl },
      });
      assert.equal(byEnv.status, 1);
    });

    it('keeps the catalogue it read for a day, owner-only, and reads it again with --refresh', async () => {
      const cache = path.join(dir, 'cache-of-its-own');
      const env = { ...credentials(), STANDARDS_EXPLORER_CACHE: cache };
      const args = ['check', 'docs/design.md', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl, '--format', 'json'];
      const pages = async (): Promise<number> => (await sandboxStats(sandbox)).requests.listStandards;
      const before = await pages();
      const first = await run(args, { env });
      assert.equal(first.status, 0, first.stderr);
      const read = (await pages()) - before;
      assert.ok(read >= 1, 'the first run reads the catalogue');
      const [file] = fs.readdirSync(cache);
      assert.match(file, /^catalogue-[0-9a-f]{16}\.index$/);
      assert.equal(fs.statSync(cache).mode & 0o777, 0o700);
      assert.equal(fs.statSync(path.join(cache, file)).mode & 0o777, 0o600);
      const again = await run(args, { env });
      assert.equal(again.stdout, first.stdout, 'the same report from the kept catalogue');
      assert.equal((await pages()) - before, read, 'no page asked again');
      await run([...args, '--refresh'], { env });
      assert.equal((await pages()) - before, 2 * read, '--refresh reads it again');
    });

    it("checks the cited clauses against the cited edition's clause list: missing-clause", async () => {
      const cited = path.join(dir, 'clauses');
      fs.mkdirSync(cited);
      fs.writeFileSync(
        path.join(cited, 'risk.md'),
        'Hazards per ISO 14971:2019, clause 7.1.\nResidual risk: ISO 14971:2019, clause 42.\nSee the Scope of ISO 14971:2019 and clause 10.3.2 of ISO 14971:2019.\n',
      );
      const { status, stdout, stderr } = await run(
        ['check', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl, '--format', 'json', '--fail-on', 'missing-clause'],
        {
          cwd: cited,
          env: credentials(),
        },
      );
      assert.equal(stderr, '');
      assert.equal(status, 1);
      const report = JSON.parse(stdout) as { findings: Array<{ rule: string; line: number; message: string }> };
      // Clause 7.1 and the Scope exist; 10.3.2 is deeper than the list goes under 10.3, which exists; 42 does not.
      assert.deepEqual(
        report.findings.map((f) => [f.rule, f.line, f.message]),
        [['missing-clause', 2, 'ISO 14971:2019 has no clause 42 (ISO 14971:2019).']],
      );
    });

    it('writes the coverage of a standard as Markdown, CSV, HTML and JSON, with justifications, and fails under --fail-under', async () => {
      const mapped = path.join(dir, 'coverage');
      fs.mkdirSync(mapped);
      fs.writeFileSync(
        path.join(mapped, 'risk.md'),
        [
          'Hazards per ISO 14971:2019, clause 7.1.',
          'Our scope: ISO 14971:2019, clause 1.',
          'Residual risk: ISO 14971:2019, clause 42.',
          '<!-- standards: not-applicable ISO 14971:2019 clause 8 — no production of our own -->',
          '<!-- standards: not-applicable ISO 14971:2019 clause 9 -->',
        ].join('\n'),
      );
      // A justification kept in the config instead of a file.
      fs.writeFileSync(
        path.join(mapped, 'standards.config.json'),
        JSON.stringify({ notApplicable: [{ standard: 'ISO 14971:2019', clause: '10', reason: 'no post-production here' }] }, null, 2),
      );
      const args = ['coverage', 'ISO 14971:2019', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl];
      const md = await run([...args], { cwd: mapped, env: credentials() });
      assert.equal(md.status, 0, md.stderr);
      assert.match(
        md.stdout,
        /^<!-- Generated by Standards Explorer[^\n]*\n# Coverage of ISO 14971:2019\n\n\d+ of \d+ clauses addressed, 2 not applicable, \d+ open\./,
      );
      assert.match(md.stdout, /\| 10 \| [^|]+ \| not applicable \| no post-production here \(standards\.config\.json:6\) \|/);
      assert.match(md.stdout, /\| Scope \| addressed \| risk\.md:2 \|/);
      assert.match(md.stdout, /\| 8 \| [^|]+ \| not applicable \| no production of our own \(risk\.md:4\) \|/);
      assert.match(md.stdout, /- risk\.md:3: ISO 14971:2019 — ISO 14971:2019 has no clause 42: renumbered/);
      assert.match(md.stdout, /- risk\.md:5: standards: not-applicable — ISO 14971:2019 clause 9 is marked not applicable without a reason/);
      // A committed export quotes citations ("clause 9 is marked not applicable without a reason"): not read again.
      assert.equal((await run([...args, '--output', 'coverage.md'], { cwd: mapped, env: credentials() })).status, 0);
      assert.equal((await run([...args], { cwd: mapped, env: credentials() })).stdout, md.stdout, 'the same coverage with its export beside');
      const json = await run([...args, '--format', 'json'], { cwd: mapped, env: credentials() });
      const report = JSON.parse(json.stdout) as { coveredPercent: number; counts: { total: number }; rows: Array<{ label: string; status: string }> };
      assert.ok(report.counts.total > 5 && report.coveredPercent > 0 && report.coveredPercent < 100, json.stdout.slice(0, 300));
      assert.equal(report.rows.find((r) => r.label === '7.1')?.status, 'addressed');
      const csv = await run([...args, '--format', 'csv', '--output', 'coverage.csv'], { cwd: mapped, env: credentials() });
      assert.equal(csv.status, 0, csv.stderr);
      assert.match(fs.readFileSync(path.join(mapped, 'coverage.csv'), 'utf8'), /^clause,title,depth,obligation,status,cited at,justification,justified at\r\n/);
      const html = await run([...args, '--format', 'html'], { cwd: mapped, env: credentials() });
      assert.match(html.stdout, /^<!DOCTYPE html>[\s\S]*<h1>Coverage of ISO 14971:2019<\/h1>/);
      assert.equal((await run([...args, '--fail-under', '100'], { cwd: mapped, env: credentials() })).status, 1);
      assert.equal((await run([...args, '--fail-under', '1'], { cwd: mapped, env: credentials() })).status, 0);
      const bad = await run([...args, '--format', 'pdf'], { cwd: mapped, env: credentials() });
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /--format pdf: coverage is written as md, csv, html, json/);
      const ambiguous = await run(['coverage', 'ISO 14971', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl], {
        cwd: mapped,
        env: credentials(),
      });
      assert.equal(ambiguous.status, 2);
      assert.match(ambiguous.stderr, /ISO 14971 has 3 editions in the catalogue/);
      fs.writeFileSync(path.join(mapped, 'standards.config.json'), JSON.stringify({ notApplicable: [{ standard: 'ISO 14971:2019', clause: '10' }] }));
      const noReason = await run([...args], { cwd: mapped, env: credentials() });
      assert.equal(noReason.status, 2);
      assert.match(noReason.stderr, /standards\.config\.json: "notApplicable\[0\]\.reason" must be a non-empty string/);
      fs.rmSync(path.join(mapped, 'standards.config.json'));
      const offline = await run(['coverage', 'ISO 14971:2019', '--catalogue', CATALOGUE], { cwd: mapped });
      assert.equal(offline.status, 2);
      assert.match(offline.stderr, /coverage needs the service/);
    });

    it('locks the cited clauses, then reports a clause changed since its review and citations the lock does not hold', async () => {
      const project = path.join(dir, 'locked');
      fs.mkdirSync(project);
      execFileSync('git', ['init', '-q'], { cwd: project });
      execFileSync('git', ['config', 'user.name', 'Jane Reviewer'], { cwd: project });
      fs.writeFileSync(path.join(project, 'risk.md'), 'Hazards per ISO 14971:2019, clause 7.1.\nApplies as in ISO 14971:2019, Scope. QMS: ISO 13485:2016.\n');
      const service = ['--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl];
      const inProject = { cwd: project, env: credentials() };
      const today = new Date().toISOString().slice(0, 10);

      const locked = await run(['lock', ...service], inProject);
      assert.equal(locked.stderr, '');
      assert.equal(locked.status, 0);
      assert.equal(locked.stdout, 'Locked 2 standards and 2 clauses in standards.lock (2 reviewed today).\n');
      const lockText = fs.readFileSync(path.join(project, 'standards.lock'), 'utf8');
      const lock = JSON.parse(lockText) as {
        version: number;
        standards: Record<string, { reference?: string; clauses: Record<string, Record<string, unknown>> }>;
      };
      assert.equal(lock.version, 1);
      const standard = Object.values(lock.standards).find((s) => s.reference === 'ISO 14971:2019');
      assert.ok(standard);
      const clauses = Object.entries(standard.clauses);
      assert.deepEqual(clauses.map(([, c]) => c.number).sort(), ['1', '7.1']);
      for (const [, clause] of clauses) {
        assert.deepEqual(Object.keys(clause), ['id', 'number', 'title', 'fingerprint', 'reviewed']);
        assert.match(String(clause.fingerprint), /^sha256:[0-9a-f]{64}$/);
        assert.deepEqual(clause.reviewed, { on: today, by: 'Jane Reviewer' });
      }
      assert.equal(lockText, `${JSON.stringify(lock, null, 2)}\n`, 'stable, pretty JSON');
      assert.equal((await run(['check', ...service, '--fail-on', 'changed,unlocked'], inProject)).status, 0, 'nothing changed, nothing unlocked');

      // A citation the lock does not hold.
      fs.appendFileSync(path.join(project, 'risk.md'), 'Controls: ISO 14971:2019, clause 5.1.\n');
      const unlocked = await run(['check', ...service, '--format', 'json'], inProject);
      const unlockedFindings = (JSON.parse(unlocked.stdout) as { findings: Array<{ rule: string; message: string }> }).findings;
      assert.deepEqual(
        unlockedFindings.map((f) => `${f.rule}: ${f.message}`),
        ['unlocked: Clause 5.1 of ISO 14971:2019 is not in standards.lock: run standards-explorer lock once it is reviewed.'],
      );

      // The publisher changes clause 7.1.
      const [clause71] = clauses.find(([, c]) => c.number === '7.1') ?? [];
      const urn = Object.keys(lock.standards).find((u) => lock.standards[u] === standard);
      assert.ok(clause71 && urn);
      await sandboxControl(sandbox, 'revise-clause', { urn, clauseId: clause71 });
      const changed = await run(['check', ...service, '--fail-on', 'changed'], inProject);
      assert.equal(changed.status, 1);
      assert.match(
        changed.stdout,
        new RegExp(`1:13 +error +Clause 7\\.1 of ISO 14971:2019 changed since it was reviewed on ${today} by Jane Reviewer\\. +changed`),
      );

      // Reviewed again: lock keeps the review of what did not change (the Scope, reviewed "earlier" here).
      const scope = clauses.find(([, c]) => c.number === '1')?.[0] ?? '';
      standard.clauses[scope].reviewed = { on: '2026-03-01', by: 'Sam Earlier' };
      fs.writeFileSync(path.join(project, 'standards.lock'), JSON.stringify(lock, null, 2));
      assert.equal((await run(['lock', ...service], inProject)).status, 0);
      const relocked = JSON.parse(fs.readFileSync(path.join(project, 'standards.lock'), 'utf8')) as typeof lock;
      const after = Object.values(relocked.standards).find((s) => s.reference === 'ISO 14971:2019');
      assert.deepEqual(after?.clauses[scope].reviewed, { on: '2026-03-01', by: 'Sam Earlier' });
      assert.notEqual(after?.clauses[clause71].fingerprint, standard.clauses[clause71].fingerprint);
      assert.deepEqual(after?.clauses[clause71].reviewed, { on: today, by: 'Jane Reviewer' });
      assert.equal((await run(['check', ...service, '--fail-on', 'changed,unlocked'], inProject)).status, 0);

      // A broken lock stops both commands; lock needs the service.
      fs.writeFileSync(
        path.join(project, 'standards.lock'),
        JSON.stringify({ version: 1, standards: { [urn]: { clauses: { x: { id: 'x', fingerprint: 'md5:1' } } } } }),
      );
      const broken = await run(['check', ...service], inProject);
      assert.equal(broken.status, 2);
      assert.match(broken.stderr, /standards\.lock: "standards\.[^"]+\.clauses\.x" needs "id" and a "fingerprint" of the form sha256:<64 hex digits>\./);
      fs.rmSync(path.join(project, 'standards.lock'));
      const offline = await run(['lock', '--catalogue', CATALOGUE], { cwd: project });
      assert.equal(offline.status, 2);
      assert.match(offline.stderr, /lock needs the service/);
      assert.ok(!fs.existsSync(path.join(project, 'standards.lock')));
    });

    it('cannot run (exit 2, never a report of zero findings) with wrong credentials or an unreachable service, and prints no secret', async () => {
      const secret = 'wrong-secret-7f3a9c';
      const denied = await run(['check', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl, '--refresh'], { env: credentials(secret) });
      assert.equal(denied.status, 2);
      assert.equal(denied.stdout, '');
      assert.match(denied.stderr, /Could not read the catalogue from the service: .+ Check STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET\./);
      assert.ok(!denied.stderr.includes(secret) && !denied.stderr.includes(sandbox.clientSecret), 'no secret in the message');

      const port = await freePort();
      const unreachable = await run(['check', '--base-url', `http://127.0.0.1:${port}/v0`, '--token-url', `http://127.0.0.1:${port}/token`], {
        env: credentials(),
      });
      assert.equal(unreachable.status, 2);
      assert.equal(unreachable.stdout, '');
      assert.match(unreachable.stderr, /Could not read the catalogue from the service: .+/);
      assert.ok(!unreachable.stderr.includes(sandbox.clientSecret));

      const missing = await run(['check', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl]);
      assert.equal(missing.status, 2);
      assert.match(missing.stderr, /The service needs credentials: set STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET/);
    });
  });
});
