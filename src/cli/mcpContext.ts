/**
 * What the MCP server's tools read: the command line's catalogue (a catalogue file, or the service's, kept for a day)
 * and the service's clauses (a disk cache of them answers while the service cannot be reached), with the credentials
 * of the environment — client credentials, or the short-lived access token VS Code starts the server with — and the
 * files under the folder the server runs in.
 */
import * as path from 'node:path';
import { ToolProblem, type ClauseReader, type ReadFile, type ToolContext } from '../core/agentTools/index';
import type { Remedy } from '../core/service/errors';
import { catalogueFileOf, indexOfFile, type CatalogueSource } from './catalogue';
import { connect, serviceIndex, type Connection } from './serviceCatalogue';
import type { CheckConfig } from './config';
import { listFiles, readText } from './files';
import type { CliIo } from './main';
import { CannotRun } from './usage';

export interface McpContext {
  tools: ToolContext;
  /** Where the answers come from, for the log: never a secret. */
  describe: string;
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

/** Throws CannotRun when neither a catalogue file nor a service with credentials is given: the server does not start. */
export function mcpContext(io: CliIo, source: CatalogueSource, config: CheckConfig, log: (line: string) => void): McpContext {
  const file = catalogueFileOf(source, config, io.env);
  const hasService = Boolean(source.baseUrl ?? io.env.STANDARDS_BASE_URL ?? config.baseUrl);
  const connection =
    hasService || !file
      ? connect(source, config, io.env, {
          clauseCache: true,
          logger: { request: (e) => log(`${e.method} ${e.path} ${e.status ?? e.error ?? ''} ${e.ms} ms${e.cache ? ` (${e.cache})` : ''}`) },
        })
      : undefined;
  const catalogue = once(async () => {
    if (file) return asToolProblem(() => indexOfFile(file, io.env));
    return serviceIndex((connection as Connection).service, (connection as Connection).baseUrl, io.env, source.refresh);
  });
  const words = remedies(connection?.accessToken ?? false);
  return {
    tools: {
      catalogue: () => catalogue(),
      clauses: connection?.service ?? noClauses,
      ...(connection ? { serviceBaseUrl: connection.baseUrl } : {}),
      readFiles: (paths, signal) => filesUnder(io.cwd, paths, config, signal),
      remedyText: (remedy) => words[remedy],
    },
    describe: file
      ? `catalogue file ${file}${connection ? `, clauses from ${connection.baseUrl}` : ''}`
      : `service ${connection?.baseUrl ?? ''}${connection?.accessToken ? ' (access token from the environment)' : ''}`,
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

/** The first call's promise, shared; a failure is not kept, so the next call tries again. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

async function asToolProblem<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof CannotRun ? new ToolProblem(error.message) : error;
  }
}

/** The files under `paths`, as `check` reads them, refusing any path outside the folder the server runs in. */
async function* filesUnder(cwd: string, paths: readonly string[], config: CheckConfig, signal?: AbortSignal): AsyncGenerator<ReadFile> {
  for (const given of paths) {
    const relative = path.relative(cwd, path.resolve(cwd, given));
    if (relative.startsWith('..') || path.isAbsolute(relative))
      throw new ToolProblem(`${given} is outside the folder this server runs in (${cwd}): give paths inside it.`);
  }
  const files = await asToolProblem(async () => listFiles(cwd, paths, config));
  for (const file of files) {
    if (signal?.aborted) return;
    yield { file, text: await asToolProblem(async () => readText(cwd, file)) };
  }
}
