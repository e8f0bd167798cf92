/**
 * An advisory lock: a file created only if it does not exist, holding who created it (pid, host, since when). One
 * writer at a time: the next one waits for it, a bounded while, then gives up. A lock whose holder is gone is taken
 * over — gone when no process of its pid runs on this host, or when its holder has not refreshed it for `staleMs`
 * (it refreshes it every quarter of that while it holds it), which also covers a holder on another host sharing the
 * folder and a pid used again by another process. Only the processes that take it honour it; nothing is enforced.
 */
// fs.promises, not node:fs/promises: loaded with the first lock, not with every start of the command line.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LockBusy, type LockHolder } from './lockBusy';

export { LockBusy, type LockHolder };

export interface HoldOptions {
  /** How long to wait for a live holder before giving up (LockBusy). */
  waitMs: number;
  /** A lock file not refreshed for this long is stale, whoever holds it. */
  staleMs: number;
  /** How often to look again while waiting; 100 ms when not given. */
  pollMs?: number;
  /** Told once, when it has to wait; the holder is undefined when the file does not say (yet). */
  onWait?: (holder: LockHolder | undefined) => void;
  /** Told when a stale lock is taken over: its holder is gone (no such process here) or it is older than `staleMs`. */
  onStale?: (holder: LockHolder | undefined, why: StaleReason) => void;
}

/**
 * Why a lock file is taken over: its holder no longer runs here, it was not refreshed for `staleMs`, or it is no
 * lock file any holder made (a symbolic link or a folder: a repository can ship one, dangling or pointing elsewhere).
 */
export type StaleReason = 'gone' | 'old' | 'foreign';

export interface HeldLock {
  /** Whether the lock file is still this holding's (it is not when another process took it over as stale). */
  stillHeld(): Promise<boolean>;
  /** Removes the lock file, if it is still this holding's. */
  release(): Promise<void>;
}

/** Takes the lock `lockFile`, waiting (bounded) while a live holder has it; throws LockBusy when the wait runs out. */
export async function holdLock(lockFile: string, options: HoldOptions): Promise<HeldLock> {
  const deadline = Date.now() + options.waitMs;
  let waiting = false;
  for (;;) {
    const held = await tryCreate(lockFile, options.staleMs);
    if (held) {
      await removeLeftovers(lockFile, options.staleMs);
      return held;
    }
    const found = await inspect(lockFile, options.staleMs);
    if (!found) continue; // removed meanwhile: try again at once
    if (found.stale && (await removeIfUnchanged(lockFile, found.ino, found.mtimeMs))) {
      options.onStale?.(found.holder, found.stale);
      continue;
    }
    if (Date.now() >= deadline) throw new LockBusy(found.holder);
    if (!waiting) options.onWait?.(found.holder);
    waiting = true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.pollMs ?? 100, Math.max(1, deadline - Date.now()))));
  }
}

/** The lock, when the file did not exist; undefined when it does. */
async function tryCreate(lockFile: string, staleMs: number): Promise<HeldLock | undefined> {
  const holder: LockHolder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString(), token: Math.random().toString(36).slice(2) };
  if (!(await created(lockFile, `${JSON.stringify(holder)}\n`))) return undefined;
  const refresh = setInterval(() => {
    const now = new Date();
    void fs.utimes(lockFile, now, now).catch(() => undefined);
  }, staleMs / 4);
  // The refresh never keeps a finished process alive.
  refresh.unref();
  const stillHeld = async (): Promise<boolean> => (await readHolder(lockFile))?.token === holder.token;
  return {
    stillHeld,
    release: async () => {
      clearInterval(refresh);
      if (await stillHeld()) await fs.rm(lockFile, { force: true });
    },
  };
}

/**
 * Makes `lockFile` holding `text`, whole from its first instant: written beside it, then linked into place (a link
 * fails where a file is, as an exclusive create does). Created empty and then written, a waiter could read it
 * between the two and name no holder. Where the file system makes no links, created exclusively and then written.
 * False when the file exists.
 */
