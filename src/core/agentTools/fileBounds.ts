/**
 * What check_references may read of a host's folders (its roots: the workspace folders, or the MCP server's --root
 * folders): the caps both hosts share, and a file's text read only when its real path lies under a root's real path,
 * so a symbolic link inside a root cannot lead the tool to the rest of the machine. A file's size is asked before
 * anything is read. Pure Node: no editor (the browser build has src/web/ports/fileBounds.ts in its place).
 */
import { closeSync, constants, fstatSync, openSync, promises as fs, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { textOfBytes } from '../scan/fileBytes';
import { MAX_CHECKED_FILES, MAX_FILE_BYTES, SKIP_REASONS, skipReasonText, type SkipReason } from './readLimits';

export { MAX_CHECKED_FILES, MAX_FILE_BYTES, SKIP_REASONS, skipReasonText, type SkipReason };

/**
 * Opened without following a link in the last step (the path is a real path already: a link put there since is
 * not followed), and without waiting for a writer should a pipe have taken the file's place since its stat.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The real path of `root` when it is the same as or above `real`, else undefined. Both real paths. */
export function rootOf(realRoots: readonly string[], real: string): string | undefined {
  return realRoots.find((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`));
}

/** A file's text, or why it was not read. */
export type BoundedRead = { text: string } | { skipped: SkipReason };

/**
 * The text of `file` (an absolute path), or why it is not read: its real path outside every root (a symbolic link
 * leading out), not a regular file, larger than MAX_FILE_BYTES (known from its size, before any byte is read),
 * binary, or gone or unreadable. Asynchronous, for a host whose event loop must stay free (the editor's).
 */
export async function boundedText(file: string, realRoots: readonly string[]): Promise<BoundedRead> {
  let real: string;
  try {
    real = await fs.realpath(file);
  } catch {
    return UNREADABLE;
  }
  if (!rootOf(realRoots, real)) return { skipped: 'linkOutside' };
  try {
    // By path first: a device or a pipe is not even opened.
    const early = skipOf(await fs.stat(real));
    if (early) return { skipped: early };
    const handle = await fs.open(real, OPEN_FLAGS);
    try {
      // Asked again of what was opened: the file may have been replaced or grown since.
      const opened = await handle.stat();
      const late = skipOf(opened);
      if (late) return { skipped: late };
      const buffer = bufferFor(opened.size);
      let filled = 0;
      for (let n = -1; filled < buffer.length && n !== 0; filled += n) n = (await handle.read(buffer, filled, buffer.length - filled, filled)).bytesRead;
      return judged(buffer.subarray(0, filled));
    } finally {
      await handle.close();
    }
  } catch {
    // Gone or no permission since it was listed.
    return UNREADABLE;
  }
}

/**
 * boundedText, synchronously: for the MCP server, which reads a folder's files one after the other as `check` does,
 * giving its event loop a turn between slices of them. The asynchronous calls' round trips cost ten times as much
 * (5 000 small files on 2 cores: about 60 ms against 500 to 800 ms).
 */
export function boundedTextSync(file: string, realRoots: readonly string[]): BoundedRead {
  let real: string;
  try {
    real = realpathSync.native(file);
  } catch {
    return UNREADABLE;
  }
  if (!rootOf(realRoots, real)) return { skipped: 'linkOutside' };
  let fd: number | undefined;
  try {
    const early = skipOf(statSync(real));
    if (early) return { skipped: early };
    fd = openSync(real, OPEN_FLAGS);
    const opened = fstatSync(fd);
    const late = skipOf(opened);
    if (late) return { skipped: late };
    const buffer = bufferFor(opened.size);
    let filled = 0;
    for (let n = -1; filled < buffer.length && n !== 0; filled += n) n = readSync(fd, buffer, filled, buffer.length - filled, filled);
    return judged(buffer.subarray(0, filled));
  } catch {
    return UNREADABLE;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const UNREADABLE: BoundedRead = { skipped: 'unreadable' };

/** Why a file of these stats is not read, before a byte of it is; undefined when it is read. */
function skipOf(stats: Stats): SkipReason | undefined {
  if (!stats.isFile()) return 'notAFile';
  return stats.size > MAX_FILE_BYTES ? 'tooLarge' : undefined;
}

/** Room for the file's size and one byte more: a file that grew past the cap since its size was asked is known by it. */
function bufferFor(size: number): Buffer {
  return Buffer.alloc(Math.min(size, MAX_FILE_BYTES) + 1);
}

function judged(bytes: Uint8Array): BoundedRead {
  if (bytes.length > MAX_FILE_BYTES) return { skipped: 'tooLarge' };
  const text = textOfBytes(bytes);
  return text === undefined ? { skipped: 'binary' } : { text };
}

/** The real paths of `folders` (a folder that cannot be resolved holds nothing to read). */
export async function realPathsOf(folders: readonly string[]): Promise<string[]> {
  const real = await Promise.all(folders.map((folder) => fs.realpath(folder).catch(() => undefined)));
  return real.filter((folder): folder is string => folder !== undefined);
}
