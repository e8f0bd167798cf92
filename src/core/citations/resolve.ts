/**
 * From a citation to what it names: the catalogue record (through the index), the current edition that replaces
 * an outdated one, and the clause a locator points to (through the clause list). Pure: no vscode, no requests.
 *
 * A reference with a year names that edition (the consolidated "CSV" version when nothing else matches); without a
 * year, the newest current edition of that number and part — the one an engineer means by "ISO 9001". A publisher
 * written more briefly than the catalogue has it ("ISO 27001" for ISO/IEC 27001, "EN ISO 13849-1" for
 * ISO 13849-1) still matches when nothing matches exactly. Anything unsure resolves to nothing: no false links.
 */
import type { CatalogueIndex, IndexEntry } from '../catalogue/catalogueIndex';
import { sameRecord } from '../catalogue/packedEntries';
import { factsOf, type StandardFacts } from '../catalogue/standardFacts';
import { tokenize } from '../catalogue/tokens';
import { displayText, withoutTrailing } from '../service/displayText';
import { SECTION_LIST, sectionOf } from '../service/sections';
import type { Clause } from '../service/types';
import { namesClause, parseReference, type Citation, type Locator, type Supplement, type WrittenReference } from './recognise';

export interface ResolvedStandard {
  entry: IndexEntry;
  facts: StandardFacts;
  /** The current edition of the same number and part when `entry` is withdrawn or older; undefined otherwise. */
  replacedBy?: IndexEntry;
  /** How the catalogue's record differs from what was written, for the hover: a deliverable type left out, a supplement it does not list. */
  note?: ResolutionNote;
}

/** What a reader should know about how a citation was resolved. */
export type ResolutionNote =
  /** "ISO/IEC 19217:2015" names the only deliverable of that number and year, ISO/IEC TS 19217:2015. */
  | { kind: 'typeOmitted' }
  /** "EN ISO 14971:2019+A11:2021": the catalogue lists no such supplement (a CEN amendment); the edition it amends. */
  | { kind: 'supplementNotListed'; supplements: string[] }
  /** "ISO 9001-2015": read as the 2015 edition, ISO 9001 having no part 2015. */
  | { kind: 'hyphenYear' };

/** How many catalogue hits are looked at per citation: every edition and supplement of one number fits. */
const CANDIDATES = 60;

/** The key that says two references name the same document: publisher, number and part, lower case. */
interface Identity {
  publisher: string[];
  typeWords: string[];
  numberPart: string;
}

/** The record a citation names, or undefined when the catalogue has no such record (or the citation is unsure). */
export function resolveStandard(index: CatalogueIndex, citation: Citation): ResolvedStandard | undefined {
  let found: { entry: IndexEntry; note?: ResolutionNote } | undefined;
  if (citation.kind === 'reference') found = resolveWritten(index, citation.reference);
  else {
    const entry = index.bestForUrn(citation.urn);
    found = entry && { entry };
  }
  if (!found) return undefined;
  const { entry, note } = found;
  const facts = factsOf(entry.urn, entry.reference, entry.status);
  return { entry, facts, replacedBy: replacementOf(index, entry, facts), ...(note ? { note } : {}) };
}

export function resolveReference(index: CatalogueIndex, written: WrittenReference): IndexEntry | undefined {
  return resolveWritten(index, written)?.entry;
}

/** The record a written reference names, and what a reader should know about how it was found. */
function resolveWritten(index: CatalogueIndex, written: WrittenReference): { entry: IndexEntry; note?: ResolutionNote } | undefined {
  const direct = resolveExact(index, written);
  if (direct) return direct;
  // "ISO 9001-2015": a part the catalogue does not have, of a number that has no parts, is the edition year.
  if (written.hyphenYear) {
    const year = written.part.slice(-4);
    const part = written.part.slice(0, -5);
    const hits = candidates(index, { ...written, part, year: undefined, hyphenYear: undefined });
    const wanted = identityOf({ ...written, part });
    const hasParts = hits.some(
      (h) =>
        h.parsed &&
        h.parsed.number === written.number &&
        h.parsed.part !== part &&
        sameDocument({ ...wanted, numberPart: h.parsed.number.toLowerCase() + h.parsed.part.toLowerCase() }, identityOf(h.parsed), false),
    );
    if (!hasParts) {
      const asYear = resolveExact(index, { ...written, part, year, hyphenYear: undefined });
      if (asYear) return { entry: asYear.entry, note: { kind: 'hyphenYear' } };
    }
  }
  return undefined;
}