async function created(lockFile: string, text: string): Promise<boolean> {
  const beside = `${lockFile}.${process.pid}.${Math.random().toString(36).slice(2)}${BESIDE}`;
  await fs.writeFile(beside, text, { flag: 'wx' });
  try {
    await fs.link(beside, lockFile);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!code || !NO_LINKS.has(code)) throw error;
    return createdThenWritten(lockFile, text);
  } finally {
    await fs.rm(beside, { force: true });
  }
}

/** The ends of the names of a lock file being made (`created`) and of a stale one moved aside (`removeIfUnchanged`). */
const BESIDE = '.new';
const ASIDE = '.stale';

/**
 * Removes what a contender killed while it made its lock file, or moved a stale one aside, left beside it: one older
 * than `staleMs` (a contender's lives for a few milliseconds). Done by the holder, once it holds the lock.
 */
async function removeLeftovers(lockFile: string, staleMs: number): Promise<void> {
  const folder = path.dirname(lockFile);
  const prefix = `${path.basename(lockFile)}.`;
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !(name.endsWith(BESIDE) || name.endsWith(ASIDE))) continue;
    const stat = await fs.lstat(path.join(folder, name)).catch(() => undefined);
    if (stat?.isFile() && Date.now() - stat.mtimeMs > staleMs) await fs.rm(path.join(folder, name), { force: true });
  }
}

/** What a file system that makes no hard links answers a link with (FAT, some network shares). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

async function createdThenWritten(lockFile: string, text: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(lockFile, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(text);
    await handle.close();
    return true;
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(lockFile, { force: true });
    throw error;
  }
}

/**
 * Who holds the lock and whether it is stale; undefined when the file is gone. The lock file itself is looked at,
 * never what a link points to: a dangling link seemed gone (and was tried again at once, for ever), a link to a file
 * elsewhere had that file's age and contents.
 */
async function inspect(lockFile: string, staleMs: number): Promise<{ holder?: LockHolder; stale?: StaleReason; ino: number; mtimeMs: number } | undefined> {
  const stat = await fs.lstat(lockFile).catch(() => undefined);
  if (!stat) return undefined;
  if (!stat.isFile()) return { stale: 'foreign', ino: stat.ino, mtimeMs: stat.mtimeMs };
  const holder = await readHolder(lockFile);
  const stale = holder && holder.host === os.hostname() && !processRuns(holder.pid) ? 'gone' : Date.now() - stat.mtimeMs > staleMs ? 'old' : undefined;
  return { ...(holder ? { holder } : {}), ...(stale ? { stale } : {}), ino: stat.ino, mtimeMs: stat.mtimeMs };
}

/**
 * Removes the stale lock file — the one inspected, not one another process made since: moved aside first, then
 * compared; a lock moved aside by mistake is put back unless a newer one took its place.
 */
async function removeIfUnchanged(lockFile: string, ino: number, mtimeMs: number): Promise<boolean> {
  const aside = `${lockFile}.${process.pid}.${Math.random().toString(36).slice(2)}${ASIDE}`;
  try {
    await fs.rename(lockFile, aside);
  } catch {
    return false; // gone already
  }
  const moved = await fs.lstat(aside);
  const same = moved.ino === ino && moved.mtimeMs === mtimeMs;
  if (!same) await fs.link(aside, lockFile).catch(() => undefined);
  await fs.rm(aside, { force: true });
  return same;
}

async function readHolder(lockFile: string): Promise<LockHolder | undefined> {
  try {
    const value = JSON.parse(await fs.readFile(lockFile, 'utf8')) as Partial<Record<keyof LockHolder, unknown>> | null;
    const { pid, host, since, token } = value ?? {};
    // pid 0 and below name process groups, not a process.
    if (typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 && typeof host === 'string' && typeof token === 'string')
      return { pid, host, since: String(since), token };
  } catch {
    // Being written this instant, or not ours: judged by its age alone.
  }
  return undefined;
}

/** Whether a process of `pid` runs on this host (one of another user's counts: signal 0 only asks). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
