/**
 * How the organised catalogue orders its records, read the way an engineer reads references: by publisher or by
 * number first (the grouping decides), numbers compared as numbers (2 < 10 < 100, 9001-2 < 9001-10), then the
 * document type (ISO before ISO/TS), then current editions before drafts before withdrawn or replaced ones, newer
 * before older, each edition followed by its amendments and corrigenda. Publisher and number come from the
 * record's URN (`urn:iso:std:iso-iec:27001…` → ISO/IEC) and reference, parsed as compare/editions.ts and
 * standardFacts.ts parse them. Pure: no vscode.
 */
import type { IndexEntry } from '../catalogue/indexSegment';
import { factsOf } from '../catalogue/standardFacts';
import { editionKey } from '../compare/editions';

/** What a record is sorted and grouped by, computed once per record. */
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

/** Words of a reference that say what kind of document it is, not who publishes it. */
const TYPE_WORDS = new Set(['ts', 'tr', 'pas', 'guide', 'dguide', 'isp', 'srd', 'r', 'iwa', 'tta', 'data']);
// "urn:iso:std:iso-iec:27001…", "urn:iec:std:cispr:11…", "urn:cen:std:en:…": the publisher the record is filed under.
const URN_PUBLISHER = /^urn:[a-z0-9-]{1,32}:std:([a-z0-9]{1,12}(?:-[a-z0-9]{1,12}){0,4}):/i;

export function orderFields(entry: Pick<IndexEntry, 'urn' | 'reference' | 'status'>): OrderFields {
  const facts = factsOf(entry.urn, entry.reference, entry.status);
  const key = editionKey(entry.reference);
  const [written = '', numberBlock = ''] = key ? key.split('|') : [];
  const writtenWords = written ? written.split(' ') : [];
  const publisherWords = writtenWords.filter((w) => !TYPE_WORDS.has(w));
  // ISO/R 101 (a Recommendation, all withdrawn) is listed with the ISO 101 that replaced it.
  const type = writtenWords.filter((w) => TYPE_WORDS.has(w) && w !== 'r').join(' ');
  const fromUrn = URN_PUBLISHER.exec(entry.urn.slice(0, 200))?.[1].toLowerCase().split('-');
  // Words before the number that are neither the URN's publisher nor a document type ("IEC Technology Report
  // Nanotechnology:2013"): what follows them is a year, not a document number.
  const numbered = key !== undefined && (!fromUrn || publisherWords.every((w) => fromUrn.includes(w)));
  const [number, ...parts] = numbered ? numberBlock.split(' ') : [];
  const publisherTokens = fromUrn ?? (publisherWords.length ? publisherWords : undefined);
  return {
    publisher: publisherTokens ? publisherTokens.map((w) => w.toUpperCase()).join('/') : 'Other',
    number: number !== undefined && /^\d{1,9}$/.test(number) ? Number(number) : Infinity,
    parts,
    type,
    state: !facts.current ? 2 : facts.draft ? 1 : 0,
    year: facts.year ?? 0,
    supplement: facts.supplement !== undefined,
    current: facts.current,
  };
}

/** Numbers as numbers, numbers before letters: ["1"] < ["1", "2"] < ["2"] < ["10"] < ["b01"]. */
export function compareParts(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const order = compareToken(a[i], b[i]);
    if (order) return order;
  }
  return a.length - b.length;
}

function compareToken(a: string, b: string): number {
  const aDigits = /^\d/.test(a);
  const bDigits = /^\d/.test(b);
  if (aDigits && bDigits) return Number(a) - Number(b) || a.length - b.length;
  if (aDigits !== bDigits) return aDigits ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whose order: publisher first (no grouping, by publisher) or number first (by number range). */
export type OrderBy = 'publisher' | 'number';

/** A record with its fields, as the organised catalogue sorts it. */
export interface Ordered {
  entry: IndexEntry;
  fields: OrderFields;
}

/** The comparator of `by`: total (the position decides last), so the order never depends on the sort. */
export function comparator(by: OrderBy): (a: Ordered, b: Ordered) => number {
  const publisher = (a: Ordered, b: Ordered): number => compareText(a.fields.publisher, b.fields.publisher);
  const number = (a: Ordered, b: Ordered): number => compareNumber(a.fields.number, b.fields.number) || compareParts(a.fields.parts, b.fields.parts);
  const [first, second] = by === 'publisher' ? [publisher, number] : [number, publisher];
  return (a, b) => first(a, b) || second(a, b) || sameDocument(a, b) || a.entry.position - b.entry.position;
}

/** Within one document: type, then current first, newest first, base edition before its supplements. */
function sameDocument(a: Ordered, b: Ordered): number {
  const x = a.fields;
  const y = b.fields;
  return (
    compareText(x.type, y.type) ||
    x.state - y.state ||
    y.year - x.year ||
    Number(x.supplement) - Number(y.supplement) ||
    compareReference(a.entry.reference ?? '', b.entry.reference ?? '')
  );
}

function compareNumber(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1; // Infinity (no number) last; Infinity - Infinity would be NaN
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Numeric-aware: "…/Amd 2:2020" before "…/Amd 10:2023". */
// Made on first use: ICU's collator costs about 2 ms, too much to pay on every activation.
let collator: Intl.Collator | undefined;
function compareReference(a: string, b: string): number {
  return (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })).compare(a, b);
}

/** Awaits `pause()` once `budgetMs` have passed since the last one: call `due()` often, it is cheap. */
export class TimeSlicer {
  private since = performance.now();

  constructor(
    private readonly pause: () => Promise<void>,
    private readonly budgetMs = 8,
  ) {}

  /** Pauses when the slice has run its time; resolves at once otherwise. */
  async due(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await this.pause();
    this.since = performance.now();
  }
}

/**
 * Sorts `items` without holding the thread for long: runs of a few hundred sorted at once, then merged, the
 * slicer pausing in between so the extension host keeps serving. Stable.
 */
export async function sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number, slicer: TimeSlicer): Promise<T[]> {
  const RUN = 512;
  let source = items.slice();
  for (let from = 0; from < source.length; from += RUN) {
    const run = source.slice(from, from + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) source[from + i] = run[i];
    await slicer.due();
  }
  let target = new Array<T>(source.length);
  for (let width = RUN; width < source.length; width *= 2) {
    for (let left = 0; left < source.length; left += 2 * width) {
      const middle = Math.min(left + width, source.length);
      const right = Math.min(left + 2 * width, source.length);
      let i = left;
      let j = middle;
      let k = left;
      while (k < right) {
        target[k++] = i < middle && (j >= right || compare(source[i], source[j]) <= 0) ? source[i++] : source[j++];
        if ((k & 511) === 0) await slicer.due();
      }
    }
    [source, target] = [target, source];
  }
  return source;
}
