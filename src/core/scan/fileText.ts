/**
 * The text of a file a scan reads for citations: undefined for a file that is too large (generated data, logs),
 * binary, gone or unreadable. Pure Node (the References view's scan worker reads files with it; the extension reads
 * files of other schemes through VS Code and checks their bytes with `textOfBytes`). The browser build puts
 * src/web/ports/fileText.ts in its place (it has `fileText` only: `scanText` is for the worker, which the browser has not).
 */
import { closeSync, constants, fstatSync, openSync, promises as fs, readSync, type Stats } from 'node:fs';
import { MAX_FILE_BYTES, textOfBytes, type NotReadFile } from './fileBytes';

export { MAX_FILE_BYTES, textOfBytes };

/** The text of a file; undefined when it is not read (scanText says why). For the extension host: it waits for no read. */
export async function fileText(path: string): Promise<string | undefined> {
  try {
    const stat = await fs.stat(path);
    if (notToRead(stat)) return undefined;
    return textOfBytes(await fs.readFile(path));
  } catch {
    // Gone or unreadable: nothing to cite.
    return undefined;
  }
}

/**
 * The text of a file, or why it was not read (too large, binary); undefined when it is gone, unreadable or not a
 * regular file. Synchronous, for the scan's worker, which has nothing else to do meanwhile: a file the system has
 * cached is read in four calls and no round trip through libuv's threads, where the promise API made five (its
 * stat, open, size, read, close), each waking the worker again: reading 5 000 files took the worker 470–560 ms
 * against the 300 ms plain Node took to read and recognise them (bench/referencesScan.ts, 2 shared cores). Opened
 * without waiting (O_NONBLOCK) and its kind asked on the open file: a named pipe listed as a file is never read.
 */
export function scanText(path: string): string | NotReadFile | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    const skipped = notToRead(stat);
    if (skipped) return skipped === 'too-large' ? { notRead: 'too-large' } : undefined;
    const bytes = Buffer.allocUnsafe(stat.size);
    let read = 0;
    for (let n = -1; read < bytes.length && n !== 0; read += n) n = readSync(fd, bytes, read, bytes.length - read, read);
    return textOfBytes(bytes.subarray(0, read)) ?? { notRead: 'binary' };
  } catch {
    // Unreadable: nothing to cite.
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Why a file is not read before its bytes are: not a regular file (a folder or a named pipe listed as a file: a pipe
 * would hold the read until something wrote to it), or too large; undefined when it is read.
 */
function notToRead(stat: Stats): 'not-a-file' | 'too-large' | undefined {
  return !stat.isFile() ? 'not-a-file' : stat.size > MAX_FILE_BYTES ? 'too-large' : undefined;
}
