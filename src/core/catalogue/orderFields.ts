/**
 * What the organised catalogue orders a record by, read from its URN and reference the way an engineer reads
 * references: the publisher (`urn:iso:std:iso-iec:27001…` → ISO/IEC), the document number as a number, its parts
 * and the document type (ISO/TS), beside the facts standardFacts.ts reads (current, draft, year, supplement). A
 * build computes them in its worker, per segment (`orderArrays`, kept in the segment's arrays and its file), so
 * organising 300 000 records reads numbers and ids rather than parsing every reference on the extension host.
 * Pure: no vscode.
 */
import { editionParts, type EditionParts } from './editionParts';
import type { IndexEntry } from './indexSegment';
import { idsBelow, type Ids } from './segmentData';
import { factsOf } from './standardFacts';
import { compareStrings } from './tokens';

/** What a record is sorted and grouped by. */
export interface OrderFields {
  /** "ISO", "IEC", "ISO/IEC", "CISPR"…; "Other" when neither URN nor reference names one. */
  publisher: string;
  /** The document number (27001 of "ISO/IEC 27001-1:2022"); Infinity when the reference has none. */
  number: number;
  /** The parts after the number, lower case ("1", "b01"): 60601-1-11 → ["1", "11"]. */
  parts: string[];
  /** Document type words ("ts", "tr", "guide"…), '' for an International Standard. */
  type: string;
  /** 0 current, 1 draft, 2 withdrawn or replaced. */
  state: number;
  /** Year of the (base) edition; 0 when unknown. */
  year: number;
  /** True for an amendment, corrigendum or fragment (listed after its base edition). */
  supplement: boolean;
  /** False for withdrawn and replaced records: what "hide withdrawn" hides. */
  current: boolean;
}

/** The fields the reference and URN give; the rest come from the record's facts. */
export type DesignationFields = Pick<OrderFields, 'publisher' | 'number' | 'parts' | 'type'>;

/** Words of a reference that say what kind of document it is, not who publishes it. */
const TYPE_WORDS = new Set(['ts', 'tr', 'pas', 'guide', 'dguide', 'isp', 'srd', 'r', 'iwa', 'tta', 'data']);
// "urn:iso:std:iso-iec:27001…", "urn:iec:std:cispr:11…", "urn:cen:std:en:…": the publisher the record is filed under.
const URN_PUBLISHER = /^urn:[a-z0-9-]{1,32}:std:([a-z0-9]{1,12}(?:-[a-z0-9]{1,12}){0,4}):/i;

/** A publisher as the URN files it ("iso-iec"): its words and its label ("ISO/IEC"). */
interface UrnPublisher {
  words: string[];
  label: string;
}
/**
 * A catalogue files its records under a handful of publishers: each is read once, found again by the URN up to its
 * fourth colon, which is all URN_PUBLISHER reads (no field of it holds a colon), with no expression run per record.
 */
const URN_PUBLISHERS = new Map<string, UrnPublisher | null>();
const MAX_URN_PUBLISHERS = 256;
/** The longest URN_PUBLISHER can match: "urn:", 32, ":std:", 5 × 12 and 4 hyphens, ":". */
const MAX_PUBLISHER_PREFIX = 106;

function urnPublisher(urn: string): UrnPublisher | undefined {
  let colon = -1;
  for (let k = 0; k < 4 && (colon = urn.indexOf(':', colon + 1)) >= 0; k++);
  if (colon < 0 || colon >= MAX_PUBLISHER_PREFIX) return undefined;
  const prefix = urn.slice(0, colon + 1);
  let known = URN_PUBLISHERS.get(prefix);
  if (known === undefined) {
    const filed = URN_PUBLISHER.exec(prefix)?.[1];
    const words = filed?.toLowerCase().split('-');
    known = words ? { words, label: publisherLabel(words) } : null;
    if (URN_PUBLISHERS.size < MAX_URN_PUBLISHERS) URN_PUBLISHERS.set(prefix, known);
  }
  return known ?? undefined;
}

function publisherLabel(words: readonly string[]): string {
  return words.map((w) => w.toUpperCase()).join('/');
}

