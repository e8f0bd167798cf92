import * as assert from 'node:assert/strict';
import { notReadNotes } from '../../src/core/scan/fileBytes';
import {
  groupReferences,
  StandardsTally,
  summariseStandards,
  toCsv,
  toMarkdown,
  type Occurrence,
  type StandardGroup,
} from '../../src/core/citations/referenceReport';

function occurrence(standard: string, clause: string, file: string, line: number, text = `${standard} ${clause}`.trim(), outdated = false): Occurrence {
  return {
    standard,
    clause,
    file,
    line,
    text,
    urn: `urn:x:std:${standard}`,
    position: 0,
    title: 'T',
    status: outdated ? 'Withdrawn — replaced by X' : 'Current',
    outdated,
  };
}

describe('Citations: the references matrix', () => {
  const occurrences = [
    occurrence('ISO 9001:2015', 'clause 10.1', 'src/b.ts', 4),
    occurrence('ISO 9001:2015', 'clause 2', 'src/a.ts', 9),
    occurrence('ISO 9001:2015', '', 'README.md', 1),
    occurrence('ISO 9001:2015', 'clause 2', 'src/a.ts', 3),
    occurrence('IEC 62304:2006', 'clause 5.1', 'docs/x.md', 2, 'IEC 62304:2006 §5.1', true),
  ];

  it('groups standard → clause (whole standard first, natural order) → file and line, with counts', async () => {
    const groups = await groupReferences(occurrences);
    assert.deepEqual(
      groups.map((g) => [g.standard, g.count, g.outdated]),
      [
        ['IEC 62304:2006', 1, true],
        ['ISO 9001:2015', 4, false],
      ],
    );
    assert.deepEqual(
      groups[1].clauses.map((c) => [c.clause, c.occurrences.map((o) => `${o.file}:${o.line}`)]),
      [
        ['', ['README.md:1']],
        ['clause 2', ['src/a.ts:3', 'src/a.ts:9']],
        ['clause 10.1', ['src/b.ts:4']],
      ],
    );
  });

  /**
   * What the grouping is to give, written as plainly as possible: groups by standard and URN, clauses by label, then
   * standards, clauses (whole standard first) and occurrences (file, then line) each sorted, stable, in natural order.
   */
  function plainGrouping(all: readonly Occurrence[]): StandardGroup[] {
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const groups: StandardGroup[] = [];
    for (const o of all) {
      let group = groups.find((g) => g.standard === o.standard && g.urn === o.urn);
      if (!group) {
        group = { standard: o.standard, urn: o.urn, position: o.position, title: o.title, status: o.status, outdated: o.outdated, count: 0, clauses: [] };
        groups.push(group);
      }
      group.count++;
      let clause = group.clauses.find((c) => c.clause === o.clause);
      if (!clause) group.clauses.push((clause = { clause: o.clause, occurrences: [] }));
      clause.occurrences.push(o);
    }
    groups.sort((a, b) => collator.compare(a.standard, b.standard));
    for (const group of groups) {
      group.clauses.sort((a, b) => (a.clause === '' ? -1 : b.clause === '' ? 1 : collator.compare(a.clause, b.clause)));
      for (const clause of group.clauses) clause.occurrences.sort((a, b) => collator.compare(a.file, b.file) || a.line - b.line);
    }
    return groups;
  }

  it('orders thousands of occurrences as a plain sort by file and line does, in steps when paced', async () => {
    // Files, standards and clauses whose names compare equal in natural order ("A.md", "a.md"), numbers in names, lines not in order, files
    // interleaved, two citations on one line: 12 000 occurrences.
    const files = ['z/ü.md', 'docs/a.md', 'src/file2.ts', 'src/file10.ts', 'src/File1.ts', 'README.md', 'docs/A.md', 'z/u.md'];
    const standards = ['ISO 9001:2015', 'ISO 9001:2008', 'iso 9001:2015', 'IEC 62304:2006', 'ISO 14971:2019', 'ISO 2:2000', 'ISO 10:2000'];
    const clauses = ['', 'clause 2', 'Clause 2', 'clause 10.1', 'clause 4.2.1', 'Annex A', 'Scope'];
    const many = Array.from({ length: 12_000 }, (_, k) =>
      occurrence(standards[(k * 3) % standards.length], clauses[(k * 11) % clauses.length], files[(k * 5) % files.length], 1 + ((k * 7919) % 500)),
    );
    const expected = plainGrouping(many);
    assert.deepEqual(await groupReferences(many), expected);
    let rests = 0;
    const paced = await groupReferences(many, async () => {
      rests++;
    });
    assert.deepEqual(paced, expected);
    assert.ok(rests >= 3, `rested ${rests} times`);
    assert.deepEqual(await groupReferences(occurrences), plainGrouping(occurrences));
    // Given first in a file that sorts last: names held equal keep the order they were given in.
    const tie = [
      occurrence('ISO 1:2000', 'Clause 2', 'z.md', 1),
      occurrence('iso 1:2000', 'clause 2', 'a.md', 1),
      occurrence('ISO 1:2000', 'clause 2', 'a.md', 2),
    ];
    assert.deepEqual(await groupReferences(tie), plainGrouping(tie));
  });

  it("counts the standards as the grouping does, in its order, and a standard's occurrences alone group into its clauses", async () => {
    // The References view's first level (summariseStandards, no occurrence made per citation) and an opened standard
    // (its occurrences alone, grouped): together, what grouping them all gives.
    const files = ['z/ü.md', 'docs/a.md', 'src/file2.ts', 'src/file10.ts', 'README.md', 'docs/A.md'];
    const standards = ['ISO 9001:2015', 'ISO 9001:2008', 'iso 9001:2015', 'IEC 62304:2006', 'ISO 2:2000', 'ISO 10:2000'];
    const clauses = ['', 'clause 2', 'Clause 2', 'clause 10.1', 'Annex A'];
    const many = Array.from({ length: 9_000 }, (_, k) =>
      occurrence(standards[(k * 5) % standards.length], clauses[(k * 3) % clauses.length], files[(k * 7) % files.length], 1 + ((k * 7919) % 400)),
    );
    // The same reference under another URN is another standard.
    many.push({ ...occurrence('ISO 2:2000', 'clause 2', 'a.md', 3), urn: 'urn:x:std:other' });
    for (const all of [many, occurrences]) {
      const grouped = await groupReferences(all);
      let rests = 0;
      const summaries = await summariseStandards(all, async () => {
        rests++;
      });
      assert.deepEqual(
        summaries,
        grouped.map(({ clauses: _clauses, ...summary }) => summary),
      );
      if (all === many) assert.ok(rests >= 2, `rested ${rests} times`);
      for (const summary of summaries) {
        const alone = await groupReferences(all.filter((o) => o.standard === summary.standard && o.urn === summary.urn));
        assert.deepEqual(alone, [grouped.find((g) => g.standard === summary.standard && g.urn === summary.urn)]);
      }
    }
    // Names held equal in natural order keep the order they were first given in, as the grouping keeps them.
    const tie = [occurrence('ISO 1:2000', 'Clause 2', 'z.md', 1), occurrence('iso 1:2000', 'clause 2', 'a.md', 1), occurrence('ISO 1:2000', '', 'a.md', 2)];
    assert.deepEqual(
      (await summariseStandards(tie)).map((s) => [s.standard, s.count]),
      [
        ['ISO 1:2000', 2],
        ['iso 1:2000', 1],
      ],
    );
  });

  it('a tally given the occurrences one at a time counts as summariseStandards does, and keeps the places of each standard and of each URN', async () => {
    const standards = ['ISO 9001:2015', 'ISO 10:2000', 'iso 9001:2015', 'ISO 2:2000', 'ISO 9001:2015'];
    const urns = ['urn:a', 'urn:b', 'urn:c', 'urn:d', 'urn:other'];
    const all = Array.from({ length: 5_000 }, (_, k) => ({ ...occurrence(standards[(k * 3) % 5], 'clause 2', 'a.md', k + 1), urn: urns[(k * 3) % 5] }));
    // Two references resolved to one record: one URN under two standards.
    all.push({ ...occurrence('ISO 9001 2015', '', 'b.md', 1), urn: 'urn:a' });
    const tally = new StandardsTally();
    all.forEach((o, k) => tally.add(o, k >> 4, k & 15));
    assert.deepEqual(tally.summaries(), await summariseStandards(all));
    const placesOf = (keep: (o: Occurrence) => boolean): number[] => all.flatMap((o, k) => (keep(o) ? [k >> 4, k & 15] : []));
    assert.deepEqual(
      tally.placesOf('urn:a', 'ISO 9001:2015'),
      placesOf((o) => o.urn === 'urn:a' && o.standard === 'ISO 9001:2015'),
    );
    assert.deepEqual(
      tally.placesOf('urn:a'),
      placesOf((o) => o.urn === 'urn:a'),
      'both standards of the URN, in the order given',
    );
    assert.deepEqual(tally.placesOf('urn:none'), []);
  });

  it('writes RFC 4180 CSV, with formula-looking cells defused', async () => {
    const csv = toCsv(await groupReferences([...occurrences, occurrence('ISO 1:2000', '', 'a,b.md', 7, '=HYPERLINK("http://x") "q"')]));
    const lines = csv.split('\r\n');
    assert.equal(lines[0], 'Standard,Clause,File,Line,Text,Status');
    assert.equal(lines[1], 'IEC 62304:2006,clause 5.1,docs/x.md,2,IEC 62304:2006 §5.1,Withdrawn — replaced by X');
    assert.ok(lines.includes(`ISO 1:2000,,"a,b.md",7,"'=HYPERLINK(""http://x"") ""q""",Current`), csv);
    assert.equal(lines.at(-1), '');
  });

  it('says in a Markdown report how many files were not read, and why, below its count', async () => {
    const groups = await groupReferences([occurrence('ISO 1:2000', '', 'x.md', 1, 'ISO 1:2000')]);
    const md = toMarkdown(groups, notReadNotes({ 'too-large': 2, binary: 1 }));
    assert.match(md, / references\.\n\n2 files over 2 MB were not read: their references are missing here\.\n\n1 binary file was not read\.\n\n\| Standard/);
    assert.doesNotMatch(toMarkdown(groups), /(?:was|were) not read/, 'nothing said when every file was read');
  });

  it('writes a Markdown table that no cell can break', async () => {
    const md = toMarkdown(await groupReferences([occurrence('ISO 1:2000', '', 'x.md', 1, 'a | b [l](javascript:x) <i>\nnext')]));
    assert.match(
      md,
      /^<!-- Generated by Standards Explorer[^\n]*-->\n# Standards references\n\n1 standards, 1 references\.\n\n\| Standard \| Clause \| File \| Line \| Text \| Status \|\n\|---\|---\|---\|---\|---\|---\|\n/,
    );
    assert.ok(md.includes('| ISO 1:2000 |  | x.md | 1 | a \\| b \\[l\\](javascript:x) \\<i\\> next | Current |'), md);
  });
});
