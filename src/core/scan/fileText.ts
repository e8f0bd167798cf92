/**
 * The text of a file a scan reads for citations: undefined for a file that is too large (generated data, logs),
 * binary, gone or unreadable. Pure Node (the References view's scan worker reads files with it; the extension reads
 * files of other schemes through VS Code and checks their bytes with `textOfBytes`). The browser build puts
 * src/web/ports/fileText.ts in its place (it has `fileText` only: `scanText` is for the worker, which the browser has not).
 */
import { closeSync, constants, fstatSync, openSync, promises as fs, readSync } from 'node:fs';
import { MAX_FILE_BYTES, textOfBytes, type NotReadFile } from './fileBytes';

export { MAX_FILE_BYTES, textOfBytes };

export async function fileText(path: string): Promise<string | undefined> {
  const read = await scanText(path);
  return typeof read === 'string' ? read : undefined;
}

/** The text of a file, or why it was not read (too large, binary); undefined when it is gone or unreadable. */
export async function scanText(path: string): Promise<string | NotReadFile | undefined> {
  try {
    if ((await fs.stat(path)).size > MAX_FILE_BYTES) return { notRead: 'too-large' };
    return textOfBytes(await fs.readFile(path)) ?? { notRead: 'binary' };
  } catch {
    // Gone or unreadable: nothing to cite.
    return undefined;
  }
}

/**
 * `scanText` on the calling thread, for the scan's worker, whose thread waits on nothing else: one open, its size
 * and one read, where the promises of `scanText` made three trips through libuv's threads (5 000 files: 48 ms
 * against 100 ms).
 */
export function scanTextNow(path: string): string | NotReadFile | undefined {
  let fd: number | undefined;
  try {
    // Not blocking: a named pipe would otherwise hold the thread until something wrote to it.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const { size } = stat;
    if (size > MAX_FILE_BYTES) return { notRead: 'too-large' };
    const bytes = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) break; // shrank while read
      read += n;
    }
    return textOfBytes(bytes.subarray(0, read)) ?? { notRead: 'binary' };
  } catch {
    // Gone or unreadable: nothing to cite.
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