/** The fields of a record's URN and its reference's edition parts (editionParts.ts). */
export function designationFields(urn: string, edition: EditionParts | undefined): DesignationFields {
  const publisherWords: string[] = [];
  let type = '';
  for (const word of edition?.publisher ?? []) {
    if (!TYPE_WORDS.has(word)) publisherWords.push(word);
    // ISO/R 101 (a Recommendation, all withdrawn) is listed with the ISO 101 that replaced it.
    else if (word !== 'r') type = type ? `${type} ${word}` : word;
  }
  const fromUrn = urnPublisher(urn);
  // Words before the number that are neither the URN's publisher nor a document type ("IEC Technology Report
  // Nanotechnology:2013"): what follows them is a year, not a document number.
  const numbered = edition !== undefined && (!fromUrn || publisherWords.every((w) => fromUrn.words.includes(w)));
  const number = numbered ? edition.numbers[0] : undefined;
  return {
    publisher: fromUrn ? fromUrn.label : publisherWords.length ? publisherLabel(publisherWords) : 'Other',
    number: number !== undefined && number.length <= 9 ? Number(number) : Infinity,
    parts: numbered ? edition.numbers.slice(1) : [],
    type,
  };
}

export function orderFields(entry: Pick<IndexEntry, 'urn' | 'reference' | 'status'>): OrderFields {
  const facts = factsOf(entry.urn, entry.reference, entry.status);
  return {
    ...designationFields(entry.urn, editionParts(entry.reference)),
    state: !facts.current ? 2 : facts.draft ? 1 : 0,
    year: facts.year ?? 0,
    supplement: facts.supplement !== undefined,
    current: facts.current,
  };
}

/** Numbers as numbers, numbers before letters: ["1"] < ["1", "2"] < ["2"] < ["10"] < ["b01"]. */
export function compareParts(a: readonly string[], b: readonly string[]): number {
  return compareStrings(partsKey(a), partsKey(b));
}

/** Before a part of digits, of letters; after the last part (a document sorts before its parts). */
const DIGITS = '\u0002';
const LETTERS = '\u0003';
const END = '\u0001';

/**
 * A string whose plain order is compareParts' order, made once per record so a sort compares strings: a part of
 * digits (tokens are all digits or all letters) as its length, then its digits less leading zeros, then its
 * written length ("1" < "01" < "2" < "10"); a part of letters as itself.
 */
export function partsKey(parts: readonly string[]): string {
  if (parts.length === 0) return END;
  let key = '';
  for (const part of parts) {
    const code = part.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      const digits = code === 48 ? part.replace(/^0+(?=\d)/, '') : part;
      key += DIGITS + String.fromCharCode(64 + digits.length) + digits + String.fromCharCode(64 + part.length);
    } else key += LETTERS + part;
  }
  return key + END;
}

/**
 * The designation fields of a segment's records as arrays: a record's publisher, parts key and type are places in
 * `orderTexts` (`orderIds[3i]`, `[3i + 1]`, `[3i + 2]`), its number is `orderNumbers[i]` (NO_NUMBER: none).
 */
export interface OrderArrays {
  orderTexts: string[];
  orderIds: Ids;
  orderNumbers: Uint32Array;
}

/** A number of at most nine digits fits below it. */
export const NO_NUMBER = 0xffff_ffff;

/**
 * The order arrays of `entries`; `editionOf(i)` gives entry i's edition parts (a segment's build reads them from the
 * reference tokens it has scanned already, rather than scanning each reference again).
 */
export function orderArrays(
  entries: ReadonlyArray<Pick<IndexEntry, 'urn' | 'reference'>>,
  editionOf: (i: number) => EditionParts | undefined = (i) => editionParts(entries[i].reference),
): OrderArrays {
  const n = entries.length;
  const orderTexts: string[] = [];
  const places = new Map<string, number>();
  const placeOf = (text: string): number => {
    let place = places.get(text);
    if (place === undefined) places.set(text, (place = orderTexts.push(text) - 1));
    return place;
  };
  const ids = new Int32Array(3 * n);
  const orderNumbers = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const fields = designationFields(entries[i].urn, editionOf(i));
    ids[3 * i] = placeOf(fields.publisher);
    ids[3 * i + 1] = placeOf(partsKey(fields.parts));
    ids[3 * i + 2] = placeOf(fields.type);
    orderNumbers[i] = fields.number === Infinity ? NO_NUMBER : fields.number;
  }
  const orderIds = idsBelow(orderTexts.length, 3 * n);
  orderIds.set(ids);
  return { orderTexts, orderIds, orderNumbers };
}
