/**
 * What the language server checks with, fixed at `initialize`: the workspace's config (standards.config.json or
 * package.json's "standards", in the root the client gives, read as `check` reads it), the year editions are judged
 * in (`asOf`), and the catalogue — a catalogue file (the initialization option `catalogue`, else the config's), or
 * the service's catalogue. The service's endpoints come from the initialization options or the environment, the
 * credentials from the environment only, never from a workspace file (endpoints.ts says why). The catalogue is
 * opened on first use, as the MCP server opens it (mcpContext.ts), and kept.
 */
import * as path from 'node:path';
import type { CatalogueIndex } from '../../core/catalogue/catalogueIndex';
import type { ManagedStandardsService } from '../../core/service/managedService';
import { yearOf } from '../asOf';
import { catalogueFileOf, indexOfFile, type CatalogueSource } from '../catalogue';
import { loadConfig, type CheckConfig } from '../config';
import { ignoredEndpointsNotice, serviceEndpoints } from '../endpoints';
import { connect, serviceIndex } from '../serviceCatalogue';
import { CannotRun } from '../usage';
import { once } from '../sharedOnce';

/** The initialization options the server reads (all optional; anything else is said in the log and ignored). */
export interface LspOptions {
  /** A catalogue file (JSON Lines, JSON or gzip), relative to the workspace root. */
  catalogue?: string;
  /** Judge editions as they stood on this date (YYYY-MM-DD or YYYY), as `check --as-of`. */
  asOf?: string;
  /** The service, as --base-url and --token-url (else STANDARDS_BASE_URL and STANDARDS_TOKEN_URL). */
  baseUrl?: string;
  tokenUrl?: string;
}

const OPTION_KEYS: ReadonlyArray<keyof LspOptions> = ['catalogue', 'asOf', 'baseUrl', 'tokenUrl'];

export interface LspWorkspace {
  root: string;
  config: CheckConfig;
  asOfYear?: number;
  /** The catalogue index: the first call opens it (told to `onOpen`), later calls share it; a failure is tried again. */
  index(): Promise<CatalogueIndex>;
  /** The service's clauses, when a service is configured. */
  service?: ManagedStandardsService;
  serviceBaseUrl?: string;
  /** Where the catalogue comes from, for the log: never a secret. */
  describe: string;
  close(): void;
}

/**
 * Reads the options and the config; throws CannotRun (said to the user by the server) when they are wrong or when
 * neither a catalogue file nor a service is given. `log` gets the lines worth a log message.
 */
export function lspWorkspace(root: string, given: unknown, env: NodeJS.ProcessEnv, log: (line: string) => void): LspWorkspace {
  const options = optionsOf(given, log);
  const config = loadConfig(root);
  const source: CatalogueSource = {
    catalogue: options.catalogue && path.resolve(root, options.catalogue),
    baseUrl: options.baseUrl,
    tokenUrl: options.tokenUrl,
  };
  const resolvedConfig = { ...config, catalogue: config.catalogue && path.resolve(root, config.catalogue) };
  const ignored = ignoredEndpointsNotice(config, serviceEndpoints(source, env));
  if (ignored) log(ignored);
  const file = catalogueFileOf(source, resolvedConfig, env);
  const hasService = Boolean(serviceEndpoints(source, env).baseUrl);
  if (!file && !hasService)
    throw new CannotRun(
      'No catalogue to check against: give the initialization option "catalogue" (a catalogue file), a "catalogue" in standards.config.json, or the service (the initialization options "baseUrl" and "tokenUrl", or STANDARDS_BASE_URL and STANDARDS_TOKEN_URL, with the credentials in the environment).',
    );
  // Throws CannotRun for missing credentials and for a config that would choose the endpoints.
  const connection = hasService ? connect(source, resolvedConfig, env, { clauseCache: true }) : undefined;
  const index = once(() => (file ? indexOfFile(file, env) : serviceIndex(connection!.service, connection!.baseUrl, env, false)));
  return {
    root,
    config,
    ...(options.asOf !== undefined ? { asOfYear: asOfYear(options.asOf) } : {}),
    index,
    ...(connection ? { service: connection.service, serviceBaseUrl: connection.baseUrl } : {}),
    describe: file ? `catalogue file ${file}${connection ? `, clauses from ${connection.baseUrl}` : ''}` : `service ${connection?.baseUrl ?? ''}`,
    close: () => connection?.service.dispose(),
  };
}

function optionsOf(given: unknown, log: (line: string) => void): LspOptions {
  if (given === undefined || given === null) return {};
  if (typeof given !== 'object' || Array.isArray(given))
    throw new CannotRun('The initialization options must be an object ({ "catalogue", "asOf", "baseUrl", "tokenUrl" }).');
  const options: LspOptions = {};
  for (const [key, value] of Object.entries(given)) {
    if (!(OPTION_KEYS as readonly string[]).includes(key)) {
      log(`initialization option "${key.slice(0, 100)}" is not one of ${OPTION_KEYS.join(', ')}: ignored.`);
      continue;
    }
    if (typeof value !== 'string' || !value.trim()) throw new CannotRun(`The initialization option "${key}" must be a non-empty string.`);
    options[key as keyof LspOptions] = value.trim();
  }
  return options;
}

/** `asOf`: "2019-06-30" or "2019", read as check's --as-of, said in the option's name when wrong. */
function asOfYear(value: string): number {
  try {
    return yearOf(value);
  } catch {
    throw new CannotRun(`The initialization option "asOf" is ${value}: give a date as YYYY-MM-DD (or a year, YYYY).`);
  }
}
