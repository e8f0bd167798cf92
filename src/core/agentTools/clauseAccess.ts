/**
 * What the clause tools share: the standard an input names with its clause list, a clause located in that list (by
 * number, section type, title or clause id — never a guess between several), and a clause body as the document
 * model (the same one the clause page and the Markdown view read). Each step answers a failure the model can act on.
 */
import type { CatalogueIndex } from '../catalogue/catalogueIndex';
import { resolveLocator } from '../citations/resolve';
import { buildDocument, type ClauseDocument } from '../document/index';
import { standardLabel } from '../labels';
import { clauseContextOf } from '../model';
import { displayText } from '../service/displayText';
import { SECTION_LIST, SECTION_TYPES, sectionOf } from '../service/sections';
import type { Clause } from '../service/types';
import { failure, failureOf } from './answers';
import { clauseLocator } from './citations';
import { candidateLines, lookupStandard, type StandardRecord } from './standardLookup';
import type { ToolAnswer, ToolContext } from './types';

/** A standard ready to read: its record, its clause list, and the stored copy's date when the list came from one. */
export interface OpenStandard {
  record: StandardRecord;
  label: string;
  clauses: Clause[];
  offlineSince?: number;
}

/** Either what was asked for, or the answer that says why not. */
export type Outcome<T> = { ok: T } | { answer: ToolAnswer };

/** The catalogue index, or the failure answer (not built, not signed in…). */
export async function catalogueOf(context: ToolContext, signal?: AbortSignal): Promise<Outcome<CatalogueIndex>> {
  try {
    return { ok: await context.catalogue(signal) };
  } catch (error) {
    return { answer: failureOf(error, 'the catalogue', context) };
  }
}

/** The standard `given` names and its clause list: unknown and ambiguous references answer with the candidates. */
export async function openStandard(given: string, context: ToolContext, signal?: AbortSignal): Promise<Outcome<OpenStandard>> {
  const index = await catalogueOf(context, signal);
  if ('answer' in index) return index;
  const lookup = lookupStandard(index.ok, given);
  if (lookup.kind !== 'found') {
    const listed = lookup.kind === 'unknown' ? ` ${lookup.listed}` : '';
    const text = lookup.candidates.length
      ? `${lookup.why}${listed}\n${candidateLines(lookup.candidates)}`
      : `${lookup.why} Use search_standards to find the standard's reference.`;
    return { answer: failure(text) };
  }
  const { record } = lookup;
  const label = record.entry ? standardLabel(record.entry) : record.urn;
  try {
    const copy = await context.clauses.listClausesCopy(record.urn, signal);
    return { ok: { record, label, clauses: copy.value, ...(copy.offlineSince !== undefined ? { offlineSince: copy.offlineSince } : {}) } };
  } catch (error) {
    const unknown = `The service has no standard ${label} (${record.urn}). Use search_standards to find the standard's current reference.`;
    return { answer: failureOf(error, `the clauses of ${label}`, context, unknown) };
  }
}

/** How get_clause names a clause; exactly one is given. */
export interface ClauseLocator {
  clause?: string;
  section?: string;
  title?: string;
  clauseId?: string;
}

/** The clause located, and the subclause to show when the list stops above the number asked ("7.1" inside clause 7). */
export interface Located {
  clause: Clause;
  within?: string;
}

export function locateClause(open: OpenStandard, locator: ClauseLocator): Outcome<Located> {
  const { clauses, label } = open;
  if (locator.clauseId !== undefined) {
    const clause = clauses.find((c) => c.clauseId === locator.clauseId);
    return clause ? { ok: { clause } } : missing(open, `${label} has no clause with clauseId ${locator.clauseId}.`);
  }
  if (locator.section !== undefined) {
    const found = resolveLocator(clauses, { kind: 'section', value: locator.section });
    return found ? { ok: { clause: found.clause } } : missing(open, `${label} has no ${locator.section} clause.`);
  }
  // "Scope", "1 Scope": a title where a number is asked for (the tool says a clause is named by either) is read as a title.
  if (locator.clause !== undefined && !WORDS.test(locator.clause.replace(/^\s*annex\s+/i, ''))) {
    const found = resolveLocator(clauses, { kind: 'clause', value: locator.clause });
    if (!found) return missing(open, `${label} has no clause ${locator.clause}.`);
    return { ok: found.exact ? { clause: found.clause } : { clause: found.clause, within: locator.clause.replace(/^annex\s+/i, '').trim() } };
  }
  return locateByTitle(open, locator.title ?? locator.clause ?? '');
}

