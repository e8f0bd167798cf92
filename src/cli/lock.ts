/** standards.lock on disk (in the folder the command runs in), and who is reviewing (git's user.name). */
import { execFileSync } from 'node:child_process';
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

/** git's user.name where the command runs, when git and a name are there. */
export function reviewer(cwd: string): string | undefined {
  try {
    return execFileSync('git', ['config', 'user.name'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}
