/**
 * What the MCP server's tools read: the command line's catalogue (a catalogue file, or the service's, kept for a day)
 * and the service's clauses (a disk cache of them answers while the service cannot be reached), with the credentials
 * of the environment — client credentials, or the short-lived access token VS Code starts the server with — and the
 * files under its roots (--root, VS Code's workspace folders; the folder it runs in by default), by their real paths.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { boundedTextSync, MAX_CHECKED_FILES, rootOf } from '../core/agentTools/fileBounds';
import { ToolProblem, type ClauseReader, type ReadFile, type ToolContext } from '../core/agentTools/index';
import type { Remedy } from '../core/service/errors';
import { yieldNow } from '../core/service/yieldNow';
import { catalogueFileOf, indexOfFile, type CatalogueSource } from './catalogue';
import { connect, serviceIndex, waitLine, type Connection } from './serviceCatalogue';
import type { CheckConfig } from './config';
import { listFiles } from './files';
import type { CliIo } from './main';
import { CannotRun } from './usage';
import { once } from './sharedOnce';

export interface McpContext {
  tools: ToolContext;
  /** Where the answers come from, for the log: never a secret. */
  describe: string;
  /** What check_references may read, for the log. */
  reads: string;
  close(): void;
}

/** What fixes a service failure, in the words of a server started from a command line (or by VS Code with a token). */
function remedies(accessToken: boolean): Partial<Record<Remedy, string>> {
  return {
    signIn: accessToken
      ? 'The access token this server was started with has expired or was refused: restart the MCP server from VS Code (Standards Explorer starts it with a new token), then call the tool again.'
      : "Check STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET in the MCP server's environment, then restart the server.",
    baseUrl: "Check the service URL in the MCP server's configuration (--base-url or STANDARDS_BASE_URL).",
    tokenUrl: "Check the token URL in the MCP server's configuration (--token-url or STANDARDS_TOKEN_URL).",
    apiKeyHeader: "Set STANDARDS_API_KEY and STANDARDS_API_KEY_HEADER in the MCP server's environment.",
  };
}

/**
 * Throws CannotRun when neither a catalogue file nor a service with credentials is given, or a root is not a folder:
 * the server does not start. `roots` are absolute; none means check_references reads no file.
 */
export function mcpContext(io: CliIo, source: CatalogueSource, config: CheckConfig, log: (line: string) => void, roots: readonly string[]): McpContext {
  const folders = rootFolders(roots);
  const file = catalogueFileOf(source, config, io.env);
  const hasService = Boolean(source.baseUrl ?? io.env.STANDARDS_BASE_URL ?? config.baseUrl);
  const connection =
    hasService || !file
      ? connect(source, config, io.env, {
          clauseCache: true,
          logger: {
            request: (e) => log(`${e.method} ${e.path} ${e.status ?? e.error ?? ''} ${e.ms} ms${e.cache ? ` (${e.cache})` : ''}`),
            waiting: (notice) => log(waitLine(notice)),
          },
        })
      : undefined;
  const catalogue = once(async () => {
    if (file) return asToolProblem(() => indexOfFile(file, io.env));
    return serviceIndex((connection as Connection).service, (connection as Connection).baseUrl, io.env, source.refresh, {
      onWait: (notice) => log(waitLine(notice)),
    });
  });
  const words = remedies(connection?.accessToken ?? false);
  return {
    tools: {
      catalogue: () => catalogue(),
      clauses: connection?.service ?? noClauses,
      ...(connection ? { serviceBaseUrl: connection.baseUrl } : {}),
      readFiles: (paths, signal) => filesUnder(folders, paths, config, signal),
      remedyText: (remedy) => words[remedy],
    },
    describe: file
      ? `catalogue file ${file}${connection ? `, clauses from ${connection.baseUrl}` : ''}`
      : `service ${connection?.baseUrl ?? ''}${connection?.accessToken ? ' (access token from the environment)' : ''}`,
    reads: folders.length ? `files under ${folders.map((f) => f.given).join(', ')}` : 'no file (no folder given)',
    close: () => connection?.service.dispose(),
  };
}

