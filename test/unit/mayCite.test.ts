import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as recognise from '../../src/core/citations/recognise';
import { findJustifications } from '../../src/core/compliance/justifications';
import { mayCite } from '../../src/core/scan/mayCite';
import { textCitations } from '../../src/core/scan/textCitations';

const BASE = 'http://127.0.0.1:4711/preprod';
const REPO = path.resolve(__dirname, '../../..');

/** Every text file under `dir` (this repository's own: docs, tests and their fixtures cite standards in every form). */
function textsUnder(dir: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath ?? dir, entry.name);
    if (entry.isFile() && /\.(?:md|ts|txt|json|jsonl|adoc|rst|html|xml|c|py)$/.test(entry.name) && fs.statSync(file).size < 2_000_000)
      found.push([path.relative(REPO, file), fs.readFileSync(file, 'utf8')]);
  }
  return found;
}

describe('References scan: the prefilter (a file that cannot cite is not recognised)', () => {
  it('lets through every form a citation takes: a publisher word, a URN, the service address, a not-applicable mark', () => {
    assert.equal(mayCite('per IEC 62304:2006 §5.1', undefined), true);
    assert.equal(mayCite('see iso9001', undefined), true);
    assert.equal(mayCite('"urn:iso:std:iso:9001:ed-5:v1:en"', undefined), true);
    assert.equal(mayCite(`${BASE}/v1/standards/x/clauses/5`, BASE), true);
    assert.equal(mayCite('// Standards: Not-Applicable', undefined), true);
    assert.equal(mayCite('const total = items.reduce((sum, x) => sum + x.price, 0); // https://example.com/a', BASE), false);
  });

  it('never drops a file the recogniser finds something in (this repository’s docs and tests)', () => {
    const texts = [...textsUnder(path.join(REPO, 'docs')), ...textsUnder(path.join(REPO, 'test'))];
    let citing = 0;
    for (const [file, text] of texts) {
      const found = recognise.findCitations(text, { serviceBaseUrl: BASE }).length > 0 || findJustifications(text, file).problems.length > 0;
      if (!found) continue;
      citing++;
      assert.ok(mayCite(text, BASE), `${file} cites, but the prefilter would skip it`);
    }
    assert.ok(citing > 50, `only ${citing} citing files: the corpus is not what this test reads`);
  });

  it('a file with no publisher word, URN, address or mark is answered without running the recogniser', () => {
    const original = recognise.findCitations;
    let calls = 0;
    // The scan calls the recogniser through its module: counted here.
    (recognise as { findCitations: typeof original }).findCitations = (...args) => {
      calls++;
      return original(...args);
    };
    try {
      const code =
        'export function total(items: Item[]): number {\n  return items.reduce((sum, x) => sum + x.price, 0); // https://example.com/pricing\n}\n'.repeat(200);
      assert.equal(textCitations(code, 'src/total.ts', BASE), undefined);
      assert.equal(calls, 0, 'the recogniser ran over a file that cannot cite');
      assert.ok(textCitations(`${code}// ISO 9001:2015 7.5\n`, 'src/total.ts', BASE)?.citations.length === 1);
      assert.equal(calls, 1);
    } finally {
      (recognise as { findCitations: typeof original }).findCitations = original;
    }
  });
});