function candidates(index: CatalogueIndex, written: WrittenReference): Array<{ entry: IndexEntry; parsed: WrittenReference | undefined }> {
  const query = `${internationalPublisher(written.publisher)} ${written.number}${written.part}${written.year ? `:${written.year}` : ''}`;
  return index.search(query, CANDIDATES, { referencesOnly: true }).map((entry) => ({ entry, parsed: parsedReference(entry) }));
}

function resolveExact(index: CatalogueIndex, written: WrittenReference): { entry: IndexEntry; note?: ResolutionNote } | undefined {
  const wanted = identityOf(written);
  const hits = candidates(index, written);
  const same = (strict: boolean, anyType = false) =>
    hits.filter((h) => h.parsed && sameDocument(anyType ? { ...wanted, typeWords: identityOf(h.parsed).typeWords } : wanted, identityOf(h.parsed), strict));
  for (const [strict, anyType] of [
    [true, false],
    [false, false],
    // "ISO/IEC 19217:2015" for ISO/IEC TS 19217:2015: the deliverable type left out, when only one deliverable fits.
    [false, true],
  ] as const) {
    if (anyType && wanted.typeWords.length) break;
    const found = pick(same(strict, anyType), written);
    if (!found) continue;
    if (anyType) {
      const types = new Set(same(strict, anyType).map((c) => identityOf(c.parsed as WrittenReference).typeWords.join(' ')));
      if (types.size !== 1 || !identityOf(found.parsed as WrittenReference).typeWords.length) return undefined;
      return { entry: found.entry, note: { kind: 'typeOmitted' } };
    }
    if (found.notListed.length) return { entry: found.entry, note: { kind: 'supplementNotListed', supplements: found.notListed } };
    return { entry: found.entry };
  }
  return undefined;
}

type Candidate = { entry: IndexEntry; parsed: WrittenReference | undefined };

/** Among the records of one document, the one `written` names: the edition, with its supplements where listed. */
function pick(candidates: readonly Candidate[], written: WrittenReference): (Candidate & { notListed: string[] }) | undefined {
  if (!candidates.length) return undefined;
  if (!written.year) {
    // The search ranks current before withdrawn, base documents before supplements, newer before older.
    const base = candidates.filter(
      (c) => !c.parsed?.supplements.length && !c.parsed?.variant && !factsOf(c.entry.urn, c.entry.reference, c.entry.status).draft,
    );
    return { ...(base[0] ?? candidates[0]), notListed: [] };
  }
  const edition = candidates.filter((c) => c.parsed?.year === written.year);
  if (!edition.length) return undefined;
  // The supplements as written; "+AMD1:2015" is how the consolidated version "… CSV" is usually cited.
  const exact = edition.find(
    (c) => sameSupplements(written.supplements, c.parsed?.supplements ?? [], true) && (c.parsed?.variant ?? '') === (written.variant ?? ''),
  );
  const loose = exact ?? edition.find((c) => sameSupplements(written.supplements, c.parsed?.supplements ?? [], false));
  if (loose) return { ...loose, notListed: [] };
  // Supplements the catalogue does not list (CEN's "+A11:2021"): the longest listed run of them, else the edition.
  for (let n = written.supplements.length - 1; n >= 0; n--) {
    const listed = written.supplements.slice(0, n);
    const found =
      edition.find((c) => sameSupplements(listed, c.parsed?.supplements ?? [], true) && !c.parsed?.variant) ??
      edition.find((c) => sameSupplements(listed, c.parsed?.supplements ?? [], false));
    if (found) return { ...found, notListed: written.supplements.slice(n).map((s) => s.text.trim()) };
  }
  return undefined;
}

