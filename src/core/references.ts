/**
 * How a clause is cited: plain text ("ISO 9001:2015, Clause 1 Scope"), a Markdown link to the clause `@id`, or
 * the bare `@id` (the names themselves come from labels.ts). Pure: no vscode, unit-tested in Node.
 */
import { referenceLabel, type NamedClause, type NamedStandard } from './labels';

export type ReferenceFormat = 'plain' | 'markdown' | 'uri';
export const REFERENCE_FORMATS: readonly ReferenceFormat[] = ['plain', 'markdown', 'uri'];

export type CitedStandard = NamedStandard;

export interface CitedClause extends NamedClause {
  id: string;
}

export function formatReference(format: ReferenceFormat, standard: CitedStandard, clause: CitedClause): string {
  const plain = referenceLabel(standard, clause);
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
