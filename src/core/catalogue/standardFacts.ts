/**
 * What a catalogue record says about itself beyond its title, read the way an engineer reads it: is it current,
 * is it an amendment or a corrigendum of another document, which year is its edition. From the record's status
 * when the service sends one, else from the URN (ISO stage 95.xx is withdrawn) and the reference
 * ("ISO 9001:2015/Amd 1:2024", "IEC 62304:2006+AMD1:2015 CSV"). Pure: no vscode.
 */
import { readText } from '../service/jsonld';
import type { Standard } from '../service/types';
import { l10n } from '../l10n';
import { isDigitCode } from './tokens';

/** What the UI says about a record that is not simply current. */
export type StatusLabel = 'withdrawn' | 'replaced' | 'under review' | 'draft';
export type SupplementKind = 'amendment' | 'corrigendum' | 'fragment';

export interface StandardFacts {
  /** False for withdrawn, replaced, cancelled… records. */
  current: boolean;
  /** A draft not yet published (ISO/DIS, ISO/CD…, or a stage before 60 in the URN). */
  draft: boolean;
  status?: StatusLabel;
  supplement?: SupplementKind;
  /** Year of the edition (of the base document for a supplement), when the reference gives it. */
  year?: number;
}

/** The words shown for a status and a supplement kind, in the display language. */
const STATUS_WORDS: Record<StatusLabel, () => string> = {
  withdrawn: () => l10n.t('withdrawn'),
  replaced: () => l10n.t('replaced'),
  'under review': () => l10n.t('under review'),
  draft: () => l10n.t('draft'),
};
const SUPPLEMENT_WORDS: Record<SupplementKind, () => string> = {
  amendment: () => l10n.t('amendment'),
  corrigendum: () => l10n.t('corrigendum'),
  fragment: () => l10n.t('fragment'),
};

const STATUS_KEYS = ['status', 'corext:status', 'dcterms:status', 'bibo:status', 'publicationStatus', 'state'] as const;
const NOT_CURRENT = /withdrawn|cancel|obsolete|superseded|deleted|replaced|revised/;
// Committee and enquiry drafts: "ISO/CD 9001", "ISO/DIS 10218-1", "ISO/IEC FDIS 27002", "ISO 9001:2015/DAmd 1".
const DRAFT_REFERENCE = /^[A-Z/ ]*\b(?:AWI|NP|PWI|WD|CD|DIS|FDIS|PRF|DTS|DTR|DPAS)\b|\/\s*(?:DAmd|CD ?Amd|FDAmd|PDAM|DAM)\b/;

/** The status text a record carries, if any ("current", "withdrawn", "replaced"…), lower case. */
export function recordStatus(standard: Pick<Standard, 'raw'>): string | undefined {
  for (const key of STATUS_KEYS) {
    const value = standard.raw[key];
    // Most keys are absent: no look-up for them.
    const text = value === undefined ? '' : statusWord(readText(value));
    if (text) return text;
  }
  return undefined;
}

/** A catalogue uses a handful of status words: each is lowered once, and its entries share one string. */
const STATUS_WORDS_SEEN = new Map<string, string>();
const MAX_STATUS_WORDS_SEEN = 64;

function statusWord(text: string): string {
  let word = STATUS_WORDS_SEEN.get(text);
  if (word === undefined) {
    word = text.trim().toLowerCase().slice(0, 40);
    if (text.length <= 40 && STATUS_WORDS_SEEN.size < MAX_STATUS_WORDS_SEEN) STATUS_WORDS_SEEN.set(text, word);
  }
  return word;
}

export function factsOf(urn: string, reference: string | undefined, status: string | undefined): StandardFacts {
  const stage = stageOf(urn);
  let label: StatusLabel | undefined;
  if (status && NOT_CURRENT.test(status)) label = /replaced|superseded|revised/.test(status) ? 'replaced' : 'withdrawn';
  else if (!status && stage === 95) label = 'withdrawn';
  // 90.93 is "confirmed": a review that ended; the other 90 stages are a review under way.
  else if (stage === 90 && stageOf(urn, true) !== 93) label = 'under review';
  const draft =
    label === undefined && ((stage !== undefined && stage < 60) || /:stage-draft\b/.test(urn) || DRAFT_REFERENCE.test((reference ?? '').slice(0, 200)));
  if (draft) label = 'draft';
  return {
    current: label !== 'withdrawn' && label !== 'replaced',
    draft,
    status: label,
    supplement: supplementOf(urn, reference ?? ''),
    year: yearOf(reference ?? ''),
  };
}

