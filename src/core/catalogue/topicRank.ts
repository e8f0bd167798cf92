/**
 * How a query of words (a topic: "quality management", "functional safety") ranks the records whose titles match
 * it: the core requirements standard of a family first, not one of its parts, a handbook, a report or an amendment.
 * Only the catalogue's own signals, read the way an expert reads a catalogue entry; no list of favourite standards:
 *
 *   - what the record is: current before withdrawn, published before drafts, a document before its amendments,
 *     corrigenda and interpretation sheets, the document before its redline, commented, extended or series packages
 *     and handbooks (the group);
 *   - its deliverable type: an International Standard before a Technical Specification, PAS or profile, before a
 *     Technical Report, Guide, workshop agreement or white paper;
 *   - its place in a family: a standard of no parts, then Part 1 (or Part 0, "general requirements"), then other
 *     parts, then parts of parts ("60601-2-24");
 *   - the structure of its title: the last element reading "Requirements…", "General requirements…" or
 *     "Specification…" (a requirements standard, against which others are guides);
 *   - how many records of the whole catalogue refer to its number: the records of that number (editions,
 *     amendments, parts, versions) and the records whose titles cite it ("Guidance on the application of
 *     ISO 14971"). Counted over every segment when the query runs (`numberWeight`), since a family's records and
 *     the titles citing it are spread over the catalogue.
 *
 * The first four are the record's own and make its topic key (segmentArrays.ts), by which each segment lists its
 * title postings; the last re-ranks the hits found (catalogueIndex.ts). Pure: no vscode.
 */
import type { StandardFacts } from './standardFacts';
import { isYear } from './tokens';

/** Deliverables that specify less than a standard (specifications, profiles) and that do not specify (reports, guides…). */
const SPECIFICATION = /\b(?:TS|DTS|PAS|DPAS|ISP)\b/;
const REPORT = /\b(?:TR|DTR|Guide|DGuide|IWA|SRD|R|HL|TTA|DATA|White\s+Paper)\b/i;
/** Packages and versions of a document that are not the document as published: after its number. */
const PACKAGE = /\b(?:RLV|CMV|EXV|SER|DB|HBK)\b/;
/** A letter stuck to the number: an old supplement ("IEC 60204-1B:1975", "IEC 60335-1A"). */
const LETTER_SUPPLEMENT = /^\D*\d+(?:-\d+)*[A-Z]\b/;
/** Supplements standardFacts does not name (it keeps its meaning for number queries): interpretation sheets, addenda. */
const OTHER_SUPPLEMENT = /\/\s*(?:ISH|Add|Suppl)/i;
const REQUIREMENTS = /^(?:part\s+\d+(?:-\d+)*\s*:\s*)?(?:general\s+)?(?:requirements|specification)\b/i;

/** Weights of the signals: a type step outweighs a part step, which outweighs a requirements title. */
const TYPE_WEIGHT = 4;
const PART_WEIGHT = 3;
const REQUIREMENTS_WEIGHT = 2;
/** The offset that keeps a score (−20…2) positive in a key. */
export const SCORE_OFFSET = 32;
export const SCORE_LEVELS = 64;
export const GROUPS = 16;

export interface TopicSignals {
  /** Lower first: not current 8, draft 4, supplement 2, package or version 1. */
  group: number;
  /** Higher first: deliverable type, place in the family, title structure (−20…2). */
  score: number;
}

/**
 * The signals of a record from its facts, its reference, the last element of its title (see `titleElements`) and its
 * number block: `parts` is how many tokens follow the number in it ("61508-1" → 1, "60601-2-24" → 2), `firstPart`
 * the first of them.
 */
export function topicSignalsOf(facts: StandardFacts, reference: string, lastElement: string, parts: number, firstPart: string | undefined): TopicSignals {
  const ref = reference.slice(0, 200);
  const digit = ref.search(/\d/);
  const before = digit < 0 ? ref : ref.slice(0, digit);
  const after = digit < 0 ? '' : ref.slice(digit);
  const supplement = facts.supplement !== undefined || OTHER_SUPPLEMENT.test(after);
  const pack = PACKAGE.test(after) || LETTER_SUPPLEMENT.test(ref);
  const group = (facts.current ? 0 : 8) + (facts.draft ? 4 : 0) + (supplement ? 2 : 0) + (pack ? 1 : 0);
  const type = REPORT.test(before) ? 2 : SPECIFICATION.test(before) ? 1 : 0;
  const place = parts === 0 ? 0 : parts === 1 && (firstPart === '1' || firstPart === '0') ? 1 : parts === 1 ? 2 : 3;
  const requirements = REQUIREMENTS.test(lastElement) ? 1 : 0;
  return { group, score: -TYPE_WEIGHT * type - PART_WEIGHT * place + REQUIREMENTS_WEIGHT * requirements };
}

/**
 * Where a title's elements part ("Medical devices - Application of risk management to medical devices", with " - ",
 * " -- ", " – " or " — " between them): the end of the first element and the start of the last (-1 and 0 for a
 * title of one element). One pass over the characters, no expression.
 */
export function titleElements(title: string): { firstEnd: number; lastStart: number } {
  let firstEnd = -1;
  let lastStart = 0;
  const end = Math.min(title.length, 1000);
  for (let k = 1; k < end - 1; k++) {
    const c = title.charCodeAt(k);
    if (c !== HYPHEN && c !== EN_DASH && c !== EM_DASH) continue;
    const dashEnd = c === HYPHEN && title.charCodeAt(k + 1) === HYPHEN ? k + 2 : k + 1;
    if (!isSpace(title.charCodeAt(k - 1)) || !isSpace(title.charCodeAt(dashEnd))) continue;
    let from = k - 1;
    while (from > 0 && isSpace(title.charCodeAt(from - 1))) from--;
    let to = dashEnd;
    while (to < end && isSpace(title.charCodeAt(to))) to++;
    if (firstEnd < 0) firstEnd = from;
    lastStart = to;
    k = to - 1;
  }
  return { firstEnd, lastStart };
}

const HYPHEN = 0x2d;
const EN_DASH = 0x2013;
const EM_DASH = 0x2014;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xa0;
}

/**
 * What the catalogue's references to a number add to a record's score: log2(1 + records of that number) plus
 * log2(1 + records whose title holds it). A number of fewer than three digits is in too many titles ("Part 1") to
 * say anything, and a year is no standard's number (what "IEC White Paper Asset Management:2015" has).
 */
export function numberWeight(number: string, records: number, citing: number): number {
  if (isYear(number)) return 0;
  return Math.log2(1 + records) + (number.length >= 3 ? Math.log2(1 + citing) : 0);
}
