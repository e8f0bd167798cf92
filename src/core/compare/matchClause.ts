/**
 * The clause of another edition that corresponds to a clause: the same named section by `@type` (Scope, Terms and
 * definitions, Foreword… whatever their numbers or titles), else the same clause number ("4.2", "Annex A" = "A"),
 * else the same title (case, spacing and punctuation aside). Pure: no vscode.
 */
import { displayText, withoutTrailing } from '../service/displayText';
import { SECTION_TYPES, hasType, sectionOf } from '../service/sections';
import type { Clause } from '../service/types';

export type MatchedBy = 'type' | 'number' | 'title';

export interface ClauseMatch<C> {
  clause: C;
  by: MatchedBy;
}

type Matchable = Pick<Clause, 'types' | 'title' | 'number'>;

/** Sections that are one of a kind in a document: matched by type. Numbered clauses and annexes are matched by number. */
const NAMED = new Set<string>([
  SECTION_TYPES.Foreword.type,
  SECTION_TYPES.Introduction.type,
  SECTION_TYPES.Scope.type,
  SECTION_TYPES.NormativeReferences.type,
  SECTION_TYPES.TermsAndDefinitions.type,
  SECTION_TYPES.Bibliography.type,
]);

export function matchingClause<C extends Matchable>(source: Matchable, candidates: readonly C[]): ClauseMatch<C> | undefined {
  const section = sectionOf(source.types);
  if (section && NAMED.has(section.type)) {
    const clause = candidates.find((c) => hasType(c, section.type));
    if (clause) return { clause, by: 'type' };
  }
  const number = normalNumber(source.number);
  if (number) {
    const clause = candidates.find((c) => normalNumber(c.number) === number);
    if (clause) return { clause, by: 'number' };
  }
  const title = normalTitle(source.title);
  if (title) {
    const clause = candidates.find((c) => normalTitle(c.title) === title);
    if (clause) return { clause, by: 'title' };
  }
  return undefined;
}

/** "Annex A" → "a", "4.2." → "4.2", " 4 . 2 " → "4.2". */
export function normalNumber(number: string | undefined): string {
  const words = displayText(number ?? '')
    .toLowerCase()
    .replace(/^(?:annex|appendix|clause|section)\s+/, '')
    .replace(/\s+/g, '');
  return withoutTrailing(words, '.');
}

/** Titles compared by their words: "Terms  and Definitions." = "terms and definitions". */
export function normalTitle(title: string | undefined): string {
  return displayText(title ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
