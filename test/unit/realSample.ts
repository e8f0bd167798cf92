/** The slice of real ISO and IEC catalogue records in test/fixtures (see its README), read once. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readCatalogueRecords, type CatalogueRecord } from '../../src/core/catalogue/catalogueFile';

export const REAL_SLICE = path.resolve(__dirname, '../../../test/fixtures/real-catalogue-slice.jsonl');
let records: CatalogueRecord[] | undefined;

export function realSample(): CatalogueRecord[] {
  records ??= readCatalogueRecords(fs.readFileSync(REAL_SLICE, 'utf8'), REAL_SLICE);
  return records;
}
