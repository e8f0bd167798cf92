/**
 * A catalogue from a file: JSON Lines of `{"urn", "reference", "title", "status"}` (the shape of
 * shared/data/real-catalogue-sample.jsonl.gz, taken from public ISO and IEC bibliographic data), plain or gzipped.
 * The sandbox serves such records as they are, with generated clauses for each standard.
 */
import * as fs from 'node:fs';
import type * as Zlib from 'node:zlib';

export interface CatalogueRecord {
  urn: string;
  reference: string;
  title: string;
  /** As the source says it: "current", "withdrawn", "replaced"… */
  status: string;
}

/** Reads a catalogue file; throws an Error naming the file and line of the first bad record. */
export function readCatalogueFile(file: string): CatalogueRecord[] {
  return catalogueRecordsOf(catalogueFileBytes(file), file);
}

/** A catalogue file's bytes as stored (gzipped or not); throws an Error naming the file when it cannot be read. */
export function catalogueFileBytes(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new Error(`Cannot read the catalogue file ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** The records of a catalogue file's bytes, plain or gzipped; `source` names the file in errors. */
export function catalogueRecordsOf(bytes: Buffer, source: string): CatalogueRecord[] {
  const gzipped = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  // zlib only for a gzipped file: loading it costs 4 ms of every start of the command line.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built-in module, loaded on first use
  const unzipped = gzipped ? (require('node:zlib') as typeof Zlib).gunzipSync(bytes) : bytes;
  return readCatalogueRecords(unzipped.toString('utf8'), source);
}

/** Parses JSON Lines of catalogue records; blank lines are skipped. */
export function readCatalogueRecords(text: string, source: string): CatalogueRecord[] {
  const records: CatalogueRecord[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const where = `${source}, line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${where}: not JSON. Each line must be one record: {"urn": …, "reference": …, "title": …, "status": …}`);
    }
    const record = value as Partial<Record<keyof CatalogueRecord, unknown>> | null;
    if (typeof record !== 'object' || record === null || typeof record.urn !== 'string' || !/^urn:[^:]+:./i.test(record.urn)) {
      throw new Error(`${where}: a record needs "urn" (a URN such as urn:iso:std:iso:9001:ed-5).`);
    }
    records.push({
      urn: record.urn,
      reference: typeof record.reference === 'string' ? record.reference : '',
      title: typeof record.title === 'string' ? record.title : '',
      status: typeof record.status === 'string' && record.status ? record.status : 'current',
    });
  }
  if (records.length === 0) throw new Error(`${source} holds no catalogue records.`);
  return records;
}
