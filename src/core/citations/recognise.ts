/**
 * Finds citations of standards in any text: standard URNs (`urn:iso:std:…`, the IEC shapes with `|`, `+` and — only
 * between quotes — spaces), clause `@id` URLs of the configured service, and references as people write them
 * ("ISO 26262-6:2018, 9.4.2", "IEC 62304:2006+AMD1:2015 §5.1", "ISO/IEC 27001:2022 clause 5.2"), the locator first too
 * ("clause 5 of ISO 9001", "Annex A of IEC 62304"). Pure: no vscode.
 *
 * Ranges: a citation's range is the whole phrase, locator included on either side, and that is what links and
 * hovers cover; `referenceStart…referenceEnd` is the reference alone, which outdated-edition diagnostics mark and
 * their Quick Fix rewrites (the locator stays as written).
 *
 * Line by line, each line cut at MAX_LINE characters (minified files stay cheap). Every regular expression is a
 * literal prefix followed by bounded quantifiers over disjoint character classes, so matching stays linear in the
 * line. Publisher prefixes are matched in capitals and must stand alone, which keeps out `ISO-8859-1`,
 * `ISO8601` in identifiers, `iso_code`, version numbers, dates and phone numbers.
 */
import { clauseTarget } from '../clauseLinks';

/** Characters of a line that are searched; the rest of a longer line is ignored. */
export const MAX_LINE = 2000;

export type LocatorKind = 'clause' | 'annex' | 'table' | 'section';

/** Where inside the standard a citation points: "clause 5.2", "Annex A", "Table 3", "Scope". */
export interface Locator {
  kind: LocatorKind;
  /** "5.2", "A", "A.2", "3", or the section's name ("Scope", "Terms and definitions"). */
  value: string;
}

/** A human-written reference, taken apart. */
export interface WrittenReference {
  /** "ISO", "ISO/IEC", "IEC TR", "EN ISO"… as written. */
  publisher: string;
  /** "26262". */
  number: string;
  /** "-6", "-2-78", "" when none. */
  part: string;
  /** "2018" when an edition year is given. */
  year?: string;
  /** "/Amd 1:2020", "+AMD1:2015", "/Cor 1" as written, in order. */
  supplements: string[];
  /** "CSV" (consolidated), "RLV" (redline)… when an IEC version of the edition is named. */
  variant?: string;
}

interface CitationBase {
  line: number;
  /** Character range of the whole citation in its line (locator included). */
  start: number;
  end: number;
  /** The text of the range. */
  text: string;
}

export type Citation =
  | (CitationBase & {
      kind: 'reference';
      reference: WrittenReference;
      /**
       * The reference itself, without its locator: `referenceStart…referenceEnd` is what an outdated-edition
       * diagnostic marks and its Quick Fix rewrites. `referenceStart` is `start` unless the locator comes first
       * ("clause 5 of ISO 9001").
       */
      referenceStart: number;
      referenceEnd: number;
      locator?: Locator;
    })
  | (CitationBase & { kind: 'urn'; urn: string })
  | (CitationBase & { kind: 'clauseUri'; urn: string; clauseId: string });

export type ReferenceCitation = Extract<Citation, { kind: 'reference' }>;

export interface RecogniseOptions {
  /** The configured service's base URL: clause `@id` URLs under it are recognised. */
  serviceBaseUrl?: string;
}

// Longest alternatives first: "ISO/IEC" before "ISO", "EN ISO" before "EN".
const PUBLISHER =
  '(?:EN ISO/IEC|EN ISO|EN IEC|ISO/IEC/IEEE|ISO/IEC|ISO/IEEE|ISO/TS|ISO/TR|ISO/PAS|ISO/ASTM|ISO/R|IEC/IEEE|IEC/TS|IEC/TR|IEC/PAS|ISO|IEC|CISPR|IEEE|EN)';
const DOCUMENT_TYPE = '(?: (?:TS|TR|PAS|ISP|Guide))?';
// "60065A" (old IEC supplements were lettered).
const NUMBER = '(\\d{1,6}[A-Z]?)';
// "-1", "-2-78", "-B01" (ISO 105-B01), "-1Q" (ISO/IEC/IEEE 8802-1Q).
const PART = '((?:-(?:\\d{1,5}[A-Z]{0,2}|[A-Z]\\d{1,3})){0,4})';
const YEAR = '(?::((?:19|20)\\d\\d))?';
const SUPPLEMENT = '(?: ?[/+] ?(?:Amd|AMD|Amendment|Cor|COR|Corrigendum|Add|ISH)(?: ?\\d{1,2})?(?::(?:19|20)\\d\\d)?)';
const SUPPLEMENTS = `(${SUPPLEMENT}{0,4})`;
// IEC versions of one edition: consolidated, redline, commented, series, extended, database.
const VARIANT = '( (?:CSV|RLV|CMV|SER|EXV-RLV|EXV|DB))?';
// The reference must not run on into a word, a longer number or a decimal ("ISO 9001.2", "EN 50x").
const REFERENCE_END = '(?!\\w|[.:]\\d)';
const REFERENCE = new RegExp(`(?<![\\w/.\\-])(${PUBLISHER}${DOCUMENT_TYPE})[ \\u00a0]${NUMBER}${PART}${YEAR}${SUPPLEMENTS}${VARIANT}${REFERENCE_END}`, 'g');
const ONE_SUPPLEMENT = new RegExp(SUPPLEMENT.slice(3, -1), 'g');

