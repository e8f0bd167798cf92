/**
 * Files only their owner reads (0600 in a 0700 folder): what someone subscribes to, and the clauses they read, are
 * nobody else's business on a shared machine. Written aside and renamed (wholeFile.ts), so a crash never leaves half a file.
 */
// fs.promises, not node:fs/promises: loaded with the first write, not with every start of the command line.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { writeFileWhole, type FileContent } from './wholeFile';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The folder, created owner-only; an existing one (from an older version) is made owner-only too. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stat = await fs.stat(dir);
  if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) await fs.chmod(dir, PRIVATE_DIR_MODE);
}

/** Writes `file` whole or not at all, owner-only, in an owner-only folder. */
export async function writePrivateFile(file: string, content: FileContent): Promise<void> {
  await ensurePrivateDir(path.dirname(file));
  await writeFileWhole(file, content, { mode: PRIVATE_FILE_MODE });
}
