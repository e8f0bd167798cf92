/**
 * Compare with Another Edition: which records are editions of the same document (over the real ISO and IEC
 * sample, test/fixtures) and which clause of another edition matches a clause.
 */
import * as assert from 'node:assert/strict';
import { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import type { IndexEntry } from '../../src/core/catalogue/indexSegment';
import { editionKey, editionQuery, isSupplement, otherEditions } from '../../src/core/compare/editions';
import { matchingClause } from '../../src/core/compare/matchClause';
import { realSample } from './realSample';

function entries(): IndexEntry[] {
  return realSample().map((r, position) => ({ position, urn: r.urn, reference: r.reference, title: r.title, status: r.status }));
}

function byReference(all: IndexEntry[], reference: string): IndexEntry {
  const entry = all.find((e) => e.reference === reference);
  assert.ok(entry, `${reference} is in the sample`);
  return entry;
}

const references = (editions: ReturnType<typeof otherEditions>): string[] => editions.map((e) => e.entry.reference ?? '');

describe('compare: editions of a standard', () => {
  it('keys a reference by publisher, number and part, drafts and years aside', () => {
    assert.equal(editionKey('ISO/IEC 27001:2022/Amd 1:2024'), 'iso iec|27001');
    assert.equal(editionKey('ISO/IEC FDIS 27001'), 'iso iec|27001');
    assert.equal(editionKey('IEC 60601-1:2005+AMD1:2012 CSV'), 'iec|60601 1');
    assert.equal(editionKey('IEC 60601-1-2:2007'), 'iec|60601 1 2');
    assert.equal(editionKey('ISO/DTS 15066'), editionKey('ISO/TS 15066:2016'));
    assert.notEqual(editionKey('ISO/TS 15066:2016'), editionKey('ISO 15066:2020'));
    assert.equal(editionKey('Smart grid white paper'), undefined);
    assert.equal(editionQuery('IEC 60601-1:2005+AMD1:2012 CSV'), 'iec 60601 1');
  });

  it('finds the other editions in the real sample: same publisher, number and part, amendments apart, newest first', () => {
    const all = entries();
    // IEC 60601-1: the 1988 edition, the consolidated 2005+AMD1:2012; not Part 1-2, not the amendment, the
    // interpretation sheets or the "ALL PARTS" series record.
    const iec = otherEditions(byReference(all, 'IEC 60601-1:1988'), all);
    assert.deepEqual(references(iec), ['IEC 60601-1:2005+AMD1:2012 CSV']);
    assert.equal(iec[0].facts.current, true);
    const back = otherEditions(byReference(all, 'IEC 60601-1:2005+AMD1:2012 CSV'), all);
    assert.deepEqual(references(back), ['IEC 60601-1:1988']);
    assert.equal(back[0].facts.status, 'replaced');
    // ISO 9001: the committee draft is the newest; the 2015 amendment is not an edition.
    const iso = otherEditions(byReference(all, 'ISO 9001:1994'), all);
    assert.ok(references(iso).includes('ISO/CD 9001'), references(iso).join(', '));
    assert.equal(iso[0].facts.draft, true);
    assert.ok(!references(iso).some((r) => /Amd/i.test(r)));
  });

  it('holds its rules over every record of the sample', () => {
    const all = entries();
    const index = CatalogueIndex.of(all, 0);
    let withEditions = 0;
    // Every third record as the one compared from (all of them against all is quadratic).
    for (const entry of all.filter((_, i) => i % 3 === 0)) {
      const editions = otherEditions(entry, all);
      if (editions.length) withEditions++;
      for (const { entry: other, facts, year } of editions) {
        assert.notEqual(other.urn, entry.urn);
        assert.equal(editionKey(other.reference), editionKey(entry.reference), `${other.reference} is not an edition of ${entry.reference}`);
        assert.ok(!isSupplement(other), `${other.reference} is a supplement`);
        assert.ok(facts.draft || year !== undefined || !/:(19|20)\d\d/.test(other.reference ?? ''));
      }
      // Newest first: drafts, then years descending.
      const years = editions.filter((e) => !e.facts.draft).map((e) => e.year ?? 0);
      assert.deepEqual(
        years,
        [...years].sort((a, b) => b - a),
        `${entry.reference}: ${references(editions).join(', ')}`,
      );
      // The index's search for the number finds them all, as the command asks it.
      if (editions.length && entry.reference && withEditions % 3 === 0) {
        const found = otherEditions(entry, index.search(editionQuery(entry.reference), 2000));
        assert.deepEqual(references(found), references(editions), `search for ${entry.reference}`);
      }
    }
    assert.ok(withEditions > 15, `only ${withEditions} records have other editions in the sample`);
  });
});

describe('compare: the matching clause of another edition', () => {
  const clause = (types: string[], number: string | undefined, title: string) => ({ types, number, title, clauseId: `${number}-${title}` });
  const other = [
    clause(['corext:Foreword'], undefined, 'Foreword'),
    clause(['corext:Clause', 'corext:Scope'], '1', ''),
    clause(['corext:TermsAndDefinitions'], '3', 'Terms, definitions and abbreviated terms'),
    clause(['corext:Clause'], '4', 'Context of the organization'),
    clause(['corext:Clause'], '4.2', 'Understanding the needs'),
    clause(['corext:Clause'], '9', 'Leadership'),
    clause(['corext:Annex'], 'A', 'Clarification'),
  ];

  it('matches named sections by type, whatever their number or title', () => {
    assert.deepEqual(matchingClause(clause(['corext:Scope', 'corext:Clause'], '1', 'Scope'), other), { clause: other[1], by: 'type' });
    assert.deepEqual(matchingClause(clause(['corext:TermsAndDefinitions'], '2', 'Terms and definitions'), other), { clause: other[2], by: 'type' });
    assert.equal(matchingClause(clause(['corext:Foreword'], undefined, 'Avant-propos'), other)?.clause, other[0]);
  });

  it('matches other clauses by number, then by title', () => {
    assert.deepEqual(matchingClause(clause(['corext:Clause'], '4.2.', 'Understanding the needs and expectations'), other), { clause: other[4], by: 'number' });
    assert.deepEqual(matchingClause(clause(['corext:Annex'], 'Annex A', 'Guidance'), other), { clause: other[6], by: 'number' });
    assert.deepEqual(matchingClause(clause(['corext:Clause'], '5', 'LEADERSHIP.'), other), { clause: other[5], by: 'title' });
  });

  it('says when there is no counterpart', () => {
    assert.equal(matchingClause(clause(['corext:Clause'], '11', 'Improvement'), other), undefined);
    assert.equal(matchingClause(clause(['corext:Bibliography'], undefined, 'Bibliography'), other), undefined);
  });
});
