import * as assert from 'node:assert/strict';
import { clauseDocumentPath, parseStandardsPath, safeFileName } from '../../src/extension/documents/standardsUri';
import { realSample } from './realSample';

describe('standards: URIs', () => {
  it('round-trips a clause document path', () => {
    const path = clauseDocumentPath('urn:iso:std:iso:9001:ed-5', 'e2218368-75de-453d-a6a5-e65e70c1c359', 'ISO 9001:2015 1 Scope');
    assert.equal(path, '/urn:iso:std:iso:9001:ed-5/e2218368-75de-453d-a6a5-e65e70c1c359/ISO 9001:2015 1 Scope.json');
    assert.deepEqual(parseStandardsPath(path), {
      kind: 'clause',
      urn: 'urn:iso:std:iso:9001:ed-5',
      clauseId: 'e2218368-75de-453d-a6a5-e65e70c1c359',
      label: 'ISO 9001:2015 1 Scope.json',
      format: 'json',
    });
  });

  it('reads the Markdown form of a clause document (.md)', () => {
    const path = clauseDocumentPath('urn:iso:std:iso:9001:ed-5', 'c1', 'ISO 9001:2015 1 Scope', 'markdown');
    assert.equal(path, '/urn:iso:std:iso:9001:ed-5/c1/ISO 9001:2015 1 Scope.md');
    assert.deepEqual(parseStandardsPath(path), {
      kind: 'clause',
      urn: 'urn:iso:std:iso:9001:ed-5',
      clauseId: 'c1',
      label: 'ISO 9001:2015 1 Scope.md',
      format: 'markdown',
    });
    assert.equal(parseStandardsPath('/urn:iso:std:iso:1/c1/.md'), undefined);
    assert.equal(parseStandardsPath('/urn:iso:std:iso:1/c1/x.txt'), undefined);
  });

  it('round-trips every real URN and odd clause ids, each as one segment', () => {
    const ids = ['e2218368-75de-453d-a6a5-e65e70c1c359', 'a/b', 'a b', '%2F', '...', 'x?y#z'];
    realSample().forEach(({ urn }, i) => {
      const clauseId = ids[i % ids.length];
      const path = clauseDocumentPath(urn, clauseId, 'IEC 60309-3/FRAG1 1 Scope');
      assert.equal(path.split('/').length, 4, path);
      assert.deepEqual(parseStandardsPath(path), { kind: 'clause', urn, clauseId, label: 'IEC 60309-3-FRAG1 1 Scope.json', format: 'json' });
    });
  });

  it('keeps bidirectional controls out of the label', () => {
    assert.equal(safeFileName('Scope \u202Eevil\u202C.exe'), 'Scope evil.exe');
  });

  it('reads folder paths', () => {
    assert.deepEqual(parseStandardsPath('/'), { kind: 'root' });
    assert.deepEqual(parseStandardsPath('/urn:iso:std:iso:1'), { kind: 'standard', urn: 'urn:iso:std:iso:1' });
    assert.deepEqual(parseStandardsPath('/urn:iso:std:iso:1/abc/'), { kind: 'clauseFolder', urn: 'urn:iso:std:iso:1', clauseId: 'abc' });
  });

  it('refuses anything else', () => {
    for (const path of [
      '/not-a-urn',
      '/urn:iso:std:iso:1/../x.json',
      '/urn:iso:std:iso:1/a/b/c.json',
      '/urn:iso:std:iso:1/a/b.txt',
      '/urn:iso:std:iso:1/%2e%2e/b.json',
      '/urn:iso:std:iso:1/a/.json',
      '/urn:iso:std:iso:1/%E0%A4%A/b.json',
      '/urn%3Aiso%3A%0A/a/b.json',
    ]) {
      assert.equal(parseStandardsPath(path), undefined, path);
    }
  });

  it('makes labels safe as one segment', () => {
    assert.equal(safeFileName('a/b\\c\u0000 d'), 'a-b-c d');
    assert.equal(safeFileName('   '), 'clause');
    assert.equal(safeFileName('x'.repeat(300)).length, 120);
  });
});
