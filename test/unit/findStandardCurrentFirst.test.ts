/**
 * Issue 52, point 6: over the whole real catalogue (test/fixtures/real-catalogue), Find Standard puts the current
 * document first — for a number its current parts in part order — before withdrawn, superseded, draft and companion
 * documents (handbooks, packages) of the same number, unless the query names a year. The queries below are what a
 * user types, written before any result was looked at; the catalogue is asked only whether each case is the one it
 * is meant to be (an undivided edition withdrawn, current parts that replaced it), so the list keeps its meaning.
 */
import * as assert from 'node:assert/strict';
import { CatalogueIndex, type IndexEntry } from '../../src/core/catalogue/catalogueIndex';
import { factsOf } from '../../src/core/catalogue/standardFacts';
import { realCatalogueEntries } from './realCatalogue';

/**
 * Bare numbers whose undivided edition was withdrawn and replaced by parts (from what is known of these families:
 * OSI's basic reference model, date and time, accuracy of measurement methods, Rockwell and Brinell hardness,
 * tensile testing, sampling by attributes, country codes), each as typed with and without publisher. Vickers
 * hardness ("6507") was on the list and is left out: the catalogue holds no undivided ISO 6507.
 */
const SPLIT_NUMBERS: ReadonlyArray<readonly [query: string, part1: string]> = [
  ['7498', 'ISO/IEC 7498-1'],
  ['ISO 7498', 'ISO/IEC 7498-1'],
  ['8601', 'ISO 8601-1'],
  ['ISO 8601', 'ISO 8601-1'],
  ['5725', 'ISO 5725-1'],
  ['ISO 5725', 'ISO 5725-1'],
  ['6508', 'ISO 6508-1'],
  ['6506', 'ISO 6506-1'],
  ['6892', 'ISO 6892-1'],
  ['2859', 'ISO 2859-1'],
  ['ISO 3166', 'ISO 3166-1'],
];

/** Numbers with a handbook or a package beside the standard: the standard itself comes first. */
const WITH_COMPANIONS: ReadonlyArray<readonly [query: string, standard: string]> = [
  ['27001', 'ISO/IEC 27001'],
  ['ISO/IEC 27001', 'ISO/IEC 27001'],
  ['9001', 'ISO 9001'],
  ['ISO 14001', 'ISO 14001'],
  ['45001', 'ISO 45001'],
  ['ISO 31000', 'ISO 31000'],
  ['22000', 'ISO 22000'],
  ['ISO 13485', 'ISO 13485'],
];

/** Topics whose standard has superseded editions in the catalogue: the current edition first. */
const TOPICS: readonly string[] = [
  'quality management systems requirements',
  'environmental management systems',
  'information security management systems',
  'medical devices quality management systems',
  'risk management guidelines',
  'date and time representations',
  'occupational health and safety management systems',
  'food safety management systems',
];

/** Queries that name a year: that edition, withdrawn or not. */
const WITH_YEAR: ReadonlyArray<readonly [query: string, first: string]> = [
  ['ISO 8601:2004', 'ISO 8601:2004'],
  ['ISO 9001:2008', 'ISO 9001:2008'],
  ['7498:1984', 'ISO 7498:1984'],
];

/** "ISO/IEC 27001-HBK:2024" → "ISO/IEC 27001-HBK"; "ISO 8601-1:2019/Amd 1:2022" → "ISO 8601-1/Amd 1". */
function designation(reference: string | undefined): string {
  return (reference ?? '').replace(/:(?:19|20)\d\d(?:-\d\d)?\b/g, '');
}

function facts(entry: IndexEntry | undefined): ReturnType<typeof factsOf> | undefined {
  return entry && factsOf(entry.urn, entry.reference, entry.status);
}

describe('Find Standard: the current document first (issue 52, point 6)', function () {
  this.timeout(120_000);
  const entries = realCatalogueEntries();
  const index = CatalogueIndex.of(entries, 0);
  const withDesignation = (wanted: string): IndexEntry[] => entries.filter((e) => designation(e.reference) === wanted);

  it('a bare number whose undivided edition was withdrawn and replaced by parts: the current part 1 first', () => {
    const wrong: string[] = [];
    for (const [query, part1] of SPLIT_NUMBERS) {
      // The case is what it is meant to be: the undivided edition withdrawn, a current part 1.
      const undivided = part1.replace(/-1$/, '').replace(/^ISO\/IEC /, 'ISO ');
      assert.ok(
        withDesignation(undivided).some((e) => !facts(e)?.current),
        `${query}: a withdrawn ${undivided} in the catalogue`,
      );
      assert.ok(
        withDesignation(part1).some((e) => facts(e)?.current),
        `${query}: a current ${part1} in the catalogue`,
      );
      const first = index.search(query, 20)[0];
      if (designation(first?.reference) !== part1 || !facts(first)?.current) wrong.push(`${query} → ${first?.reference} (${first?.status})`);
    }
    assert.deepEqual(wrong, []);
  });

  it('then the other current parts, in part order, before the withdrawn undivided edition', () => {
    for (const [query, part1] of SPLIT_NUMBERS.filter(([q]) => /^ISO 8601$|^5725$/.test(q))) {
      const hits = index.search(query, 50);
      const base = part1.replace(/-1$/, '');
      const parts = hits.filter((h) => facts(h)?.current && !facts(h)?.supplement && new RegExp(`^${base}-\\d+:`).test(h.reference ?? ''));
      const numbers = parts.map((h) => Number(/-(\d+):/.exec(h.reference ?? '')?.[1]));
      assert.deepEqual(
        numbers,
        [...numbers].sort((a, b) => a - b),
        `${query}: ${parts.map((h) => h.reference).join(', ')}`,
      );
      const undivided = hits.findIndex((h) => designation(h.reference).replace(/^ISO\/IEC /, 'ISO ') === base.replace(/^ISO\/IEC /, 'ISO '));
      const lastPart = hits.indexOf(parts[parts.length - 1]);
      assert.ok(undivided < 0 || undivided > lastPart, `${query}: the withdrawn edition after the current parts`);
    }
  });

  it('a handbook or a package never ahead of the current standard it accompanies', () => {
    const wrong: string[] = [];
    for (const [query, standard] of WITH_COMPANIONS) {
      const first = index.search(query, 20)[0];
      if (designation(first?.reference) !== standard || !facts(first)?.current) wrong.push(`${query} → ${first?.reference}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('a topic: the current edition, not a superseded one', () => {
    const wrong: string[] = [];
    for (const query of TOPICS) {
      const first = index.search(query, 20)[0];
      if (!facts(first)?.current) wrong.push(`${query} → ${first?.reference} (${first?.status})`);
    }
    assert.deepEqual(wrong, []);
  });

  it('a query that names a year gets that edition, withdrawn or not', () => {
    for (const [query, first] of WITH_YEAR) assert.equal(index.search(query, 5)[0]?.reference, first, query);
  });
});
