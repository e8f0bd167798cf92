import * as assert from 'node:assert/strict';
import { ClauseGlances, RequestBudget } from '../../src/core/citations/clauseGlances';
import type { Clause } from '../../src/core/service/types';

const clause = (n: number): Clause => ({ id: `https://x/${n}`, clauseId: String(n), types: ['corext:Clause'], title: `T${n}`, number: String(n), raw: {} });

describe('Citations: what a hover may show without a request', () => {
  it('keeps clause lists and paragraphs, null for a clause without one, until cleared', () => {
    const glances = new ClauseGlances();
    assert.equal(glances.clauses('urn:a'), undefined);
    glances.rememberClauses('urn:a', [clause(1)]);
    glances.rememberParagraph('urn:a', '1', 'First paragraph.');
    glances.rememberParagraph('urn:a', '2', undefined);
    assert.deepEqual(
      glances.clauses('urn:a')?.map((c) => c.clauseId),
      ['1'],
    );
    assert.equal(glances.paragraph('urn:a', '1'), 'First paragraph.');
    assert.equal(glances.paragraph('urn:a', '2'), null, 'known to have none: no request for it again');
    assert.equal(glances.paragraph('urn:b', '1'), undefined);
    glances.clear();
    assert.equal(glances.clauses('urn:a'), undefined);
    assert.equal(glances.paragraph('urn:a', '1'), undefined);
  });

  it('is bounded: the least recently used clause lists go first', () => {
    const glances = new ClauseGlances();
    for (let i = 0; i < 40; i++) {
      glances.rememberClauses(`urn:${i}`, [clause(i)]);
      // urn:0 is read each time, so it stays.
      glances.clauses('urn:0');
    }
    assert.ok(glances.clauses('urn:0'));
    assert.ok(glances.clauses('urn:39'));
    assert.equal(glances.clauses('urn:1'), undefined);
  });

  it('a hover has one request to spend', () => {
    const budget = new RequestBudget();
    assert.equal(budget.spend(), true);
    assert.equal(budget.spend(), false);
  });
});
