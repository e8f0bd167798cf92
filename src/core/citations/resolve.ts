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
import { factsOf, type StandardFacts } from '../catalogue/standardFacts';
import { tokenize } from '../catalogue/tokens';
import { displayText, withoutTrailing } from '../service/displayText';
import { SECTION_LIST, sectionOf } from '../service/sections';
import type { Clause } from '../service/types';
import { parseReference, type Citation, type Locator, type WrittenReference } from './recognise';

export interface ResolvedStandard {
  entry: IndexEntry;
  facts: StandardFacts;
  /** The current edition of the same number and part when `entry` is withdrawn or older; undefined otherwise. */
  replacedBy?: IndexEntry;
}

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
  let entry: IndexEntry | undefined;
  if (citation.kind === 'reference') entry = resolveReference(index, citation.reference);
  else entry = index.bestForUrn(citation.urn);
  if (!entry) return undefined;
  const facts = factsOf(entry.urn, entry.reference, entry.status);
  return { entry, facts, replacedBy: replacementOf(index, entry, facts) };
}

export function resolveReference(index: CatalogueIndex, written: WrittenReference): IndexEntry | undefined {
  const wanted = identityOf(written);
  const query = `${written.publisher.replace(/^EN /, '')} ${written.number}${written.part}${written.year ? `:${written.year}` : ''}`;
  const hits = index.search(query, CANDIDATES).map((entry) => ({ entry, parsed: parsedReference(entry) }));
  const same = (strict: boolean) => hits.filter((h) => h.parsed && sameDocument(wanted, identityOf(h.parsed), strict));
  for (const strict of [true, false]) {
    const candidates = same(strict);
    if (!candidates.length) continue;
    if (!written.year) {
      // The search ranks current before withdrawn, base documents before supplements, newer before older.
      const base = candidates.filter(
        (c) => !c.parsed?.supplements.length && !c.parsed?.variant && !factsOf(c.entry.urn, c.entry.reference, c.entry.status).draft,
      );
      return (base[0] ?? candidates[0]).entry;
    }
    const edition = candidates.filter((c) => c.parsed?.year === written.year);
    const wantedSupplements = supplementKey(written.supplements);
    const exact = edition.find(
      (c) => supplementKey(c.parsed?.supplements ?? []) === wantedSupplements && (c.parsed?.variant ?? '') === (written.variant ?? ''),
    );
    // "IEC 62304:2006+AMD1:2015" is how the consolidated version "… CSV" is usually cited.
    const loose = exact ?? edition.find((c) => supplementKey(c.parsed?.supplements ?? []) === wantedSupplements);
    if (loose) return loose.entry;
    return undefined;
  }
  return undefined;
}

/**
 * The newest current base edition of the same publisher, number and part, when `entry` is withdrawn or an older
 * edition than it; undefined when `entry` is the current one or nothing current exists.
 */
export function replacementOf(index: CatalogueIndex, entry: IndexEntry, facts = factsOf(entry.urn, entry.reference, entry.status)): IndexEntry | undefined {
  const parsed = parsedReference(entry);
  if (!parsed) return undefined;
  const current = resolveReference(index, { ...parsed, year: undefined, supplements: [], variant: undefined });
  if (!current || current === entry) return undefined;
  const currentFacts = factsOf(current.urn, current.reference, current.status);
  if (!currentFacts.current || currentFacts.draft) return undefined;
  const newer = (currentFacts.year ?? 0) > (facts.year ?? 0);
  // A current supplement of the current edition is not outdated; its base edition is the same year.
  if (!newer && (facts.current || currentFacts.year === facts.year)) return undefined;
  return current;
}

/** The clause a locator points to, by number (then its nearest numbered ancestor) or, for sections, by @type or title. */
export function resolveLocator(clauses: readonly Clause[], locator: Locator): { clause: Clause; exact: boolean } | undefined {
  if (locator.kind === 'table') return undefined;
  if (locator.kind === 'section') {
    const wanted = locator.value.toLowerCase();
    const section = SECTION_LIST.find((s) => s.label.toLowerCase() === wanted);
    const byType = section && clauses.find((c) => sectionOf(c.types) === section);
    const byTitle = clauses.find((c) => displayText(c.title).toLowerCase() === wanted);
    const clause = byType ?? byTitle;
    return clause ? { clause, exact: true } : undefined;
  }
  const byNumber = new Map<string, Clause>();
  for (const clause of clauses) {
    const number = normaliseNumber(clause.number ?? '');
    if (number && !byNumber.has(number)) byNumber.set(number, clause);
  }
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

/** "A.2." → "a.2", "Annex B" → "b", " 5.1 " → "5.1". */
function normaliseNumber(number: string): string {
  return withoutTrailing(displayText(number).replace(/^annex\s+/i, ''), '.').toLowerCase();
}

/** Catalogue references taken apart once per entry: the same editions come up for every citation of a number. */
const PARSED = new WeakMap<IndexEntry, WrittenReference | null>();

function parsedReference(entry: IndexEntry): WrittenReference | undefined {
  let parsed = PARSED.get(entry);
  if (parsed === undefined) {
    parsed = (entry.reference && parseReference(entry.reference)) || null;
    PARSED.set(entry, parsed);
  }
  return parsed ?? undefined;
}

function identityOf(reference: WrittenReference): Identity {
  const words = tokenize(reference.publisher);
  const typeWords = words.filter((w) => TYPE_WORDS.has(w));
  return { publisher: words.filter((w) => !TYPE_WORDS.has(w)), typeWords, numberPart: `${reference.number}${reference.part}`.toLowerCase() };
}

const TYPE_WORDS = new Set(['ts', 'tr', 'pas', 'isp', 'guide']);

/** Strict: the same publishers. Loose: the cited publishers (less a European "EN") are among the record's. */
function sameDocument(wanted: Identity, record: Identity, strict: boolean): boolean {
  if (wanted.numberPart !== record.numberPart || wanted.typeWords.join(' ') !== record.typeWords.join(' ')) return false;
  if (strict) return wanted.publisher.join('/') === record.publisher.join('/');
  const cited = wanted.publisher.filter((p) => p !== 'en');
  return cited.length > 0 && cited.every((p) => record.publisher.includes(p));
}

/** "/Amd 1:2020", "/AMD1:2020", "/Amendment 1:2020" → "/amd 1 2020"; "+AMD1:2020" (consolidated in) → "+amd 1 2020". */
function supplementKey(supplements: readonly string[]): string {
  return supplements
    .map(
      (s) =>
        (s.trimStart().startsWith('+') ? '+' : '/') +
        tokenize(s)
          .map((t) => (t === 'amendment' ? 'amd' : t === 'corrigendum' ? 'cor' : t))
          .join(' '),
    )
    .join(' | ');
}
