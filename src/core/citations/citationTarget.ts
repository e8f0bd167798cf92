/**
 * What a citation link carries to the command that follows it (plain data in a `command:` URI), and how its
 * destination is named in tooltips and messages. Pure: no vscode.
 */
import { factsLabel } from '../catalogue/standardFacts';
import { l10n } from '../l10n';
import { standardLabel } from '../labels';
import { locatorsOf, namesClause, supplementLabel, type Citation, type Locator } from './recognise';
import type { ResolvedStandard } from './resolve';

export { OPEN_CITATION } from './ids';

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
  if (locator && typeof locator.value === 'string' && ['clause', 'annex', 'table', 'figure', 'section'].includes(locator.kind))
    target.locator = { kind: locator.kind, value: locator.value };
  return target;
}

/** "clause 5.2", "Annex A", "Table 3", "Scope". */
export function locatorLabel(locator: Locator): string {
  switch (locator.kind) {
    case 'clause':
      return l10n.t('clause {0}', locator.value);
    case 'annex':
      return /^[A-Z]$/.test(locator.value) ? l10n.t('Annex {0}', locator.value) : l10n.t('clause {0}', locator.value);
    case 'table':
      return l10n.t('Table {0}', locator.value);
    case 'figure':
      return l10n.t('Figure {0}', locator.value);
    default:
      return locator.value;
  }
}

/** The link tooltip: what a click opens. */
export function linkTooltip(target: CitationTarget, standard: ResolvedStandard): string {
  const label = standardLabel({ urn: target.urn, reference: target.reference, title: target.title });
  const status = standard.replacedBy
    ? l10n.t(' (replaced by {0})', standardLabel(standard.replacedBy))
    : standard.facts.current
      ? ''
      : ` (${factsLabel({ ...standard.facts, supplement: undefined, status: standard.facts.status ?? 'withdrawn' })})`;
  if (target.clauseId) return l10n.t('Open this clause of {0}{1}', label, status);
  if (namesClause(target.locator)) return l10n.t('Open {0}, {1}{2}', label, locatorLabel(target.locator), status);
  return l10n.t('Show {0} in the Standards view{1}', label, status);
}

/**
 * Server text as Markdown that shows exactly that text: punctuation that could make a link, emphasis, HTML or code
 * is backslash-escaped (not `appendText`, which turns every space into `&nbsp;`), and a line never starts a list or
 * a heading.
 */
export function escaped(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+!|~&$]/g, '\\$&').replace(/^([^\S\n\r\u2028\u2029]*)([-=]|\d+[.)])/gm, '$1\\$2');
}

/** "Current", "Withdrawn — replaced by ISO 9001:2015", "Replaced — no current edition in the catalogue". */
export function statusLine(standard: ResolvedStandard): string {
  const { facts, replacedBy } = standard;
  const state = facts.draft
    ? l10n.t('Draft')
    : facts.current
      ? facts.status === 'under review'
        ? l10n.t('Current (under review)')
        : l10n.t('Current')
      : facts.status === 'replaced'
        ? l10n.t('Replaced')
        : l10n.t('Withdrawn');
  const kind = facts.supplement ? ` ${factsLabel({ current: true, draft: false, supplement: facts.supplement })}` : '';
  if (replacedBy) return l10n.t('{0}{1} — replaced by {2}', state, kind, standardLabel(replacedBy));
  return `${state}${kind}`;
}

/**
 * What a reader should know about how a citation reads beyond the record's own line: its supplements, a deliverable
 * type it left out, a supplement the catalogue does not list, a hyphen read as the year, an informal form, further
 * clauses it names. One sentence each, for the hover.
 */
export function citationNotes(citation: Citation, standard: ResolvedStandard): string[] {
  if (citation.kind !== 'reference') return [];
  const notes: string[] = [];
  const { reference } = citation;
  const label = standardLabel(standard.entry);
  const note = standard.note;
  if (reference.supplements.length && note?.kind !== 'supplementNotListed')
    notes.push(l10n.t('Cited with {0}.', reference.supplements.map(supplementLabel).join(', ')));
  if (note?.kind === 'supplementNotListed')
    notes.push(
      l10n.t('The catalogue lists no {0} (a national or European amendment, or not yet listed): this is the edition it amends.', note.supplements.join(', ')),
    );
  if (note?.kind === 'typeOmitted') notes.push(l10n.t('Cited without its deliverable type: the catalogue has only {0} of this number and year.', label));
  if (note?.kind === 'hyphenYear')
    notes.push(l10n.t('Read as the {0} edition: the catalogue has no part {1} of this number.', reference.part.slice(-4), reference.part.slice(1)));
  if (reference.informal) notes.push(l10n.t('Written informally ("{0}"): linked, but not checked for outdated editions.', citation.text));
  const more = locatorsOf(citation).slice(1);
  if (more.length) notes.push(l10n.t('Also cites {0}.', more.map(locatorLabel).join(', ')));
  return notes;
}
