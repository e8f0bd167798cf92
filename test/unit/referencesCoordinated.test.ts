/**
 * The References view and its exports count a citation under every clause it names (issue 51: "clause 6.1 and
 * Annex A" was listed under 6.1 only), from what the recogniser reads to the grouping and the CSV.
 */
import * as assert from 'node:assert/strict';
import { locatorLabel } from '../../src/core/citations/citationTarget';
import { findCitations, locatorsOf, type ReferenceCitation } from '../../src/core/citations/recognise';
import { groupReferences, toCsv, type Occurrence } from '../../src/core/citations/referenceReport';

/** An occurrence as occurrenceSays makes it from a citation: the first locator, and all of them when more than one. */
function occurrenceOf(text: string, file: string, line: number): Occurrence {
  const [citation] = findCitations(text).filter((c): c is ReferenceCitation => c.kind === 'reference');
  assert.ok(citation, text);
  const locators = locatorsOf(citation);
  return {
    file,
    line,
    text: citation.text,
    standard: 'ISO 14971:2019',
    urn: 'urn:iso:std:iso:14971:ed-3:v1:en',
    position: 0,
    title: 'Medical devices — Application of risk management to medical devices',
    clause: locators.length ? locatorLabel(locators[0]) : '',
    ...(locators.length ? { locator: locators[0] } : {}),
    ...(locators.length > 1 ? { locators } : {}),
    status: 'current',
    outdated: false,
  };
}

describe('References: a citation of several clauses is listed under each', () => {
  it('lists "clause 6.1 and Annex A" under clause 6.1 and Annex A, each with its own locator, counted once for the standard', async () => {
    const occurrences = [
      occurrenceOf('See ISO 14971:2019, clause 6.1 and Annex A.', 'a.md', 3),
      occurrenceOf('ISO 14971:2019 clauses 4.1, 4.2 and 5 apply.', 'b.md', 1),
      occurrenceOf('ISO 14971:2019, 6.1 and 6.1 again', 'c.md', 2),
      occurrenceOf('ISO 14971:2019, clause 6.1', 'd.md', 7),
    ];
    const [group] = await groupReferences(occurrences);
    assert.equal(group.count, 4);
    assert.deepEqual(
      group.clauses.map((c) => [c.clause, c.occurrences.map((o) => `${o.file}:${o.line} ${o.locator?.kind} ${o.locator?.value}`)]),
      [
        ['Annex A', ['a.md:3 annex A']],
        ['clause 4.1', ['b.md:1 clause 4.1']],
        ['clause 4.2', ['b.md:1 clause 4.2']],
        ['clause 5', ['b.md:1 clause 5']],
        ['clause 6.1', ['a.md:3 clause 6.1', 'c.md:2 clause 6.1', 'd.md:7 clause 6.1']],
      ],
    );
    // The traceability matrix has a row per clause cited.
    const rows = toCsv([group]).trim().split('\r\n').slice(1);
    assert.deepEqual(
      rows.filter((row) => row.includes('a.md')).map((row) => row.split(',')[1]),
      ['Annex A', 'clause 6.1'],
    );
  });
});
