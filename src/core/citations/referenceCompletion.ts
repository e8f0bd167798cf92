/**
 * Completion of references after a publisher prefix ("ISO ", "IEC 623", "ISO/IEC 270"): the catalogue's standards of
 * that publisher, ranked as Find Standard ranks them (current editions first), drafts left out. The whole reference
 * replaces what was typed. Uses the index only: no request. Pure: no vscode (the language server's completion).
 */
import type { CatalogueIndex, SearchHit } from '../catalogue/catalogueIndex';
import { standardLabel } from '../labels';

// The publisher and what follows it up to the cursor: digits, parts, a year being typed.
const TYPED = /(?<![\w/.-])(ISO\/IEC\/IEEE|ISO\/IEC|ISO\/TS|ISO\/TR|IEC\/TS|IEC\/TR|EN ISO|EN IEC|ISO|IEC|CISPR|IEEE|EN) (\d[0-9A-Z:-]{0,20})?$/;

/** What was typed: the publisher as written, the number so far, and how many characters before the cursor it takes. */
export interface TypedReference {
  publisher: string;
  number: string;
  length: number;
}

/** The reference being typed at the end of `before` (the line up to the cursor), or undefined when none is. */
export function typedReference(before: string): TypedReference | undefined {
  const typed = TYPED.exec(before.slice(-200));
  return typed ? { publisher: typed[1], number: typed[2] ?? '', length: typed[0].length } : undefined;
}

export interface ReferenceCompletion {
  /** The reference to insert, written with "EN " when that was typed. */
  written: string;
  hit: SearchHit;
}

/** At most `limit` references completing `typed`, best first. */
export function referenceCompletions(index: CatalogueIndex, typed: TypedReference, limit = 50): ReferenceCompletion[] {
  const publisher = typed.publisher.replace(/^EN /, '');
  return index
    .searchHits(`${publisher} ${typed.number}`, limit * 2)
    .filter((h) => (h.entry.reference ?? '').startsWith(`${publisher} `) && !h.facts.draft)
    .slice(0, limit)
    .map((hit) => {
      const reference = standardLabel(hit.entry);
      return { written: typed.publisher.startsWith('EN ') ? `EN ${reference}` : reference, hit };
    });
}
