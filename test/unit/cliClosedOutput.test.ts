/**
 * `standards-explorer check` whose reader stops reading (`check … | head`), as a user runs it (dist/cli.js built into
 * a temporary folder, run as a Node process): its report is larger than a pipe holds, and the pipe is closed after
 * the first bytes.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';

describe('command line: a reader that stops reading', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-cli-closed-'));
    cli = await buildCli(dir);
    const workspace = path.join(dir, 'workspace');
    fs.mkdirSync(workspace);
    // 2 000 files citing a standard the catalogue has not: a finding each, some 350 KB of JSON (a pipe holds 64 KB).
    for (let i = 0; i < 2000; i++) fs.writeFileSync(path.join(workspace, `n${i}.md`), 'See ISO 99999:2001 for this.\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stops with "could not run" (2) and says why, not with an unhandled EPIPE and a stack', async () => {
    const child = spawn(process.execPath, [cli, 'check', '--catalogue', CATALOGUE, '--format', 'json', '.'], {
      cwd: path.join(dir, 'workspace'),
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const killer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(killer);
    assert.doesNotMatch(stderr, /Unhandled|node:events|\n\s+at /, stderr);
    assert.equal(code, 2, stderr);
    assert.match(stderr, /standards-explorer: stopped: its output was closed before the report was written\./);
  });
});
