/**
 * Issue 52, point 6: over the whole real catalogue (test/fixtures/real-catalogue), Find Standard puts the current
 * document first — for a number its current parts in part order — before withdrawn, superseded, draft and companion
 * documents (handbooks, packages) of the same number, unless the query names a year. The queries (in
 * realCatalogueQueries.ts) are what a user types, written before any result was looked at; the catalogue is asked
 * only whether each case is the one it is meant to be (an undivided edition withdrawn, current parts that replaced
 * it), so the list keeps its meaning.
 */
import * as assert from 'node:assert/strict';
import { CatalogueIndex, type IndexEntry } from '../../src/core/catalogue/catalogueIndex';
import { factsOf } from '../../src/core/catalogue/standardFacts';
import { realCatalogueEntries } from './realCatalogue';
import { SPLIT_NUMBERS, TOPICS, WITH_COMPANIONS, WITH_YEAR, designation } from './realCatalogueQueries';

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
