import * as assert from 'node:assert/strict';
import type { Block, ClauseDocument, Row } from '../../src/core/document/index';
import { cutLongTables, tablesOf } from '../../src/core/document/longTables';

const rows = (count: number, name: string): Row[] => Array.from({ length: count }, (_, i) => [{ header: false, blocks: false, content: [`${name} ${i}`] }]);
const table = (name: string, count: number, notes: Block[] = []): Block => ({
  kind: 'table',
  caption: [name],
  head: [],
  body: rows(count, name),
  foot: [],
  notes,
});

/** Tables at the top, in a section, under a table's note, in a list item and in a footnote. */
function documentWithTables(): ClauseDocument {
  return {
    title: 'Annex A',
    blocks: [
      table('first', 3),
      {
        kind: 'section',
        title: ['A.1'],
        children: [
          table('long', 2500, [{ kind: 'note', label: 'NOTE', children: [table('in a note', 1200)] }]),
          { kind: 'list', ordered: false, items: [{ blocks: [table('in a list', 10)] }] },
        ],
      },
    ],
    footnotes: [{ marker: '1', blocks: [table('in a footnote', 1001)] }],
  };
}

const captions = (document: ClauseDocument): string[] => tablesOf(document).map((t) => String(t.caption[0]));

describe('long tables (what the clause page is sent of them first)', () => {
  it('finds every table in document order, footnotes last', () => {
    assert.deepEqual(captions(documentWithTables()), ['first', 'long', 'in a note', 'in a list', 'in a footnote']);
  });

  it('cuts tables longer than the rows shown, keeping their whole bodies by place', () => {
    const document = documentWithTables();
    const whole = tablesOf(document).map((t) => t.body);
    const { cut, bodies } = cutLongTables(document, 1000);
    assert.deepEqual(cut, [
      { table: 1, total: 2500 },
      { table: 2, total: 1200 },
      { table: 4, total: 1001 },
    ]);
    assert.deepEqual(
      tablesOf(document).map((t) => t.body.length),
      [3, 1000, 1000, 10, 1000],
    );
    assert.equal(bodies.get(1), whole[1], 'the whole body, not a copy');
    assert.equal(bodies.get(1)?.length, 2500);
    assert.deepEqual(tablesOf(document)[1].body.at(-1), whole[1][999], 'the first rows, in order');
    assert.equal(bodies.has(0), false, 'short tables are left whole');
    // The page finds the same tables at the same places in the cut document (the clone it receives).
    assert.deepEqual(captions(structuredClone(document)), captions(documentWithTables()));
  });

  it('cuts nothing when no table is longer', () => {
    const document = documentWithTables();
    assert.deepEqual(cutLongTables(document, 5000).cut, []);
    assert.equal(tablesOf(document)[1].body.length, 2500);
  });
});
