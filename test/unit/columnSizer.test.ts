import * as assert from 'node:assert/strict';
import { buildDocument, type Block, type Row } from '../../src/core/document/index';
import { columnSizer, type TextWidth } from '../../src/core/document/columnSizer';

/** A table's body rows as the document model reads them from a corext table. */
function rowsOf(body: unknown[][]): Row[] {
  const document = buildDocument({ '@type': 'corext:Annex', 'corext:content': [{ '@type': 'corext:Table', 'corext:body': body }] });
  const table = document.blocks.find((block): block is Extract<Block, { kind: 'table' }> => block.kind === 'table');
  assert.ok(table, 'no table in the model');
  return table.body;
}

/** A width by letter: W is twice as wide as the rest, i half as wide, as in a proportional font. */
const proportional: TextWidth = (text) => [...text].reduce((sum, c) => sum + (c === 'W' ? 2 : c === 'i' ? 0.5 : 1), 0);

describe('column sizer (the hidden rows of a long table)', () => {
  it('by column, the longest text of a cell and its longest word, from every row', () => {
    const rows = rowsOf([
      ['1', 'short', 'alpha beta'],
      ['999', 'a much longer text', 'gamma'],
      ['1000', 'mid length', 'an extraordinarily long word'],
    ]);
    const sizer = columnSizer(rows);
    assert.deepEqual(sizer.texts, ['1000', 'a much longer text', 'an extraordinarily long word']);
    assert.deepEqual(sizer.words, ['1000', 'longer', 'extraordinarily']);
  });

  it('the widest as measured, among texts near the longest in characters', () => {
    const rows = rowsOf([['iiiiiiiiii'], ['WWWWWWWW'], ['abc']]);
    // 10 narrow letters are 5 wide, 8 wide ones 16: the shorter text is the wider one.
    assert.deepEqual(columnSizer(rows, proportional).texts, ['WWWWWWWW']);
    assert.deepEqual(columnSizer(rows).texts, ['iiiiiiiiii']);
  });

  it('rows shown later widen what earlier rows gave, never narrow it', () => {
    const first = columnSizer(rowsOf([['12', 'long enough text']]));
    const merged = columnSizer(rowsOf([['12345', 'short']]), undefined, first);
    assert.equal(merged, first);
    assert.deepEqual(merged.texts, ['12345', 'long enough text']);
    assert.deepEqual(merged.words, ['12345', 'enough']);
  });

  it('rows with spanning cells do not count, since their texts are in no one column', () => {
    const rows = rowsOf([
      ['a', 'b', 'c'],
      [{ '@type': 'corext:Cell', 'corext:colspan': 2, 'corext:text': 'a text spanning two columns' }, 'd'],
    ]);
    const sizer = columnSizer(rows);
    assert.equal(rows[1].length, 2, 'the model did not read the spanning cell');
    assert.deepEqual(sizer.texts, ['a', 'b', 'c']);
  });
});
