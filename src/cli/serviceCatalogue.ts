/**
 * The service's catalogue for the command line, read with the credentials of the environment (never an argument: a
 * command line is visible to every process on the machine, and CI logs print it), kept for a day in the cache
 * folder; and its clause lists and bodies. A bundle of its own (dist/cli-service.js): catalogue.ts loads it only when
 * a command asks the service.
 */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { buildCatalogueIndex } from '../core/catalogue/buildIndex';
import { CatalogueIndex } from '../core/catalogue/catalogueIndex';
import { isServiceError, type Remedy } from '../core/service/errors';
import { Deadline, seconds } from '../core/service/deadline';
import type { ManagedStandardsService } from '../core/service/managedService';
import type { ServiceLogger, WaitNotice } from '../core/service/types';
import { writePrivateFile } from '../core/service/privateFiles';
import { createStandardsService } from '../core/service/standardsService';
import { storageKey } from '../core/storageKeys';
import type { ClauseSource } from '../core/check/lockCheck';
import { cacheDir } from './cacheFolder';
import { refuseRepositoryEndpoints, serviceEndpoints } from './endpoints';
import type { CatalogueSource, OpenCatalogue } from './catalogue';
import type { CheckConfig } from './config';
import { CannotRun, DEFAULT_TIMEOUT_SECONDS } from './usage';

/** How long a catalogue read from the service is used again without asking: standards change by the month. */
const CATALOGUE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The words for what fixes a service error, on a command line. */
const REMEDIES: Record<Remedy, string> = {
  signIn: 'Check STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET.',
  baseUrl: 'Check the service URL (--base-url or STANDARDS_BASE_URL).',
  tokenUrl: 'Check the token URL (--token-url or STANDARDS_TOKEN_URL).',
  scope: 'Check "scope" in the config.',
  apiKeyHeader: 'Set STANDARDS_API_KEY and STANDARDS_API_KEY_HEADER (the header the service expects the key in).',
  network: 'Check the network and proxy between this machine and the service.',
  timeout: 'The service did not answer in time: run the check again.',
  askAdministrator: "Ask the service's administrator.",
  refresh: 'Run the check again.',
  wait: 'The service is busy: run the check again later.',
  tryLater: 'Run the check again later.',
  unknownAnswer: 'Run the check again; if it happens again, the service answered something this tool does not know.',
  clock: "Check the clocks: this machine's, the identity provider's and the service's must agree (set them to synchronise with a time server).",
  timeLimit: `Run the check again later, or allow it longer with --timeout SECONDS (default ${DEFAULT_TIMEOUT_SECONDS}).`,
};

/** Waits shorter than this go unsaid: a retry's backoff of a fraction of a second is not worth a line. */
const TOLD_WAIT_MS = 1000;

/** The service's catalogue, and its clause lists and bodies; every failure a CannotRun saying what fixes it. */
export async function openServiceCatalogue(options: CatalogueSource, config: CheckConfig, env: NodeJS.ProcessEnv): Promise<OpenCatalogue> {
  // One time limit for everything this run asks the service, waits it asks for included.
  const deadline = new Deadline(options.timeLimitMs ?? DEFAULT_TIMEOUT_SECONDS * 1000);
  const onWait = (notice: WaitNotice): void => {
    if (notice.ms >= TOLD_WAIT_MS) options.tell?.(waitLine(notice));
  };
  let connection: Connection;
  try {
    connection = connect(options, config, env, { deadline, logger: { request: () => undefined, waiting: onWait } });
  } catch (error) {
    deadline.dispose();
    throw error;
  }
  const { service, baseUrl } = connection;
  const close = (): void => {
    service.dispose();
    deadline.dispose();
  };
  try {
    const index = await serviceIndex(service, baseUrl, env, options.refresh, { deadline, onWait });
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
    return { index, clauses, close };
  } catch (error) {
    close();
    throw cannotRun(error, 'the catalogue');
  }
}

/** A wait, as the command line tells it on standard error. */
export function waitLine(notice: WaitNotice): string {
  const asked = notice.asked ? ', which asked for this wait (Retry-After)' : '';
  const counted = [
    notice.retry && `retry ${notice.retry.number} of ${notice.retry.of}`,
    notice.leftMs !== undefined && `${seconds(notice.leftMs, Math.floor)} left of --timeout`,
  ]
    .filter(Boolean)
    .join(', ');
  return `waiting ${seconds(notice.ms)} before asking again for ${notice.request}: ${notice.after}${asked}${counted ? ` (${counted})` : ''}.`;
}

