import * as assert from 'node:assert/strict';
import { groupReferences, toCsv, toMarkdown, type Occurrence } from '../../src/core/citations/referenceReport';

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

  it('groups standard → clause (whole standard first, natural order) → file and line, with counts', () => {
    const groups = groupReferences(occurrences);
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

  it('writes RFC 4180 CSV, with formula-looking cells defused', () => {
    const csv = toCsv(groupReferences([...occurrences, occurrence('ISO 1:2000', '', 'a,b.md', 7, '=HYPERLINK("http://x") "q"')]));
    const lines = csv.split('\r\n');
    assert.equal(lines[0], 'Standard,Clause,File,Line,Text,Status');
    assert.equal(lines[1], 'IEC 62304:2006,clause 5.1,docs/x.md,2,IEC 62304:2006 §5.1,Withdrawn — replaced by X');
    assert.ok(lines.includes(`ISO 1:2000,,"a,b.md",7,"'=HYPERLINK(""http://x"") ""q""",Current`), csv);
    assert.equal(lines.at(-1), '');
  });

  it('writes a Markdown table that no cell can break', () => {
    const md = toMarkdown(groupReferences([occurrence('ISO 1:2000', '', 'x.md', 1, 'a | b [l](javascript:x) <i>\nnext')]));
    assert.match(
      md,
      /^# Standards references\n\n1 standards, 1 references\.\n\n\| Standard \| Clause \| File \| Line \| Text \| Status \|\n\|---\|---\|---\|---\|---\|---\|\n/,
    );
    assert.ok(md.includes('| ISO 1:2000 |  | x.md | 1 | a \\| b \\[l\\](javascript:x) \\<i\\> next | Current |'), md);
  });
});
