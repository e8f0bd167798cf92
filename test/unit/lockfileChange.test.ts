/**
 * The editor's Mark as Reviewed changes standards.lock as the command line's `lock` writes it: held
 * (standards.lock.lock), from the lock as it is on disk, written whole. Two changes at once both land, one waits for a
 * `lock` run in another process and starts from what it wrote, and a broken lock is never written over.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { holdLock, LockBusy } from '../../src/core/check/advisoryLock';
import { LOCKFILE, LockfileError, parseLockfile, serialiseLockfile, type Lockfile } from '../../src/core/check/lockfile';
import { changeLockfile, LOCKFILE_HOLD } from '../../src/core/check/lockfileHold';

/** `lock` with one more reviewed clause of `urn`. */
function withClause(lock: Lockfile | undefined, urn: string, clauseId: string): Lockfile {
  const standards = { ...(lock?.standards ?? {}) };
  const standard = standards[urn] ?? { reference: urn, clauses: {} };
  standards[urn] = {
    ...standard,
    clauses: {
      ...standard.clauses,
      [clauseId]: { id: `https://example.org/${urn}/clauses/${clauseId}`, fingerprint: `sha256:${'a'.repeat(64)}`, reviewed: { on: '2026-11-29' } },
    },
  };
  return { version: 1, standards };
}

function clauses(folder: string): string[] {
  const lock = parseLockfile(fs.readFileSync(path.join(folder, LOCKFILE), 'utf8'), LOCKFILE);
  return Object.entries(lock.standards)
    .flatMap(([urn, s]) => Object.keys(s.clauses).map((id) => `${urn} ${id}`))
    .sort();
}

describe('standards.lock changed by the editor, held as `lock` holds it', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-change-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('lands two changes made at once, each on the other', async () => {
    await Promise.all([
      changeLockfile(folder, { waitMs: 10_000 }, (lock) => withClause(lock, 'urn:a', '4')),
      changeLockfile(folder, { waitMs: 10_000 }, (lock) => withClause(lock, 'urn:b', '5')),
    ]);
    assert.deepEqual(clauses(folder), ['urn:a 4', 'urn:b 5']);
    assert.ok(!fs.existsSync(path.join(folder, LOCKFILE_HOLD)), 'the hold is let go');
  });

  it('waits for a `lock` run of another process that holds it, and starts from the lock it wrote', async function () {
    this.timeout(20_000);
    const core = (name: string) => JSON.stringify(path.resolve(__dirname, `../../src/core/check/${name}.js`));
    // Another process: holds the lock a while, then writes its own lock (as `lock` does) and lets go.
    const other = spawn(
      process.execPath,
      [
        '-e',
        `const { holdingLockfile } = require(${core('lockfileHold')});
         const { serialiseLockfile } = require(${core('lockfile')});
         holdingLockfile(${JSON.stringify(folder)}, { waitMs: 1000 }, async () => {
           console.log('held');
           await new Promise((r) => setTimeout(r, 700));
           require('node:fs').writeFileSync(${JSON.stringify(path.join(folder, LOCKFILE))}, serialiseLockfile(${JSON.stringify(withClause(undefined, 'urn:cli', '7'))}));
         });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      other.stdout.on('data', (data: Buffer) => String(data).includes('held') && resolve());
      other.on('exit', () => reject(new Error('The other process ended before it held the lock.')));
    });
    let waited = false;
    await changeLockfile(folder, { waitMs: 10_000, onWait: () => (waited = true) }, (lock) => withClause(lock, 'urn:editor', '4'));
    assert.ok(waited, 'it waited for the other');
    assert.deepEqual(clauses(folder), ['urn:cli 7', 'urn:editor 4'], "the other's review is kept");
  });

  it('writes nothing over a broken lock, and says what is wrong with it', async () => {
    fs.writeFileSync(path.join(folder, LOCKFILE), '{"version": 1, "standards": ');
    await assert.rejects(
      changeLockfile(folder, { waitMs: 1000 }, (lock) => withClause(lock, 'urn:a', '4')),
      (error: unknown) => error instanceof LockfileError,
    );
    assert.equal(fs.readFileSync(path.join(folder, LOCKFILE), 'utf8'), '{"version": 1, "standards": ');
  });

  it('gives up after its wait, saying who holds it, and writes nothing', async () => {
    fs.writeFileSync(path.join(folder, LOCKFILE), serialiseLockfile(withClause(undefined, 'urn:a', '4')));
    const held = await holdLock(path.join(folder, LOCKFILE_HOLD), { waitMs: 0, staleMs: 60_000 });
    try {
      await assert.rejects(
        changeLockfile(folder, { waitMs: 300 }, (lock) => withClause(lock, 'urn:b', '5')),
        (error: unknown) => error instanceof LockBusy && error.holder?.pid === process.pid,
      );
    } finally {
      await held.release();
    }
    assert.deepEqual(clauses(folder), ['urn:a 4'], 'nothing written');
  });

  it('takes over a hold a repository planted as a symbolic link (dangling, or to a file outside), and leaves the file it points to alone', async function () {
    if (process.platform === 'win32') this.skip();
    this.timeout(5_000);
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-outside-'));
    try {
      const target = path.join(outside, 'precious.json');
      fs.writeFileSync(target, '{"pid": 1, "host": "elsewhere", "token": "x"}\n');
      // Dangling: no file behind it. A checkout of a hostile repository makes it now, so it is not old either.
      fs.symlinkSync(path.join(outside, 'nothing-here'), path.join(folder, LOCKFILE_HOLD));
      const stale: string[] = [];
      await changeLockfile(folder, { waitMs: 1000, onStale: (_holder, why) => stale.push(why) }, (lock) => withClause(lock, 'urn:a', '4'));
      assert.deepEqual(clauses(folder), ['urn:a 4']);
      assert.deepEqual(stale, ['foreign']);
      // To a file outside, fresh, that reads like a holder of another host: not waited for, and not touched.
      fs.symlinkSync(target, path.join(folder, LOCKFILE_HOLD));
      await changeLockfile(folder, { waitMs: 1000 }, (lock) => withClause(lock, 'urn:b', '5'));
      assert.deepEqual(clauses(folder), ['urn:a 4', 'urn:b 5']);
      assert.equal(fs.readFileSync(target, 'utf8'), '{"pid": 1, "host": "elsewhere", "token": "x"}\n', 'the file outside is as it was');
      assert.ok(!fs.existsSync(path.join(folder, LOCKFILE_HOLD)), 'the hold is let go');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
