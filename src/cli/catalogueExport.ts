/**
 * `standards-explorer catalogue export --format renovate --output DIR`: the catalogue (a file, or the service, opened
 * as check opens it) written as a Renovate custom datasource, one JSON document per standard named by its slug
 * (core/check/renovateDatasource.ts), for an organisation to serve over HTTPS (or commit beside its Renovate config)
 * and the preset (renovate-preset.json) to look editions up in. The folder is written whole each time: it must be new,
 * empty, or an earlier export (it holds the marker file), whose documents of standards no longer listed are removed.
 * A bundle of its own (dist/cli-catalogue-export.js), loaded only for this command.
 *
 * Exit status: 0 written, 2 could not run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renovateDocuments } from '../core/check/renovateDatasource';
import { openCatalogue, type CatalogueSource } from './catalogue';
import type { CheckConfig } from './config';
import type { CliIo } from './main';
import { CannotRun } from './usage';

export interface CatalogueExportOptions {
  /** The words after `catalogue`: `export`. */
  args: readonly string[];
  /** The options as parsed (main.ts). */
  given: Readonly<Record<string, unknown>>;
  config: CheckConfig;
  source: CatalogueSource;
}

export const EXPORT_FORMATS = ['renovate'] as const;
/** Marks a folder as an export, so that a later export may replace its documents. */
export const EXPORT_MARKER = '.standards-explorer-export';

/** Options of check, fix and coverage that mean nothing to an export: refused rather than ignored. */
const NOT_EXPORT = ['fail-on', 'fail-under', 'all', 'as-of', 'max-file-size', 'dry-run'];

export async function catalogueExport(io: CliIo, options: CatalogueExportOptions): Promise<number> {
  const [verb, ...extra] = options.args;
  if (verb !== 'export')
    throw new CannotRun(
      verb === undefined
        ? 'catalogue needs what to do: standards-explorer catalogue export --format renovate --output DIR.'
        : `catalogue ${verb}: the only catalogue command is export (standards-explorer catalogue export --format renovate --output DIR).`,
    );
  if (extra.length) throw new CannotRun(`catalogue export takes no paths (${extra.join(' ')}): it writes the whole catalogue into --output DIR.`);
  const misplaced = NOT_EXPORT.filter((name) => options.given[name] !== undefined);
  if (misplaced.length)
    throw new CannotRun(`${misplaced.map((name) => `--${name}`).join(', ')}: not an option of catalogue export. Run standards-explorer --help.`);
  const format = options.given.format;
  if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new CannotRun(
      `catalogue export ${format === undefined ? 'needs --format' : `--format ${typeof format === 'string' ? format : ''}`}: the formats are ${EXPORT_FORMATS.join(', ')} (a Renovate custom datasource).`,
    );
  const output = options.given.output;
  if (typeof output !== 'string' || !output.trim())
    throw new CannotRun('catalogue export needs --output DIR: it writes one file per standard (iso-9001.json…) into that folder, for Renovate to fetch.');
  const dir = path.resolve(io.cwd, output);
  const earlier = exportFolder(dir, output);

  const catalogue = await openCatalogue(options.source, options.config, io.env);
  let documents;
  try {
    if (!catalogue.index.complete) throw new CannotRun('the catalogue was not read whole: run again (an export lists every standard or none).');
    documents = renovateDocuments(catalogue.index.entries);
  } finally {
    catalogue.close();
  }
  if (!documents.size) throw new CannotRun('the catalogue lists no dated edition of a standard (a reference such as "ISO 9001:2015"): nothing to export.');

  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, EXPORT_MARKER), 'Written by standards-explorer catalogue export: the next export replaces the .json files here.\n');
    for (const [slug, document] of documents) fs.writeFileSync(path.join(dir, `${slug}.json`), `${JSON.stringify(document)}\n`);
    // Standards an earlier export wrote that the catalogue no longer lists: Renovate should not find them.
    for (const name of earlier) if (!documents.has(name.slice(0, -'.json'.length))) fs.rmSync(path.join(dir, name), { force: true });
  } catch (error) {
    throw new CannotRun(`Cannot write the export to ${output}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const releases = [...documents.values()].reduce((sum, d) => sum + d.releases.length, 0);
  io.stdout.write(`Exported ${documents.size} standards (${releases} editions) to ${output} as a Renovate custom datasource.\n`);
  return 0;
}

/** The .json files of an earlier export in `dir` (none for a new or empty folder); anything else stops the export. */
function exportFolder(dir: string, given: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new CannotRun(
      `--output ${given}: ${(error as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'not a folder' : error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (!names.length) return [];
  if (!names.includes(EXPORT_MARKER))
    throw new CannotRun(`--output ${given}: the folder is not empty and holds no earlier export (${EXPORT_MARKER}); give a new or empty folder.`);
  return names.filter((name) => name.endsWith('.json'));
}
