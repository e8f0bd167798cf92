/**
 * One writer of a folder's standards.lock at a time, whoever writes it: the command line's `lock` and the editor's
 * Mark as Reviewed both hold standards.lock.lock (advisoryLock.ts) from reading the lock to writing it whole, so
 * neither writes over the other's review with one made from the lock before it. Node only: the browser has no such
 * files (a virtual workspace runs no command line beside it).
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { writeFileWhole, leftoverTemporaries } from '../service/wholeFile';
import { holdLock, type HeldLock, type HoldOptions } from './advisoryLock';
import { LOCKFILE, LOCKFILE_HOLD, parseLockfile, serialiseLockfile, type Lockfile } from './lockfile';

export { LOCKFILE_HOLD };

/** Whether this runtime can hold a folder's lockfile (the browser's port says not). */
export const CAN_HOLD_LOCKFILES = true;

/** A hold not refreshed for this long is stale (its holder refreshes it every quarter of that while it runs). */
export const HOLD_STALE_MS = 2 * 60_000;

/** How long to wait for another writer, and what to tell meanwhile (advisoryLock.ts). */
export type LockfileHoldOptions = Pick<HoldOptions, 'waitMs' | 'onWait' | 'onStale'>;

/**
 * Runs `run` holding LOCKFILE_HOLD in `folder`, after removing what a killed writer left half written (nobody else
 * writes the lockfile while this one holds it); throws advisoryLock's LockBusy when another holds it all of `waitMs`.
 */
export async function holdingLockfile<T>(folder: string, options: LockfileHoldOptions, run: (hold: HeldLock) => Promise<T>): Promise<T> {
  const hold = await holdLock(path.join(folder, LOCKFILE_HOLD), { ...options, staleMs: HOLD_STALE_MS });
  try {
    for (const temporary of await leftoverTemporaries(path.join(folder, LOCKFILE))) await fs.rm(temporary, { force: true });
    return await run(hold);
  } finally {
    await hold.release().catch(() => undefined);
  }
}

/**
 * Changes `folder`'s lockfile by `change`, read from disk and written whole while it is held: `change` gets the lock
 * as it is on disk now (undefined when there is none) and returns the new one. A broken lockfile throws lockfile's
 * LockfileError, and nothing is written.
 */
export function changeLockfile(folder: string, options: LockfileHoldOptions, change: (lock: Lockfile | undefined) => Lockfile): Promise<Lockfile> {
  return holdingLockfile(folder, options, async () => {
    const file = path.join(folder, LOCKFILE);
    const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    const changed = change(text === undefined ? undefined : parseLockfile(text, LOCKFILE));
    await writeFileWhole(file, serialiseLockfile(changed), { flush: true });
    return changed;
  });
}
