/**
 * What the organised catalogue orders a record by, read from its URN and reference the way an engineer reads
 * references: the publisher (`urn:iso:std:iso-iec:27001…` → ISO/IEC), the document number as a number, its parts
 * and the document type (ISO/TS), beside the facts standardFacts.ts reads (current, draft, year, supplement). A
 * build computes them in its worker, per segment (`orderArrays`, kept in the segment's arrays and its file), so
 * organising 300 000 records reads numbers and ids rather than parsing every reference on the extension host.
 * Pure: no vscode.
 */
import { editionOfTokens, editionParts, withoutLeadingZeros, type EditionParts } from './editionParts';
import type { IndexEntry } from './indexSegment';
import { idsBelow, tokenTexts, type Ids, type Tokens } from './segmentData';
import { factsOf } from './standardFacts';
import { compareStrings, isDigitCode } from './tokens';

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

/** The last URN prefix read: records come in runs of one publisher, and a run's URNs are told by startsWith. */
let lastPublisher: { prefix: string; known: UrnPublisher | null } | undefined;

function urnPublisher(urn: string): UrnPublisher | undefined {
  if (lastPublisher && urn.startsWith(lastPublisher.prefix)) return lastPublisher.known ?? undefined;
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
  lastPublisher = { prefix, known };
  return known ?? undefined;
}

function publisherLabel(words: readonly string[]): string {
  return words.map((w) => w.toUpperCase()).join('/');
}

/** The fields of a record's URN and its reference's edition parts (editionParts.ts). */
export function designationFields(urn: string, edition: EditionParts | undefined): DesignationFields {
  const { publisher, type, numbered } = publisherFields(urnPublisher(urn), edition);
  const number = numbered ? edition?.numbers[0] : undefined;
  return {
    publisher,
    number: number !== undefined && number.length <= 9 ? Number(number) : Infinity,
    parts: numbered && edition ? edition.numbers.slice(1) : [],
    type,
  };
}

/** The publisher and type of a designation, and whether what follows its publisher words is a document number. */
interface PublisherFields {
  publisher: string;
  type: string;
  numbered: boolean;
}

function publisherFields(fromUrn: UrnPublisher | undefined, edition: EditionParts | undefined): PublisherFields {
  const publisherWords: string[] = [];
  let type = '';
  for (const word of edition?.publisher ?? []) {
    if (!TYPE_WORDS.has(word)) publisherWords.push(word);
    // ISO/R 101 (a Recommendation, all withdrawn) is listed with the ISO 101 that replaced it.
    else if (word !== 'r') type = type ? `${type} ${word}` : word;
  }
  // Words before the number that are neither the URN's publisher nor a document type ("IEC Technology Report
  // Nanotechnology:2013"): what follows them is a year, not a document number.
  const numbered = edition !== undefined && (!fromUrn || publisherWords.every((w) => fromUrn.words.includes(w)));
  return { publisher: fromUrn ? fromUrn.label : publisherWords.length ? publisherLabel(publisherWords) : 'Other', type, numbered };
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

/** The order arrays of `entries`, each reference read by editionParts. */
export function orderArrays(entries: ReadonlyArray<Pick<IndexEntry, 'urn' | 'reference'>>): OrderArrays {
  const n = entries.length;
  const texts = new OrderTexts();
  const ids = new Int32Array(3 * n);
  const orderNumbers = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const fields = designationFields(entries[i].urn, editionParts(entries[i].reference));
    ids[3 * i] = texts.placeOf(fields.publisher);
    ids[3 * i + 1] = texts.placeOf(partsKey(fields.parts));
    ids[3 * i + 2] = texts.placeOf(fields.type);
    orderNumbers[i] = fields.number === Infinity ? NO_NUMBER : fields.number;
  }
  return texts.arrays(ids, orderNumbers);
}

/**
 * `orderArrays` of a segment's entries from the reference tokens its build has scanned (segmentData.ts), the same
 * arrays: a record's publisher and type are read once per URN publisher and publisher words, and its parts key once
 * per parts, not as arrays and strings made for every record (a sixth of preparing a segment, profiled).
 */
