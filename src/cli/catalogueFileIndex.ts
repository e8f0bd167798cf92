/**
 * The index of a catalogue file (`--catalogue`, air-gapped CI), kept in the command line's cache folder under a hash
 * of the file's bytes: indexing is most of a check's fixed cost (the real ISO and IEC catalogue, 100 000 records,
 * takes seconds), and CI checks against the same file run after run. A changed file has another hash, so a stale
 * index is never read; one that cannot be read or written is only a cache.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { catalogueFileBytes, catalogueRecordsOf } from '../core/catalogue/catalogueFile';
import { CatalogueIndex, IndexBuilder, entryOf } from '../core/catalogue/catalogueIndex';
import { writePrivateFile } from '../core/service/privateFiles';
import { CannotRun } from './usage';

export async function indexOfCatalogueFile(file: string, cacheFolder: string): Promise<CatalogueIndex> {
  const bytes = readOrStop(() => catalogueFileBytes(file));
  const key = `catalogue-file:${createHash('sha256').update(bytes).digest('hex')}`;
  const cached = path.join(cacheFolder, `${key.slice('catalogue-file:'.length, 'catalogue-file:'.length + 32)}.index`);
  const stored = readStored(cached, key);
  if (stored) return stored;
  const records = readOrStop(() => catalogueRecordsOf(bytes, file));
  const builder = new IndexBuilder();
  builder.expected = records.length;
  builder.add(
    0,
    records.map((record, position) => entryOf(position, record.urn, record.reference, record.title, record.status)),
  );
  const index = await builder.finish();
  await writePrivateFile(cached, index.toFile(key)).catch(() => undefined);
  return index;
}

/** The index kept under `key`, when it is there and whole (read synchronously: a command line has no other work meanwhile). */
function readStored(file: string, key: string): CatalogueIndex | undefined {
  try {
    return CatalogueIndex.fromFile(readFileSync(file), key);
  } catch {
    return undefined;
  }
}

/** A catalogue file that cannot be read or parsed stops the check, with the reader's words (file and line). */
function readOrStop<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new CannotRun(error instanceof Error ? error.message : String(error));
  }
}