/** What a long-running command adds to a connection: a disk cache of clauses (stored copies while offline), a log. */
export interface ConnectionTuning {
  clauseCache?: boolean;
  logger?: ServiceLogger;
  /** The run's time limit (--timeout): every call stops when it passes (deadline.ts). */
  deadline?: Deadline;
}

/** A connection to the service, and whether it holds a handed-over access token rather than client credentials. */
export interface Connection {
  service: ManagedStandardsService;
  baseUrl: string;
  accessToken: boolean;
}

/**
 * The service as the environment describes it: its URLs from the arguments or the environment (never a config of the
 * repository: endpoints.ts); client
 * credentials from the environment, or a short-lived access token (STANDARDS_ACCESS_TOKEN, and when it expires in
 * STANDARDS_ACCESS_TOKEN_EXPIRES_AT) that a host holding the credentials handed over — then no token URL is needed.
 */
export function connect(options: CatalogueSource, config: CheckConfig, env: NodeJS.ProcessEnv, tuning: ConnectionTuning = {}): Connection {
  const { baseUrl, tokenUrl } = serviceEndpoints(options, env);
  const accessToken = env.STANDARDS_ACCESS_TOKEN;
  refuseRepositoryEndpoints(config, { baseUrl, tokenUrl }, accessToken ? ['baseUrl'] : ['baseUrl', 'tokenUrl']);
  if (!baseUrl || (!tokenUrl && !accessToken)) {
    throw new CannotRun(
      'No catalogue to check against: give --catalogue FILE, or the service with --base-url and --token-url (or STANDARDS_BASE_URL and STANDARDS_TOKEN_URL) and its credentials in STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET.',
    );
  }
  const apiKey = env.STANDARDS_API_KEY ? { header: env.STANDARDS_API_KEY_HEADER || 'X-Api-Key', value: env.STANDARDS_API_KEY } : undefined;
  const clauseCache = tuning.clauseCache ? { cacheDir: path.join(cacheDir(env), `clauses-${storageKey([baseUrl], 16)}`) } : {};
  const common = { baseUrl, apiKey, userAgent: 'standards-explorer-cli', logger: tuning.logger, deadline: tuning.deadline, ...clauseCache };
  try {
    if (accessToken) {
      const expiresAt = expiryOf(env.STANDARDS_ACCESS_TOKEN_EXPIRES_AT);
      return {
        service: createStandardsService({ ...common, accessToken: { value: accessToken, ...(expiresAt ? { expiresAt } : {}) } }),
        baseUrl,
        accessToken: true,
      };
    }
    const clientId = env.STANDARDS_CLIENT_ID;
    const clientSecret = env.STANDARDS_CLIENT_SECRET;
    if (!clientId || !clientSecret)
      throw new CannotRun('The service needs credentials: set STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET in the environment.');
    return {
      service: createStandardsService({ ...common, tokenUrl: tokenUrl ?? '', clientId, clientSecret, scope: config.scope }),
      baseUrl,
      accessToken: false,
    };
  } catch (error) {
    throw cannotRun(error, 'the catalogue');
  }
}

/** STANDARDS_ACCESS_TOKEN_EXPIRES_AT: milliseconds since the epoch, or an ISO 8601 date and time. */
function expiryOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const at = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Date.parse(value);
  if (!Number.isFinite(at))
    throw new CannotRun(`STANDARDS_ACCESS_TOKEN_EXPIRES_AT "${value}": give milliseconds since the epoch or an ISO 8601 date and time.`);
  return at;
}

/**
 * The service's catalogue as an index: the one kept for a day when there is one (and `refresh` is not asked), else read
 * and kept — within the run's time limit when there is one, each wait for a busy service told to `onWait`.
 */
export async function serviceIndex(
  service: ManagedStandardsService,
  baseUrl: string,
  env: NodeJS.ProcessEnv,
  refresh = false,
  run: { deadline?: Deadline; onWait?: (notice: WaitNotice) => void } = {},
): Promise<CatalogueIndex> {
  const cached = path.join(cacheDir(env), `catalogue-${storageKey([baseUrl], 16)}.index`);
  let index = refresh ? undefined : await readCachedIndex(cached, baseUrl);
  if (!index) {
    index = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 500, inThread: true, ...run });
    // A cache: when it cannot be written, the next run reads the service again.
    await writePrivateFile(cached, index.toFile(baseUrl)).catch(() => undefined);
  }
  return index;
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
