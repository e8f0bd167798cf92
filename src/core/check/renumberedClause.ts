/**
 * Where a clause cited in one edition is in another, when the two editions' clause lists tell for sure: for `fix`
 * to carry a citation's locator into the current edition (citationEdits.ts). A named section (Scope, Terms and
 * definitions…) is the section of that name there; a clause or annex is the one with the cited one's title, when
 * exactly one entry of each list, of the same kind (clause or annex), has that title. Its number there is the
 * locator, the same or renumbered. Anything less certain (no title, a title given twice, the clause not in the cited
 * edition's list) tells nothing, and the citation is left for a person. Pure: no I/O.
 */
import { resolveLocator } from '../citations/resolve';
import type { Locator } from '../citations/recognise';
import { normalTitle } from '../compare/matchClause';
import { displayText, withoutTrailing } from '../service/displayText';
import type { Clause } from '../service/types';

export function clauseInEdition(cited: readonly Clause[], current: readonly Clause[], locator: Locator): string | undefined {
  const found = resolveLocator(cited, locator);
  if (!found?.exact) return undefined;
  if (locator.kind === 'section') return resolveLocator(current, locator)?.exact ? locator.value : undefined;
  const title = normalTitle(found.clause.title);
  if (!title) return undefined;
  const annex = isAnnex(found.clause);
  const alike = (list: readonly Clause[]): Clause[] => list.filter((c) => isAnnex(c) === annex && normalTitle(c.title) === title);
  const [before, now] = [alike(cited), alike(current)];
  if (before.length !== 1 || now.length !== 1 || !now[0].number) return undefined;
  return printed(now[0].number);
}

/** "Annex B", "B", "B.2": an annex or a part of one. */
function isAnnex(clause: Clause): boolean {
  return /^[A-Z](?:\.|$)/i.test(printed(clause.number ?? ''));
}

/** The number as a locator writes it: "Annex B" → "B", "4.2." → "4.2". */
function printed(number: string): string {
  return withoutTrailing(
    displayText(number)
      .trim()
      .replace(/^(?:annex|clause)\s+/i, ''),
    '.',
  );
}
