/** Where the command line keeps what it read: the service's catalogue, catalogue files' indexes, clauses. */
import { readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogueIndex } from '../core/catalogue/catalogueIndex';

/**
 * Where the command line keeps the catalogues it read from a service, and the indexes of catalogue files: STANDARDS_EXPLORER_CACHE, else the user's
 * cache folder (XDG_CACHE_HOME, else ~/.cache) — never the repository.
 */
export function cacheDir(env: NodeJS.ProcessEnv): string {
  return env.STANDARDS_EXPLORER_CACHE || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'standards-explorer', 'cli');
}

/**
 * The index kept in `file` under `key`, when it is there and whole; else undefined (a cache: it is built again). Read
 * synchronously: a command line has no other work meanwhile.
 */
export function readStoredIndex(file: string, key: string): CatalogueIndex | undefined {
  try {
    return CatalogueIndex.fromFile(readFileSync(file), key);
  } catch {
    return undefined;
  }
}