export function orderArraysOfTokens(
  entries: ReadonlyArray<Pick<IndexEntry, 'urn'>>,
  reference: Tokens,
  vocabulary: readonly string[],
  numberStart: Int16Array,
  numberEnd: Int16Array,
): OrderArrays {
  const n = entries.length;
  const texts = new OrderTexts();
  const ids = new Int32Array(3 * n);
  const orderNumbers = new Uint32Array(n);
  /** By URN publisher, then by the ids of the publisher words (NO_EDITION: the reference has no number). */
  const publishers = new Map<UrnPublisher | undefined, Map<number, PublisherPlaces>>();
  const partPlaces = new Map<number, number>();
  const scratch: string[] = [];
  const base = vocabulary.length + 1;
  for (let i = 0; i < n; i++) {
    const from = reference.start[i];
    const start = numberStart[i];
    const end = numberEnd[i];
    const fromUrn = urnPublisher(entries[i].urn);
    // editionOfTokens' first test: a number block starting with a digit.
    const hasNumber = end > start && isDigitCode(vocabulary[reference.ids[from + start]].charCodeAt(0));
    const key = !hasNumber ? NO_EDITION : idsKey(reference.ids, from, from + start, base);
    let byWords = publishers.get(fromUrn);
    if (!byWords) publishers.set(fromUrn, (byWords = new Map<number, PublisherPlaces>()));
    let known = key === NO_KEY ? undefined : byWords.get(key);
    // Texts are placed in the order orderArrays places them (publisher, parts, type), so the arrays are the same.
    let fields: PublisherFields | undefined;
    if (!known) fields = publisherFields(fromUrn, hasNumber ? editionOfTokens(tokenTexts(reference, vocabulary, i, scratch), start, end) : undefined);
    const publisher = known ? known.publisher : texts.placeOf((fields as PublisherFields).publisher);
    const numbered = known ? known.numbered : (fields as PublisherFields).numbered;
    const partsFrom = from + start + 1;
    const partsTo = from + end;
    let parts = numbered ? partPlaces.get(idsKey(reference.ids, partsFrom, partsTo, base)) : texts.placeOf(partsKey([]));
    if (parts === undefined) {
      const numbers: string[] = [];
      for (let k = partsFrom; k < partsTo; k++) numbers.push(withoutLeadingZeros(vocabulary[reference.ids[k]]));
      parts = texts.placeOf(partsKey(numbers));
      const partsId = idsKey(reference.ids, partsFrom, partsTo, base);
      if (partsId !== NO_KEY) partPlaces.set(partsId, parts);
    }
    if (!known) {
      known = { publisher, type: texts.placeOf((fields as PublisherFields).type), numbered };
      if (key !== NO_KEY) byWords.set(key, known);
    }
    ids[3 * i] = publisher;
    ids[3 * i + 1] = parts;
    ids[3 * i + 2] = known.type;
    let number = NO_NUMBER;
    if (numbered) {
      const digits = withoutLeadingZeros(vocabulary[reference.ids[from + start]]);
      if (digits.length <= 9) number = Number(digits);
    }
    orderNumbers[i] = number;
  }
  return texts.arrays(ids, orderNumbers);
}

/** Where a record's publisher and type are in the order texts, and whether its reference has a document number. */
interface PublisherPlaces {
  publisher: number;
  type: number;
  numbered: boolean;
}

/** A memo key no ids give. */
const NO_KEY = -1;
const NO_EDITION = -2;

/** The ids `ids[from .. to)` as one number (digits id + 1 in base `base`), or NO_KEY when more than three. */
function idsKey(ids: Ids, from: number, to: number, base: number): number {
  if (to - from > 3 || base > 0x10001) return NO_KEY;
  let key = 0;
  for (let k = from; k < to; k++) key = key * base + ids[k] + 1;
  return key;
}

/** The texts of a segment's order arrays, each placed once, in the order first asked. */
class OrderTexts {
  private readonly texts: string[] = [];
  private readonly places = new Map<string, number>();

  placeOf(text: string): number {
    let place = this.places.get(text);
    if (place === undefined) this.places.set(text, (place = this.texts.push(text) - 1));
    return place;
  }

  arrays(ids: Int32Array, orderNumbers: Uint32Array): OrderArrays {
    const orderIds = idsBelow(this.texts.length, ids.length);
    orderIds.set(ids);
    return { orderTexts: this.texts, orderIds, orderNumbers };
  }
}
