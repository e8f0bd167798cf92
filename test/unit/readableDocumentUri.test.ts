import * as assert from 'node:assert/strict';
import { clauseDocumentParts, clauseDocumentPath, parseStandardsUri } from '../../src/extension/documents/standardsUri';

/** Issue 51: a `standards:` document's path reads as names (tab, breadcrumbs); its query finds the clause. */
describe('readable standards: URIs', () => {
  const urn = 'urn:iso:std:iso:19437:ed-1';
  const clauseId = '39a27e46-7c1f-4d7e-9a51-0f1a2b3c4d5e';

  it('puts the standard and the clause heading in the path, the ids in the query, and reads them back', () => {
    const parts = clauseDocumentParts(urn, clauseId, { standard: 'ISO 19437:1985', clause: '4.5 Marking' });
    assert.equal(parts.path, '/ISO 19437:1985/4.5 Marking.json');
    assert.doesNotMatch(parts.path, /urn:|39a27e46/, 'no id where the user reads');
    assert.deepEqual(parseStandardsUri(parts), { kind: 'clause', urn, clauseId, label: '4.5 Marking.json', format: 'json' });
    const text = clauseDocumentParts(urn, clauseId, { standard: 'ISO 19437:1985', clause: '4.5 Marking' }, 'markdown');
    assert.equal(text.path, '/ISO 19437:1985/4.5 Marking.md');
    const parsed = parseStandardsUri(text);
    assert.equal(parsed?.kind === 'clause' ? parsed.format : undefined, 'markdown');
  });

  it('keeps a slash of a reference readable without making a folder of it, and refuses "." and ".." as names', () => {
    const parts = clauseDocumentParts(urn, clauseId, { standard: 'ISO/IEC 27001:2022', clause: 'A.5 Policies/rules' });
    assert.equal(parts.path, '/ISO\u2215IEC 27001:2022/A.5 Policies\u2215rules.json');
    assert.equal(parts.path.split('/').length, 3);
    assert.equal(clauseDocumentParts(urn, clauseId, { standard: '..', clause: '.' }).path, '/clause.json');
  });

  it('gives two clauses of the same title different URIs, each finding its own clause', () => {
    const name = { standard: 'ISO 19437:1985', clause: 'Note' };
    const a = clauseDocumentParts(urn, 'c1', name);
    const b = clauseDocumentParts(urn, 'c2', name);
    assert.equal(a.path, b.path);
    assert.notEqual(a.query, b.query);
    const idOf = (parts: typeof a): string | undefined => {
      const parsed = parseStandardsUri(parts);
      return parsed?.kind === 'clause' ? parsed.clauseId : undefined;
    };
    assert.deepEqual([a, b].map(idOf), ['c1', 'c2']);
  });

  it('round-trips URNs and clause ids holding "/", "|", "&", "=" or spaces through the query', () => {
    for (const [u, c] of [
      ['urn:iec:std:iec:60309-3/FRAG1:2022', 'a/b'],
      ['urn:xy:y|z&w=v', 'id with space&x=1'],
    ]) {
      const parsed = parseStandardsUri(clauseDocumentParts(u, c, 'Scope'));
      assert.ok(parsed?.kind === 'clause', `${u} ${c}`);
      assert.equal(parsed.urn, u);
      assert.equal(parsed.clauseId, c);
    }
  });

  it('still reads the earlier shape, /<urn>/<clauseId>/<label>.json, which restored editors hold', () => {
    const path = clauseDocumentPath(urn, clauseId, 'ISO 19437:1985 4.5 Marking');
    assert.deepEqual(parseStandardsUri({ path, query: '' }), { kind: 'clause', urn, clauseId, label: 'ISO 19437:1985 4.5 Marking.json', format: 'json' });
  });

  it('refuses a query naming no valid clause: no URN, a bad URN, a clause id of "..", broken percent-encoding, no extension', () => {
    const path = '/ISO 19437:1985/4.5 Marking.json';
    for (const query of [`clause=${clauseId}`, `urn=not-a-urn&clause=${clauseId}`, `urn=${urn}&clause=..`, `urn=${urn}&clause=%E0%A4%A`]) {
      assert.equal(parseStandardsUri({ path, query }), undefined, query);
    }
    assert.equal(parseStandardsUri({ path: '/ISO 19437:1985/4.5 Marking.txt', query: `urn=${urn}&clause=${clauseId}` }), undefined);
    assert.equal(parseStandardsUri({ path, query: '' }), undefined, 'names alone, unknown: nothing');
  });
});