/** Two letters in a row: a title ("Scope"), never a number ("7.1", "A.2", "Annex B"). */
const WORDS = /\p{L}{2}/u;

/**
 * A clause by its title, case-insensitive: the exact title, then with its number ("1 Scope", "Annex A Relationship…"),
 * then a section type's name ("Terms and definitions" whatever the title), then words of the title; never a guess between several.
 */
function locateByTitle(open: OpenStandard, given: string): Outcome<Located> {
  const { clauses, label } = open;
  const wanted = collapse(given);
  const titleOf = (c: Clause) => collapse(displayText(c.title));
  const numbered = (c: Clause) =>
    c.number ? [collapse(`${displayText(c.number)} ${displayText(c.title)}`), collapse(`${clauseLocator(c)} ${displayText(c.title)}`)] : [];
  const section = SECTION_LIST.find((s) => s.label.toLowerCase() === wanted && s !== SECTION_TYPES.Clause && s !== SECTION_TYPES.Annex);
  const steps: Array<() => Clause[]> = [
    () => clauses.filter((c) => titleOf(c) === wanted),
    () => clauses.filter((c) => numbered(c).includes(wanted)),
    () => (section ? clauses.filter((c) => sectionOf(c.types) === section).slice(0, 1) : []),
    () => clauses.filter((c) => titleOf(c).includes(wanted)),
  ];
  let matches: Clause[] = [];
  for (const step of steps) if ((matches = step()).length) break;
  if (matches.length === 1) return { ok: { clause: matches[0] } };
  if (!matches.length) return missing(open, `${label} has no clause titled "${given}".`);
  return {
    answer: failure(`Several clauses of ${label} match the title "${given}": call again with one of their numbers or clause ids.\n${outline(matches)}`),
  };
}

/** Lower case, one space between words: "  Terms and\ndefinitions" → "terms and definitions". */
function collapse(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function missing(open: OpenStandard, why: string): { answer: ToolAnswer } {
  const top = open.clauses.filter((c) => !c.parent && (c.level ?? 1) <= 1);
  return { answer: failure(`${why} Its clauses (list_clauses gives the full outline):\n${outline(top.slice(0, 40))}`) };
}

/** "- 7.1 Risk analysis (clauseId …)": clauses a model can ask for next. */
export function outline(clauses: readonly Clause[]): string {
  return clauses.map((c) => `- ${clauseLocator(c)}${c.number ? ` ${displayText(c.title)}` : ''} (clauseId ${c.clauseId})`).join('\n');
}

/** A clause body as the document model, numbered from the clause list; the stored copy's date when one answered. */
export async function readClauseDocument(
  open: OpenStandard,
  clause: Clause,
  context: ToolContext,
  signal?: AbortSignal,
): Promise<Outcome<{ document: ClauseDocument; offlineSince?: number }>> {
  try {
    const copy = await context.clauses.getClauseCopy(open.record.urn, clause.clauseId, signal);
    const document = buildDocument(copy.value, clauseContextOf(clause, open.clauses));
    return { ok: { document, ...(copy.offlineSince !== undefined ? { offlineSince: copy.offlineSince } : {}) } };
  } catch (error) {
    const name = `${open.label}, ${clauseLocator(clause)}`;
    return {
      answer: failureOf(error, name, context, `The service has no clause ${clause.clauseId} of ${open.label} (it may have changed): call list_clauses again.`),
    };
  }
}
