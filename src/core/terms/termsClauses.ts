/** Which clauses hold a standard's terms (Go to Term, and the terms of pinned standards at startup). */
import { SECTION_TYPES, hasType } from '../service/sections';
import type { Clause } from '../service/types';

/** The Terms and definitions clause and its subclauses, in document order. */
export function termsClauses(clauses: readonly Clause[]): Clause[] {
  const ids = new Set(clauses.filter((c) => hasType(c, SECTION_TYPES.TermsAndDefinitions.type)).map((c) => c.id));
  if (!ids.size) return [];
  const picked: Clause[] = [];
  for (const clause of clauses) {
    if (ids.has(clause.id) || (clause.parent && ids.has(clause.parent))) {
      ids.add(clause.id);
      picked.push(clause);
    }
  }
  return picked;
}
