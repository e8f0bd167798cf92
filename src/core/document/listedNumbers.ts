/**
 * A clause's number when the clause list gives no number field: the start of its title ("3 Terms and
 * definitions"), else its place among the standard's numbered clauses, as ISO/IEC Directives Part 2 numbers them
 * (Scope is 1; foreword, introduction and bibliography have none; annexes are lettered A, B, … in order; a
 * subclause is its parent's number and its place among its siblings). Semantic Metanorma writes no numbers at all,
 * so this is what a reader numbers the body's subclauses, terms, formulas and figures from.
 */
import type { ClauseContext, ClauseListEntry } from './numbering';
import { type HeadingParts, headingOnce } from './shownOnce';

/** Types (and titles) of the parts of a standard that carry no number. */
const UNNUMBERED = /^(?:foreword|introduction|bibliography|acknowledge?ments?|preface|abstract|executivesummary|index|contents)$/;
const ANNEX = /^(?:annex|appendix|app)$/;

/** The clause's heading as its clause list gives it: number (from its field, its title or its place), title, obligation. */
export function listedHeading(context: ClauseContext): HeadingParts {
  const own = headingOnce({ number: context.number, title: context.title });
  if (own.number) return own;
  const clauses = context.clauses ?? [];
  const self = clauses.find(
    (c) =>
      (context.id !== undefined && c.id === context.id) ||
      (context.clauseId !== undefined && c.clauseId === context.clauseId) ||
      (context.id === undefined && context.clauseId === undefined && context.title !== undefined && c.title === context.title),
  );
  const number = self ? listedNumbers(clauses).get(self) : undefined;
  return number ? { ...own, number } : own;
}

/** Every clause of the list with the number a published page gives it (those with none left out). */
export function listedNumbers(clauses: readonly ClauseListEntry[]): Map<ClauseListEntry, string> {
  const numbers = new Map<ClauseListEntry, string>();
  const children = new Map<string, ClauseListEntry[]>();
  const top: ClauseListEntry[] = [];
  const ids = new Set(clauses.map((c) => c.id).filter((id): id is string => id !== undefined));
  for (const clause of clauses) {
    if (clause.parent !== undefined && ids.has(clause.parent)) {
      const siblings = children.get(clause.parent) ?? [];
      siblings.push(clause);
      children.set(clause.parent, siblings);
    } else if (clause.level === undefined || clause.level <= 1) top.push(clause);
  }
  let clauseCount = 0;
  let annexCount = 0;
  const number = (list: readonly ClauseListEntry[], prefix: string | undefined, seen: number): void => {
    let count = 0;
    for (const clause of list) {
      const heading = headingOnce({ number: clause.number, title: clause.title });
      const kind = kindOf(clause, heading);
      let given = heading.number;
      if (prefix === undefined) {
        if (kind === 'unnumbered' && !given) continue;
        if (kind === 'annex') {
          annexCount = given && /^[A-Z]$/.test(given) ? given.charCodeAt(0) - 64 : annexCount + 1;
          given ??= String.fromCharCode(64 + Math.min(annexCount, 26));
        } else {
          const n = Number(given);
          clauseCount = Number.isInteger(n) && n > 0 ? n : clauseCount + 1;
          given ??= String(clauseCount);
        }
      } else {
        const last = given?.startsWith(`${prefix}.`) ? Number(given.slice(prefix.length + 1)) : NaN;
        count = Number.isInteger(last) ? last : count + 1;
        given ??= `${prefix}.${count}`;
      }
      numbers.set(clause, given);
      // Bounded by the list itself: each clause is visited once, under its parent.
      if (clause.id !== undefined && seen < 16) number(children.get(clause.id) ?? [], given, seen + 1);
    }
  };
  number(top, undefined, 0);
  return numbers;
}

function kindOf(clause: ClauseListEntry, heading: HeadingParts): 'annex' | 'unnumbered' | 'clause' {
  const types = (clause.types ?? []).map((t) => t.replace(/^.*[:#/]/, '').toLowerCase());
  if (types.some((t) => ANNEX.test(t)) || /^[A-Z]$/.test(heading.number ?? '') || /^(?:Annex|Appendix)\b/.test(clause.title ?? '')) return 'annex';
  const title = heading.title.toLowerCase().replace(/\s+/g, '');
  if (types.some((t) => UNNUMBERED.test(t)) || UNNUMBERED.test(title)) return 'unnumbered';
  return 'clause';
}

/**
 * The heading a clause page shows: the model's number, title and obligation, else the clause list's — each once,
 * whichever of them carries it ("1 Scope" in the list beside the body's label "1" is "1 Scope", not "1 1 Scope").
 */
export function shownHeading(model: { number?: string; title?: string; label?: string } | undefined, context: ClauseContext): HeadingParts {
  const listed = listedHeading(context);
  return headingOnce({ number: model?.number ?? listed.number, title: model?.title || listed.title, label: model?.label ?? listed.label });
}