/** What each of supplementOf's expressions needs to match, in either case; a reference ending in "/" may join the URN. */
const MAY_NAME_SUPPLEMENT = /\/\s*(?:frag|amd|amendment|cor)|\|\|(?:amd|cor):|:(?:amd|cor):/i;
const ENDS_IN_SLASH = /\/\s*$/;

/** "ISO 9001:2015/Amd 1:2024" → amendment; a consolidated "+AMD1" version (CSV) is a whole document, not one. */
function supplementOf(urn: string, reference: string): SupplementKind | undefined {
  // Most records name no supplement: a test of what every expression below needs spares them the lower-case copies.
  if (!MAY_NAME_SUPPLEMENT.test(reference) && !MAY_NAME_SUPPLEMENT.test(urn) && !ENDS_IN_SLASH.test(reference)) return undefined;
  const ref = reference.slice(0, 200).toLowerCase();
  const text = `${ref} ${urn.slice(0, 300).toLowerCase()}`;
  if (/\/\s*frag/.test(text)) return 'fragment';
  if (/\/\s*(?:amd|amendment)\b|\/\s*amd\s*\d|\|\|amd:|:amd:/.test(text)) return 'amendment';
  if (/\/\s*(?:cor|corrigendum)\b|\/\s*cor\s*\d|\|\|cor:|:cor:/.test(text)) return 'corrigendum';
  return undefined;
}

/**
 * The stage of the URN's first ":stage-dd.dd" (`/:stage-(\d\d)\.(\d\d)/`): its first two digits, or its last two
 * when `minor`. Found with indexOf: an expression run per record took a tenth of a segment's facts.
 */
function stageOf(urn: string, minor = false): number | undefined {
  for (let at = urn.indexOf(STAGE); at >= 0; at = urn.indexOf(STAGE, at + 1)) {
    const k = at + STAGE.length;
    if (isDigit(urn, k) && isDigit(urn, k + 1) && urn.charCodeAt(k + 2) === FULL_STOP && isDigit(urn, k + 3) && isDigit(urn, k + 4))
      return minor ? twoDigits(urn, k + 3) : twoDigits(urn, k);
  }
  return undefined;
}

const STAGE = ':stage-';
const FULL_STOP = 0x2e;

/**
 * The first year after the number: "ISO/IEC 27001:2022/Amd 1:2024" → 2022. What `/:((?:19|20)\d\d)\b/` finds in
 * the first 200 characters, found with indexOf.
 */
function yearOf(reference: string): number | undefined {
  const end = Math.min(reference.length, 200);
  for (let at = reference.indexOf(':'); at >= 0 && at + 5 <= end; at = reference.indexOf(':', at + 1)) {
    const century = twoDigits(reference, at + 1);
    if (
      (century === 19 || century === 20) &&
      isDigit(reference, at + 3) &&
      isDigit(reference, at + 4) &&
      (at + 5 === end || !isWordChar(reference.charCodeAt(at + 5)))
    )
      return century * 100 + twoDigits(reference, at + 3);
  }
  return undefined;
}

function isDigit(text: string, at: number): boolean {
  return isDigitCode(text.charCodeAt(at));
}

/** The number of the two digits at `at`, or -1. */
function twoDigits(text: string, at: number): number {
  return isDigit(text, at) && isDigit(text, at + 1) ? (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48 : -1;
}

/** What \b takes for a word character: [A-Za-z0-9_]. */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** "withdrawn · amendment": what a picker or tooltip says beside the title; '' for a current base document. */
export function factsLabel(facts: StandardFacts): string {
  return [facts.status && STATUS_WORDS[facts.status](), facts.supplement && SUPPLEMENT_WORDS[facts.supplement]()].filter(Boolean).join(' · ');
}
