/**
 * `standards-explorer check` on files it does not read: text files over --max-file-size (a 200 MB and a 600 MB one,
 * made sparse: a megabyte of text, then the length set), a binary one (UTF-16, a NUL in its first bytes), links to
 * a device and to a folder. Each is judged by its size and first bytes, never read whole (the check's peak memory
 * stays far below the files), and named as not read in every report format with its reason; a gate (--fail-on)
 * fails on a text file nobody read.
 * dist/cli.js built with esbuild.js's options, run as a process.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';
import { runNode } from './nodeProcess';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The process's peak resident memory. */
  peakMB: number;
}

interface Skipped {
  file: string;
  reason: string;
  bytes?: number;
  limit?: number;
  message: string;
}

/** A text file of `bytes` that takes a megabyte of disk: a megabyte of lines citing a withdrawn edition, then holes. */
function writeSparseText(file: string, bytes: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, 'The quality system follows ISO 9001:2008, clause 7.1.\n'.repeat(20_000));
    fs.ftruncateSync(fd, bytes);
  } finally {
    fs.closeSync(fd);
  }
}

describe('command line: files it does not read (too large, binary, no regular file) are named as not read', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let workspace: string;
  let preload: string;

  const run = async (args: string[], cwd = workspace): Promise<Run> => {
    // Killed should it read a file that never ends: a failure, not a hang.
    const { status, stdout, stderr } = await runNode(cli, args, {
      nodeArgs: ['--require', preload],
      cwd,
      timeout: 30_000,
      env: { PATH: process.env.PATH ?? '', HOME: dir, STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') },
    });
    const peak = /\npeakMB=(\d+(?:\.\d+)?)\n$/.exec(stderr);
    return { status, stdout, stderr: peak ? stderr.slice(0, peak.index + 1) : stderr, peakMB: peak ? Number(peak[1]) : NaN };
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-big-'));
    cli = await buildCli(dir);
    // The peak resident memory of the process, on standard error as it exits.
    preload = path.join(dir, 'peak.js');
    fs.writeFileSync(preload, "process.on('exit', () => process.stderr.write(`\\npeakMB=${(process.resourceUsage().maxRSS / 1024).toFixed(1)}\\n`));\n");
    workspace = path.join(dir, 'workspace');
    fs.mkdirSync(path.join(workspace, 'docs'), { recursive: true });
    fs.mkdirSync(path.join(workspace, 'data'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'docs/design.md'), 'Risk management per ISO 14971:2019; quality per ISO 9001:2008.\n');
    // 20 kB: read by default, not under --max-file-size 10kB.
    fs.writeFileSync(path.join(workspace, 'docs/long.md'), `${'Filler line.\n'.repeat(1600)}ISO 9001:2008\n`);
    writeSparseText(path.join(workspace, 'big.txt'), 200_000_000);
    writeSparseText(path.join(workspace, 'data/huge.txt'), 600_000_000);
    fs.writeFileSync(path.join(workspace, 'docs/utf16.txt'), Buffer.from('\ufeffISO 9001:2008\n', 'utf16le'));
  });

  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  it('names each text file over the limit, with its size and the limit, counts the binary one, and keeps memory bounded', async () => {
    const { status, stdout, stderr, peakMB } = await run(['check', '--catalogue', CATALOGUE]);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /^big\.txt\n {2}not read: 200 MB, over the 5 MB limit \(--max-file-size\)$/m);
    assert.match(stdout, /^data\/huge\.txt\n {2}not read: 600 MB, over the 5 MB limit \(--max-file-size\)$/m);
    assert.match(stdout, /^Not read: 1 binary file \(a NUL byte within the first 8 000 bytes: [^)]*\); --format json or sarif lists them\.$/m);
    assert.ok(!stdout.includes('utf16.txt'), 'binary files are counted, not named, in the text report');
    assert.match(stdout, /\n2 findings \(0 errors, 2 warnings, 0 notes\); 2 files checked; 2 files not read\.\n$/);
    // Neither file read whole: the 600 MB one stopped the check before (a string that long cannot be made).
    assert.ok(peakMB < 150, `peak memory ${peakMB} MB`);
  });

  it('says a file named on the command line was not read, and a gate (--fail-on) fails on it', async () => {
    const named = await run(['check', 'big.txt', '--catalogue', CATALOGUE]);
    assert.equal(named.status, 0, named.stderr);
    assert.equal(named.stdout, 'big.txt\n  not read: 200 MB, over the 5 MB limit (--max-file-size)\n\nNo findings; 0 files checked; 1 file not read.\n');
    assert.ok(named.peakMB < 150, `peak memory ${named.peakMB} MB`);

    const gate = await run(['check', 'big.txt', 'docs/utf16.txt', '--catalogue', CATALOGUE, '--fail-on', 'withdrawn']);
    assert.equal(gate.status, 1);
    assert.match(gate.stdout, /No findings; 0 files checked; 1 file not read\.\n$/);
    assert.match(
      gate.stderr,
      /the gate \(--fail-on\) fails: 1 file was not read \(the report names them\), so its citations were not checked\. Raise --max-file-size/,
    );
    // A binary file alone is no gap: the gate passes.
    const binary = await run(['check', 'docs/utf16.txt', '--catalogue', CATALOGUE, '--fail-on', 'withdrawn']);
    assert.equal(binary.status, 0, binary.stderr);
    assert.equal(
      binary.stdout,
      'Not read: 1 binary file (a NUL byte within the first 8 000 bytes: images, archives, PDF and Word files); --format json or sarif lists them.\nNo findings; 0 files checked.\n',
    );
  });

  it('lists every file not read in JSON, with its reason, size and the limit', async () => {
    const { status, stdout } = await run(['check', '--catalogue', CATALOGUE, '--format', 'json']);
    assert.equal(status, 0);
    const report = JSON.parse(stdout) as { files: number; skipped: Skipped[] };
    assert.equal(report.files, 2);
    assert.deepEqual(report.skipped, [
      { file: 'big.txt', reason: 'too-large', bytes: 200_000_000, limit: 5_000_000, message: 'Not read: 200 MB, over the 5 MB limit (--max-file-size).' },
      { file: 'data/huge.txt', reason: 'too-large', bytes: 600_000_000, limit: 5_000_000, message: 'Not read: 600 MB, over the 5 MB limit (--max-file-size).' },
      { file: 'docs/utf16.txt', reason: 'binary', bytes: 30, message: 'Not read: binary (a NUL byte within the first 8 000 bytes).' },
    ]);
  });

  it('writes each file not read as a tool execution notification of SARIF, which the validator accepts', async () => {
    const { status } = await run(['check', '--catalogue', CATALOGUE, '--format', 'sarif', '--output', path.join(dir, 'report.sarif')]);
    assert.equal(status, 0);
    const file = path.join(dir, 'report.sarif');
    const sarif = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      runs: Array<{
        tool: { driver: { notifications: Array<{ id: string }> } };
        invocations: Array<{
          executionSuccessful: boolean;
          toolExecutionNotifications: Array<{
            level: string;
            message: { text: string };
            descriptor: { id: string; index: number };
            locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }>;
          }>;
        }>;
      }>;
    };
    const [run0] = sarif.runs;
    const [invocation] = run0.invocations;
    assert.equal(invocation.executionSuccessful, true);
    assert.deepEqual(
      invocation.toolExecutionNotifications.map((n) => [n.level, n.descriptor.id, n.locations[0].physicalLocation.artifactLocation.uri, n.message.text]),
      [
        ['warning', 'too-large', 'big.txt', 'big.txt was not read: 200 MB, over the 5 MB limit (--max-file-size).'],
        ['warning', 'too-large', 'data/huge.txt', 'data/huge.txt was not read: 600 MB, over the 5 MB limit (--max-file-size).'],
        ['note', 'binary', 'docs/utf16.txt', 'docs/utf16.txt was not read: binary (a NUL byte within the first 8 000 bytes).'],
      ],
    );
    for (const n of invocation.toolExecutionNotifications) assert.equal(run0.tool.driver.notifications[n.descriptor.index].id, n.descriptor.id);
    // Microsoft's validator (as test/unit/cli.test.ts runs it): no error, and only the advice a clean log gets.
    const validated = path.join(dir, 'validation.sarif');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's main export is the binary's path
    const multitool = require('@microsoft/sarif-multitool') as string;
    const out = spawnSync(multitool, ['validate', file, '--output', validated], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(out.status, 0, out.stdout + out.stderr);
    const { results } = (JSON.parse(fs.readFileSync(validated, 'utf8')) as { runs: Array<{ results: Array<{ ruleId: string }> }> }).runs[0];
    assert.deepEqual(
      results.map((r) => r.ruleId),
      ['SARIF2005'],
    );
  });

  it('writes a GitHub warning on each file not read and one notice counting the binary files', async () => {
    const { stdout } = await run(['check', '--catalogue', CATALOGUE, '--format', 'github']);
    const lines = stdout.trimEnd().split('\n');
    assert.deepEqual(lines.slice(-3), [
      '::warning file=big.txt,title=Not read::big.txt was not read: 200 MB, over the 5 MB limit (--max-file-size). Its citations were not checked.',
      '::warning file=data/huge.txt,title=Not read::data/huge.txt was not read: 600 MB, over the 5 MB limit (--max-file-size). Its citations were not checked.',
      '::notice title=Binary files not read::Not read: 1 binary file (a NUL byte within the first 8 000 bytes: images, archives, PDF and Word files): docs/utf16.txt.',
    ]);
  });

  it('writes JUnit skipped cases: one per file not read, one for the binary files', async () => {
    const { stdout } = await run(['check', '--catalogue', CATALOGUE, '--format', 'junit']);
    assert.match(stdout, /<testsuites name="standards-explorer check" tests="5" failures="2" errors="0" skipped="3">/);
    assert.match(
      stdout,
      / {2}<testsuite name="files not read" tests="3" failures="0" errors="0" skipped="3">\n {4}<testcase classname="big\.txt" name="not read"><skipped message="big\.txt was not read: 200 MB, over the 5 MB limit \(--max-file-size\)\."\/><\/testcase>\n {4}<testcase classname="data\/huge\.txt" name="not read">.*\n {4}<testcase classname="standards-explorer" name="binary files not read"><skipped message="Not read: 1 binary file [^"]*"\/><\/testcase>\n {2}<\/testsuite>/,
    );
  });

  it('names a link to a device or a folder as not read, never reading it (a link to /dev/zero never ends)', async function () {
    if (process.platform === 'win32') this.skip();
    const linked = path.join(dir, 'linked');
    fs.mkdirSync(path.join(linked, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(linked, 'docs/design.md'), 'ISO 9001:2008\n');
    fs.symlinkSync('/dev/zero', path.join(linked, 'zero.md'));
    fs.symlinkSync('docs', path.join(linked, 'folder.md'));
    // git lists links (a walk of the folder does not): as a repository holds them.
    spawnSync('git', ['init', '-q'], { cwd: linked });
    const { status, stdout, stderr } = await run(['check', '--catalogue', CATALOGUE, '--format', 'json'], linked);
    assert.equal(status, 0, stderr);
    const report = JSON.parse(stdout) as { files: number; skipped: Skipped[] };
    assert.equal(report.files, 1);
    assert.deepEqual(report.skipped, [
      { file: 'folder.md', reason: 'not-a-file', message: 'Not read: not a regular file (a device, a pipe or a folder).' },
      { file: 'zero.md', reason: 'not-a-file', message: 'Not read: not a regular file (a device, a pipe or a folder).' },
    ]);
  });

  it('reads up to --max-file-size, and cannot run (exit 2) on a size it cannot take', async () => {
    const small = await run(['check', 'docs', '--catalogue', CATALOGUE, '--max-file-size', '10kB', '--format', 'json']);
    assert.equal(small.status, 0, small.stderr);
    const report = JSON.parse(small.stdout) as { files: number; skipped: Skipped[] };
    assert.equal(report.files, 1);
    assert.deepEqual(
      report.skipped.map((s) => `${s.file} ${s.reason} ${s.limit}`),
      ['docs/long.md too-large 10000', 'docs/utf16.txt binary undefined'],
    );
    for (const size of ['lots', '0', '2GB']) {
      const bad = await run(['check', 'docs', '--catalogue', CATALOGUE, '--max-file-size', size]);
      assert.equal(bad.status, 2, size);
      assert.equal(bad.stdout, '');
      assert.match(bad.stderr, new RegExp(`--max-file-size ${size}: give a size from 1 byte to 500MB, such as 20MB`));
    }
  });
});
