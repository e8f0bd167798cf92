/**
 * Finds citations of standards in any text: standard URNs (`urn:iso:std:…`, the IEC shapes with `|`, `+` and — only
 * between quotes — spaces), clause `@id` URLs of the configured service, and references as people write them
 * (grammar.ts): "ISO 26262-6:2018, 9.4.2", "EN ISO 14971:2019+A11:2021", "BS EN ISO 13485:2016 §7.3",
 * "clause 7.1 of ISO 14971", "IEC 61508-1:2010 7.2.1", "ETSI EN 303 645", "IEEE 802.11", and, with low confidence,
 * the informal "IEC62304", "ISO-8601", "iso 8601". Pure: no vscode.
 *
 * Ranges: a citation's range is the whole phrase, locators included on either side, and that is what links and
 * hovers cover; `referenceStart…referenceEnd` is the reference alone, which outdated-edition diagnostics mark and
 * their Quick Fix rewrites (the locators stay as written).
 *
 * Speed: one pass of a literal trigger over the whole text finds the lines that may cite (most lines of code and
 * prose do not), and only those are read, each cut at MAX_LINE characters (minified files stay cheap). Every
 * expression is anchored (sticky) or a literal prefix followed by bounded quantifiers, so reading stays linear.
 */
import { clauseTarget } from '../clauseLinks';
import { readLocatorAfter, readLocatorBefore, readReference } from './grammar';

/** Characters of a line that are searched; the rest of a longer line is ignored. */
export const MAX_LINE = 2000;

export type LocatorKind = 'clause' | 'annex' | 'table' | 'figure' | 'section';

/** Where inside the standard a citation points: "clause 5.2", "Annex A", "Table 3", "Figure 2", "Scope". */
export interface Locator {
  kind: LocatorKind;
  /** "5.2", "A", "A.2", "3", or the section's name ("Scope", "Terms and definitions"). */
  value: string;
}

/** Whether a locator names an entry of the clause list (a table or figure is inside a clause the list cannot tell). */
export function namesClause(locator: Locator | undefined): locator is Locator & { kind: 'clause' | 'annex' | 'section' } {
  return locator !== undefined && locator.kind !== 'table' && locator.kind !== 'figure';
}

/** An amendment, corrigendum or addendum that belongs to the reference: "/Amd 1:2021", "+A11:2021", "/AC:2010". */
export interface Supplement {
  /** As written, with its separator: "/Amd 1:2021", "+A11:2021", " Cor.1". */
  text: string;
  kind: 'amd' | 'cor' | 'add' | 'ish';
  /** "1", "11"; undefined when none is written (CEN's "/AC:2010"). */
  number?: string;
  year?: string;
  /** "+": consolidated into the edition (IEC's "+AMD1:2015", CEN's "+A1:2019"); "/": published beside it. */
  joined: '/' | '+' | ' ';
}

/** A human-written reference, taken apart. */
export interface WrittenReference {
  /** "ISO", "ISO/IEC", "IEC TR", "EN ISO", "BS EN ISO", "ANSI/AAMI/ISO", "ETSI EN", "IEEE Std"… as written. */
  publisher: string;
  /** "26262", "303645" (spaces removed), "802.11", "X.509". */
  number: string;
  /** "-6", "-2-78", "" when none. */
  part: string;
  /** "2018" when an edition year is given. */
  year?: string;
  /** The amendments and corrigenda, in order. */
  supplements: Supplement[];
  /** "CSV" (consolidated), "RLV" (redline)… when an IEC version of the edition is named. */
  variant?: string;
  /**
   * Written loosely ("IEC62304", "ISO-8601", "iso 8601"): a citation of low confidence, linked and hovered but never
   * judged by a diagnostic.
   */
  informal?: true;
  /** "ISO 9001-2015": the last part may be the edition year; the catalogue decides (resolve.ts). */
  hyphenYear?: true;
}

interface CitationBase {
  line: number;
  /** Character range of the whole citation in its line (locators included). */
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
       * The reference itself, without its locators: `referenceStart…referenceEnd` is what an outdated-edition
       * diagnostic marks and its Quick Fix rewrites. `referenceStart` is `start` unless a locator comes first
       * ("clause 5 of ISO 9001").
       */
      referenceStart: number;
      referenceEnd: number;
      /** The first part of the standard it names (the one links open). */
      locator?: Locator;
      /** Every part it names, when more than one ("Sections 5.6.2 and 5.6.3"). */
      locators?: Locator[];
    })
  | (CitationBase & { kind: 'urn'; urn: string })
  | (CitationBase & { kind: 'clauseUri'; urn: string; clauseId: string });

