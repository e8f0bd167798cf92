/**
 * Changed lines only: the unified diff reader (src/core/check/changedLines.ts) on git's own output — a change with
 * context, a new file, a deleted one, a rename with an edit, a CRLF file, `\ No newline at end of file`, a binary
 * file, a quoted non-ASCII path — and on `diff -u`'s; then `check --changed-since` and `--changed-lines-from` as a
 * user runs them (dist/cli.js built into a temporary folder, on a real git repository, the fixture catalogue).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';
import { git } from './testGit';
import { onChangedLine, parseUnifiedDiff, unquote } from '../../src/core/check/changedLines';

/** git in `cwd` with a fixed identity and none of the machine's config. */
const lines = (n: number, word = 'line'): string => Array.from({ length: n }, (_, i) => `${word} ${i + 1}\n`).join('');

/** The added lines per file, as plain arrays. */
function plain(changed: ReadonlyMap<string, ReadonlySet<number> | 'all'>): Record<string, number[] | 'all'> {
  return Object.fromEntries([...changed].map(([file, set]) => [file, set === 'all' ? 'all' : [...set].sort((a, b) => a - b)]));
}

describe('changed lines: a unified diff read, and check --changed-since / --changed-lines-from', function () {
  this.timeout(60_000);
  let dir: string;
  let repo: string;
  let cli: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-changed-'));
    cli = await buildCli(dir);
    repo = path.join(dir, 'repo');
    fs.mkdirSync(repo);
    const write = (file: string, text: string | Buffer): void => {
      fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      fs.writeFileSync(path.join(repo, file), text);
    };
    git(repo, 'init', '-q', '-b', 'main');
    write('docs/edited.md', lines(20));
    write('docs/gone.md', lines(5));
    write('docs/moved.md', lines(30, 'moved'));
    write('docs/crlf.txt', 'one\r\ntwo\r\nthree\r\n');
    write('docs/tail.txt', 'first\nlast without newline');
    write('docs/dashes.md', '-- a line of dashes\n--- three\nplain\n');
    write('image.bin', Buffer.from([0, 1, 2, 3]));
    write('docs/old.md', 'Already cited: ISO 9001:2008, before the change.\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'base');
    git(repo, 'tag', 'base');
    // The change: edits with context around them, a new file, a deletion, a rename with one line edited, CRLF lines
    // replaced, a last line given its newline, removed lines that look like headers, a binary file changed.
    write('docs/edited.md', lines(20).replace('line 3\n', 'line 3 changed\n').replace('line 10\n', 'line 10\nline 10a\nline 10b\n'));
    write('docs/new file.md', 'The new text cites ISO 9001:2008.\nAnd ISO 14971:2019.\n');
    fs.rmSync(path.join(repo, 'docs/gone.md'));
    fs.rmSync(path.join(repo, 'docs/moved.md'));
    write('docs/renamed.md', lines(30, 'moved').replace('moved 29\n', 'moved 29 edited\n'));
    write('docs/crlf.txt', 'one\r\nTWO\r\nthree\r\n');
    write('docs/tail.txt', 'first\nlast with newline\n');
    write('docs/dashes.md', 'plain\n');
    write('image.bin', Buffer.from([0, 9, 9, 9]));
    write('docs/café.md', 'ISO 9001:2008 in a file with an accent.\n');
    write('docs/old.md', 'Already cited: ISO 9001:2008, before the change.\nNew line: ISO 13485:2003.\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'head');
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const expected = {
    'docs/café.md': [1],
    'docs/crlf.txt': [2],
    'docs/dashes.md': [],
    'docs/edited.md': [3, 11, 12],
    'docs/new file.md': [1, 2],
    'docs/old.md': [2],
    'docs/renamed.md': [29],
    'docs/tail.txt': [2],
    'image.bin': [],
  };

  it("reads git's own diff, with context and without: edits, new, deleted, renamed, CRLF, no newline at the end, binary, a quoted path", () => {
    for (const context of ['--unified=3', '--unified=0', '--unified=10']) {
      const diff = git(repo, 'diff', context, '-M', 'base', 'HEAD');
      assert.match(diff, /"b\/docs\/caf\\303\\251\.md"/, 'git quotes the non-ASCII path');
      assert.match(diff, /\\ No newline at end of file/);
      assert.match(diff, /Binary files a\/image\.bin and b\/image\.bin differ/);
      assert.match(diff, /rename from docs\/moved\.md/);
      assert.deepEqual(plain(parseUnifiedDiff(diff)), expected, context);
    }
    // A diff file written on Windows (CRLF line ends throughout) reads the same.
    assert.deepEqual(plain(parseUnifiedDiff(git(repo, 'diff', '-M', 'base', 'HEAD').replace(/\r?\n/g, '\r\n'))), expected);
  });

  it("reads diff -u's output (no git headers, times after a tab) and a rename with no edit", () => {
    const a = path.join(dir, 'a.txt');
    const b = path.join(dir, 'b.txt');
    fs.writeFileSync(a, lines(6));
    fs.writeFileSync(b, lines(6).replace('line 2\n', 'line two\n').replace('line 6\n', 'line 6\nline 7\n'));
    const out = spawnSync('diff', ['-u', 'a.txt', 'b.txt'], { cwd: dir, encoding: 'utf8' });
    assert.match(out.stdout, /^\+\+\+ b\.txt\t/m);
    assert.deepEqual(plain(parseUnifiedDiff(out.stdout)), { 'b.txt': [2, 7] });
    const renameOnly = 'diff --git a/x.md b/y.md\nsimilarity index 100%\nrename from x.md\nrename to y.md\n';
    assert.deepEqual(plain(parseUnifiedDiff(renameOnly)), { 'y.md': [] });
    assert.equal(unquote('"tab\\there"'), 'tab\there');
    assert.throws(() => parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1,2 +1,3 @@\n a\n+b\n'), /ends inside a hunk/);
    assert.equal(onChangedLine(new Map([['u.md', 'all']]), 'u.md', 99), true);
    assert.equal(onChangedLine(new Map([['u.md', new Set([2])]]), 'u.md', 1), false);
  });

  const check = (args: string[], cwd = repo): { status: number | null; stdout: string; stderr: string } =>
    spawnSync(process.execPath, [cli, 'check', '--catalogue', CATALOGUE, ...args], {
      cwd,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: dir, STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') },
    });

  it('check --changed-since reports only findings on changed lines, judged against the whole catalogue, and a gate fails on them alone', () => {
    const all = check(['--format', 'json']);
    const everywhere = (JSON.parse(all.stdout) as { findings: Array<{ file: string; line: number }> }).findings.map((f) => `${f.file}:${f.line}`);
    assert.ok(everywhere.includes('docs/old.md:1'), 'the finding before the change is there in a whole check');

    const since = check(['--format', 'json', '--changed-since', 'base', '--fail-on', 'withdrawn']);
    assert.equal(since.status, 1, since.stderr);
    assert.match(since.stderr, /only findings on lines changed since base are reported \(9 files changed\)/);
    const report = JSON.parse(since.stdout) as { files: number; findings: Array<{ file: string; line: number; rule: string }>; skipped?: unknown[] };
    assert.deepEqual(
      report.findings.map((f) => `${f.rule} ${f.file}:${f.line}`),
      ['withdrawn docs/café.md:1', 'withdrawn docs/new file.md:1', 'withdrawn docs/old.md:2'],
    );
    // Only the 8 changed text files were read; the others are not listed as skipped: they are no gap.
    assert.equal(report.files, 8);
    assert.deepEqual(report.skipped, []);

    // An uncommitted edit and an untracked file count as changed; the finding before them still does not.
    fs.writeFileSync(path.join(repo, 'untracked.md'), 'ISO 13485:2003 in a new file not yet added.\n');
    try {
      const head = check(['--format', 'json', '--changed-since', 'HEAD', '--fail-on', 'withdrawn']);
      assert.deepEqual(
        (JSON.parse(head.stdout) as { findings: Array<{ file: string; line: number }> }).findings.map((f) => `${f.file}:${f.line}`),
        ['untracked.md:1'],
      );
      // From a subfolder, paths are the check's own (relative to where it runs).
      const sub = check(['--format', 'json', '--changed-since', 'base'], path.join(repo, 'docs'));
      assert.deepEqual(
        (JSON.parse(sub.stdout) as { findings: Array<{ file: string }> }).findings.map((f) => f.file),
        ['café.md', 'new file.md', 'old.md'],
      );
    } finally {
      fs.rmSync(path.join(repo, 'untracked.md'));
    }
    // Nothing changed: no finding, and the gate passes, though the repository has withdrawn editions.
    const none = check(['--changed-since', 'HEAD', '--fail-on', 'withdrawn']);
    assert.equal(none.status, 0, none.stdout);
    assert.match(none.stdout, /^No findings; 0 files checked\.\n$/);
  });

  it('a changed file too large to read still fails the gate; an unchanged one is not read and is no gap', () => {
    fs.writeFileSync(path.join(repo, 'big.txt'), 'ISO 9001:2015\n'.repeat(200));
    git(repo, 'add', 'big.txt');
    git(repo, 'commit', '-q', '-m', 'big');
    try {
      const changedBig = check(['--changed-since', 'HEAD~1', '--max-file-size', '1kB', '--fail-on', 'withdrawn']);
      assert.equal(changedBig.status, 1);
      assert.match(changedBig.stdout, /big\.txt\n {2}not read: 2\.8 kB, over the 1 kB limit/);
      const unchangedBig = check(['--changed-since', 'HEAD', '--max-file-size', '1kB', '--fail-on', 'withdrawn']);
      assert.equal(unchangedBig.status, 0, unchangedBig.stdout + unchangedBig.stderr);
      assert.ok(!unchangedBig.stdout.includes('big.txt'));
    } finally {
      git(repo, 'reset', '-q', '--hard', 'HEAD~1');
    }
  });

  it('--changed-lines-from reads a diff file; a bad ref, a folder outside git, a file that is no diff or both options stop the check (exit 2)', () => {
    const diffFile = path.join(dir, 'change.diff');
    fs.writeFileSync(diffFile, git(repo, 'diff', 'base', 'HEAD'));
    const from = check(['--format', 'json', '--changed-lines-from', diffFile]);
    assert.equal(from.status, 0, from.stderr);
    assert.deepEqual(
      (JSON.parse(from.stdout) as { findings: Array<{ file: string; line: number }> }).findings.map((f) => `${f.file}:${f.line}`),
      ['docs/café.md:1', 'docs/new file.md:1', 'docs/old.md:2'],
    );

    const badRef = check(['--changed-since', 'no-such-branch']);
    assert.equal(badRef.status, 2);
    assert.match(badRef.stderr, /--changed-since no-such-branch: no commit of that name in the repository\. .*fetch-depth: 0/);
    const option = check(['--changed-since', '--output=x']);
    assert.equal(option.status, 2);
    const outside = fs.mkdtempSync(path.join(dir, 'plain-'));
    const noGit = check(['--changed-since', 'main'], outside);
    assert.equal(noGit.status, 2);
    assert.match(noGit.stderr, /is not in a git work tree/);
    fs.writeFileSync(path.join(dir, 'not.diff'), 'just words\n');
    const notDiff = check(['--changed-lines-from', path.join(dir, 'not.diff')]);
    assert.equal(notDiff.status, 2);
    assert.match(notDiff.stderr, /not a unified diff/);
    const both = check(['--changed-since', 'base', '--changed-lines-from', diffFile]);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /not both/);
  });
});
