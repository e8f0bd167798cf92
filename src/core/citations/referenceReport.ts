/**
 * The workspace's references as a traceability matrix: grouped standard → clause → occurrence for the References
 * view, and written out as CSV or Markdown (standard, clause, file, line, text, status). Pure: no vscode.
 */

import { csvField, GENERATED_MARKDOWN, REFERENCES_CSV_COLUMNS } from '../generatedReports';
import { locatorLabel, statusLine } from './citationTarget';
import type { Citation, Locator } from './recognise';
import type { ResolvedStandard } from './resolve';

export interface Occurrence {
  /** Workspace-relative path (or the URI for files outside a folder). */
  file: string;
  /** 1-based. */
  line: number;
  /** The citation as written. */
  text: string;
  /** The standard's reference in the catalogue, e.g. "ISO 9001:2015". */
  standard: string;
  urn: string;
  position: number;
  title: string;
  /** "clause 5.2", "Annex A", "Scope"; '' when the standard as a whole is cited. */
  clause: string;
  locator?: Locator;
  /** Every part it names, when more than one ("Sections 5.6.2 and 5.6.3"). */
  locators?: Locator[];
  /** "current", "withdrawn", "replaced by ISO 9001:2015"… */
  status: string;
  outdated: boolean;
}

/** What an occurrence of `citation` (resolved to `standard`) says beyond where it is: the same wherever it is. */
export type OccurrenceSays = Omit<Occurrence, 'file' | 'line' | 'text'>;

export function occurrenceSays(standard: ResolvedStandard, citation: Citation): OccurrenceSays {
  const locator = citation.kind === 'reference' ? citation.locator : undefined;
  return {
    standard: standard.entry.reference || standard.entry.urn,
    urn: citation.kind === 'clauseUri' ? citation.urn : standard.entry.urn,
    position: standard.entry.position,
    title: standard.entry.title,
    clause: locator ? locatorLabel(locator) : citation.kind === 'clauseUri' ? `clause ${citation.clauseId}` : '',
    ...(locator ? { locator } : {}),
    ...(citation.kind === 'reference' && citation.locators && citation.locators.length > 1 ? { locators: citation.locators } : {}),
    status: statusLine(standard),
    outdated: Boolean(standard.replacedBy) || !standard.facts.current,
  };
}

export interface ClauseGroup {
  clause: string;
  occurrences: Occurrence[];
}

export interface StandardGroup {
  standard: string;
  urn: string;
  position: number;
  title: string;
  status: string;
  outdated: boolean;
  count: number;
  clauses: ClauseGroup[];
}

/** Groups by standard (by reference, then URN), then by clause (natural order: 2 before 10), then file and line. */
export function groupReferences(occurrences: readonly Occurrence[]): StandardGroup[] {
  const byStandard = new Map<string, StandardGroup>();
  for (const o of occurrences) {
    const key = `${o.standard}\u0000${o.urn}`;
    let group = byStandard.get(key);
    if (!group) {
      group = { standard: o.standard, urn: o.urn, position: o.position, title: o.title, status: o.status, outdated: o.outdated, count: 0, clauses: [] };
      byStandard.set(key, group);
    }
    group.count++;
    let clause = group.clauses.find((c) => c.clause === o.clause);
    if (!clause) group.clauses.push((clause = { clause: o.clause, occurrences: [] }));
    clause.occurrences.push(o);
  }
  const groups = [...byStandard.values()].sort((a, b) => natural(a.standard, b.standard));
  for (const group of groups) {
    group.clauses.sort((a, b) => (a.clause === '' ? -1 : b.clause === '' ? 1 : natural(a.clause, b.clause)));
    for (const clause of group.clauses) clause.occurrences.sort((a, b) => natural(a.file, b.file) || a.line - b.line);
  }
  return groups;
}

const COLUMNS = REFERENCES_CSV_COLUMNS;

function rowsOf(groups: readonly StandardGroup[]): string[][] {
  return groups.flatMap((g) => g.clauses.flatMap((c) => c.occurrences.map((o) => [o.standard, o.clause, o.file, String(o.line), o.text, o.status])));
}

/**
 * RFC 4180 CSV. A cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
 * is prefixed with an apostrophe: the text comes from files anyone may have written.
 */
export function toCsv(groups: readonly StandardGroup[]): string {
  return [COLUMNS.join(','), ...rowsOf(groups).map((row) => row.map(csvField).join(','))].join('\r\n') + '\r\n';
}

/** A Markdown table, cells escaped so that no text breaks the table or becomes a link or HTML. */
export function toMarkdown(groups: readonly StandardGroup[]): string {
  const cell = (value: string): string => value.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|]/g, '\\$&');
  const lines = [
    GENERATED_MARKDOWN,
    '# Standards references',
    '',
    `${groups.length} standards, ${groups.reduce((n, g) => n + g.count, 0)} references.`,
    '',
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map(() => '---').join('|')}|`,
    ...rowsOf(groups).map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

const COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function natural(a: string, b: string): number {
  return COLLATOR.compare(a, b);
}
