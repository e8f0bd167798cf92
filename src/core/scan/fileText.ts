/**
 * The text of a file a scan reads for citations: undefined for a file that is too large (generated data, logs),
 * binary, gone or unreadable. Pure Node (the References view's scan worker reads files with it; the extension reads
 * files of other schemes through VS Code and checks their bytes with `textOfBytes`). The browser build puts
 * src/web/ports/fileText.ts in its place (it has `fileText` only: `scanText` is for the worker, which the browser has not).
 */
import { promises as fs } from 'node:fs';
import { MAX_FILE_BYTES, textOfBytes, type NotReadFile } from './fileBytes';

export { MAX_FILE_BYTES, textOfBytes };

export async function fileText(path: string): Promise<string | undefined> {
  const read = await scanText(path);
  return typeof read === 'string' ? read : undefined;
}

/** The text of a file, or why it was not read (too large, binary); undefined when it is gone or unreadable. */
export async function scanText(path: string): Promise<string | NotReadFile | undefined> {
  try {
    const stat = await fs.stat(path);
    // A folder or a named pipe listed as a file: a pipe would hold the read (and the scan) until something wrote to it.
    if (!stat.isFile()) return undefined;
    if (stat.size > MAX_FILE_BYTES) return { notRead: 'too-large' };
    return textOfBytes(await fs.readFile(path)) ?? { notRead: 'binary' };
  } catch {
    // Gone or unreadable: nothing to cite.
    return undefined;
  }
}
