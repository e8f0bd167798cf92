/**
 * The language server's re-check after an edit (src/cli/lsp/lineFindings.ts: only the lines whose text is new are
 * checked) gives the whole check's findings, finding for finding, over random documents and random edits — typed
 * characters, pasted citations, locators, URLs, URNs and line breaks (CR LF too) inserted and deleted anywhere.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { CatalogueIndex, type IndexEntry } from '../../src/core/catalogue/catalogueIndex';
import { CitationChecker } from '../../src/core/check/checkText';
import { LineFindings } from '../../src/cli/lsp/lineFindings';

const REPO = path.resolve(__dirname, '../../..');

const PIECES = [
  'ISO 14971:2007',
  'ISO 14971:2019',
  'ISO 9001:2008',
  'ISO 9001',
  'IEC 62304:2006',
  'IEC 62304:2006/Amd 1:2015',
  'ISO 13485:1996',
  'BS EN ISO 13485:2016',
  'ISO 99999:2020',
  'IEC62304',
  'iso 9001',
  ', clause 4.1',
  ' 7.2.1',
  ', 5.1',
  'clause 5 of ',
  ' and 6.2',
  ', Annex A',
  ' §7.3',
  ' of ',
  'https://example.com/ISO 9001:2008',
  'urn:iso:std:iso:13485:stage-95.99',
  '"urn:iso:std:iso:9001:ed-4"',
  '\n',
  '\n',
  '\r\n',
  ' ',
  ', ',
  '(',
  ')',
  '.',
  ':',
  '-',
  '2015',
  'x',
];

describe('language server: re-checking the changed lines only', () => {
  const entries = fs
    .readFileSync(path.join(REPO, 'test/fixtures/cli/catalogue.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, position): IndexEntry => {
      const record = JSON.parse(line) as { urn: string; reference?: string; title: string; status: string };
      return { position, urn: record.urn, title: record.title, status: record.status, ...(record.reference ? { reference: record.reference } : {}) };
    });
  const index = CatalogueIndex.of(entries);
  const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((pieces) => pieces.join(''));
  const edit = fc.record({
    at: fc.nat(),
    removed: fc.nat({ max: 6 }),
    inserted: fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 2 }), fc.constant('')),
  });

  it('gives the findings of the whole check after every edit', () => {
    fc.assert(
      fc.property(text, fc.array(edit, { minLength: 1, maxLength: 12 }), (start, edits) => {
        const shared = new CitationChecker(index);
        const lines = new LineFindings((t, uri) => shared.check(t, uri));
        let now = start;
        assert.deepEqual(lines.findings(now, 'doc.md'), new CitationChecker(index).check(now, 'doc.md'));
        for (const { at, removed, inserted } of edits) {
          const from = at % (now.length + 1);
          now = now.slice(0, from) + inserted + now.slice(Math.min(now.length, from + removed));
          assert.deepEqual(lines.findings(now, 'doc.md'), new CitationChecker(index).check(now, 'doc.md'), JSON.stringify(now));
        }
      }),
      { numRuns: 300, seed: 55 },
    );
  });

  it('re-checks a long document line by line, and the whole document when most of it is new', () => {
    const checked: number[] = [];
    const shared = new CitationChecker(index);
    const lines = new LineFindings((t, uri) => {
      checked.push(t.length);
      return shared.check(t, uri);
    });
    const long = Array.from({ length: 400 }, (_, i) => (i % 10 ? `line ${i}` : `Follows ISO 9001:2008, clause ${i}.`)).join('\n');
    const first = lines.findings(long, 'doc.md');
    assert.equal(first.length, 40);
    assert.deepEqual(checked, [long.length]);
    // A line typed in at the top: one line checked, the rest moved down.
    const typed = `ISO 14971:2007\n${long}`;
    assert.deepEqual(lines.findings(typed, 'doc.md'), new CitationChecker(index).check(typed, 'doc.md'));
    assert.deepEqual(checked.slice(1), ['ISO 14971:2007'.length]);
    // Everything replaced: one pass over the whole text.
    const replaced = long.replace(/line/g, 'row');
    assert.deepEqual(lines.findings(replaced, 'doc.md'), new CitationChecker(index).check(replaced, 'doc.md'));
    assert.equal(checked[checked.length - 1], replaced.length);
  });
});
