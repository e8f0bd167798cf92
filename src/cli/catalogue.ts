/**
 * The catalogue a check resolves citations against: a catalogue file (air-gapped CI), or the service's own list of
 * standards (serviceCatalogue.ts). The service's part, with its HTTP client, is a bundle of its own
 * (dist/cli-service.js, esbuild.js), loaded only when a check asks the service: a check against a catalogue file
 * never loads it.
 */
import type { CatalogueIndex } from '../core/catalogue/catalogueIndex';
import type { ClauseSource } from '../core/check/lockCheck';
import { cacheDir } from './cacheFolder';
import { indexOfCatalogueFile } from './catalogueFileIndex';
import type { CheckConfig } from './config';
import type * as ServiceCatalogue from './serviceCatalogue';

export interface CatalogueSource {
  catalogue?: string;
  baseUrl?: string;
  tokenUrl?: string;
  /** Read the catalogue from the service even when the cached one is fresh. */
  refresh?: boolean;
  /** The most a run spends with the service, waits it asks for included (--timeout); default 10 minutes. */
  timeLimitMs?: number;
  /** Where a run says what it waits for (standard error). */
  tell?: (line: string) => void;
}

/** The catalogue to check against; a service also lists each edition's clauses (the missing-clause rule). */
export interface OpenCatalogue {
  index: CatalogueIndex;
  /** The service's clause lists and clause bodies: none with a catalogue file. */
  clauses?: ClauseSource;
  close(): void;
}

export async function openCatalogue(options: CatalogueSource, config: CheckConfig, env: NodeJS.ProcessEnv): Promise<OpenCatalogue> {
  const file = catalogueFileOf(options, config, env);
  if (file) return { index: await indexOfFile(file, env), close: () => undefined };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on this path only, its own bundle
  const { openServiceCatalogue } = require('./serviceCatalogue') as typeof ServiceCatalogue;
  return openServiceCatalogue(options, config, env);
}

/** The catalogue file to read instead of the service, when one is given (an argument, or the config without a service URL). */
export function catalogueFileOf(options: CatalogueSource, config: CheckConfig, env: NodeJS.ProcessEnv): string | undefined {
  return options.catalogue ?? (options.baseUrl || env.STANDARDS_BASE_URL ? undefined : config.catalogue);
}

/** A catalogue file's index, kept in the cache folder under a hash of the file (catalogueFileIndex.ts). */
export function indexOfFile(file: string, env: NodeJS.ProcessEnv): Promise<CatalogueIndex> {
  return indexOfCatalogueFile(file, cacheDir(env));
}
