/** Where the command line keeps what it read: the service's catalogue, catalogue files' indexes, clauses. */
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Where the command line keeps the catalogues it read from a service, and the indexes of catalogue files: STANDARDS_EXPLORER_CACHE, else the user's
 * cache folder (XDG_CACHE_HOME, else ~/.cache) — never the repository.
 */
export function cacheDir(env: NodeJS.ProcessEnv): string {
  return env.STANDARDS_EXPLORER_CACHE || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'standards-explorer', 'cli');
}
