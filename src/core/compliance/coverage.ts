/**
 * Coverage of a standard: every clause of the cited edition in document order (the clause list's hierarchy), with
 * where the workspace cites it and a status — addressed (cited, or every subclause addressed or not applicable), not
 * applicable (justified), or open. A citation or justification of a clause the edition does not have (renumbered in
 * a new edition) is a problem, never silently dropped. Pure: the hosts gather the citations and justifications.
 */
import { locatorLabel } from '../citations/citationTarget';
import type { Locator } from '../citations/recognise';
import { resolveLocator } from '../citations/resolve';
import { displayText } from '../service/displayText';
import { SECTION_TYPES, sectionLabel, sectionOf } from '../service/sections';
import type { Clause } from '../service/types';

export type CoverageStatus = 'addressed' | 'notApplicable' | 'open';
export type Obligation = 'normative' | 'informative';

/** Where a clause is cited or justified. */
export interface Place {
  file: string;
  /** 1-based. */
  line: number;
  /** The citation as written. */
  cited: string;
}

export interface CoverageInput {
  standard: { urn: string; reference: string };
  /** The edition's clause list, in document order. */
  clauses: readonly Clause[];
  /** The workspace's citations of this edition. */
  citations: ReadonlyArray<Place & { locator?: Locator; /** Every part it names, when more than one. */ locators?: readonly Locator[] }>;
  justifications: ReadonlyArray<Place & { locator: Locator; reason: string }>;
  /** What each annex's body says it is (clauseId → obligation); an annex missing here counts as normative. */
  obligations?: ReadonlyMap<string, Obligation>;
}

export interface CoverageRow {
  clauseId: string;
  /** "5.1.12", "A"; the section's name for an unnumbered one. */
  label: string;
  title: string;
  /** 0 for top-level clauses. */
  depth: number;
  annex: boolean;
  obligation: Obligation;
  status: CoverageStatus;
  citedAt: Place[];
  justification?: Place & { reason: string };
  /** Addressed because every subclause is addressed or not applicable, not by a citation of its own. */
  throughSubclauses?: boolean;
}

export interface CoverageProblem extends Place {
  why: string;
}

export interface CoverageReport {
  standard: { urn: string; reference: string };
  rows: CoverageRow[];
  counts: Record<CoverageStatus, number> & { total: number };
  /** Informative clauses left out (normativeOnly). */
  informativeLeftOut: number;
  problems: CoverageProblem[];
}

/** Sections that never carry requirements. */
const INFORMATIVE_SECTIONS = new Set<unknown>([SECTION_TYPES.Foreword, SECTION_TYPES.Introduction, SECTION_TYPES.Bibliography]);

