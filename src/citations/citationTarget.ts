/**
 * What a citation link carries to the command that follows it (plain data in a `command:` URI), and how its
 * destination is named in tooltips and messages. Pure: no vscode.
 */
import { standardLabel } from '../labels';
import type { Citation, Locator } from './recognise';
import type { ResolvedStandard } from './resolve';

export const OPEN_CITATION = 'standardsExplorer.openCitation';

export interface CitationTarget {
  urn: string;
  reference?: string;
  title?: string;
  position: number;
  locator?: Locator;
  /** A clause @id URL names its clause directly. */
  clauseId?: string;
}

export function targetOf(citation: Citation, standard: ResolvedStandard): CitationTarget {
  const { entry } = standard;
  const target: CitationTarget = { urn: entry.urn, reference: entry.reference, title: entry.title, position: entry.position };
  if (citation.kind === 'reference' && citation.locator) target.locator = citation.locator;
  if (citation.kind === 'clauseUri') {
    target.urn = citation.urn;
    target.clauseId = citation.clauseId;
  }
  return target;
}

/** A target from a command argument, or undefined when it is not one (a command URI can be written by anyone). */
export function asCitationTarget(arg: unknown): CitationTarget | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const value = arg as Partial<CitationTarget>;
  if (typeof value.urn !== 'string' || typeof value.position !== 'number') return undefined;
  const target: CitationTarget = { urn: value.urn, position: value.position };
  if (typeof value.reference === 'string') target.reference = value.reference;
  if (typeof value.title === 'string') target.title = value.title;
  if (typeof value.clauseId === 'string') target.clauseId = value.clauseId;
  const locator = value.locator;
  if (locator && typeof locator.value === 'string' && ['clause', 'annex', 'table', 'section'].includes(locator.kind))
    target.locator = { kind: locator.kind, value: locator.value };
  return target;
}

/** "clause 5.2", "Annex A", "Table 3", "Scope". */
export function locatorLabel(locator: Locator): string {
  switch (locator.kind) {
    case 'clause':
      return `clause ${locator.value}`;
    case 'annex':
      return /^[A-Z]$/.test(locator.value) ? `Annex ${locator.value}` : `clause ${locator.value}`;
    case 'table':
      return `Table ${locator.value}`;
    default:
      return locator.value;
  }
}

/** The link tooltip: what a click opens. */
export function linkTooltip(target: CitationTarget, standard: ResolvedStandard): string {
  const label = standardLabel({ urn: target.urn, reference: target.reference, title: target.title });
  const status = standard.replacedBy
    ? ` (replaced by ${standardLabel(standard.replacedBy)})`
    : standard.facts.current
      ? ''
      : ` (${standard.facts.status ?? 'withdrawn'})`;
  if (target.clauseId) return `Open this clause of ${label}${status}`;
  if (target.locator && target.locator.kind !== 'table') return `Open ${label}, ${locatorLabel(target.locator)}${status}`;
  return `Show ${label} in the Standards view${status}`;
}

/**
 * Server text as Markdown that shows exactly that text: punctuation that could make a link, emphasis, HTML or code
 * is backslash-escaped (not `appendText`, which turns every space into `&nbsp;`), and a line never starts a list or
 * a heading.
 */
export function escaped(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+!|~&$]/g, '\\$&').replace(/^(\s*)([-=]|\d+[.)])/gm, '$1\\$2');
}

/** "Current", "Withdrawn — replaced by ISO 9001:2015", "Replaced — no current edition in the catalogue". */
export function statusLine(standard: ResolvedStandard): string {
  const { facts, replacedBy } = standard;
  const state = facts.draft
    ? 'Draft'
    : facts.current
      ? facts.status === 'under review'
        ? 'Current (under review)'
        : 'Current'
      : facts.status === 'replaced'
        ? 'Replaced'
        : 'Withdrawn';
  const kind = facts.supplement ? ` ${facts.supplement}` : '';
  if (replacedBy) return `${state}${kind} — replaced by ${standardLabel(replacedBy)}`;
  return `${state}${kind}`;
}
