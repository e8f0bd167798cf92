/** The fixture catalogue of real ISO and IEC records (test/fixtures/cli/catalogue.jsonl) as an index, for unit tests. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CatalogueIndex, type IndexEntry } from '../../src/core/catalogue/catalogueIndex';

export const FIXTURE_CATALOGUE = path.resolve(__dirname, '../../../test/fixtures/cli/catalogue.jsonl');

export function fixtureCatalogueIndex(): CatalogueIndex {
  const entries = fs
    .readFileSync(FIXTURE_CATALOGUE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line, position): IndexEntry => ({ position, ...(JSON.parse(line) as Omit<IndexEntry, 'position'>) }));
  return CatalogueIndex.of(entries);
}
