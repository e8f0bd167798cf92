/**
 * The one edit behind `standards-explorer fix` and the editor's Quick Fix (core/check/citationEdits.ts): the check's
 * findings against the fixture catalogue (real ISO and IEC records) become edits of the reference alone; a citation
 * naming a clause, one with no current edition and one whose text moved are left with why; the text keeps its byte
 * order mark and line breaks; the unified diff is what `diff -u` writes.
 */
import * as assert from 'node:assert/strict';
import { applyCitationEdits, citationEdits, unifiedDiff, type ClauseIn } from '../../src/core/check/citationEdits';
import { CitationChecker } from '../../src/core/check/checkText';
import { clauseInEdition } from '../../src/core/check/renumberedClause';
import type { Clause } from '../../src/core/service/types';
import { fixtureCatalogueIndex } from './fixtureCatalogue';

describe('citation edits: the fix of outdated citations', () => {
  let checker: CitationChecker;
  before(() => {
    checker = new CitationChecker(fixtureCatalogueIndex());
  });
  const fixed = (text: string) => {
    const found = citationEdits(text, checker.check(text, 'file.md'));
    return { ...found, text: applyCitationEdits(text, found.edits) };
  };

  it('rewrites the edition year, folds an old edition’s amendment into the new edition, keeps an adopting prefix and rewrites a URN', () => {
    const { text, edits, left } = fixed(
      'Per ISO 9001:2008 and ISO 14971:2000/Amd 1:2003.\nEN ISO 13485:2003, urn:iso:std:iso:26262:-6:stage-95.99 and IEC 61508-3:1998/COR1:1999.\n',
    );
    assert.equal(text, 'Per ISO 9001:2015 and ISO 14971:2019.\nEN ISO 13485:2016, urn:iso:std:iso:26262:-6:stage-90.93 and IEC 61508-3:2010.\n');
    assert.deepEqual(
      edits.map((e) => [e.line, e.start, e.cited, e.newText]),
      [
        [0, 4, 'ISO 9001:2008', 'ISO 9001:2015'],
        [0, 22, 'ISO 14971:2000/Amd 1:2003', 'ISO 14971:2019'],
        [1, 0, 'EN ISO 13485:2003', 'EN ISO 13485:2016'],
        [1, 19, 'urn:iso:std:iso:26262:-6:stage-95.99', 'urn:iso:std:iso:26262:-6:stage-90.93'],
        [1, 60, 'IEC 61508-3:1998/COR1:1999', 'IEC 61508-3:2010'],
      ],
    );
    assert.deepEqual(left, []);
  });

  it('leaves current editions, undated and unknown references alone', () => {
    const text = 'ISO 13485:2016, IEC 62304:2006+AMD1:2015, ISO 14971 and ISO 99999:2020.\n';
    assert.deepEqual(fixed(text), { edits: [], left: [], text });
  });

  it('leaves a citation that names a clause, annex, table or figure, saying why, and rewrites the others on its line', () => {
    const { text, left } = fixed('ISO 9001:2008, clause 7.1; Annex A of ISO 14971:2007; ISO 26262-6:2011 Table 3; ISO 9001:2008.\n');
    assert.equal(text, 'ISO 9001:2008, clause 7.1; Annex A of ISO 14971:2007; ISO 26262-6:2011 Table 3; ISO 9001:2015.\n');
    assert.deepEqual(
      left.map((l) => [l.line, l.column, l.cited, l.why]),
      [
        [1, 1, 'ISO 9001:2008', 'it names clause 7.1, which may be numbered differently in ISO 9001:2015: compare the editions and edit it by hand'],
        [1, 39, 'ISO 14971:2007', 'it names Annex A, which may be numbered differently in ISO 14971:2019: compare the editions and edit it by hand'],
        [1, 55, 'ISO 26262-6:2011', 'it names Table 3, which may be numbered differently in ISO 26262-6:2018: compare the editions and edit it by hand'],
      ],
    );
  });

  it('leaves an edition with nothing current to cite instead, and a finding whose text is no longer there', () => {
    const text = 'Per ISO 9001:2008.\n';
    const [finding] = checker.check(text, 'file.md');
    const { edits, left } = citationEdits(text, [
      { ...finding, fix: undefined },
      { ...finding, line: 1, column: 2 },
    ]);
    assert.deepEqual(edits, []);
    assert.deepEqual(
      left.map((l) => l.why),
      ['the text there is no longer what was checked: check again', 'the catalogue has no current edition to cite instead: choose what replaces it'],
    );
  });

  it('carries a locator into the new edition where the clause lists tell: renumbered, unchanged, before or after the reference', () => {
    const text = 'See ISO 9001:2008, 7.1 and clause 4 of ISO 9001:2008; Annex A of ISO 14971:2007; ISO 9001:2008 §7.1.\nISO 9001:2008 clauses 7.1 and 4.\n';
    const places: Record<string, string> = { '7.1': '8.5', '4': '4', A: 'B' };
    const clauseIn: ClauseIn = (_finding, locator) => places[locator.value];
    const { edits, left } = citationEdits(text, checker.check(text, 'file.md'), clauseIn);
    assert.equal(
      applyCitationEdits(text, edits),
      'See ISO 9001:2015, 8.5 and clause 4 of ISO 9001:2015; Annex B of ISO 14971:2019; ISO 9001:2015 §8.5.\nISO 9001:2008 clauses 7.1 and 4.\n',
    );
    // Two parts named: left, whatever the lists say.
    assert.deepEqual(
      left.map((l) => [l.line, l.why]),
      [[2, 'it names clause 7.1, clause 4, which may be numbered differently in ISO 9001:2015: compare the editions and edit it by hand']],
    );
    // Told nothing: left as without clause lists.
    const untold = citationEdits(text, checker.check(text, 'file.md'), () => undefined);
    assert.equal(untold.edits.length, 0);
    assert.equal(untold.left.length, 5);
  });

  it('finds a clause in the other edition by its title, given once in each, and a named section by its name; nothing less certain', () => {
    const clause = (number: string | undefined, title: string, types = ['corext:Clause']): Clause => ({
      id: `x/${number ?? title}`,
      clauseId: number ?? title,
      types,
      title,
      ...(number ? { number } : {}),
      raw: {},
    });
    const old = [
      clause('1', 'Scope', ['corext:Scope']),
      clause('4', 'Leadership'),
      clause('5', 'Planning'),
      clause('6', 'Precision'),
      clause('6.1', 'Precision'),
      clause('7', 'Support'),
      clause('A', 'Test data', ['corext:Annex']),
    ];
    const current = [
      clause('1', 'Scope', ['corext:Scope']),
      clause('5', 'Planning'),
      clause('12', 'Leadership'),
      clause('8', 'Support'),
      clause('9', 'Support'),
      clause('Annex C', 'Test data', ['corext:Annex']),
    ];
    const at = (kind: 'clause' | 'annex' | 'section', value: string) => clauseInEdition(old, current, { kind, value });
    assert.equal(at('clause', '4'), '12', 'renumbered');
    assert.equal(at('clause', '5'), '5', 'the same number and title');
    assert.equal(at('annex', 'A'), 'C', 'an annex, its number as a locator writes it');
    assert.equal(at('section', 'Scope'), 'Scope');
    assert.equal(at('clause', '6'), undefined, 'a title given twice in the cited edition');
    assert.equal(at('clause', '7'), undefined, 'a title given twice in the current edition');
    assert.equal(at('clause', '4.2'), undefined, 'not in the cited edition’s list (only its parent is)');
    assert.equal(at('clause', '1'), '1', 'clause 1, the Scope in both');
  });

  it('keeps a byte order mark, CRLF and LF line breaks and a last line without a break', () => {
    const text = '\uFEFFIEC 61508-3:1998 here.\r\nNothing.\nAnd ISO/IEC 27001:2013/Cor 2:2015\r\n\r\nEnd ISO 9001:2008';
    assert.equal(fixed(text).text, '\uFEFFIEC 61508-3:2010 here.\r\nNothing.\nAnd ISO/IEC 27001:2022\r\n\r\nEnd ISO 9001:2015');
  });

  it('gives the Quick Fix’s edit from the citation’s line alone, as from the whole text', () => {
    const text = 'Intro.\nSee ISO 14971:2000/Amd 1:2003 and ISO 9001:2008, 7.1.\n';
    const findings = checker.check(text, 'file.md');
    const whole = citationEdits(text, findings);
    const line = text.split('\n')[1];
    const alone = citationEdits(
      line,
      findings.map((f) => ({ ...f, line: 1 })),
    );
    assert.deepEqual(
      alone.edits,
      whole.edits.map((e) => ({ ...e, line: 0 })),
    );
    assert.deepEqual(
      alone.left.map((l) => l.why),
      whole.left.map((l) => l.why),
    );
  });

  it('writes a unified diff as diff -u does: three lines of context, hunks merged, CR kept, a missing last line break said', () => {
    const before = ['a', 'b', 'ISO 9001:2008\r', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'ISO 9001:2008'].join('\n');
    const after = applyCitationEdits(before, citationEdits(before, checker.check(before, 'f')).edits);
    assert.equal(
      unifiedDiff('docs/x.md', before, after),
      [
        '--- a/docs/x.md',
        '+++ b/docs/x.md',
        '@@ -1,6 +1,6 @@',
        ' a',
        ' b',
        '-ISO 9001:2008\r',
        '+ISO 9001:2015\r',
        ' c',
        ' d',
        ' e',
        '@@ -10,4 +10,4 @@',
        ' i',
        ' j',
        ' k',
        '-ISO 9001:2008',
        '\\ No newline at end of file',
        '+ISO 9001:2015',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
    assert.equal(unifiedDiff('same', before, before), '');
  });
});
