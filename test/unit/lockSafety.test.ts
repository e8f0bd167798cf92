/**
 * What `standards-explorer lock` does to standards.lock when things go wrong: killed (kill -9) while it writes, run
 * twice at once, or left behind by a killed run — and what `check` does with a lockfile or config it cannot trust.
 * The write is the real one (dist's writeLock, run in a child process killed at random); the commands run as
 * processes against the sandbox.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';
import { sandboxControl, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { holdLock, LockBusy, type LockHolder } from '../../src/core/check/advisoryLock';
import { serialiseLockfile, type Lockfile } from '../../src/core/check/lockfile';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';

/** The compiled src/cli/lock.ts beside this compiled test. */
const LOCK_MODULE = path.resolve(__dirname, '../../src/cli/lock.js');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A lock of `clauses` clauses (about 250 bytes each), all reviewed by `by`. */
function bigLock(clauses: number, by: string): Lockfile {
  const lock: Lockfile = { version: 1, standards: {} };
  for (let i = 0; i < clauses; i++) {
    const urn = `urn:iso:std:iso:${10_000 + Math.floor(i / 40)}:ed-1`;
    lock.standards[urn] ??= { reference: `ISO ${10_000 + Math.floor(i / 40)}:2020`, clauses: {} };
    lock.standards[urn].clauses[`clause-${i}`] = {
      id: `https://example.org/standards/${urn}/clauses/clause-${i}`,
      number: `${i % 40}.1`,
      title: `Requirements for the ${i}th thing`,
      fingerprint: `sha256:${(i % 16).toString(16).repeat(64)}`,
      reviewed: { on: '2026-03-01', by },
    };
  }
  return lock;
}

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('standards.lock written whole', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-lock-kill-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('killed (kill -9) at its first change to the folder or at random points, lock leaves the old lockfile or the new, never a torn one', async () => {
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    const lockPath = path.join(project, 'standards.lock');
    const oldText = serialiseLockfile(bigLock(9_000, 'Old Reviewer'));
    const newText = serialiseLockfile(bigLock(9_000, 'New Reviewer'));
    assert.ok(oldText.length > 3_500_000 && newText.length === oldText.length, `${oldText.length} bytes`);
    const newJson = path.join(dir, 'new.json');
    fs.writeFileSync(newJson, newText);
    // The child writes the new lock through the real writeLock when told to, then says so.
    const script = path.join(dir, 'writer.js');
    fs.writeFileSync(
      script,
      `const { writeLock } = require(${JSON.stringify(LOCK_MODULE)});
const lock = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(newJson)}, 'utf8'));
process.stdout.write('ready\\n');
process.stdin.once('data', async () => {
  await writeLock(${JSON.stringify(project)}, lock);
  process.exit(0);
});
`,
    );
    const writer = (): { child: ChildProcess; ready: Promise<void> } => {
      const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout?.once('data', () => resolve());
        child.once('exit', () => reject(new Error('the writer stopped before it was ready')));
      });
      ready.catch(() => undefined);
      return { child, ready };
    };
    // Each round's writer starts while the round before runs: a few seconds for the 21 rounds, not ten.
    let next = writer();
    /** One write of the new lock over the old, killed as `kill` says; the time from "go" to its end (ms). */
    const round = async (kill: (child: ChildProcess) => () => void): Promise<number> => {
      const { child, ready } = next;
      await ready;
      fs.writeFileSync(lockPath, oldText);
      next = writer();
      const started = performance.now();
      const stop = kill(child);
      child.stdin?.write('go\n');
      await exited(child);
      stop();
      return performance.now() - started;
    };
    const outcomes = { old: 0, new: 0 };
    const check = (what: string): void => {
      const text = fs.readFileSync(lockPath, 'utf8');
      assert.ok(text === oldText || text === newText, `${what}: a torn lock of ${text.length} bytes (old and new are ${oldText.length})`);
      outcomes[text === oldText ? 'old' : 'new']++;
    };
    // Unkilled, for how long a write takes.
    const whole = await round(() => () => undefined);
    assert.equal(fs.readFileSync(lockPath, 'utf8'), newText);
    for (let i = 0; i < 20; i++) {
      if (i % 2 === 0) {
        // At the first change the folder sees (the old code: the truncation of the lock; now: the temporary file).
        await round((child) => {
          const watcher = fs.watch(project, () => child.kill('SIGKILL'));
          return () => watcher.close();
        });
        check(`round ${i}, killed at the first change`);
      } else {
        const delay = Math.random() * whole * 1.2;
        await round((child) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), delay);
          return () => clearTimeout(timer);
        });
        check(`round ${i}, killed after ${delay.toFixed(1)} ms`);
      }
    }
    next.child.kill('SIGKILL');
    await exited(next.child);
    assert.ok(outcomes.old > 0, JSON.stringify(outcomes));
  });
});