const CLAUSE_NUMBER = '(\\d{1,2}(?:\\.\\d{1,3}){0,6}|[A-Z](?:\\.\\d{1,3}){1,6})';
const SECTION_NAMES = '(Scope|Foreword|Introduction|Bibliography|Terms and definitions|Normative references)';
/** A locator right after a reference; each alternative starts with a fixed word or separator. */
const LOCATOR = new RegExp(
  [
    `^,? ?(?:[Cc]lause|[Cc]l\\.|[Ss]ection|[Ss]ubclause) ?${CLAUSE_NUMBER}`,
    `^,? ?\\u00a7 ?${CLAUSE_NUMBER}`,
    `^,? ?[Aa]nnex ([A-Z](?:\\.\\d{1,3}){0,6})`,
    `^,? ?[Tt]able ((?:[A-Z]\\.)?\\d{1,3})`,
    `^, ?${CLAUSE_NUMBER}`,
    `^,? ?${SECTION_NAMES}`,
    // "ISO 14971:2019 A.2": an annex subclause needs no word before it.
    '^,? ?([A-Z](?:\\.\\d{1,3}){1,6})',
  ].join('|'),
);
const LOCATOR_END = /^(?!\w|\.\d)/;
/**
 * A locator written before the reference and joined to it by "of": "clause 5 of ISO 9001", "Annex A of IEC 62304",
 * "§5.1 of EN 60601-1", "Table 3 of ISO 10218-1". Matched at the end of the few characters before a reference, so
 * it stays cheap; section names ("the scope of ISO 9001") are prose too often to count.
 */
const LOCATOR_BEFORE = new RegExp(
  `(?:${[
    `(?<![\\w.])(?:[Cc]lause|[Cc]l\\.|[Ss]ection|[Ss]ubclause) ?${CLAUSE_NUMBER}`,
    `\\u00a7 ?${CLAUSE_NUMBER}`,
    '(?<![\\w.])[Aa]nnex ([A-Z](?:\\.\\d{1,3}){0,6})',
    '(?<![\\w.])[Tt]able ((?:[A-Z]\\.)?\\d{1,3})',
  ].join('|')})[ \\u00a0]of[ \\u00a0]$`,
);
/** How far before a reference a locator-first phrase is looked for. */
const LOCATOR_BEFORE_WINDOW = 60;

