/**
 * How a clause is cited: plain text ("ISO 9001:2015, Clause 1 Scope"), a Markdown link to the clause `@id`, or
 * the bare `@id`. Pure: no vscode, unit-tested in Node.
 */
import { displayText } from './service/displayText';
import { SECTION_TYPES, sectionLabel, sectionOf } from './service/sections';

export type ReferenceFormat = 'plain' | 'markdown' | 'uri';
export const REFERENCE_FORMATS: readonly ReferenceFormat[] = ['plain', 'markdown', 'uri'];

export interface CitedStandard {
  urn: string;
  reference?: string;
  title?: string;
}

export interface CitedClause {
  id: string;
  title?: string;
  number?: string;
  types?: readonly string[];
}

/** "ISO 9001:2015", else the title, else the URN; as one line without bidirectional controls (server text). */
export function standardLabel(standard: CitedStandard): string {
  return displayText(standard.reference ?? '') || displayText(standard.title ?? '') || displayText(standard.urn);
}

/** "Clause 1 Scope", "Annex A Examples", "Foreword" — the title, or the type's label when the title is empty. */
export function clauseLabel(clause: Omit<CitedClause, 'id'>): string {
  const types = clause.types ?? [];
  const title = displayText(clause.title ?? '') || sectionLabel(types);
  const number = displayText(clause.number ?? '');
  if (!number) return title;
  const isAnnex = sectionOf(types) === SECTION_TYPES.Annex || /^[A-Z]$/.test(number);
  if (isAnnex) return title === SECTION_TYPES.Annex.label ? `Annex ${number}` : `Annex ${number} ${title}`;
  return `Clause ${number} ${title}`;
}

export function formatReference(format: ReferenceFormat, standard: CitedStandard, clause: CitedClause): string {
  const plain = `${standardLabel(standard)}, ${clauseLabel(clause)}`;
  switch (format) {
    case 'uri':
      return clause.id;
    case 'markdown':
      return `[${escapeMarkdownText(plain)}](${escapeMarkdownUrl(clause.id)})`;
    default:
      return plain;
  }
}

function escapeMarkdownText(text: string): string {
  return text.replace(/([\\[\]*_`<>])/g, '\\$1');
}

function escapeMarkdownUrl(url: string): string {
  return url.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
