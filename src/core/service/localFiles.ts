/**
 * StorageFiles (storageFiles.ts) on Node's file system: the desktop extension and the command line. Files are
 * owner-only in owner-only folders, written whole or not at all (privateFiles.ts, wholeFile.ts).
 */
import { createReadStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { writePrivateFile } from './privateFiles';
import type { StorageFiles } from './storageFiles';

export const localFiles: StorageFiles = {
  join: (location, ...names) => path.join(location, ...names),

  list: (folder) => fs.readdir(folder).catch(() => []),

  async facts(file) {
    try {
      const stat = await fs.stat(file);
      return { size: stat.size, mtimeMs: stat.mtimeMs };
    } catch {
      return undefined;
    }
  },

  chunks: (file) => createReadStream(file) as AsyncIterable<Uint8Array>,

  writePrivate: (file, pieces) => writePrivateFile(file, pieces),

  async touch(file) {
    const now = new Date();
    await fs.utimes(file, now, now).catch(() => undefined);
  },

  remove: (location) => fs.rm(location, { recursive: true, force: true }),
};