describe('the advisory lock (core/check/advisoryLock)', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-hold-'));
    file = path.join(dir, 'standards.lock.lock');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const holder = (pid: number): LockHolder => ({ pid, host: os.hostname(), since: '2026-03-01T10:00:00.000Z', token: 'theirs' });
  /** The pid of a process that has ended. */
  const endedPid = (): number => {
    const child = spawnSync(process.execPath, ['-e', '']);
    assert.ok(child.pid);
    return child.pid;
  };
  const minutesAgo = (n: number): Date => new Date(Date.now() - n * 60_000);

  it('makes a second holder wait, saying for whom, until the first releases it', async () => {
    const first = await holdLock(file, { waitMs: 10_000, staleMs: 60_000 });
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
    assert.equal(written.pid, process.pid);
    assert.equal(written.host, os.hostname());
    let told: (h: LockHolder | undefined) => void = () => undefined;
    const waited = new Promise<LockHolder | undefined>((resolve) => (told = resolve));
    const second = holdLock(file, { waitMs: 10_000, staleMs: 60_000, pollMs: 10, onWait: (h) => told(h) });
    assert.equal((await waited)?.token, written.token);
    await first.release();
    const held = await second;
    assert.ok(await held.stillHeld());
    assert.ok(!(await first.stillHeld()));
    await held.release();
    assert.ok(!fs.existsSync(file));
  });

  it('gives up after its wait with the holder named (LockBusy), and waits for a lock file still being written', async () => {
    const first = await holdLock(file, { waitMs: 10_000, staleMs: 60_000 });
    await assert.rejects(
      holdLock(file, { waitMs: 200, staleMs: 60_000, pollMs: 20 }),
      (error) => error instanceof LockBusy && error.holder?.pid === process.pid,
    );
    await first.release();
    // An empty lock file: its maker is between creating and writing it, or died there; only its age can tell.
    fs.writeFileSync(file, '');
    await assert.rejects(holdLock(file, { waitMs: 100, staleMs: 60_000, pollMs: 20 }), (error) => error instanceof LockBusy && error.holder === undefined);
    fs.utimesSync(file, minutesAgo(2), minutesAgo(2));
    await (await holdLock(file, { waitMs: 100, staleMs: 60_000 })).release();
  });

  it('is refreshed while held, so a live holder that works long is not taken for stale', async () => {
    // Unrefreshed, it would be stale after 400 ms of the second's 1000 ms of waiting.
    const first = await holdLock(file, { waitMs: 100, staleMs: 400 });
    let taken = false;
    await assert.rejects(holdLock(file, { waitMs: 1000, staleMs: 400, pollMs: 20, onStale: () => (taken = true) }), (error) => error instanceof LockBusy);
    assert.ok(!taken && (await first.stillHeld()));
    await first.release();
  });

  it('takes over a lock whose process is gone, or which its holder stopped refreshing; the one it was taken from knows', async () => {
    const stale: Array<[number | undefined, string]> = [];
    const onStale = (h: LockHolder | undefined, why: string): number => stale.push([h?.pid, why]);
    const dead = endedPid();
    fs.writeFileSync(file, JSON.stringify(holder(dead)));
    await (await holdLock(file, { waitMs: 100, staleMs: 60_000, onStale })).release();
    // A live process (this one), but the file untouched for ten minutes: a pid used again, or a holder on another host.
    const first = await holdLock(file, { waitMs: 100, staleMs: 60_000 });
    fs.utimesSync(file, minutesAgo(10), minutesAgo(10));
    const second = await holdLock(file, { waitMs: 100, staleMs: 60_000, onStale });
    assert.deepEqual(stale, [
      [dead, 'gone'],
      [process.pid, 'old'],
    ]);
    assert.ok(!(await first.stillHeld()));
    await first.release();
    assert.ok(await second.stillHeld(), "the first's release leaves the second's lock");
    await second.release();
  });

  it('once taken, removes what a contender killed midway left beside it, and nothing a live one is making', async () => {
    const left = [`${file}.4242.abc.new`, `${file}.4243.def.stale`];
    const fresh = `${file}.4244.ghi.new`;
    for (const name of [...left, fresh]) fs.writeFileSync(name, '{}');
    for (const name of left) fs.utimesSync(name, minutesAgo(5), minutesAgo(5));
    const other = path.join(dir, 'standards.lock.4245.jkl.new');
    fs.writeFileSync(other, '');
    fs.utimesSync(other, minutesAgo(5), minutesAgo(5));
    await (await holdLock(file, { waitMs: 100, staleMs: 60_000 })).release();
    assert.deepEqual(fs.readdirSync(dir).sort(), [path.basename(other), path.basename(fresh)].sort());
  });

  it("removes no link a repository planted under a leftover's name, nor what it points to", async function () {
    if (process.platform === 'win32') this.skip();
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'se-outside-'));
    try {
      const target = path.join(outside, 'precious.txt');
      fs.writeFileSync(target, 'keep me');
      const planted = `${file}.4246.mno.new`;
      fs.symlinkSync(target, planted);
      fs.lutimesSync(planted, minutesAgo(5), minutesAgo(5));
      await (await holdLock(file, { waitMs: 100, staleMs: 60_000 })).release();
      assert.ok(fs.lstatSync(planted).isSymbolicLink(), 'the link stays');
      assert.equal(fs.readFileSync(target, 'utf8'), 'keep me');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('is never seen without its holder: a reader in another process finds it whole or not at all', async () => {
    // Created empty and then written, a waiter could read it between the two and name no holder.
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('fs'); let empty = 0, read = 0; const until = Date.now() + 20000;
         process.stdin.on('data', () => { console.log(JSON.stringify({ empty, read })); process.exit(0); });
         (function poll() { for (let i = 0; i < 200; i++) { try { const text = fs.readFileSync(${JSON.stringify(file)}, 'utf8'); read++; if (!text.trim()) empty++; } catch {} }
           if (Date.now() < until) setImmediate(poll); })();`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let out = '';
    reader.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 400; i++) await (await holdLock(file, { waitMs: 1000, staleMs: 60_000 })).release();
    const ended = new Promise((resolve) => reader.on('exit', resolve));
    reader.stdin.write('done\n');
    await ended;
    const { empty, read } = JSON.parse(out) as { empty: number; read: number };
    assert.ok(read > 0, 'the reader found the lock file at times');
    assert.equal(empty, 0, `read ${read} times, ${empty} of them empty`);
  });
});

describe('standards-explorer lock and check: files they cannot trust, and two runs at once', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let sandbox: RunningSandbox;

  const run = (args: string[], cwd: string, env: Record<string, string> = {}): { child: ChildProcess; done: Promise<Run> } => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const done = new Promise<Run>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
    return { child, done };
  };
  const service = (): string[] => ['--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl];
  const credentials = (name?: string): Record<string, string> => ({
    STANDARDS_CLIENT_ID: sandbox.clientId,
    STANDARDS_CLIENT_SECRET: sandbox.clientSecret,
    // git's user.name for this run alone: the reviewer the lock records.
    ...(name ? { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'user.name', GIT_CONFIG_VALUE_0: name } : {}),
  });
  const project = (name: string): string => {
    const folder = path.join(dir, name);
    fs.mkdirSync(folder);
    execFileSync('git', ['init', '-q'], { cwd: folder });
    fs.writeFileSync(path.join(folder, 'risk.md'), 'Hazards per ISO 14971:2019, clause 7.1.\nApplies as in ISO 14971:2019, Scope. QMS: ISO 13485:2016.\n');
    return folder;
  };
  const reviewers = (folder: string): string[] => {
    const lock = JSON.parse(fs.readFileSync(path.join(folder, 'standards.lock'), 'utf8')) as Lockfile;
    return [...new Set(Object.values(lock.standards).flatMap((s) => Object.values(s.clauses).map((c) => c.reviewed.by ?? '')))];
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-lock-cli-'));
    [cli, sandbox] = await Promise.all([buildCli(dir), startSandbox({ catalogue: readCatalogueFile(CATALOGUE) })]);
  });
  after(async () => {
    await sandbox?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("check stops (exit 2) at a lockfile with a key written twice, even when it would hide a changed clause (the issue's case)", async () => {
    const folder = project('twice');
    const locked = await run(['lock', ...service()], folder, credentials('Jane Reviewer')).done;
    assert.equal(locked.status, 0, locked.stderr);
    const lockPath = path.join(folder, 'standards.lock');
    const text = fs.readFileSync(lockPath, 'utf8');
    const lock = JSON.parse(text) as Lockfile;
    const urn = Object.keys(lock.standards).find((u) => lock.standards[u].reference === 'ISO 14971:2019') ?? '';
    const clauseId = Object.keys(lock.standards[urn].clauses).find((id) => lock.standards[urn].clauses[id].number === '7.1') ?? '';
    await sandboxControl(sandbox, 'revise-clause', { urn, clauseId });
    const gate = ['check', ...service(), '--fail-on', 'changed'];
    assert.equal((await run(gate, folder, credentials()).done).status, 1, 'the changed clause fails the gate');
    // `,"standards":{}` before the final brace: JSON.parse keeps the empty one, and the changed clause is "unlocked".
    fs.writeFileSync(lockPath, `${text.trimEnd().slice(0, -1)},"standards":{}}\n`);
    const emptied = await run(gate, folder, credentials()).done;
    assert.equal(emptied.status, 2, emptied.stdout);
    assert.equal(emptied.stdout, '');
    assert.match(
      emptied.stderr,
      /^standards-explorer: standards\.lock, line \d+: "standards" is written twice \(first on line 3\); JSON would keep only the last\./,
    );
    // The same standard twice, the second empty; the same clause twice.
    fs.writeFileSync(lockPath, text.replace(`    "${urn}": {`, `    "${urn}": {"clauses": {}},\n    "${urn}": {`));
    const twiceUrn = await run(gate, folder, credentials()).done;
    assert.equal(twiceUrn.status, 2);
    assert.match(twiceUrn.stderr, new RegExp(`standards\\.lock, line \\d+: "standards\\.${urn}" is written twice`));
    fs.writeFileSync(
      lockPath,
      text.replace(
        `      "clauses": {\n`,
        `      "clauses": {\n        "${clauseId}": {"id": "x", "fingerprint": "sha256:${'0'.repeat(64)}", "reviewed": {"on": "2020-01-01"}},\n`,
      ),
    );
    const twiceClause = await run(gate, folder, credentials()).done;
    assert.equal(twiceClause.status, 2);
    assert.match(twiceClause.stderr, new RegExp(`"standards\\.[^"]+\\.clauses\\.${clauseId.replace(/\./g, '\\.')}" is written twice`));
    // A key the lockfile does not have; an entry of the wrong shape.
    fs.writeFileSync(lockPath, JSON.stringify({ ...lock, standardz: {} }));
    const unknown = await run(gate, folder, credentials()).done;
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /standards\.lock: "standardz" is not a key of the lockfile/);
    // A reviewer of the wrong type, as a hand edit could write it.
    lock.standards[urn].clauses[clauseId].reviewed = { on: '2026-03-01', by: 42 as unknown as string };
    fs.writeFileSync(lockPath, JSON.stringify(lock));
    const shape = await run(gate, folder, credentials()).done;
    assert.equal(shape.status, 2);
    assert.match(shape.stderr, /\.reviewed\.by" must be a non-empty string/);
  });

  it('check stops (exit 2) at standards.config.json or package.json with a key written twice', async () => {
    const folder = project('config-twice');
    const args = ['check', '--catalogue', CATALOGUE];
    fs.writeFileSync(path.join(folder, 'standards.config.json'), '{\n  "failOn": ["withdrawn"],\n  "failOn": []\n}\n');
    const config = await run(args, folder).done;
    assert.equal(config.status, 2);
    assert.equal(
      config.stderr,
      'standards-explorer: standards.config.json, line 3: "failOn" is written twice (first on line 2); JSON would keep only the last. Keep one of them.\n',
    );
    fs.rmSync(path.join(folder, 'standards.config.json'));
    fs.writeFileSync(path.join(folder, 'package.json'), '{"name": "app", "standards": {"failOn": ["withdrawn"]}, "standards": {}}');
    const pkg = await run(args, folder).done;
    assert.equal(pkg.status, 2);
    assert.match(pkg.stderr, /^standards-explorer: package\.json, line 1: "standards" is written twice/);
  });

  it('two lock runs at once: the second waits for the first and starts from its lock, so they never report different locks', async () => {
    const folder = project('twice-at-once');
    // Slow answers, so that the two runs surely overlap.
    await sandboxControl(sandbox, 'config', { latencyMs: 100 });
    try {
      const finished: string[] = [];
      let afterFirst = '';
      const runs = ['Alice', 'Bob'].map((name) => {
        const { done } = run(['lock', ...service()], folder, credentials(name));
        return done.then((result) => {
          if (!finished.length) afterFirst = fs.readFileSync(path.join(folder, 'standards.lock'), 'utf8');
          finished.push(name);
          return { name, ...result };
        });
      });
      const results = await Promise.all(runs);
      const succeeded = results.filter((r) => r.status === 0);
      for (const r of results) if (r.status !== 0) assert.equal(r.status, 2, r.stderr);
      assert.ok(succeeded.length > 0, JSON.stringify(results));
      // Whoever finished first wrote the lock; the other read it, and kept its reviews.
      assert.deepEqual(reviewers(folder), [finished[0]]);
      assert.equal(fs.readFileSync(path.join(folder, 'standards.lock'), 'utf8'), afterFirst, 'the lock both reported');
      const second = results.find((r) => r.name === finished[1]);
      assert.match(
        second?.stderr ?? '',
        /^standards-explorer: waiting for another standards-explorer lock \(process \d+ on [^,]+, since [^)]+\) to finish with standards\.lock/,
      );
      assert.ok(!fs.existsSync(path.join(folder, 'standards.lock.lock')), 'released');
    } finally {
      await sandboxControl(sandbox, 'config', { latencyMs: 0 });
    }
  });

  it('a hold left by a killed run does not block the next: taken over, said on standard error', async () => {
    const folder = project('killed');
    const hold = path.join(folder, 'standards.lock.lock');
    await sandboxControl(sandbox, 'config', { latencyMs: 100 });
    const first = run(['lock', ...service()], folder, credentials('Alice'));
    const killed = first.child;
    try {
      // Killed while it holds the lock, once it has said who holds it (the hold is created, then written: a kill between
      // the two leaves an empty hold, judged by its age instead — bounded: a run that never takes one fails here).
      const holder = (): LockHolder | undefined => {
        try {
          return JSON.parse(fs.readFileSync(hold, 'utf8')) as LockHolder;
        } catch {
          return undefined;
        }
      };
      for (let i = 0; i < 200 && !holder(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.ok(holder(), 'the run holds standards.lock.lock while it works, saying who it is');
      killed.kill('SIGKILL');
      await first.done;
    } finally {
      await sandboxControl(sandbox, 'config', { latencyMs: 0 });
    }
    assert.equal((JSON.parse(fs.readFileSync(hold, 'utf8')) as LockHolder).pid, killed.pid);
    // What a run killed while it wrote leaves beside the lock: removed by the next.
    const leftover = path.join(folder, `standards.lock.${killed.pid}.1770000000000.5eed.tmp`);
    fs.writeFileSync(leftover, '{"version": 1, "stand');
    const next = await run(['lock', ...service()], folder, credentials('Bob')).done;
    assert.equal(next.status, 0, next.stderr);
    assert.match(
      next.stderr,
      new RegExp(
        `^standards-explorer: standards\\.lock\\.lock was left by another standards-explorer lock \\(process ${killed.pid} on [^,]+, since [^)]+\\), which no longer runs; taken over\\.\\n$`,
      ),
    );
    assert.deepEqual(reviewers(folder), ['Bob']);
    assert.ok(!fs.existsSync(hold));
    assert.ok(!fs.existsSync(leftover), 'the half-written temporary file is gone');
    // A hold of a live process (this one) that nobody refreshed for ten minutes: a pid used again after a crash.
    fs.writeFileSync(hold, JSON.stringify({ pid: process.pid, host: os.hostname(), since: '2026-03-01T10:00:00.000Z', token: 'old' }));
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(hold, tenMinutesAgo, tenMinutesAgo);
    const after = await run(['lock', ...service()], folder, credentials('Bob')).done;
    assert.equal(after.status, 0, after.stderr);
    assert.match(after.stderr, /which has not refreshed it for 2 minutes; taken over\.\n$/);
  });
});
