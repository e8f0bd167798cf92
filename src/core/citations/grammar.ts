/**
 * The grammar of references as people write them, read at a position of a line with anchored (sticky) expressions:
 *
 *   publisher  ISO, IEC, ISO/IEC, IEC TR, ISO/TS, EN ISO, BS EN ISO, DIN EN ISO, ANSI/AAMI/ISO, CAN/CSA ISO,
 *              UL/IEC, NF EN, ETSI EN, ITU-T (Rec.), IEEE (Std), NIST SP, AAMI TIR, ASTM, GB/T, JIS, AS/NZS…:
 *              bodies joined by "/", "-" or a space, then a deliverable type
 *   number     26262; 303 645 (ETSI and EN number in groups of three); 802.11ax, 1905.1 (IEEE, AS, NIST…); X.509
 *              (ITU-T); F2182, X 0208, BC12 (letters first)
 *   part       -6, -2-78, -B01, -1Q
 *   year       :2018, ": 2016"; IEEE's and ANSI's -2019; a hyphen year elsewhere is left for the catalogue to
 *              tell from a part (hyphenYear)
 *   supplement /Amd 1:2021, /AMD1:2015, +A1:2019, +AMD1:2015, +A11:2021, /AC:2010, /Cor 1:2009, Cor.1, COR1,
 *              "Amendment 1:2024", "/prA1"
 *   version    CSV, RLV…; ETSI's V2.2.2; (E); /(R)2023
 *
 * Loose forms are read with low confidence (`informal`): no space or a hyphen between an upper-case publisher and its
 * number ("IEC62304", "ISO-8601") when nothing joins them to a word, a path or an identifier; a lower-case "iso" or
 * "iec" before a spaced number ("iso 8601"). Never: character sets and their registries (ISO-8859-1, ISO646,
 * ISO 2022 IR 87), identifiers (ISO8601DateFormatter, ISO_8601, iso8859_2), bibliography keys ([[ISO19101-1]]),
 * templates ("ISO 26262-{}"), camera sensitivities ("ISO 400" beside exposure values), "ISO 7-bit".
 *
 * Locators, after the reference ("ISO 14971:2019, 7.1", "clause 7.1", "§ 4.2", "para. 4.1", "Sections 5.6.2 and
 * 5.6.3", "chapter 10", "Annex A", "Table 3", "Figure 2", "Scope", the table style "IEC 61508-1:2010 7.2.1") or before
 * it, joined by "of" ("clause 7.1 of ISO 14971", "7.1 of ISO 14971", "Annex A of IEC 62304").
 */
import type { Locator, LocatorKind, Supplement, WrittenReference } from './recognise';

// Bodies that publish or adopt standards, longest first where one starts another.
const BODY =
  'ISO|IEC|IEEE|ITU-[TR]|ITU|CCITT|CISPR|ETSI|CENELEC|CEN|CLC|EN|ASTM|ANSI|AAMI|AIM|HIBC|NIST|FIPS|UL|CSA|CAN|BS|DIN|VDE|NF|UNE|NEN|OENORM|ÖNORM|CSN|UNI|JIS|KS|GB|AS|NZS|IS|ECMA|Ecma';
