/**
 * The other editions of a standard in the catalogue: the records with the same publisher, number and part
 * ("ISO/IEC 27001" → "ISO/IEC 27001:2013", "ISO/IEC 27001:2005"; "IEC 60601-1" is not "IEC 60601-1-2"), whole
 * documents only (amendments, corrigenda, fragments, interpretation sheets and series records apart; a
 * consolidated "+AMD1 CSV" version is a whole document), newest first. Drafts count as the newest. Pure: no vscode.
 */
import type { IndexEntry } from '../catalogue/indexSegment';
import { factsOf, type StandardFacts } from '../catalogue/standardFacts';
import { editionParts } from '../catalogue/editionParts';

export interface Edition {
  entry: IndexEntry;
  facts: StandardFacts;
  /** The latest year the reference names (a consolidated version's amendment year), for ordering. */
  year?: number;
}

/**
 * "ISO/IEC 27001-1:2022/Amd 1" → "iso iec|27001 1": publisher and number with its parts, what every edition of the
 * document shares. Undefined when the reference has no number.
 */
export function editionKey(reference: string | undefined): string | undefined {
  const parts = editionParts(reference);
  return parts && `${parts.publisher.join(' ')}|${parts.numbers.join(' ')}`;
}

/** Amendments, corrigenda, fragments, interpretation sheets and series records: not editions of their own. */
export function isSupplement(entry: Pick<IndexEntry, 'urn' | 'reference' | 'status'>): boolean {
  if (factsOf(entry.urn, entry.reference, entry.status).supplement) return true;
  const reference = (entry.reference ?? '').slice(0, 200);
  return /\/\s*ISH\s*\d|\bSER$/i.test(reference) || /\|\|ish\d|::ser$/i.test(entry.urn.slice(0, 300));
}

/** The latest year a reference names: "IEC 60601-1:2005+AMD1:2012 CSV" → 2012. */
export function latestYear(reference: string | undefined): number | undefined {
  let latest: number | undefined;
  for (const match of (reference ?? '').slice(0, 200).matchAll(/:((?:19|20)\d\d)\b/g)) latest = Math.max(latest ?? 0, Number(match[1]));
  return latest;
}

/**
 * The editions of `current`'s document among `candidates` (any records: a search result or the whole index),
 * without `current` itself (nor other records of its URN), one per URN (its newest record), newest first.
 */
export function otherEditions(current: Pick<IndexEntry, 'urn' | 'reference'>, candidates: Iterable<IndexEntry>): Edition[] {
  const key = editionKey(current.reference);
  if (!key) return [];
  // A URN the catalogue lists twice (an edition and its withdrawn predecessor record) is one edition: the newest record.
  const byUrn = new Map<string, Edition>();
  for (const entry of candidates) {
    if (!entry || entry.urn === current.urn || editionKey(entry.reference) !== key || isSupplement(entry)) continue;
    const edition: Edition = { entry, facts: factsOf(entry.urn, entry.reference, entry.status), year: latestYear(entry.reference) };
    const known = byUrn.get(entry.urn);
    if (!known || newestFirst(edition, known) < 0) byUrn.set(entry.urn, edition);
  }
  return [...byUrn.values()].sort(newestFirst);
}

/** Drafts first (they come next), then by year, latest first; in a year the current record first. */
export function newestFirst(a: Edition, b: Edition): number {
  if (a.facts.draft !== b.facts.draft) return a.facts.draft ? -1 : 1;
  const byYear = (b.year ?? 0) - (a.year ?? 0);
  if (byYear) return byYear;
  if (a.facts.current !== b.facts.current) return a.facts.current ? -1 : 1;
  return (a.entry.reference ?? '').localeCompare(b.entry.reference ?? '');
}

/** What a search for the editions of `reference` asks the index: its publisher and number ("iso iec 27001 1"). */
export function editionQuery(reference: string): string {
  return (editionKey(reference) ?? reference).replace('|', ' ');
}
