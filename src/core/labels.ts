/**
 * How things are named to the user: a standard, a clause, a reference, a host. One place, so the tree, the
 * pickers, the clause page, documents and inserted references agree. Server text goes through displayText (one
 * line, no bidirectional controls). Pure: runs in plain Node.
 */
import { inlineText } from './document/flowText';
import { withoutShown } from './document/shownOnce';
import { displayText } from './service/displayText';
import { SECTION_TYPES, sectionLabel, sectionOf } from './service/sections';

/** What names a standard. */
export interface NamedStandard {
  urn: string;
  reference?: string;
  title?: string;
}

/** What names a clause. */
export interface NamedClause {
  title?: string;
  number?: string;
  types?: readonly string[];
}

/** Clause page titles are cut here: a tab shows little more. */
const MAX_TITLE = 120;

/** "ISO 9001:2015", else the title, else the URN. */
export function standardLabel(standard: NamedStandard): string {
  return displayText(standard.reference ?? '') || displayText(standard.title ?? '') || displayText(standard.urn);
}

/** Beside a standard's label: its status in brackets, and its title when the label is the reference. */
export function standardDescription(standard: NamedStandard, status: string): string {
  const title = displayText(standard.title ?? '');
  return [status && `(${status})`, standard.reference ? title : ''].filter(Boolean).join(' ');
}

/** The clause's own title, or its type's label when the title is empty ("Scope", "Foreword", "Clause"). */
function clauseTitle(clause: NamedClause): string {
  return displayText(clause.title ?? '') || sectionLabel(clause.types ?? []);
}

/** Whether a numbered clause is an annex itself (not a clause inside one, "A.2"). */
function isAnnex(clause: NamedClause, number: string): boolean {
  return sectionOf(clause.types ?? []) === SECTION_TYPES.Annex || /^[A-Z]$/.test(number);
}

/** "Annex A Relationship…": the title shown once when it already starts with "Annex A" (shownOnce.ts's rule). */
function annexName(number: string, title: string): string {
  const name = `Annex ${number}`;
  const rest = title === SECTION_TYPES.Annex.label ? '' : inlineText(withoutShown([title], name)).trim();
  return rest ? `${name} ${rest}` : name;
}

/** "1 Scope", "A.2 Examples", "Annex A Relationship…", "Foreword": how a clause is listed (tree, pickers, tabs). */
export function clauseHeading(clause: NamedClause): string {
  const number = displayText(clause.number ?? '');
  if (!number) return clauseTitle(clause);
  return isAnnex(clause, number) ? annexName(number, clauseTitle(clause)) : `${number} ${clauseTitle(clause)}`;
}

/** "Clause 1 Scope", "Annex A Examples", "Foreword": how a clause is cited. */
export function clauseLabel(clause: NamedClause): string {
  const title = clauseTitle(clause);
  const number = displayText(clause.number ?? '');
  if (!number) return title;
  return isAnnex(clause, number) ? annexName(number, title) : `Clause ${number} ${title}`;
}

/** "Clause 7.1", "Annex A", "Foreword": a clause named short, in a sentence about it. */
export function clauseShortName(clause: NamedClause): string {
  const number = displayText(clause.number ?? '');
  if (!number) return clauseTitle(clause);
  return isAnnex(clause, number) ? `Annex ${number}` : `Clause ${number}`;
}

/** "ISO 9001:2015, Clause 1 Scope": a plain-text reference. */
export function referenceLabel(standard: NamedStandard, clause: NamedClause): string {
  return `${standardLabel(standard)}, ${clauseLabel(clause)}`;
}

/** "ISO 9001:2015 1 Scope": the name of a clause document (its tab). */
export function documentLabel(clause: NamedClause, standardReference?: string): string {
  const reference = displayText(standardReference ?? '');
  return reference ? `${reference} ${clauseHeading(clause)}` : clauseHeading(clause);
}

/** How a clause document is named in its URI's path: its standard ("ISO 9001:2015", the folder) and its heading ("1 Scope", the file). */
export function documentName(clause: NamedClause, standardReference?: string): { standard: string; clause: string } {
  return { standard: displayText(standardReference ?? ''), clause: clauseHeading(clause) };
}

/** The clause page's tab title: the heading, cut to fit a tab. */
export function pageTitle(clause: NamedClause): string {
  const text = clauseHeading(clause);
  return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text;
}

/** The host (and port) of a URL for messages and the status bar; the text itself when it is no URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