/** Bodies that only join others here ("CAN/CSA ISO", "ANSI/AIM"): alone, "CAN 2.0" is a bus. */
const NOT_ALONE = /^(?:CAN|CSA|AIM|HIBC|NZS|CEN|CLC|CENELEC|VDE)$/;
/** Publishers whose numbers have dots (IEEE 802.11, AS/NZS 3679.1) or start with letters (ITU-T X.509, ASTM F2182). */
const DOTTED_NUMBERS = /IEEE|\bAS\b|NZS|ANSI|HIBC/;
const LETTER_NUMBERS = /ITU|CCITT|ASTM|JIS|AIM|HIBC|KS|GB|AAMI|IEEE/;
// Deliverable types and the words publishers put before a number.
const TYPE = 'TS|TR|PAS|ISP|Guide|DIS|FDIS|CD|DTS|DTR|TIR|SP|Std\\.?|Standard|Rec\\.|EN|ES|EG|GS|GR';
/** The publisher: bodies joined by "/", "-" or a space, "/T" (GB/T), then a deliverable type after "/" or a space. */
const PUBLISHER = new RegExp(`(?:${BODY})(?:[-/ \\u00a0](?:${BODY})(?![A-Za-z])){0,3}(?:/T(?![A-Za-z]))?(?:[/ \\u00a0](?:${TYPE})(?![A-Za-z]))?`, 'y');
/** An informal lower-case publisher: "iso 8601", "iec 62304". */
const LOWER_PUBLISHER = /(?:iso|iec)(?= \d)/y;
/** The number: letters first (ITU-T X.509, ASTM F2182, JIS X 0208, ANSI/AIM BC12), or digits (ETSI's in groups of three). */
const NUMBER = /[A-Z]{1,2}[ .]?\d{1,5}|\d{3}[ \u00a0]\d{3}(?!\d)|\d{1,6}[A-Z]?/y;
/** Dots inside a number: IEEE 802.11ax, 1905.1; AS/NZS 3679.1; ITU-T X.509's own dot is in NUMBER. */
const DOTTED = /(?:\.\d{1,3}[A-Z]{0,3}){1,3}/iy;
const PART = /(?:-(?:\d{1,5}[A-Za-z]{0,2}|[A-Z]{1,2}\d{1,3})){1,4}/y;
const YEAR = /:[ \u00a0]?((?:19|20)\d\d)(?:[a-e](?![A-Za-z])|-\d\d(?:-\d\d)?)?/y;
/** "-2019" after the number: IEEE's, ANSI's, ASTM's way of writing the edition. */
const HYPHEN_YEAR_BODIES = /^(?:IEEE|ANSI|AAMI|ASTM|GB|NIST|IS|CSA|CAN|UL)\b/;
const SUPPLEMENT =
  /([ \u00a0]?[/+][ \u00a0]?|[ \u00a0])(Amd|AMD|Amendment|Cor|COR|Corrigendum|Add|ADD|Addendum|ISH|AC|prA|A)(?:[ .]?(\d{1,2}))?(?:[ \u00a0]?[:-]((?:19|20)\d\d))?(?![A-Za-z])/y;
const VERSION =
  /[ \u00a0](?:CSV|RLV|CMV|SER|EXV-RLV|EXV|DB)(?![A-Za-z])|[ \u00a0][Vv]\d{1,2}\.\d{1,2}\.\d{1,2}|\((?:[EFR]|en)\)|[ \u00a0]?\/?\(R\)(?:19|20)\d\d/y;
/**
 * What may not follow a reference: more of a word, a longer number, a decimal, a template ("-{}"), another kind of
 * document ("27001-HBK", a handbook), a key, a registry ("ISO 2022 IR 87").
 */
