/**
 * The whole real ISO + IEC catalogue in test/fixtures/real-catalogue (see its README): 103 772 records as index
 * entries, read once. Used by the Find Standard ranking test; other tests and benches at real scale may reuse it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { IndexEntry } from '../../src/core/catalogue/catalogueIndex';

export const REAL_CATALOGUE = path.resolve(__dirname, '../../../test/fixtures/real-catalogue/catalogue.json.gz');

/** The file's columns: one entry per record; `status` one flag per record (W withdrawn, S superseded, - otherwise). */
interface Columns {
  meta: Record<string, unknown>;
  urn: string[];
  reference: string[];
  title: string[];
  status: string;
}

/** The status text standardFacts.ts reads for each flag: "superseded" reads as replaced, "withdrawn" as withdrawn. */
const STATUS_OF_FLAG: Record<string, string> = { W: 'withdrawn', S: 'superseded', '-': 'current' };

let entries: IndexEntry[] | undefined;

/** Every record of the real catalogue, in the file's order (ISO then IEC), position = index. */
export function realCatalogueEntries(): IndexEntry[] {
  entries ??= readColumns();
  return entries;
}

function readColumns(): IndexEntry[] {
  const columns = JSON.parse(gunzipSync(fs.readFileSync(REAL_CATALOGUE)).toString('utf8')) as Columns;
  const n = columns.urn.length;
  if (columns.reference.length !== n || columns.title.length !== n || columns.status.length !== n)
    throw new Error(`${REAL_CATALOGUE}: columns of different lengths`);
  const result: IndexEntry[] = new Array<IndexEntry>(n);
  for (let i = 0; i < n; i++) {
    const entry: IndexEntry = { position: i, urn: columns.urn[i], title: columns.title[i] ?? '', status: STATUS_OF_FLAG[columns.status[i]] ?? 'current' };
    if (columns.reference[i]) entry.reference = columns.reference[i];
    result[i] = entry;
  }
  return result;
}
