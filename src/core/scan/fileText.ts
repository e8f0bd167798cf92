/**
 * The text of a file a scan reads for citations: undefined for a file that is too large (generated data, logs),
 * binary, gone or unreadable. Pure Node (the References view's scan worker reads files with it; the extension reads
 * files of other schemes through VS Code and checks their bytes with `textOfBytes`).
 */
import { promises as fs } from 'node:fs';

/** Larger files are skipped. */
export const MAX_FILE_BYTES = 2_000_000;

/** Bytes looked at for a NUL, the mark of a binary file. */
const BINARY_PROBE = 8000;

export async function fileText(path: string): Promise<string | undefined> {
  try {
    if ((await fs.stat(path)).size > MAX_FILE_BYTES) return undefined;
    return textOfBytes(await fs.readFile(path));
  } catch {
    // Gone or unreadable: nothing to cite.
    return undefined;
  }
}

/** The UTF-8 text of `bytes`, or undefined when they are binary. */
export function textOfBytes(bytes: Uint8Array): string | undefined {
  return bytes.subarray(0, BINARY_PROBE).includes(0) ? undefined : new TextDecoder().decode(bytes);
}
