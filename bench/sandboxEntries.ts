/** The sandbox's generated catalogue as catalogue-index entries: what the search and resolution benches index. */
import { Catalogue } from '../sandbox/catalogue';
import type { IndexEntry } from '../src/core/catalogue/catalogueIndex';

export function sandboxEntries(seed: number, count: number): IndexEntry[] {
  return new Catalogue(seed, count).standards.map((s, position) => ({ position, urn: s.urn, reference: s.reference, title: s.titleText, status: s.status }));
}
