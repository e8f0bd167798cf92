/**
 * The citations an answer carries, and the lines that head its text: the reference line a reviewer cites ("ISO
 * 14971:2019, 7.1 Risk analysis"), the edition with its year and status (so answers of two editions never mix
 * unseen), the clause link, and a stored copy marked as one.
 */
import { clauseLinkProblem } from '../clauseLinks';
import { standardLabel } from '../labels';
import { displayText } from '../service/displayText';
import { sectionLabel, sectionOf, SECTION_TYPES } from '../service/sections';
import type { Clause } from '../service/types';
import { copyDate, offlineLine } from './answers';
import { statusWord, type StandardRecord } from './standardLookup';
import type { Citation, Edition } from './types';

/** What a citation of a clause adds to the standard's: the clause, a term in it, and where the answer came from. */
export interface ClauseSource {
  clause: Clause;
  term?: { term: string; number?: string };
  /** Set when a stored copy answered (Copy.offlineSince). */
  offlineSince?: number;
}

export function editionOf(record: StandardRecord): Edition {
  if (!record.entry || !record.facts) return { status: 'unknown', inCatalogue: false };
  const replacedBy = record.replacedBy && standardLabel(record.replacedBy);
  return {
    ...(record.facts.year ? { year: record.facts.year } : {}),
    status: statusWord(record.facts),
    ...(replacedBy ? { replacedBy } : {}),
    inCatalogue: true,
  };
}

/** The citation of a standard, or of a clause (or term) of it. */
export function citationOf(record: StandardRecord, serviceBaseUrl: string | undefined, source?: ClauseSource): Citation {
  const reference = record.entry ? standardLabel(record.entry) : record.urn;
  const title = record.entry && displayText(record.entry.title);
  const base: Citation = { label: reference, reference, urn: record.urn, ...(title ? { title } : {}), edition: editionOf(record) };
  if (!source) return base;
  const { clause, term, offlineSince } = source;
  const clauseTitle = displayText(clause.title) || sectionLabel(clause.types);
  const link = clauseLinkProblem(clause.id, serviceBaseUrl) === undefined ? clause.id : undefined;
  return {
    ...base,
    label: `${reference}, ${term ? (term.number ?? term.term) : clauseLocator(clause)}`,
    clause: {
      id: clause.id,
      clauseId: clause.clauseId,
      ...(term?.number || clause.number ? { number: term ? term.number : clause.number } : {}),
      title: clauseTitle,
      ...(term ? { term: term.term } : {}),
    },
    ...(link ? { link } : {}),
    ...(offlineSince !== undefined ? { offlineCopyFrom: copyDate(offlineSince) } : {}),
  };
}

/** "7.1", "Annex A", "Foreword": the clause as it follows the reference. */
export function clauseLocator(clause: Pick<Clause, 'number' | 'title' | 'types'>): string {
  const number = displayText(clause.number ?? '');
  if (!number) return displayText(clause.title) || sectionLabel(clause.types);
  return sectionOf(clause.types) === SECTION_TYPES.Annex || /^[A-Z]$/.test(number) ? `Annex ${number}` : number;
}

/**
 * The lines heading an answer: what it cites, the edition (year, status, replacement, URN), the link, and whether a
 * stored copy answered.
 */
export function headLines(citation: Citation, offlineSince?: number): string {
  const { edition } = citation;
  const clauseTitle = citation.clause && (citation.clause.term ?? citation.clause.title);
  const first = clauseTitle && !citation.label.endsWith(clauseTitle) ? `${citation.label} ${clauseTitle}` : citation.label;
  return [
    first,
    `Edition: ${editionText(citation.reference, edition)}${citation.title ? ` — ${citation.title}` : ''}. URN: ${citation.urn}`,
    citation.link ? `Link: ${citation.link}` : '',
    offlineLine(offlineSince),
  ]
    .filter(Boolean)
    .join('\n');
}

/** "ISO 14971:2007 (2007 edition, withdrawn; replaced by ISO 14971:2019)". */
export function editionText(reference: string, edition: Edition): string {
  if (!edition.inCatalogue) return `${reference} (not in the catalogue index: its edition and date are not known here)`;
  const year = edition.year ? `${edition.year} edition, ` : 'edition year not given, ';
  return `${reference} (${year}${edition.status}${edition.replacedBy ? `; replaced by ${edition.replacedBy}` : ''})`;
}