/**
 * The newest current base edition of the same publisher, number, part and deliverable type, when `entry` is
 * withdrawn or an older edition than it; undefined when `entry` is the current one or nothing current exists. A
 * handbook, a guide or a technical report of the same number is another document, never a newer edition.
 */
export function replacementOf(index: CatalogueIndex, entry: IndexEntry, facts = factsOf(entry.urn, entry.reference, entry.status)): IndexEntry | undefined {
  const parsed = parsedReference(entry);
  if (!parsed || parsed.informal) return undefined;
  const undated: WrittenReference = { ...parsed, year: undefined, supplements: [], variant: undefined };
  const wanted = identityOf(undated);
  const same = candidates(index, undated).filter((h) => h.parsed && !h.parsed.hyphenYear && sameDocument(wanted, identityOf(h.parsed), true));
  let current = pick(same, undated)?.entry;
  // A withdrawn technical specification or PAS is usually replaced by the International Standard of its number
  // (ISO/TS 19115-3 → ISO 19115-3): the same publishers, number and part without the type, when that one is newer.
  if ((!current || sameRecord(current, entry)) && !facts.current && /^(?:ts|pas)$/.test(wanted.typeWords.join(' '))) {
    const standard = { ...wanted, typeWords: [] };
    current = pick(
      candidates(index, { ...undated, publisher: parsed.publisher.replace(/[/ ](?:TS|PAS)$/, '') }).filter(
        (h) => h.parsed && !h.parsed.hyphenYear && sameDocument(standard, identityOf(h.parsed), true),
      ),
      undated,
    )?.entry;
  }
  if (!current || sameRecord(current, entry)) return undefined;
  const currentFacts = factsOf(current.urn, current.reference, current.status);
  if (!currentFacts.current || currentFacts.draft) return undefined;
  const newer = (currentFacts.year ?? 0) > (facts.year ?? 0);
  // A current supplement of the current edition is not outdated; its base edition is the same year.
  if (!newer && (facts.current || currentFacts.year === facts.year)) return undefined;
  return current;
}

/** The clause a locator points to, by number (then its nearest numbered ancestor) or, for sections, by @type or title. */
export function resolveLocator(clauses: readonly Clause[], locator: Locator): { clause: Clause; exact: boolean } | undefined {
  if (!namesClause(locator)) return undefined;
  if (locator.kind === 'section') {
    const wanted = locator.value.toLowerCase();
    const section = SECTION_LIST.find((s) => s.label.toLowerCase() === wanted);
    const byType = section && clauses.find((c) => sectionOf(c.types) === section);
    const byTitle = clauses.find((c) => displayText(c.title).toLowerCase() === wanted);
    const clause = byType ?? byTitle;
    return clause ? { clause, exact: true } : undefined;
  }
  const byNumber = numbered(clauses);
  let number = normaliseNumber(locator.value);
  const exact = byNumber.get(number);
  if (exact) return { clause: exact, exact: true };
  // "9.4.2" when the list stops at 9.4: the nearest clause that holds it, never a sibling.
  for (let dot = number.lastIndexOf('.'); dot > 0; dot = number.lastIndexOf('.')) {
    number = number.slice(0, dot);
    const ancestor = byNumber.get(number);
    if (ancestor) return { clause: ancestor, exact: false };
  }
  return undefined;
}

/**
 * A clause list's clauses by normalised number, made once per list: a coverage looks up hundreds of locators in the
 * same list, and with a map made per locator its computation took 8–22 ms in Node at 300 clauses (2.5–8 ms now).
 */
const byNumberOf = new WeakMap<readonly Clause[], Map<string, Clause>>();

function numbered(clauses: readonly Clause[]): Map<string, Clause> {
  let byNumber = byNumberOf.get(clauses);
  if (byNumber) return byNumber;
  byNumber = new Map<string, Clause>();
  for (const clause of clauses) {
    const number = normaliseNumber(clause.number ?? '');
    if (number && !byNumber.has(number)) byNumber.set(number, clause);
  }
  byNumberOf.set(clauses, byNumber);
  return byNumber;
}

