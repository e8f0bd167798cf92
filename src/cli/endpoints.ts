/**
 * Where the service is, for the command line and the MCP server: from the arguments or the environment, never from a
 * file of the repository. The credentials always come from the environment (CI's secrets, or the token VS Code
 * hands over); a config is written by whoever opens a pull request, so if it could name the endpoints, CI would POST
 * its client secret to the pull request's token URL and send its token and API key to its base URL. The extension
 * keeps the same rule for workspace settings (src/extension/config.ts).
 */
import type { CatalogueSource } from './catalogue';
import type { CheckConfig } from './config';
import { CannotRun } from './usage';

export interface ServiceEndpoints {
  baseUrl?: string;
  tokenUrl?: string;
}

type EndpointKey = keyof ServiceEndpoints;

/** What sets each endpoint instead of a config: the argument, then the variable. */
const TRUSTED_SOURCES: Record<EndpointKey, string> = {
  baseUrl: '--base-url or STANDARDS_BASE_URL',
  tokenUrl: '--token-url or STANDARDS_TOKEN_URL',
};

/** The endpoints the arguments and the environment give; a config's are never read. */
export function serviceEndpoints(source: CatalogueSource, env: NodeJS.ProcessEnv): ServiceEndpoints {
  return { baseUrl: source.baseUrl || env.STANDARDS_BASE_URL || undefined, tokenUrl: source.tokenUrl || env.STANDARDS_TOKEN_URL || undefined };
}

/**
 * Stops a run (exit 2) whose config names an endpoint the run would otherwise lack: once the repository could choose
 * where the credentials go, nothing but the person running the check may. `needed` lists the endpoints the run needs.
 */
export function refuseRepositoryEndpoints(config: CheckConfig, given: ServiceEndpoints, needed: readonly EndpointKey[]): void {
  const named = needed.filter((key) => config[key] !== undefined && !given[key]);
  if (!named.length) return;
  const keys = named.map((key) => `"${key}"`).join(' and ');
  const instead = named.map((key) => TRUSTED_SOURCES[key]).join(', and ');
  throw new CannotRun(
    `${config.source ?? 'The config'} names the service's ${keys}, but a repository's files never decide where this run sends its credentials. Give ${instead} (in CI: a variable of the pipeline, beside the credentials), and remove ${keys} from the config.`,
  );
}

/** The line saying a config's endpoints were not used (the run has its own), or undefined when it names none. */
export function ignoredEndpointsNotice(config: CheckConfig, given: ServiceEndpoints): string | undefined {
  const ignored = (['baseUrl', 'tokenUrl'] as const).filter((key) => config[key] !== undefined && given[key]);
  if (!ignored.length) return undefined;
  const keys = ignored.map((key) => `"${key}"`).join(' and ');
  return `${config.source ?? 'The config'}: ${keys} not used: the service's endpoints come from ${ignored.map((key) => TRUSTED_SOURCES[key]).join(' and ')} only. Remove ${keys} from the config.`;
}
