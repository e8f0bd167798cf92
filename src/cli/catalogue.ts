/**
 * The catalogue a check resolves citations against: a catalogue file (air-gapped CI), or the service's own list of
 * standards, read with the credentials of the environment (never an argument: a command line is visible to every
 * process on the machine, and CI logs print it).
 */
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCatalogueIndex } from '../core/catalogue/buildIndex';
import { CatalogueIndex } from '../core/catalogue/catalogueIndex';
import { isServiceError, type Remedy } from '../core/service/errors';
import type { ManagedStandardsService } from '../core/service/managedService';
import { writePrivateFile } from '../core/service/privateFiles';
import { createStandardsService } from '../core/service/standardsService';
import { storageKey } from '../core/storageKeys';
import type { ClauseSource } from '../core/check/lockCheck';
import { indexOfCatalogueFile } from './catalogueFileIndex';
import type { CheckConfig } from './config';
import { CannotRun } from './usage';

export interface CatalogueSource {
  catalogue?: string;
  baseUrl?: string;
  tokenUrl?: string;
  /** Read the catalogue from the service even when the cached one is fresh. */
  refresh?: boolean;
}

/** How long a catalogue read from the service is used again without asking: standards change by the month. */
const CATALOGUE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The words for what fixes a service error, on a command line. */
const REMEDIES: Record<Remedy, string> = {
  signIn: 'Check STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET.',
  baseUrl: 'Check the service URL (--base-url, STANDARDS_BASE_URL or "baseUrl" in the config).',
  tokenUrl: 'Check the token URL (--token-url, STANDARDS_TOKEN_URL or "tokenUrl" in the config).',
  scope: 'Check "scope" in the config.',
  apiKeyHeader: 'Set STANDARDS_API_KEY and STANDARDS_API_KEY_HEADER (the header the service expects the key in).',
  network: 'Check the network and proxy between this machine and the service.',
  timeout: 'The service did not answer in time: run the check again.',
  askAdministrator: "Ask the service's administrator.",
  refresh: 'Run the check again.',
  wait: 'The service is busy: run the check again later.',
  tryLater: 'Run the check again later.',
  unknownAnswer: 'Run the check again; if it happens again, the service answered something this tool does not know.',
};

/** The catalogue to check against; a service also lists each edition's clauses (the missing-clause rule). */
export interface OpenCatalogue {
  index: CatalogueIndex;
  /** The service's clause lists and clause bodies: none with a catalogue file. */
  clauses?: ClauseSource;
  close(): void;
}

export async function openCatalogue(options: CatalogueSource, config: CheckConfig, env: NodeJS.ProcessEnv): Promise<OpenCatalogue> {
  const file = options.catalogue ?? (options.baseUrl || env.STANDARDS_BASE_URL ? undefined : config.catalogue);
  if (file) return { index: await indexOfCatalogueFile(file, cacheDir(env)), close: () => undefined };
  const baseUrl = options.baseUrl ?? env.STANDARDS_BASE_URL ?? config.baseUrl;
  const tokenUrl = options.tokenUrl ?? env.STANDARDS_TOKEN_URL ?? config.tokenUrl;
  if (!baseUrl || !tokenUrl) {
    throw new CannotRun(
      'No catalogue to check against: give --catalogue FILE, or the service with --base-url and --token-url (or STANDARDS_BASE_URL and STANDARDS_TOKEN_URL) and its credentials in STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET.',
    );
  }
  const clientId = env.STANDARDS_CLIENT_ID;
  const clientSecret = env.STANDARDS_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new CannotRun('The service needs credentials: set STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET in the environment.');
  const apiKey = env.STANDARDS_API_KEY ? { header: env.STANDARDS_API_KEY_HEADER || 'X-Api-Key', value: env.STANDARDS_API_KEY } : undefined;
  let service: ManagedStandardsService;
  try {
    service = createStandardsService({ baseUrl, tokenUrl, clientId, clientSecret, apiKey, scope: config.scope, userAgent: 'standards-explorer-cli' });
  } catch (error) {
    throw cannotRun(error, 'the catalogue');
  }
  try {
    const cached = path.join(cacheDir(env), `catalogue-${storageKey([baseUrl], 16)}.index`);
    let index = options.refresh ? undefined : await readCachedIndex(cached, baseUrl);
    if (!index) {
      index = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 500, inThread: true });
      // A cache: when it cannot be written, the next run reads the service again.
      await writePrivateFile(cached, index.toFile(baseUrl)).catch(() => undefined);
    }
    const clauses: ClauseSource = {
      listClauses: (urn) =>
        service.listClauses(urn).catch((error: unknown) => {
          throw cannotRun(error, `the clauses of ${urn}`);
        }),
      clauseBody: (urn, clauseId) =>
        service.getClause(urn, clauseId).catch((error: unknown) => {
          throw cannotRun(error, `clause ${clauseId} of ${urn}`);
        }),
    };
    return { index, clauses, close: () => service.dispose() };
  } catch (error) {
    service.dispose();
    throw cannotRun(error, 'the catalogue');
  }
}

/**
 * Where the command line keeps the catalogues it read from a service, and the indexes of catalogue files: STANDARDS_EXPLORER_CACHE, else the user's
 * cache folder (XDG_CACHE_HOME, else ~/.cache) — never the repository.
 */
function cacheDir(env: NodeJS.ProcessEnv): string {
  return env.STANDARDS_EXPLORER_CACHE || path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'standards-explorer', 'cli');
}

/** The cached catalogue of `baseUrl` when it is there, readable and younger than a day. */
async function readCachedIndex(file: string, baseUrl: string): Promise<CatalogueIndex | undefined> {
  try {
    const index = CatalogueIndex.fromFile(await fs.readFile(file), baseUrl);
    return index && Date.now() - index.builtAt < CATALOGUE_MAX_AGE_MS ? index : undefined;
  } catch {
    return undefined;
  }
}

/** A service failure as "could not run", with what fixes it; its message never holds a secret (errors.ts). */
function cannotRun(error: unknown, what: string): CannotRun {
  if (error instanceof CannotRun) return error;
  if (!isServiceError(error)) return new CannotRun(`Could not read ${what} from the service: ${error instanceof Error ? error.message : String(error)}`);
  const remedy = error.remedy;
  return new CannotRun(`Could not read ${what} from the service: ${error.message}${remedy ? ` ${REMEDIES[remedy]}` : ''}`);
}