/** "A.2." → "a.2", "Annex B" → "b", " 5.1 " → "5.1". */
function normaliseNumber(number: string): string {
  return withoutTrailing(displayText(number).replace(/^annex\s+/i, ''), '.').toLowerCase();
}

/**
 * Catalogue references taken apart once each: the same editions come up for every citation of a number. By text
 * (an entry of a finished index is a new object each time it is asked for), forgotten all at once when full.
 */
const PARSED = new Map<string, WrittenReference | null>();
const MAX_PARSED = 20_000;

function parsedReference(entry: IndexEntry): WrittenReference | undefined {
  if (!entry.reference) return undefined;
  let parsed = PARSED.get(entry.reference);
  if (parsed === undefined) {
    parsed = parseReference(entry.reference) || null;
    if (PARSED.size >= MAX_PARSED) PARSED.clear();
    PARSED.set(entry.reference, parsed);
  }
  return parsed ?? undefined;
}

/**
 * Bodies that adopt or co-publish an international standard under its own number ("BS EN ISO 13485", "ANSI/AAMI/ISO
 * 14971", "CAN/CSA ISO 13485", "UL/IEC 60601-1"): beside ISO or IEC, the document is the international one.
 */
const ADOPTING = new Set([
  'en',
  'bs',
  'din',
  'nf',
  'ansi',
  'aami',
  'can',
  'csa',
  'ul',
  'une',
  'nen',
  'oenorm',
  'önorm',
  'csn',
  'uni',
  'vde',
  'as',
  'nzs',
  'ks',
  'jis',
  'is',
  'gb',
  't',
]);
const INTERNATIONAL = new Set(['iso', 'iec', 'ieee', 'astm', 'cispr']);

/** The publisher as the catalogue writes it: "BS EN ISO" → "ISO", "ANSI/AAMI/ISO" → "ISO", "EN ISO/IEC" → "ISO/IEC". */
function internationalPublisher(publisher: string): string {
  const words = tokenize(publisher);
  if (!words.some((w) => INTERNATIONAL.has(w))) return publisher.replace(/^EN /, '');
  return words
    .filter((w) => !ADOPTING.has(w))
    .join('/')
    .toUpperCase();
}

function identityOf(reference: WrittenReference): Identity {
  const words = tokenize(reference.publisher);
  const typeWords = words.filter((w) => TYPE_WORDS.has(w));
  const international = words.some((w) => INTERNATIONAL.has(w));
  const publisher = words.filter((w) => !TYPE_WORDS.has(w) && !(international && ADOPTING.has(w)));
  return { publisher, typeWords, numberPart: `${reference.number}${reference.part}`.toLowerCase() };
}

const TYPE_WORDS = new Set(['ts', 'tr', 'pas', 'isp', 'guide']);

/** Strict: the same publishers. Loose: the cited publishers (less a European "EN") are among the record's. */
function sameDocument(wanted: Identity, record: Identity, strict: boolean): boolean {
  if (wanted.numberPart !== record.numberPart || wanted.typeWords.join(' ') !== record.typeWords.join(' ')) return false;
  if (strict) return wanted.publisher.join('/') === record.publisher.join('/');
  const cited = wanted.publisher.filter((p) => p !== 'en');
  return cited.length > 0 && cited.every((p) => record.publisher.includes(p));
}

/**
 * Whether the supplements cited are the record's: each the same kind and number, the year where one is written;
 * `strict` also asks for the same joining ("+" consolidated, "/" beside).
 */
function sameSupplements(cited: readonly Supplement[], record: readonly Supplement[], strict: boolean): boolean {
  if (cited.length !== record.length) return false;
  return cited.every((s, i) => {
    const r = record[i];
    const joinedAlike = (s.joined === '+') === (r.joined === '+');
    return s.kind === r.kind && (s.number ?? '') === (r.number ?? '') && (!s.year || s.year === r.year) && (!strict || joinedAlike);
  });
}
