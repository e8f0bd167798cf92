/**
 * standards.lock on disk, in the folder the command runs in: read whole and checked (a broken one stops the command),
 * written whole (a temporary file beside it, flushed and renamed over it: a killed run leaves the old lock or the new
 * one), and by one `lock` at a time (standards.lock.lock, see holdingLockfile).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LockBusy, type HeldLock, type LockHolder } from '../core/check/advisoryLock';
import { LOCKFILE, LockfileError, parseLockfile, serialiseLockfile, type Lockfile } from '../core/check/lockfile';
import { HOLD_STALE_MS, holdingLockfile as holdingInFolder, LOCKFILE_HOLD } from '../core/check/lockfileHold';
import { writeFileWhole } from '../core/service/wholeFile';
import { CannotRun } from './usage';

/** How long a second `lock` waits for the first before it stops (exit 2). */
export const HOLD_WAIT_MS = 5 * 60_000;

/** The lockfile of `cwd`, or undefined when there is none; a broken one stops the command (exit 2). */
export function readLock(cwd: string): { file: string; lock: Lockfile } | undefined {
  const file = path.join(cwd, LOCKFILE);
  if (!fs.existsSync(file)) return undefined;
  try {
    return { file: LOCKFILE, lock: parseLockfile(fs.readFileSync(file, 'utf8'), LOCKFILE) };
  } catch (error) {
    if (error instanceof LockfileError) throw new CannotRun(error.message);
    throw new CannotRun(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Writes the lockfile of `cwd` whole or not at all; with `hold`, only while it is still held. */
export async function writeLock(cwd: string, lock: Lockfile, hold?: HeldLock): Promise<string> {
  const file = path.join(cwd, LOCKFILE);
  if (hold && !(await hold.stillHeld()))
    throw new CannotRun(`${LOCKFILE_HOLD} was taken over by another run while this one ran (it seemed stale), so ${LOCKFILE} was not written. Run lock again.`);
  try {
    await writeFileWhole(file, serialiseLockfile(lock), { flush: true });
  } catch (error) {
    throw new CannotRun(`Cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return file;
}

/**
 * Runs `run` holding LOCKFILE_HOLD in `cwd`: one `lock` at a time reads and writes the lockfile, so a second one
 * never writes over the first's lock with one made from the lock before it. A second run waits (saying so on
 * `stderr`) up to HOLD_WAIT_MS, then stops (exit 2); a hold left by a run that was killed is taken over.
 */
export async function holdingLockfile<T>(cwd: string, stderr: { write(text: string): unknown }, run: (hold: HeldLock) => Promise<T>): Promise<T> {
  const file = path.join(cwd, LOCKFILE_HOLD);
  // What `run` throws is its own; the rest is about taking the hold.
  let ran = false;
  try {
    return await holdingInFolder(
      cwd,
      {
        waitMs: HOLD_WAIT_MS,
        onWait: (holder) =>
          stderr.write(
            `standards-explorer: waiting for ${holderText(holder)} to finish with ${LOCKFILE} (it holds ${LOCKFILE_HOLD}); up to ${minutes(HOLD_WAIT_MS)}.\n`,
          ),
        onStale: (holder, why) =>
          stderr.write(
            why === 'foreign'
              ? `standards-explorer: ${LOCKFILE_HOLD} is not a lock file (a symbolic link or a folder, made by no standards-explorer lock); taken over.\n`
              : `standards-explorer: ${LOCKFILE_HOLD} was left by ${holderText(holder)}, which ${why === 'gone' ? 'no longer runs' : `has not refreshed it for ${minutes(HOLD_STALE_MS)}`}; taken over.\n`,
          ),
      },
      (hold) => {
        ran = true;
        return run(hold);
      },
    );
  } catch (error) {
    if (ran) throw error;
    if (error instanceof LockBusy)
      throw new CannotRun(
        `${LOCKFILE} is still being written by ${holderText(error.holder)} after ${minutes(HOLD_WAIT_MS)} of waiting. Run lock again when it is done; if no such run is going on, delete ${LOCKFILE_HOLD}.`,
      );
    throw new CannotRun(`Cannot create ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function holderText(holder: LockHolder | undefined): string {
  return holder ? `another standards-explorer lock (process ${holder.pid} on ${holder.host}, since ${holder.since})` : 'another standards-explorer lock';
}

function minutes(ms: number): string {
  return `${ms / 60_000} minutes`;
}
