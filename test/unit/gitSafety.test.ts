/**
 * git run on a repository nobody vouched for (an archive handed over, a folder an agent is pointed at) runs none of
 * the programs the repository's own .git/config names: `standards-explorer check` lists the files with git, and a
 * planted core.fsmonitor program must not run; the shared helper (core/safeGit.ts) keeps hooks off too.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';
import { gitUserName } from '../../src/core/check/gitReviewer';
import { gitSync } from '../../src/core/safeGit';

describe('git on an untrusted repository', function () {
  this.timeout(60_000);
  let dir: string;
  let repo: string;
  let marker: string;

  before(function () {
    // The planted programs are shell scripts.
    if (process.platform === 'win32') this.skip();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-git-'));
    repo = path.join(dir, 'handed-over');
    marker = path.join(dir, 'ran');
    fs.mkdirSync(repo);
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    fs.writeFileSync(path.join(repo, 'design.md'), 'The quality system follows ISO 9001:2008.\n');
    fs.writeFileSync(path.join(repo, 'ignored.md'), 'ISO 9001:1994 in a file .gitignore excludes.\n');
    fs.writeFileSync(path.join(repo, '.gitignore'), 'ignored.md\n');
    // An index for git to read: the fsmonitor program is asked about the files the index holds.
    git('add', 'design.md', '.gitignore');
    const program = path.join(dir, 'planted.sh');
    fs.writeFileSync(program, `#!/bin/sh\necho "$0 $*" >> '${marker}'\nexit 1\n`, { mode: 0o755 });
    const hooks = path.join(dir, 'hooks');
    fs.mkdirSync(hooks);
    for (const hook of ['post-index-change', 'reference-transaction']) fs.copyFileSync(program, path.join(hooks, hook));
    fs.chmodSync(path.join(hooks, 'post-index-change'), 0o755);
    fs.chmodSync(path.join(hooks, 'reference-transaction'), 0o755);
    git('config', 'core.fsmonitor', program);
    git('config', 'core.hooksPath', hooks);
    git('config', 'user.name', 'Repository Reviewer');
  });

  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => fs.rmSync(marker, { force: true }));

  it("check lists the files with git (.gitignore honoured) and runs no program the repository's config names", async () => {
    const cli = await buildCli(dir);
    const out = spawnSync(process.execPath, [cli, 'check', '--catalogue', CATALOGUE, '--format', 'json'], {
      cwd: repo,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: dir },
    });
    assert.equal(out.status, 0, out.stderr);
    const report = JSON.parse(out.stdout) as { files: number; findings: Array<{ file: string }> };
    assert.deepEqual(
      report.findings.map((f) => f.file),
      ['design.md'],
      'listed by git: ignored.md is left out',
    );
    assert.equal(report.files, 1);
    assert.ok(!fs.existsSync(marker), `the planted core.fsmonitor program ran: ${fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : ''}`);
  });

  it('runs git with the fsmonitor and hooks switched off, whatever the command, and still reads the config', async () => {
    // `git status` asks the fsmonitor program and, writing the index, runs the post-index-change hook.
    execFileSync('git', ['status', '--porcelain'], { cwd: repo, stdio: 'ignore' });
    assert.ok(fs.existsSync(marker), 'the planted programs run under plain git (the test plants them right)');
    fs.rmSync(marker);
    fs.appendFileSync(path.join(repo, 'design.md'), 'Changed.\n');
    gitSync(repo, ['status', '--porcelain']);
    assert.ok(!fs.existsSync(marker), `a planted program ran: ${fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : ''}`);
    assert.equal(await gitUserName(repo), 'Repository Reviewer');
    assert.ok(!fs.existsSync(marker));
  });
});
