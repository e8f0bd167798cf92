/**
 * The peer bench (bench/peers.ts, issue 57) at a tiny size: 2 000 real-catalogue records (the answers among them), 3 queries typed and 3 ranking
 * queries judged. Every contender is built and searched in one run, and the table it prints has a row for each with a
 * number in every column; the ranking columns count the queries judged.
 */
import * as assert from 'node:assert/strict';
import { CONTENDERS, type Contender } from '../../bench/peerContenders';
import type { IndexEntry } from '../../src/core/catalogue/catalogueIndex';
import { measurePeers, rankingQueries } from '../../bench/peers';
import { markdownTable, peersSection, winners } from '../../bench/peerTable';
import { realCatalogueEntries } from './realCatalogue';

describe('peer bench (issue 57)', function () {
  this.timeout(30_000);

  it('measures every contender over the same records and tables each with numbers', async () => {
    // The records of the three queries' answers, and the catalogue's first records up to 2 000.
    const real = realCatalogueEntries();
    const answers = real.filter((e) => /^ISO (9001|8601)\b/.test(e.reference ?? ''));
    const entries = [...answers, ...real.slice(0, 2_000 - answers.length)].map((e, position) => ({ ...e, position }));
    // Each query's first judge ("9001" is judged twice: as a number query and as one with companions).
    const ranking = ['quality management', '9001', 'ISO 8601'].map((query) => rankingQueries().find((q) => q.query === query)!);
    assert.equal(ranking.length, 3);
    const [table] = await measurePeers([{ name: 'tiny', entries, ranked: true }], { queries: ['9001', 'iso 9', 'quality'], ranking });
    assert.deepEqual(
      table.rows.map((r) => r.contender),
      ['ours', 'MiniSearch', 'FlexSearch', 'uFuzzy', 'Orama'],
    );
    const lines = markdownTable(table).split('\n');
    assert.match(
      lines[0],
      /^\| contender \| build ms \| build CPU ms \| heap MB \| keystroke p50 ms \| keystroke p95 ms \| topic #1 \| topic top-5 \| number #1 \| number top-5 \|$/,
    );
    const rows = lines.slice(2);
    assert.equal(rows.length, CONTENDERS.length);
    for (const [i, contender] of CONTENDERS.entries()) {
      const cells = rows[i]
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      assert.equal(cells[0], `${contender.name} ${contender.version}`);
      for (const cell of cells.slice(1, 6)) assert.match(cell, /^-?\d+(\.\d+)?$/, `${contender.name}: ${rows[i]}`);
      // One topic query, two number queries judged.
      assert.match(cells[6], /^[01]\/1$/, rows[i]);
      assert.match(cells[8], /^[0-2]\/2$/, rows[i]);
    }
    // Ours finds both number queries' answers, as the ranking tests assert over the whole catalogue.
    assert.equal(rows[0].split('|')[9].trim(), '2/2');
    const section = peersSection({ date: '2026-11-28', cores: 2, node: 'v20', load: [1, 1], setups: { ours: 'x' }, tables: [table] });
    assert.ok(section.includes(`Best: ${winners(table)}.`));
    assert.match(winners(table), /^build time: .+; build CPU: .+; heap: .+; keystroke p50: .+; keystroke p95: .+; topic #1: .+; number top-5: .+$/);
  });

  it('keeps each contender within its time cap: typing stops at it, and a build predicted over it is skipped with a line saying so', async () => {
    const busy = (ms: number): void => {
      for (const until = performance.now() + ms; performance.now() < until;);
    };
    // A contender slower than the cap: a build of 1 ms a 100 records, a keystroke of 5 ms (its warm-up alone, 18
    // keystrokes, outlasts the cap: the timed typing still times one).
    const slow: Contender = {
      name: 'slow',
      version: '0',
      setup: 'busy-waits',
      build: (entries) => {
        busy(entries.length / 100);
        return Promise.resolve({ search: () => (busy(5), []) });
      },
    };
    const entries = (n: number): IndexEntry[] => Array.from({ length: n }, (_, position) => ({ position, urn: `urn:iso:std:iso:${position}`, title: 'T' }));
    const tables = await measurePeers(
      [
        { name: 'small', entries: entries(2_000), ranked: false },
        { name: 'large', entries: entries(40_000), ranked: false },
      ],
      { contenders: [slow], queries: ['quality management', 'robots safety'], capMs: 50 },
    );
    const [row] = tables[0].rows;
    assert.ok(
      row.keystrokesTyped !== undefined && row.keystrokesOf === 31 && row.keystrokesTyped >= 1 && row.keystrokesTyped < 31,
      `typed ${row.keystrokesTyped} of ${row.keystrokesOf}`,
    );
    assert.match(markdownTable(tables[0]), /\(\d+ of 31 keystrokes: time cap\)/);
    // 20 ms for 2 000 records predicts 400 ms for 40 000: over the cap, not built.
    assert.deepEqual(tables[1].rows, []);
    assert.match(tables[1].skipped?.[0] ?? '', /^slow: not measured, its build predicted at \d+ s \(over the cap of 0 s/);
    assert.match(peersSection({ date: 'd', cores: 2, node: 'v20', load: [1, 1], setups: {}, tables }), /slow: not measured/);
  });
});
