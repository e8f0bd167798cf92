import * as assert from 'node:assert/strict';
import { clauseLabel, standardLabel } from '../../src/core/labels';
import { formatReference } from '../../src/core/references';

describe('references', () => {
  const standard = { urn: 'urn:iso:std:iso:9001:ed-5', reference: 'ISO 9001:2015', title: 'Quality management systems — Requirements' };
  const scope = { id: 'https://h/v1/standards/urn:iso:std:iso:9001:ed-5/clauses/abc', title: 'Scope', number: '1', types: ['corext:Scope'] };

  it('formats plain, Markdown and URI references', () => {
    assert.equal(formatReference('plain', standard, scope), 'ISO 9001:2015, Clause 1 Scope');
    assert.equal(formatReference('markdown', standard, scope), '[ISO 9001:2015, Clause 1 Scope](https://h/v1/standards/urn:iso:std:iso:9001:ed-5/clauses/abc)');
    assert.equal(formatReference('uri', standard, scope), scope.id);
  });

  it('labels an empty title from the type, annexes and unnumbered sections', () => {
    assert.equal(clauseLabel({ ...scope, title: '' }), 'Clause 1 Scope');
    assert.equal(clauseLabel({ title: 'Examples', number: 'A', types: ['corext:Annex'] }), 'Annex A Examples');
    assert.equal(clauseLabel({ title: '', number: 'B', types: ['corext:Annex'] }), 'Annex B');
    assert.equal(clauseLabel({ title: '', types: ['corext:Foreword'] }), 'Foreword');
    assert.equal(clauseLabel({ title: 'Leadership', number: '5.1', types: ['corext:Clause'] }), 'Clause 5.1 Leadership');
  });

  it('falls back to the title, then the URN, for the standard', () => {
    assert.equal(standardLabel({ urn: 'urn:x:y', title: 'Title' }), 'Title');
    assert.equal(standardLabel({ urn: 'urn:x:y' }), 'urn:x:y');
  });

  it('escapes Markdown in text and URL', () => {
    const odd = formatReference('markdown', { urn: 'urn:x:y', reference: 'A [draft]' }, { id: 'https://h/a (b)', title: 'x*y', number: '2' });
    assert.equal(odd, '[A \\[draft\\], Clause 2 x\\*y](https://h/a%20%28b%29)');
  });
});

describe('references: server text', () => {
  it('keeps bidirectional controls and line breaks out of a reference', () => {
    const standard = { urn: 'urn:iso:std:iso:1', reference: 'ISO 1:2002\u202E', title: 'x' };
    const clause = { id: 'https://h/c/1', title: 'Sco\u2066pe\nnext', number: '1', types: ['corext:Scope'] };
    assert.equal(formatReference('plain', standard, clause), 'ISO 1:2002, Clause 1 Scope next');
    assert.equal(standardLabel({ urn: 'urn:x:y', reference: '\u202A\u202B' }), 'urn:x:y', 'nothing visible left: the next label');
  });
});
