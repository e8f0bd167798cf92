/**
 * `standards-explorer check --format gitlab`: a GitLab Code Quality report, checked against a public JSON Schema of
 * Code Climate issues (test/fixtures/gitlab/codeclimate.schema.json, see test/fixtures/README.md) and against the
 * fields GitLab's documentation requires ("Code Quality report format"). dist/cli.js built with esbuild.js's options
 * into a temporary folder, run as a process on a git work tree, against the fixture catalogue.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import { buildCli, CATALOGUE } from './cliBundle';
import { formatReport, reportPieces } from '../../src/core/check/formats';
import type { Finding } from '../../src/core/check/checkText';
import type { CodeClimateIssue } from '../../src/core/check/gitlab';

const REPO = path.resolve(__dirname, '../../..');
const SCHEMA = path.join(REPO, 'test/fixtures/gitlab/codeclimate.schema.json');

/** What GitLab reads of each issue, as its documentation's table lists them (all required). */
const GITLAB_REQUIRED = {
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      description: { type: 'string', minLength: 1 },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      location: {
        type: 'object',
        required: ['path', 'lines'],
        properties: {
          path: { type: 'string', minLength: 1 },
          lines: { type: 'object', required: ['begin'], properties: { begin: { type: 'integer', minimum: 1 } } },
        },
      },
    },
  },
};

function validator(): (report: unknown) => string[] {
  // The fixture is written for draft-04, whose keywords here (type, enum, properties, required, uniqueItems) mean
  // the same in the draft Ajv reads; its meta-schema reference is dropped, the schema itself kept as published.
  const { $schema: _draft, ...schema } = JSON.parse(fs.readFileSync(SCHEMA, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const codeClimate = ajv.compile(schema);
  const gitlab = ajv.compile(GITLAB_REQUIRED);
  return (report) => {
    const errors: string[] = [];
    if (!codeClimate(report)) errors.push(...(codeClimate.errors ?? []).map((e) => `Code Climate schema: ${e.instancePath} ${e.message}`));
    if (!gitlab(report)) errors.push(...(gitlab.errors ?? []).map((e) => `GitLab's fields: ${e.instancePath} ${e.message}`));
    return errors;
  };
}

describe('GitLab Code Quality report (--format gitlab)', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let workspace: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-gitlab-'));
    cli = await buildCli(dir);
    workspace = path.join(dir, 'workspace');
    const write = (file: string, text: string | Buffer): void => {
      fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
      fs.writeFileSync(path.join(workspace, file), text);
    };
    write('docs/design.md', '# Design\n\nThe quality system follows ISO 9001:2008.\nAgain ISO 9001:2008, and IEC 61508-3:1998.\n');
    write('docs/notes.txt', 'ISO 99999:2020 (no such standard).\n');
    // Withdrawn editions as errors (a warning by default): every severity's mapping is under test.
    write('standards.config.json', JSON.stringify({ rules: { withdrawn: 'error' } }));
    write('docs/huge.txt', `${'ISO 9001:2008\n'.repeat(200)}`);
    write('image.png', Buffer.from('\x89PNG\r\n\x1a\n\0\0ISO 9001:2008', 'latin1'));
    execFileSync('git', ['init', '-q'], { cwd: workspace });
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('validates against the Code Climate schema and GitLab’s fields: severities mapped, fingerprints stable and distinct, a text file not read is an issue, binary files are not', () => {
    const out = spawnSync(process.execPath, [cli, 'check', '--catalogue', CATALOGUE, '--format', 'gitlab', '--max-file-size', '1kB'], {
      cwd: workspace,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: dir, STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') },
    });
    assert.equal(out.status, 0, out.stderr);
    const report = JSON.parse(out.stdout) as CodeClimateIssue[];
    assert.deepEqual(validator()(report), []);
    const brief = report.map((i) => [i.check_name, i.severity, i.location.path, i.location.lines.begin]);
    assert.deepEqual(brief, [
      ['withdrawn', 'critical', 'docs/design.md', 3],
      ['withdrawn', 'critical', 'docs/design.md', 4],
      ['superseded', 'minor', 'docs/design.md', 4],
      ['unknown', 'info', 'docs/notes.txt', 1],
      ['not-read', 'major', 'docs/huge.txt', 1],
    ]);
    assert.equal(new Set(report.map((i) => i.fingerprint)).size, report.length, 'each issue has its own fingerprint');
    assert.match(report[0].description, /ISO 9001:2008 is withdrawn; the current edition is ISO 9001:2015\. Fix: ISO 9001:2015$/);
    assert.match(report[4].description, /^docs\/huge\.txt was not read: 2\.8 kB, over the 1 kB limit/);
    assert.ok(!out.stdout.includes('image.png'), 'binary files are left out');

    // The same citations a line lower: the fingerprints stay (GitLab's widget shows no new issue for lines moved).
    fs.writeFileSync(
      path.join(workspace, 'docs/design.md'),
      '# Design\n\n\nThe quality system follows ISO 9001:2008.\nAgain ISO 9001:2008, and IEC 61508-3:1998.\n',
    );
    const moved = JSON.parse(
      spawnSync(process.execPath, [cli, 'check', '--catalogue', CATALOGUE, '--format', 'gitlab', '--max-file-size', '1kB'], {
        cwd: workspace,
        encoding: 'utf8',
      }).stdout,
    ) as CodeClimateIssue[];
    assert.deepEqual(
      moved.map((i) => i.fingerprint),
      report.map((i) => i.fingerprint),
    );
    assert.deepEqual(
      moved.slice(0, 3).map((i) => i.location.lines.begin),
      [4, 5, 5],
    );
  });

  it('writes no issue as an empty array, and a report of hundreds of findings in pieces that join to the same valid JSON', () => {
    const tool = { name: 'standards-explorer', version: 'test' };
    const validate = validator();
    assert.equal(formatReport({ findings: [], files: 3, tool, root: 'file:///w/' }, 'gitlab'), '[]\n');
    const findings: Finding[] = Array.from({ length: 250 }, (_, i) => ({
      rule: 'superseded',
      severity: 'warning',
      file: `docs/f${i % 7}.md`,
      line: i + 1,
      column: 1,
      endColumn: 14,
      cited: 'IEC 61508-3:1998',
      message: 'IEC 61508-3:1998 has a newer current edition: IEC 61508-3:2010.',
      fix: 'IEC 61508-3:2010',
    }));
    const pieces = [...reportPieces({ findings, files: 7, tool, root: 'file:///w/' }, 'gitlab')];
    assert.ok(pieces.length > 3, `${pieces.length} pieces`);
    const text = pieces.join('');
    assert.equal(text, formatReport({ findings, files: 7, tool, root: 'file:///w/' }, 'gitlab'));
    const report = JSON.parse(text) as CodeClimateIssue[];
    assert.equal(report.length, 250);
    assert.deepEqual(validate(report), []);
    assert.equal(new Set(report.map((i) => i.fingerprint)).size, 250);
  });
});