export function computeCoverage(input: CoverageInput, options: { normativeOnly?: boolean } = {}): CoverageReport {
  const { clauses } = input;
  const byId = new Map(clauses.map((clause) => [clause.id, clause]));
  const rows = new Map<string, CoverageRow>();
  for (const clause of clauses) {
    const row = rowOf(clause, depthOf(clause, byId), input.obligations);
    // A subclause of an informative annex (A.1 of informative Annex A) is informative too; parents come first.
    if (clause.parent && rows.get(clause.parent)?.obligation === 'informative') row.obligation = 'informative';
    rows.set(clause.id, row);
  }
  const problems: CoverageProblem[] = [];
  const parents = new Set(clauses.map((clause) => clause.parent));
  // A workspace cites the same clauses again and again: each locator is looked up in the list once.
  const looked = new Map<string, CoverageRow | null>();
  const lookUp = (locator: Locator): CoverageRow | null => {
    const key = `${locator.kind}\u0000${locator.value}`;
    let row = looked.get(key);
    if (row === undefined) {
      const found = resolveLocator(clauses, locator);
      // "9.4.2" where the list stops at 9.4 is in 9.4; where 9.4 lists its subclauses and 9.4.2 is not one, it is not.
      row = found && (found.exact || !parents.has(found.clause.id)) ? (rows.get(found.clause.id) ?? null) : null;
      looked.set(key, row);
    }
    return row;
  };
  const find = (place: Place, locator: Locator | undefined): CoverageRow | undefined => {
    if (!locator) return undefined;
    const row = lookUp(locator);
    if (row) return row;
    problems.push({ ...placeOf(place), why: `${input.standard.reference} has no ${locatorLabel(locator)}: renumbered in this edition, or a typing error.` });
    return undefined;
  };
  for (const citation of input.citations) {
    // "clauses 7.2 and 7.3" addresses both, once each.
    const rowsCited = new Set((citation.locators ?? [citation.locator]).map((locator) => find(citation, locator)));
    for (const row of rowsCited) row?.citedAt.push(placeOf(citation));
  }
  for (const justification of input.justifications) {
    const row = find(justification, justification.locator);
    if (row && !row.justification) row.justification = { ...placeOf(justification), reason: justification.reason };
  }
  for (const row of rows.values()) row.status = row.citedAt.length ? 'addressed' : row.justification ? 'notApplicable' : 'open';
  // A clause whose every subclause is addressed or not applicable is addressed through them: deepest first.
  const children = new Map<string, CoverageRow[]>();
  for (const clause of clauses) {
    if (!clause.parent || !rows.has(clause.parent)) continue;
    const under = children.get(clause.parent) ?? [];
    under.push(rows.get(clause.id) as CoverageRow);
    children.set(clause.parent, under);
  }
  for (const clause of [...clauses].reverse()) {
    const row = rows.get(clause.id) as CoverageRow;
    const under = children.get(clause.id);
    if (row.status !== 'open' || !under?.length || !under.every((child) => child.status !== 'open')) continue;
    row.status = 'addressed';
    row.throughSubclauses = true;
  }
  const all = [...rows.values()];
  const shown = options.normativeOnly === false ? all : all.filter((row) => row.obligation === 'normative');
  const counts = { total: shown.length, addressed: 0, notApplicable: 0, open: 0 };
  for (const row of shown) counts[row.status]++;
  return { standard: input.standard, rows: shown, counts, informativeLeftOut: all.length - shown.length, problems };
}

function rowOf(clause: Clause, depth: number, obligations: ReadonlyMap<string, Obligation> | undefined): CoverageRow {
  const section = sectionOf(clause.types);
  const annex = section === SECTION_TYPES.Annex;
  const number = displayText(clause.number ?? '');
  const title = displayText(clause.title) || sectionLabel(clause.types);
  return {
    clauseId: clause.clauseId,
    label: number || title,
    title,
    depth,
    annex,
    obligation: INFORMATIVE_SECTIONS.has(section) ? 'informative' : annex ? (obligations?.get(clause.clauseId) ?? 'normative') : 'normative',
    status: 'open',
    citedAt: [],
  };
}

function depthOf(clause: Clause, byId: ReadonlyMap<string, Clause>): number {
  if (clause.level !== undefined) return Math.max(0, clause.level - 1);
  let depth = 0;
  // Bounded: a list whose parents loop cannot hang the count.
  for (let at = clause.parent && byId.get(clause.parent); at && depth < 50; at = at.parent ? byId.get(at.parent) : undefined) depth++;
  return depth;
}

function placeOf(place: Place): Place {
  return { file: place.file, line: place.line, cited: place.cited };
}

/** "41 of 57 clauses addressed, 6 not applicable, 10 open". */
export function countsLine(report: CoverageReport): string {
  const { counts } = report;
  return `${counts.addressed} of ${counts.total} clauses addressed, ${counts.notApplicable} not applicable, ${counts.open} open`;
}

/** Addressed or not applicable, as a share of all: what --fail-under compares (100 when there is nothing to cover). */
export function coveredPercent(report: CoverageReport): number {
  const { counts } = report;
  return counts.total ? (100 * (counts.addressed + counts.notApplicable)) / counts.total : 100;
}
