/** standards.lock on disk, in the folder the command runs in. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCKFILE, LockfileError, parseLockfile, serialiseLockfile, type Lockfile } from '../core/check/lockfile';
import { CannotRun } from './usage';

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

export function writeLock(cwd: string, lock: Lockfile): string {
  const file = path.join(cwd, LOCKFILE);
  try {
    fs.writeFileSync(file, serialiseLockfile(lock));
  } catch (error) {
    throw new CannotRun(`Cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return file;
}
