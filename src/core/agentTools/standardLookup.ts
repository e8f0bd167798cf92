/**
 * The standard a tool input names — a reference as people write it ("ISO 14971:2019", "ISO/IEC 27001") or a URN —
 * found in the catalogue index with the citation resolver (citations/resolve.ts), never guessed: a reference without
 * a year that several editions share, or a number with several parts, gives the candidates instead.
 */
import type { CatalogueIndex, IndexEntry } from '../catalogue/catalogueIndex';
import { factsOf, type StandardFacts } from '../catalogue/standardFacts';
import { editionKey, editionQuery, isSupplement, otherEditions } from '../compare/editions';
import { parseReference } from '../citations/recognise';
import { replacementOf, resolveReference } from '../citations/resolve';
import { standardLabel } from '../labels';
import { displayText } from '../service/displayText';

/** A standard an answer is about: its catalogue record when the index has one (a URN the index lacks still reads). */
export interface StandardRecord {
  urn: string;
  entry?: IndexEntry;
  facts?: StandardFacts;
  replacedBy?: IndexEntry;
}

export type Lookup =
  | { kind: 'found'; record: StandardRecord }
  | { kind: 'ambiguous'; why: string; candidates: IndexEntry[] }
  /** `listed`: what the candidates are, when there are any ("Its editions in the catalogue:"). */
  | { kind: 'unknown'; why: string; listed: string; candidates: IndexEntry[] };

/** How many records a search for one number looks at: every edition, part and supplement of it fits. */
const CANDIDATES = 60;
const CLOSEST = 'Closest records in the catalogue:';
/** How many candidates an answer lists. */
const SHOWN_CANDIDATES = 12;

export function lookupStandard(index: CatalogueIndex, given: string): Lookup {
  const text = given.trim();
  if (/^urn:/i.test(text)) {
    const entry = index.bestForUrn(text);
    return { kind: 'found', record: entry ? recordOf(index, entry) : { urn: text } };
  }
  const written = parseReference(text);
  if (!written) {
    return {
      kind: 'unknown',
      why: `"${text}" is not a reference such as "ISO 14971:2019" nor a URN.`,
      listed: CLOSEST,
      candidates: index.search(text, 5),
    };
  }
  const entry = resolveReference(index, written);
  if (written.year) {
    if (entry) return { kind: 'found', record: recordOf(index, entry) };
    const editions = editionsOf(index, text);
    return { kind: 'unknown', why: `The catalogue has no ${text}.`, listed: 'Its editions in the catalogue:', candidates: editions };
  }
  if (entry) {
    const editions = [entry, ...editionsOf(index, entry.reference ?? text, entry)];
    if (editions.length === 1) return { kind: 'found', record: recordOf(index, entry) };
    return {
      kind: 'ambiguous',
      why: `${text} has ${editions.length} editions in the catalogue: call again with the year of the one meant (e.g. "${standardLabel(editions[0])}"), or its URN.`,
      candidates: editions,
    };
  }
  const parts = partsOf(index, text);
  if (parts.length)
    return {
      kind: 'ambiguous',
      why: `${text} has several parts: call again with the part and year of the one meant (e.g. "${standardLabel(parts[0])}").`,
      candidates: parts,
    };
  return { kind: 'unknown', why: `The catalogue has no standard ${text}.`, listed: CLOSEST, candidates: index.search(text, 5) };
}

/** The record with what the catalogue says of it: status, year, the current edition that replaces it. */
export function recordOf(index: CatalogueIndex, entry: IndexEntry): StandardRecord {
  const facts = factsOf(entry.urn, entry.reference, entry.status);
  return { urn: entry.urn, entry, facts, replacedBy: replacementOf(index, entry, facts) };
}

/** The whole-document editions of the document `reference` names, newest first, less the record of `exceptUrn`. */
function editionsOf(index: CatalogueIndex, reference: string, except?: IndexEntry): IndexEntry[] {
  const editions = otherEditions({ urn: except?.urn ?? '', reference }, index.search(editionQuery(reference), CANDIDATES)).map((e) => e.entry);
  // One edition may have several records (its ISO and IEC URNs): one candidate per reference, the best ranked.
  const seen = new Set(except ? [standardLabel(except)] : []);
  return editions.filter((entry) => !seen.has(standardLabel(entry)) && seen.add(standardLabel(entry)));
}

/** The parts of a number given without one ("IEC 60601" → IEC 60601-1, IEC 60601-1-2…), current first. */
function partsOf(index: CatalogueIndex, reference: string): IndexEntry[] {
  const key = editionKey(reference);
  if (!key) return [];
  return index.search(editionQuery(reference), CANDIDATES).filter((entry) => !isSupplement(entry) && editionKey(entry.reference)?.startsWith(`${key} `));
}

/** "- ISO 14971:2019 — Medical devices — … (current) urn:…": one candidate per line. */
export function candidateLines(candidates: readonly IndexEntry[]): string {
  const lines = candidates.slice(0, SHOWN_CANDIDATES).map((entry) => {
    const facts = factsOf(entry.urn, entry.reference, entry.status);
    return `- ${standardLabel(entry)} — ${displayText(entry.title)} (${statusWord(facts)}) ${entry.urn}`;
  });
  if (candidates.length > SHOWN_CANDIDATES) lines.push(`- … and ${candidates.length - SHOWN_CANDIDATES} more (search_standards lists them).`);
  return lines.join('\n');
}

/** "current", "withdrawn", "draft", and "amendment" / "corrigendum" for a supplement. */
export function statusWord(facts: StandardFacts): string {
  return [facts.status ?? 'current', facts.supplement].filter(Boolean).join(', ');
}