export type ReferenceCitation = Extract<Citation, { kind: 'reference' }>;

export interface RecogniseOptions {
  /** The configured service's base URL: clause `@id` URLs under it are recognised. */
  serviceBaseUrl?: string;
}

// `urn:<nid>:std:` then the rest: between quotes anything but the quote and a line break, else no spaces.
const URN_QUOTED = /(["'`])(urn:[A-Za-z0-9][A-Za-z0-9-]{0,30}:std:[^"'`\r\n]{1,1000})\1/g;
const URN_BARE = /(?<![\w\-:/%])urn:[A-Za-z0-9][A-Za-z0-9-]{0,30}:std:[^\s"'`<>()[\]{},;]{1,1000}/g;
const URL = /\bhttps?:\/\/[^\s"'`<>()[\]{}]{1,2000}/g;
/**
 * Where a publisher may start: not inside a word, a path or an identifier ("_ISO" only after a space: emphasis). The
 * one expression run over the whole text: literal alternatives, which the engine skips through text quickly.
 */
const PUBLISHER_START =
  /(?<![A-Za-z0-9/.\-\\@$%&=~^]|\w_)(?:ISO|IEC|EN|IEEE|ETSI|ITU|CCITT|CISPR|ANSI|AAMI|ASTM|NIST|FIPS|JIS|KS|GB|AS|BS|DIN|NF|UL|CSA|CAN|IS|ECMA|Ecma|iso|iec)/g;

/**
 * Any publisher a reference starts with, wherever it is (PUBLISHER_START's words, without what must not precede
 * them): a text it does not match cites no reference (the scan's prefilter, scan/mayCite.ts).
 */
export const PUBLISHER_WORD = new RegExp(PUBLISHER_START.source.slice(PUBLISHER_START.source.indexOf('(?:')));

/** A citation with offsets in the whole text (its line and columns are set at the end, in one pass). */
type Found = Citation;

/** Every citation in `text`, by line and column, in order. */
export function findCitations(text: string, options: RecogniseOptions = {}): Citation[] {
  const found: Found[] = [];
  /** Ranges of other URLs, sorted: nothing inside them is a citation. */
  const urls: Array<[number, number]> = [];
  if (text.includes('://')) {
    for (const match of text.matchAll(URL)) {
      const url = trimTrailing(match[0]);
      const start = match.index;
      const target = options.serviceBaseUrl && url.startsWith(options.serviceBaseUrl) ? clauseTarget(url, '', options.serviceBaseUrl) : undefined;
      if (target) found.push({ kind: 'clauseUri', line: 0, start, end: start + url.length, text: url, ...target });
      else urls.push([start, start + url.length]);
    }
  }
  if (text.includes('urn:') || text.includes('URN:')) {
    // Inside a URL (cited or not) or a quoted URN, a URN is not cited again. URNs are few: a plain scan will do.
    const inside = (start: number, end: number): boolean => urls.some(([s, e]) => start < e && s < end) || found.some((f) => start < f.end && f.start < end);
    for (const match of text.matchAll(URN_QUOTED)) {
      const start = match.index + 1;
      const urn = match[2];
      if (!inside(start, start + urn.length)) found.push({ kind: 'urn', line: 0, start, end: start + urn.length, text: urn, urn });
    }
    for (const match of text.matchAll(URN_BARE)) {
      const urn = trimTrailing(match[0]);
      const start = match.index;
      if (!inside(start, start + urn.length)) found.push({ kind: 'urn', line: 0, start, end: start + urn.length, text: urn, urn });
    }
  }
  // URLs and URNs first: a reference inside one is not cited again.
  const earlier = [...urls, ...found.map((f): [number, number] => [f.start, f.end])].sort((x, y) => x[0] - y[0]);
  let next = 0;
  const lines = new LineTracker(text);
  let lastEnd = 0;
  const starts = PUBLISHER_START;
  starts.lastIndex = 0;
  for (let match = starts.exec(text); match; match = starts.exec(text)) {
    const referenceStart = match.index;
    const lineStart = lines.startOf(referenceStart);
    // Beyond MAX_LINE characters a line is not read (minified files).
    if (referenceStart - lineStart >= MAX_LINE) continue;
    const read = readReference(text, referenceStart);
    if (!read) continue;
    const { reference, end: referenceEnd } = read;
    starts.lastIndex = referenceEnd;
    while (next < earlier.length && earlier[next][1] <= referenceStart) next++;
    if (next < earlier.length && earlier[next][0] < referenceEnd) continue;
    if (referenceEnd - lineStart > MAX_LINE) continue;
    // "clause 5 of ISO 9001": the locator first, unless its words already belong to the citation before
    // ("ISO 9001 clause 5 of ISO 14001" cites clause 5 of ISO 9001 and ISO 14001 as a whole).
    const beforeRead = readLocatorBefore(text, referenceStart, lineStart, Math.max(lastEnd, next > 0 ? earlier[next - 1][1] : 0));
    const before = beforeRead && beforeRead.start >= lastEnd && !(next > 0 && earlier[next - 1][1] > beforeRead.start) ? beforeRead : undefined;
    const after = before ? undefined : readLocatorAfter(text, referenceEnd, reference.year !== undefined);
    const start = before ? before.start : referenceStart;
    const end = after && after.end - lineStart <= MAX_LINE ? after.end : referenceEnd;
    const locators = (before ?? (end === referenceEnd ? undefined : after))?.locators ?? [];
    starts.lastIndex = end;
    lastEnd = end;
    const citation: Citation = { kind: 'reference', line: 0, start, end, text: text.slice(start, end), referenceStart, referenceEnd, reference };
    if (locators.length) citation.locator = locators[0];
    if (locators.length > 1) citation.locators = locators;
    found.push(citation);
  }
  // In order, with lines and columns: offsets in the text become offsets in their line.
  if (urls.length || earlier.length) found.sort((x, y) => x.start - y.start);
  const numbering = new LineTracker(text);
  for (const citation of found) {
    const at = numbering.startOf(citation.start);
    citation.line = numbering.line;
    citation.start -= at;
    citation.end -= at;
    if (citation.kind === 'reference') {
      citation.referenceStart -= at;
      citation.referenceEnd -= at;
    }
  }
  return found;
}

/** Line numbers and starts of positions asked for in increasing order: one pass over the text in all. */
class LineTracker {
  line = 0;
  private start = 0;
  private nextBreak: number;

  constructor(private readonly text: string) {
    this.nextBreak = text.indexOf('\n');
  }

  /** The start of the line that holds `position` (not before the last asked); `line` is its number. */
  startOf(position: number): number {
    while (this.nextBreak >= 0 && this.nextBreak < position) {
      this.start = this.nextBreak + 1;
      this.line++;
      this.nextBreak = this.text.indexOf('\n', this.start);
    }
    return this.start;
  }
}

/** Every part of the standard a reference citation names, in order (none: the whole standard). */
export function locatorsOf(citation: ReferenceCitation): Locator[] {
  return citation.locators ?? (citation.locator ? [citation.locator] : []);
}

/** A reference written in `text` alone (e.g. a catalogue record's), or undefined. */
export function parseReference(text: string): WrittenReference | undefined {
  const read = readReference(text.slice(0, 300), 0);
  return read?.reference;
}

/** URLs and bare URNs end before sentence punctuation: "see urn:iso:std:iso:9001." */
function trimTrailing(value: string): string {
  let end = value.length;
  while (end > 0 && '.,;:!?'.includes(value[end - 1]) && !value.endsWith(':::', end)) end--;
  return value.slice(0, end);
}

/** The reference as written in the citation, without its locators: "ISO 9001:2015" of "clause 5 of ISO 9001:2015". */
export function writtenReference(citation: ReferenceCitation): string {
  return citation.text.slice(citation.referenceStart - citation.start, citation.referenceEnd - citation.start);
}

/** "ISO 26262-6:2018" — the reference as written, without supplements or locator, in one canonical spacing. */
export function baseLabel(reference: WrittenReference): string {
  return `${reference.publisher} ${reference.number}${reference.part}${reference.year ? `:${reference.year}` : ''}`;
}

/** "Amendment 1:2021", "Corrigendum 1", "CEN corrigendum (2010)": a supplement for a reader. */
export function supplementLabel(supplement: Supplement): string {
  const name = { amd: 'Amendment', cor: 'Corrigendum', add: 'Addendum', ish: 'Interpretation sheet' }[supplement.kind];
  return `${name}${supplement.number ? ` ${supplement.number}` : ''}${supplement.year ? `:${supplement.year}` : ''}`;
}

/**
 * Whether the rules judge `citation` (outdated, unknown, undated): a reference or URN, not an informal reference
 * ("IEC62304": low confidence, linked and hovered only) nor a clause URL. The same for `check` and the editor.
 */
export function isJudged(citation: Citation): citation is Exclude<Citation, { kind: 'clauseUri' }> {
  return citation.kind !== 'clauseUri' && !(citation.kind === 'reference' && citation.reference.informal);
}
