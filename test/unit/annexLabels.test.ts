/**
 * An annex is named "Annex A …" wherever a clause is listed (tree rows, pickers, tab titles, clause documents), as
 * it is cited (issue 51: tree rows read "A Relationship …"), and the words "Annex A" are never shown twice.
 */
import * as assert from 'node:assert/strict';
import { clauseHeading, clauseLabel, documentLabel, pageTitle } from '../../src/core/labels';

describe('Labels: annexes named as annexes', () => {
  const annex = { number: 'A', title: 'Relationship between this document and ISO 9001', types: ['corext:Annex'] };

  it('lists an annex as "Annex A Relationship …" in the tree, tab titles and clause documents', () => {
    assert.equal(clauseHeading(annex), 'Annex A Relationship between this document and ISO 9001');
    assert.equal(pageTitle(annex), 'Annex A Relationship between this document and ISO 9001');
    assert.equal(documentLabel(annex, 'ISO 14971:2019'), 'ISO 14971:2019 Annex A Relationship between this document and ISO 9001');
    // A single-letter number is an annex whatever its types say; a clause inside one keeps its number alone.
    assert.equal(clauseHeading({ number: 'B', title: 'Examples', types: ['corext:Clause'] }), 'Annex B Examples');
    assert.equal(clauseHeading({ number: 'A.2', title: 'Examples', types: ['corext:Clause'] }), 'A.2 Examples');
    assert.equal(clauseHeading({ number: '4', title: 'General', types: ['corext:Clause'] }), '4 General');
    assert.equal(clauseHeading({ number: 'C', title: '', types: ['corext:Annex'] }), 'Annex C');
  });

  it('shows "Annex A" once when the title already says it', () => {
    for (const title of ['Annex A — Relationship to ISO 9001', 'ANNEX A: Relationship to ISO 9001', 'Annex A Relationship to ISO 9001']) {
      const clause = { ...annex, title };
      assert.equal(clauseHeading(clause), 'Annex A Relationship to ISO 9001', title);
      assert.equal(clauseLabel(clause), 'Annex A Relationship to ISO 9001', title);
    }
    assert.equal(clauseHeading({ ...annex, title: 'Annex A' }), 'Annex A');
    // Another annex's name in the title is the title's own.
    assert.equal(clauseHeading({ ...annex, title: 'Annex AB of ISO 9001' }), 'Annex A Annex AB of ISO 9001');
  });
});
