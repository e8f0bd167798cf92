/**
 * A file written whole or not at all: the content goes to a temporary file beside it, which is renamed over the
 * file once complete. A process killed at any point (kill -9, a crash, a full disk) leaves the old file or the new
 * one, never a torn one; at worst a temporary file stays behind, which `leftoverTemporaries` finds.
 */
// fs.promises, not node:fs/promises: loaded with the first write, not with every start of the command line.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface WholeFileOptions {
  /** The mode of a new file (before the umask); 0o666 when not given, as for any new file. */
  mode?: number;
  /**
   * Flushed to the disk before the rename (and the rename after it, where the system allows): the file survives a
   * power cut too, not only a killed process. Costs a disk flush; what can be fetched again (caches) goes without.
   */
  flush?: boolean;
}

/** File content: all of it, or pieces written one after another (a large body: no string of all of it is made). */
export type FileContent = Uint8Array | string | readonly (Uint8Array | string)[];

/** Writes `file` whole or not at all (see above). */
export async function writeFileWhole(file: string, content: FileContent, options: WholeFileOptions = {}): Promise<void> {
  const temp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(16).slice(2, 10)}.tmp`;
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(temp, 'wx', options.mode ?? 0o666);
    for (const piece of typeof content === 'string' || content instanceof Uint8Array ? [content] : content) await handle.writeFile(piece);
    if (options.flush) await handle.sync();
    await handle.close();
    handle = undefined;
    await renameOver(temp, file);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  if (options.flush) await flushFolder(path.dirname(file));
}

/** The temporary files a killed writer of `file` left beside it (full paths). */
export async function leftoverTemporaries(file: string): Promise<string[]> {
  const base = path.basename(file);
  const names = await fs.readdir(path.dirname(file)).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith(`${base}.`) && /^\d+\.\d+\.[0-9a-f]*\.tmp$/.test(name.slice(base.length + 1)))
    .map((name) => path.join(path.dirname(file), name));
}

/** rename, tried again briefly on Windows, where a reader holding the file open (an editor, a virus scanner) refuses it for a moment. */
async function renameOver(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fs.rename(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (process.platform !== 'win32' || attempt === 10 || !(code === 'EPERM' || code === 'EACCES' || code === 'EBUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** The folder's entry for the renamed file, on the disk; not every system lets a folder be opened for this (Windows). */
async function flushFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, 'r').catch(() => undefined);
  await handle
    ?.sync()
    .catch(() => undefined)
    .finally(() => handle.close().catch(() => undefined));
}