const REFERENCE_END = /(?![\w@]|[.:]\d|-[^\s\w]|-[A-Z]|-bit|::|[ \u00a0]IR[ \u00a0]\d)/y;
/** What may not follow an informal reference: also an underscore, a quote, a bracket, a dot and a word, an assignment. */
const INFORMAL_END = /(?![\w@"'`(\]]|[.:]\w|-[^\s\w]|::|[ \t]{0,3}=)/y;
/** Characters before an informal reference that join it to something else: a quote, a path, a key, an identifier. */
const INFORMAL_AFTER_CHARS = /["'`[\\/.\-:=#]/;
/** Character sets and their registries: "ISO-8859-1", "ISO646", "ISO 2022", "ISO 10646" as names, never informal citations. */
const CHARSET_NUMBERS = new Set(['646', '8859', '2022', '10646', '6937', '4873']);
/** ISO film speeds: "ISO 400" among exposure values is a camera setting. */
const FILM_SPEEDS = new Set([
  '25',
  '50',
  '64',
  '80',
  '100',
  '125',
  '160',
  '200',
  '250',
  '320',
  '400',
  '500',
  '640',
  '800',
  '1000',
  '1250',
  '1600',
  '2000',
  '2500',
  '3200',
  '4000',
  '5000',
  '6400',
  '12800',
  '25600',
]);
const PHOTO_WORDS =
  /\b(?:EV|exposure|aperture|shutter|camera|f\/\d|film|sensitivity|ISO speed|photo)|\b(?:100|200|400|800|1600|3200),[ \u00a0]?(?:200|400|800|1600|3200|6400)\b/i;

/** The reference that starts at `at` of `text` (at a publisher), and where it ends; undefined when none does. */
export function readReference(text: string, at: number): { reference: WrittenReference; end: number } | undefined {
  let publisher: string;
  let informal = false;
  PUBLISHER.lastIndex = at;
  const pub = PUBLISHER.exec(text);
  let i: number;
  if (pub) {
    publisher = pub[0].replace(/[ \u00a0]+/g, ' ');
    if (NOT_ALONE.test(publisher)) return undefined;
    i = PUBLISHER.lastIndex;
  } else {
    LOWER_PUBLISHER.lastIndex = at;
    const lower = LOWER_PUBLISHER.exec(text);
    if (!lower) return undefined;
    publisher = lower[0];
    informal = true;
    i = LOWER_PUBLISHER.lastIndex;
  }
  // The separator: a space (formal); nothing or a hyphen (informal).
  const separator = text.charCodeAt(i);
  if (separator === 32 || separator === 0xa0) i++;
  else if (informal) return undefined;
  else {
    informal = true;
    if (separator === 45) i++;
    // Joined to what comes before: a quote, a path, a key.
    if (at > 0 && INFORMAL_AFTER_CHARS.test(text[at - 1])) return undefined;
  }
  NUMBER.lastIndex = i;
  const numberMatch = NUMBER.exec(text);
  if (!numberMatch) return undefined;
  let number = numberMatch[0].replace(/[ \u00a0.]/g, (c) => (c === '.' ? '.' : ''));
  const spaced = /\d[ \u00a0]\d/.test(numberMatch[0]);
  // Groups of three are ETSI's and CEN's numbers ("EN 303 645"), not two references.
  if (spaced && !/\b(?:ETSI|EN)\b/.test(publisher)) {
    NUMBER.lastIndex = i;
    const plain = /\d{1,6}[A-Z]?/y;
    plain.lastIndex = i;
    const digits = plain.exec(text);
    if (!digits) return undefined;
    number = digits[0];
    i = plain.lastIndex;
  } else i = NUMBER.lastIndex;
  if (/^[A-Z]/.test(number) && !LETTER_NUMBERS.test(publisher)) return undefined;
  if (informal && CHARSET_NUMBERS.has(number)) return undefined;
  DOTTED.lastIndex = i;
  const dotted = DOTTED.exec(text);
  if (dotted) {
    // ISO and IEC numbers have no dots: "ISO 9001.2" is a version, not a reference; nor is "IEEE 1.2.3".
    if (!DOTTED_NUMBERS.test(publisher) || /^\d{1,2}$/.test(number)) return undefined;
    number += dotted[0];
    i = DOTTED.lastIndex;
  }
  PART.lastIndex = i;
  const partMatch = PART.exec(text);
  let part = partMatch ? partMatch[0] : '';
  if (partMatch) i = PART.lastIndex;
  let year: string | undefined;
  YEAR.lastIndex = i;
  const yearMatch = YEAR.exec(text);
  if (yearMatch) {
    year = yearMatch[1];
    i = YEAR.lastIndex;
  }
  let hyphenYear = false;
  const lastPart = /-((?:19|20)\d\d)$/.exec(part);
  if (!year && lastPart) {
    if (HYPHEN_YEAR_BODIES.test(publisher)) {
      year = lastPart[1];
      part = part.slice(0, -5);
    } else hyphenYear = true;
  }
  const supplements: Supplement[] = [];
  let variant: string | undefined;
  for (let n = 0; n < 6; n++) {
    VERSION.lastIndex = i;
    const version = VERSION.exec(text);
    if (version) {
      if (/^[ \u00a0][A-Z]{2,}/.test(version[0])) variant ??= version[0].trim();
      i = VERSION.lastIndex;
      continue;
    }
    SUPPLEMENT.lastIndex = i;
    const s = SUPPLEMENT.exec(text);
    if (!s) break;
    const [whole, joinedBy, kindWord, supplementNumber, supplementYear] = s;
    const joined = joinedBy.trim() as '/' | '+' | '';
    // "A" and "AC" only after "/" or "+": "ISO 14971:2019 A.2" is an annex; a word after a space needs a number or year.
    if ((kindWord === 'A' || kindWord === 'prA') && !supplementNumber) break;
    if (!joined && (kindWord === 'A' || kindWord === 'AC' || kindWord === 'prA' || (!supplementNumber && !supplementYear))) break;
    supplements.push({
      text: whole,
      kind: supplementKind(kindWord),
      ...(supplementNumber ? { number: supplementNumber } : {}),
      ...(supplementYear ? { year: supplementYear } : {}),
      joined: joined || ' ',
    });
    i = SUPPLEMENT.lastIndex;
  }
  (informal ? INFORMAL_END : REFERENCE_END).lastIndex = i;
  if (!(informal ? INFORMAL_END : REFERENCE_END).test(text)) return undefined;
  // Informal numbers have three digits at least ("AAMI TIR57": two after a type word).
  if (informal && (CHARSET_NUMBERS.has(number) || !(publisher.includes(' ') ? /^\d{2,}/ : /^\d{3,}/).test(number))) return undefined;
  if (!part && !year && !supplements.length && FILM_SPEEDS.has(number) && /^ISO$/.test(publisher) && PHOTO_WORDS.test(lineOf(text, at))) return undefined;
  return {
    reference: {
      publisher,
      number,
      part,
      ...(year ? { year } : {}),
      supplements,
      ...(variant ? { variant } : {}),
      ...(informal ? { informal: true as const } : {}),
      ...(hyphenYear ? { hyphenYear: true as const } : {}),
    },
    end: i,
  };
}

/** The line of `text` that holds `at`. */
function lineOf(text: string, at: number): string {
  const end = text.indexOf('\n', at);
  return text.slice(text.lastIndexOf('\n', at) + 1, end < 0 ? text.length : end);
}

function supplementKind(word: string): Supplement['kind'] {
  const lower = word.toLowerCase();
  if (lower.startsWith('a') && lower !== 'ac' && lower !== 'add' && lower !== 'addendum') return 'amd';
  if (lower === 'pra') return 'amd';
  if (lower.startsWith('add')) return 'add';
  if (lower === 'ish') return 'ish';
  return 'cor';
}

// Clause numbers: "7", "7.1.2", "A", "A.2", "B.2.1", "B.1.4a"; a list of them: "5.6.2 and 5.6.3", "16, 17 and 20", "5.1 - 5.3".
const CLAUSE = '(?:\\d{1,2}(?:\\.\\d{1,3}){0,6}|[A-Z](?:\\.\\d{1,3}){0,6})[a-z]?(?!\\w|\\.\\d)';
/** A dotted clause number, without what may follow it (the callers say). */
const DOTTED_CLAUSE = '(?:\\d{1,2}(?:\\.\\d{1,3}){1,6}|[A-Z](?:\\.\\d{1,3}){1,6})[a-z]?';
const IS_DOTTED_CLAUSE = new RegExp(`^${DOTTED_CLAUSE}$`);
const LIST_JOIN = '(?:\\.?,[ \\u00a0]?(?:and[ \\u00a0]|or[ \\u00a0])?|[ \\u00a0](?:and|or|to|through)[ \\u00a0]|[ \\u00a0]?[-–/][ \\u00a0]?)';
const LIST = `${CLAUSE}(?:${LIST_JOIN}${CLAUSE}){0,8}`;
const LIST_SPLIT = new RegExp(LIST_JOIN.slice(3, -1));
// Always inside a capturing group: no group of its own.
const CLAUSE_WORDS =
  'ANNEX|SECTION|CLAUSE|[Cc]lauses?|[Cc]l\\.|[Ss]ections?|[Ss]ec\\.|[Ss]ubclauses?|§§?|[Pp]aragraphs?|[Pp]ara\\.|[Pp]aras\\.|[Cc]hapters?|[Cc]h\\.|[Aa]nnex(?:es)?|[Aa]ppendix|[Aa]ppendices|[Tt]ables?|[Ff]igures?|[Ff]ig\\.';
const SECTION_NAMES = '(Scope|Foreword|Introduction|Bibliography|Terms and definitions|Normative references)';
/** A locator after a reference: words and numbers, a bare number after a comma, a dotted number after a space, a section's name. */
const LOCATOR_AFTER = new RegExp(
  `(?:,?[ \\u00a0]{0,2}\\(?|:[ \\u00a0]|[ \\u00a0]-[ \\u00a0])(?:(${CLAUSE_WORDS})[ \\u00a0]?(${LIST})|(${LIST})|${SECTION_NAMES}\\b)`,
  'y',
);
/** More locators after the first: "…, 5.2.3 and Annex C, Table C.2", "… 5.5.1 Table 7", "Annex B, B.2". */
const MORE_LOCATORS = new RegExp(
  `(?:\\.?,?[ \\u00a0]{1,2}(?:and[ \\u00a0])?|,)(?:(${CLAUSE_WORDS})[ \\u00a0]?(${LIST})|([A-Z](?:\\.\\d{1,3}){1,6}(?!\\w|\\.\\d)))`,
  'y',
);
/** Dotted clause numbers listed without a word: "7.1", "6.1 and 7.2", "6.1, 6.2 and 7.2" (a bare "5" is too common). */
const DOTTED_LIST = `${DOTTED_CLAUSE}(?:${LIST_JOIN}${DOTTED_CLAUSE}){0,8}`;
/** A locator before a reference, joined by "of" or "in": "clause 7.1 of ", "Annex A in ", "7.1 of ", "6.1 and 7.2 of ". */
const LOCATOR_BEFORE = new RegExp(`(?:(?<![\\w.])(${CLAUSE_WORDS})[ \\u00a0]?(${LIST})|(?<![\\w.,])(${DOTTED_LIST}))[ \\u00a0](?:of|in)[ \\u00a0]$`);
/** A worded locator joined to the one after it: "clause 6.1 and " of "clause 6.1 and Annex A of ISO 14971". */
const JOINED_BEFORE = new RegExp(`(?<![\\w.])(${CLAUSE_WORDS})[ \\u00a0]?(${LIST})(?:,[ \\u00a0](?:and[ \\u00a0])?|[ \\u00a0]and[ \\u00a0])$`);
/** How far before a reference a locator-first phrase is looked for. */
const LOCATOR_BEFORE_WINDOW = 80;

/**
 * The locators written right after a reference ending at `at`, and where they end. A bare number after a space
 * counts when dotted ("IEC 61508-1:2010 7.2.1"), or after a dated reference ("EN 50126-2:2017 5").
 */
export function readLocatorAfter(text: string, at: number, dated = false): { locators: Locator[]; end: number } | undefined {
  LOCATOR_AFTER.lastIndex = at;
  const match = LOCATOR_AFTER.exec(text);
  if (!match) return undefined;
  let end = LOCATOR_AFTER.lastIndex;
  const [whole, word, worded, bare, name] = match;
  if (name) return { locators: [{ kind: 'section', value: name }], end };
  if (bare !== undefined) {
    // A bare number: after a comma any clause number ("ISO 14971:2019, 7.1"); after a space or bracket a dotted one
    // ("IEC 61508-1:2010 7.2.1"), or any after a dated reference: "ISO 9001 (3)" is not a clause.
    const afterComma = /^(?:,|:|[ \u00a0]-)/.test(whole);
    const first = bare.split(/[^\w.]/)[0];
    if (!afterComma && !dated && !IS_DOTTED_CLAUSE.test(first)) return undefined;
  }
  const locators = locatorList(word, worded ?? bare);
  let kind = locators[locators.length - 1]?.kind;
  for (let n = 0; n < 4 && locators.length; n++) {
    MORE_LOCATORS.lastIndex = end;
    const more = MORE_LOCATORS.exec(text);
    // A bare annex number continues an annex only: "Annex B, B.2".
    if (!more || (more[3] && kind !== 'annex')) break;
    // "… and para. 4.1 of ISO 9001": the next reference's locator, written before it.
    if (/^[ \u00a0](?:of|in)[ \u00a0]/.test(text.slice(MORE_LOCATORS.lastIndex, MORE_LOCATORS.lastIndex + 4))) break;
    const added = more[3] ? [{ kind: 'annex' as const, value: more[3] }] : locatorList(more[1], more[2]);
    locators.push(...added);
    kind = added[added.length - 1]?.kind;
    end = MORE_LOCATORS.lastIndex;
  }
  if (text[end] === ')' && whole.includes('(')) end++;
  return locators.length ? { locators, end } : undefined;
}

/**
 * A locator ending with " of " or " in " right before `at` (the start of a reference), and where it starts; with the
 * worded locators joined before it ("clause 6.1 and Annex A of "), as far back as `floor` (the end of the citation
 * before, whose words they would otherwise be).
 */
export function readLocatorBefore(text: string, at: number, lineStart = 0, floor = lineStart): { locators: Locator[]; start: number } | undefined {
  // Most references have no "of" before them: the cheap test first.
  if (at - lineStart < 4 || !/[ \u00a0](?:of|in)[ \u00a0]$/.test(text.slice(at - 4, at))) return undefined;
  const from = Math.max(lineStart, at - LOCATOR_BEFORE_WINDOW);
  const match = LOCATOR_BEFORE.exec(text.slice(from, at));
  if (!match) return undefined;
  const [, word, worded, bare] = match;
  const locators = locatorList(word, worded ?? bare);
  let start = from + match.index;
  // Only after a worded locator: a bare list ("6.1 and 7.2 of") is read whole by LOCATOR_BEFORE already.
  for (let n = 0; n < 4 && word && locators.length; n++) {
    const joined = JOINED_BEFORE.exec(text.slice(Math.max(lineStart, floor, start - LOCATOR_BEFORE_WINDOW), start));
    if (!joined) break;
    locators.unshift(...locatorList(joined[1], joined[2]));
    start -= joined[0].length;
  }
  return locators.length ? { locators, start } : undefined;
}

/** The locators of a word ("Sections", "Annex", "Table"; none: a clause) and its list of numbers. */
function locatorList(word: string | undefined, list: string): Locator[] {
  const kind = kindOf(word);
  const values = list
    .split(LIST_SPLIT)
    .filter(Boolean)
    .map((v) => v.replace(/\.$/, ''));
  return values.map((value) => ({ kind: kind === 'clause' && /^[A-Z]/.test(value) ? 'annex' : kind, value }));
}

function kindOf(word: string | undefined): LocatorKind {
  const w = (word ?? '').toLowerCase();
  if (w.startsWith('annex') || w.startsWith('append')) return 'annex';
  if (w.startsWith('tab')) return 'table';
  if (w.startsWith('fig')) return 'figure';
  return 'clause';
}
