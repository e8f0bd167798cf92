/**
 * The text of a file a scan reads for citations: undefined for a file that is too large (generated data, logs),
 * binary, gone or unreadable. Pure Node (the References view's scan worker reads files with it; the extension reads
 * files of other schemes through VS Code and checks their bytes with `textOfBytes`). The browser build puts
 * src/web/ports/fileText.ts in its place.
 */
import { promises as fs } from 'node:fs';
import { MAX_FILE_BYTES, textOfBytes } from './fileBytes';

export { MAX_FILE_BYTES, textOfBytes };

export async function fileText(path: string): Promise<string | undefined> {
  try {
    if ((await fs.stat(path)).size > MAX_FILE_BYTES) return undefined;
    return textOfBytes(await fs.readFile(path));
  } catch {
    // Gone or unreadable: nothing to cite.
    return undefined;
  }
}
