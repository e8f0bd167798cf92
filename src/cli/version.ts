/**
 * `standards-explorer --version`: the package's version and the formats this build reads, so that a CI log says
 * which catalogue files it takes and whether a kept index (the cache folder's *.index) will be read or built again.
 */
import { INDEX_FILE_VERSION } from '../core/catalogue/indexFile';

/** What a catalogue file (`--catalogue`) holds: core/catalogue/catalogueFile.ts reads it. */
export const CATALOGUE_FILE_FORMAT = 'JSON Lines of {"urn", "reference", "title", "status"}, plain or gzipped';

export function versionText(version: string): string {
  return [
    `standards-explorer ${version}`,
    `catalogue file: ${CATALOGUE_FILE_FORMAT}`,
    `catalogue index file: format ${INDEX_FILE_VERSION} (an index of another format is built again)`,
  ]
    .map((line) => `${line}\n`)
    .join('');
}