// `urn:<nid>:std:` then the rest: between quotes anything but the quote and a line break, else no spaces.
const URN_QUOTED = /(["'`])(urn:[A-Za-z0-9][A-Za-z0-9-]{0,30}:std:[^"'`\r\n]{1,1000})\1/g;
const URN_BARE = /(?<![\w\-:/%])urn:[A-Za-z0-9][A-Za-z0-9-]{0,30}:std:[^\s"'`<>()[\]{},;]{1,1000}/g;
const URL = /\bhttps?:\/\/[^\s"'`<>()[\]{}]{1,2000}/g;

/** Every citation in `text`, by line and column, in order. */
export function findCitations(text: string, options: RecogniseOptions = {}): Citation[] {
  const found: Citation[] = [];
  let line = 0;
  let from = 0;
  while (from <= text.length) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    const end = to > from && text.charCodeAt(to - 1) === 13 ? to - 1 : to;
    if (end > from) findInLine(text.slice(from, Math.min(end, from + MAX_LINE)), line, options, found);
    from = to + 1;
    line++;
  }
  return found;
}

/** Citations of one line (at most MAX_LINE characters are read). */
export function findInLine(lineText: string, line: number, options: RecogniseOptions = {}, into: Citation[] = []): Citation[] {
  const text = lineText.length > MAX_LINE ? lineText.slice(0, MAX_LINE) : lineText;
  const first = into.length;
  const taken: Array<[number, number]> = [];
  const free = (start: number, end: number): boolean => taken.every(([s, e]) => end <= s || start >= e);
  const add = (citation: Citation): void => {
    if (!free(citation.start, citation.end)) return;
    taken.push([citation.start, citation.end]);
    into.push(citation);
  };

  // Clause URLs first: their path holds the URN, which must not be cited twice.
  if (options.serviceBaseUrl && text.includes('://')) {
    for (const match of text.matchAll(URL)) {
      const url = trimTrailing(match[0]);
      const target = clauseTarget(url, '', options.serviceBaseUrl);
      if (target && url.startsWith(options.serviceBaseUrl)) {
        add({ kind: 'clauseUri', line, start: match.index, end: match.index + url.length, text: url, ...target });
      } else {
        // Another URL: nothing inside it is a citation.
        taken.push([match.index, match.index + url.length]);
      }
    }
  }
  if (text.includes('urn:') || text.includes('URN:')) {
    for (const match of text.matchAll(URN_QUOTED)) {
      const start = match.index + 1;
      add({ kind: 'urn', line, start, end: start + match[2].length, text: match[2], urn: match[2] });
    }
    for (const match of text.matchAll(URN_BARE)) {
      const urn = trimTrailing(match[0]);
      add({ kind: 'urn', line, start: match.index, end: match.index + urn.length, text: urn, urn });
    }
  }
  for (const match of text.matchAll(REFERENCE)) {
    const referenceStart = match.index;
    const referenceEnd = referenceStart + match[0].length;
    // "clause 5 of ISO 9001": the locator first, unless its words already belong to the citation before
    // ("ISO 9001 clause 5 of ISO 14001" cites clause 5 of ISO 9001 and ISO 14001 as a whole).
    const first = readLocatorBefore(text, referenceStart);
    const before = first && free(first.start, referenceEnd) ? first : undefined;
    const after = before ? undefined : readLocator(text, referenceEnd);
    const start = before ? before.start : referenceStart;
    const end = after ? after.end : referenceEnd;
    const locator = (before ?? after)?.locator;
    add({
      kind: 'reference',
      line,
      start,
      end,
      text: text.slice(start, end),
      referenceStart,
      referenceEnd,
      reference: {
        publisher: match[1],
        number: match[2],
        part: match[3],
        year: match[4],
        supplements: match[5] ? (match[5].match(ONE_SUPPLEMENT) ?? []).map((s) => s.trim()) : [],
        ...(match[6] ? { variant: match[6].trim() } : {}),
      },
      ...(locator ? { locator } : {}),
    });
  }
  if (into.length - first > 1) {
    const mine = into.splice(first).sort((a, b) => a.start - b.start);
    into.push(...mine);
  }
  return into;
}

/** A reference written in `text` alone (e.g. a catalogue record's), or undefined. */
export function parseReference(text: string): WrittenReference | undefined {
  const found = findInLine(text.slice(0, 300), 0).find((c): c is ReferenceCitation => c.kind === 'reference' && c.referenceStart === 0);
  return found?.reference;
}

function readLocator(text: string, at: number): { locator: Locator; end: number } | undefined {
  const rest = text.slice(at, at + 80);
  const match = LOCATOR.exec(rest);
  if (!match || !LOCATOR_END.test(rest.slice(match[0].length))) return undefined;
  const [, clause, signed, annex, table, bare, name, annexClause] = match;
  const locator = locatorOf(clause ?? signed ?? bare ?? annexClause, annex, table) ?? { kind: 'section', value: name };
  return { locator, end: at + match[0].length };
}

/** A locator ending with " of " right before `at` (the start of a reference), and where it starts. */
function readLocatorBefore(text: string, at: number): { locator: Locator; start: number } | undefined {
  // Most references have no "of" before them: the cheap test first.
  if (!/[ \u00a0]of[ \u00a0]$/.test(text.slice(Math.max(0, at - 4), at))) return undefined;
  const from = Math.max(0, at - LOCATOR_BEFORE_WINDOW);
  const match = LOCATOR_BEFORE.exec(text.slice(from, at));
  if (!match) return undefined;
  const [, clause, signed, annex, table] = match;
  const locator = locatorOf(clause ?? signed, annex, table);
  return locator && { locator, start: from + match.index };
}

/** A clause number ("5.2"; "A.2" is in an annex), an annex letter or a table number, as a locator. */
function locatorOf(number: string | undefined, annex: string | undefined, table: string | undefined): Locator | undefined {
  if (number) return { kind: /^[A-Z]/.test(number) ? 'annex' : 'clause', value: number };
  if (annex) return { kind: 'annex', value: annex };
  if (table) return { kind: 'table', value: table };
  return undefined;
}

/** URLs and bare URNs end before sentence punctuation: "see urn:iso:std:iso:9001." */
function trimTrailing(value: string): string {
  let end = value.length;
  while (end > 0 && '.,;:!?'.includes(value[end - 1]) && !value.endsWith(':::', end)) end--;
  return value.slice(0, end);
}

/** The reference as written in the citation, without its locator: "ISO 9001:2015" of "clause 5 of ISO 9001:2015". */
export function writtenReference(citation: ReferenceCitation): string {
  return citation.text.slice(citation.referenceStart - citation.start, citation.referenceEnd - citation.start);
}

/** "ISO 26262-6:2018" — the reference as written, without supplements or locator, in one canonical spacing. */
export function baseLabel(reference: WrittenReference): string {
  return `${reference.publisher} ${reference.number}${reference.part}${reference.year ? `:${reference.year}` : ''}`;
}