/** With a catalogue file and no service: search and check work, clauses cannot be read. */
const noClauses: ClauseReader = {
  listClausesCopy: () => Promise.reject(new ToolProblem(NO_SERVICE)),
  getClauseCopy: () => Promise.reject(new ToolProblem(NO_SERVICE)),
};
const NO_SERVICE =
  'This MCP server was started with a catalogue file only: it can search the catalogue and check references, but reading clauses needs the service (--base-url, or STANDARDS_BASE_URL, and credentials).';

async function asToolProblem<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof CannotRun ? new ToolProblem(error.message) : error;
  }
}

/** A root as given (for messages) and its real path (what every file's real path is held against). */
interface Root {
  given: string;
  real: string;
}

function rootFolders(roots: readonly string[]): Root[] {
  return roots.map((given) => {
    let real: string;
    try {
      real = fs.realpathSync.native(given);
    } catch {
      throw new CannotRun(`--root ${given}: no such folder.`);
    }
    if (!fs.statSync(real).isDirectory()) throw new CannotRun(`--root ${given}: not a folder (a root is a folder whose files check_references may read).`);
    return { given, real };
  });
}

/**
 * The files under `paths`, listed as `check` lists them, read only where their real paths lie under a root's, at most
 * MAX_CHECKED_FILES of them (the rest named as cut), each at most MAX_FILE_BYTES (known from its size before it is
 * read); what is not read is said, with why. A relative path is taken in the first root that has it (in the order
 * given), an absolute one must lie in a root. A path given that leads outside every root is refused.
 */
async function* filesUnder(roots: readonly Root[], paths: readonly string[], config: CheckConfig, signal?: AbortSignal): AsyncGenerator<ReadFile> {
  if (!roots.length)
    throw new ToolProblem(
      'This MCP server has no folder to read files from (it was started with no workspace folder open, or with --no-roots): pass the text to check in `text` instead, or open a folder (or start the server with --root DIR) and try again.',
    );
  const realRoots = roots.map((root) => root.real);
  // Per root, the paths below it (relative to its real path, as listFiles takes them), in the order given.
  const under = new Map<string, string[]>();
  for (const given of paths) {
    const { root, relative } = placed(given, roots);
    under.set(root, [...(under.get(root) ?? []), relative]);
  }
  let count = 0;
  for (const [root, relatives] of under) {
    const names = await asToolProblem(async () => listFiles(root, relatives, config));
    // Named as the answer shows them: relative to the first root, else whole.
    const shown = (name: string): string => (root === realRoots[0] ? name : path.join(root, name));
    for (const name of names) {
      if (signal?.aborted) return;
      if (++count > MAX_CHECKED_FILES) {
        yield { file: shown(name), text: undefined, skipped: 'overFileCap' };
        continue;
      }
      // A turn for the event loop (other requests, a cancellation) every slice of files.
      if (count % FILES_PER_SLICE === 0) await yieldNow();
      const read = boundedTextSync(path.join(root, name), realRoots);
      yield 'text' in read ? { file: shown(name), text: read.text } : { file: shown(name), text: undefined, skipped: read.skipped };
    }
  }
}

/** Files read between two turns of the event loop: about 5 ms of reading on two cores. */
const FILES_PER_SLICE = 200;

/** Where `given` lies: the real path of its root and its real path relative to it; a ToolProblem when outside every root. */
function placed(given: string, roots: readonly Root[]): { root: string; relative: string } {
  const candidates = path.isAbsolute(given) ? [path.normalize(given)] : roots.map((root) => path.resolve(root.given, given));
  const within = candidates.filter((candidate) => roots.some((root) => isUnder(candidate, root.given) || isUnder(candidate, root.real)));
  const names = roots.map((root) => root.given).join(', ');
  if (!within.length) throw new ToolProblem(`${given} is outside the folders this server reads (${names}): give paths inside them.`);
  const found = within.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new ToolProblem(`${given}: no such file or folder in ${names}.`);
  let real: string;
  try {
    real = fs.realpathSync.native(found);
  } catch {
    throw new ToolProblem(`${given}: cannot be read (gone, or no permission).`);
  }
  const root = rootOf(
    roots.map((r) => r.real),
    real,
  );
  if (!root) throw new ToolProblem(`${given} is a symbolic link (or lies under one) leading outside the folders this server reads (${names}): it is not read.`);
  return { root, relative: path.relative(root, real) || '.' };
}

function isUnder(candidate: string, folder: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
