/**
 * Coverage of a standard (src/core/compliance): the hierarchy, annexes normative and informative, justifications
 * written in files, and citations of clauses the edition does not have — over a clause list shaped as the service
 * gives one (IEC 62304's outline), and the exports read back.
 */
import * as assert from 'node:assert/strict';
import { findCitations, type Locator } from '../../src/core/citations/recognise';
import { computeCoverage, countsLine, coveredPercent, type CoverageInput } from '../../src/core/compliance/coverage';
import { formatCoverage } from '../../src/core/compliance/coverageFormats';
import { findJustifications } from '../../src/core/compliance/justifications';
import { annexObligations, configJustifications, coverageFromSources } from '../../src/core/compliance/coverageSources';
import { isGeneratedReport } from '../../src/core/generatedReports';
import { toCsv, toMarkdown } from '../../src/core/citations/referenceReport';
import { coverageOutline, type OutlineNode } from '../../src/core/compliance/coverageOutline';
import type { Clause } from '../../src/core/service/types';

const BASE = 'https://api.example.com/v1/standards/urn:iec:std:iec:62304/clauses/';

function clause(clauseId: string, number: string | undefined, title: string, types: string[], parent?: string): Clause {
  return { id: `${BASE}${clauseId}`, clauseId, number, title, types, ...(parent ? { parent: `${BASE}${parent}` } : {}), raw: {} };
}

const CLAUSES: Clause[] = [
  clause('foreword', undefined, 'Foreword', ['corext:Foreword']),
  clause('c1', '1', 'Scope', ['corext:Scope']),
  clause('c5', '5', 'Software development process', ['corext:Clause']),
  clause('c5-1', '5.1', 'Software development planning', ['corext:Clause'], 'c5'),
  clause('c5-1-1', '5.1.1', 'Software development plan', ['corext:Clause'], 'c5-1'),
  clause('c5-1-12', '5.1.12', 'Identification and avoidance of common software defects', ['corext:Clause'], 'c5-1'),
  clause('c5-2', '5.2', 'Software requirements analysis', ['corext:Clause'], 'c5'),
  clause('annexA', 'A', 'Rationale for the requirements of this standard', ['corext:Annex']),
  clause('annexB', 'B', 'Guidance on the provisions of this standard', ['corext:Annex']),
  clause('annexB-1', 'B.1', 'Software development process', ['corext:Clause'], 'annexB'),
  clause('bibliography', undefined, 'Bibliography', ['corext:Bibliography']),
];

const at = (file: string, line: number, cited: string, locator: Locator) => ({ file, line, cited, locator });

function input(): CoverageInput {
  return {
    standard: { urn: 'urn:iec:std:iec:62304', reference: 'IEC 62304:2006' },
    clauses: CLAUSES,
    citations: [
      at('src/plan.md', 3, 'IEC 62304:2006 5.1.1', { kind: 'clause', value: '5.1.1' }),
      at('src/scope.md', 1, 'IEC 62304:2006, clause 1', { kind: 'clause', value: '1' }),
      // 5.1.13 does not exist in this edition (renumbered in a later one).
      at('src/defects.c', 9, 'IEC 62304:2006 5.1.13', { kind: 'clause', value: '5.1.13' }),
    ],
    justifications: [{ ...at('docs/na.md', 4, 'IEC 62304:2006 5.1.12', { kind: 'clause', value: '5.1.12' }), reason: 'no SOUP in this product' }],
    obligations: new Map([['annexB', 'informative' as const]]),
  };
}

describe('coverage of a standard', () => {
  it('lists every normative clause in document order with its depth, status and places; informative ones left out', () => {
    const report = computeCoverage(input());
    assert.deepEqual(
      report.rows.map((r) => `${'.'.repeat(r.depth)}${r.label} ${r.status}${r.throughSubclauses ? ' (subclauses)' : ''}`),
      ['1 addressed', '5 open', '.5.1 addressed (subclauses)', '..5.1.1 addressed', '..5.1.12 notApplicable', '.5.2 open', 'A open'],
    );
    assert.equal(report.informativeLeftOut, 4, 'Foreword, Bibliography, the informative Annex B and its B.1');
    assert.deepEqual(report.rows[3].citedAt, [{ file: 'src/plan.md', line: 3, cited: 'IEC 62304:2006 5.1.1' }]);
    assert.equal(report.rows[4].justification?.reason, 'no SOUP in this product');
    assert.equal(countsLine(report), '3 of 7 clauses addressed, 1 not applicable, 3 open');
    assert.equal(Math.round(coveredPercent(report)), 57);
    const all = computeCoverage(input(), { normativeOnly: false });
    assert.equal(all.rows.length, CLAUSES.length);
    assert.equal(all.rows.find((r) => r.clauseId === 'annexB')?.obligation, 'informative');
    assert.equal(all.rows.find((r) => r.clauseId === 'annexB-1')?.obligation, 'informative', 'a subclause of an informative annex');
  });

  it('gathers what a host found: citations of other standards and the justification lines themselves do not address', async () => {
    const na = findJustifications('<!-- standards: not-applicable IEC 62304:2006 5.1.12 — no SOUP -->\nstandards: not-applicable IEC 62304:2006 5.2', 'na.md');
    const config = '{\n  "notApplicable": [\n    { "standard": "IEC 62304:2006", "clause": "5.2", "reason": "no requirements of our own" }\n  ]\n}\n';
    const fromConfig = configJustifications(
      [{ standard: 'IEC 62304:2006', clause: '5.2', reason: 'no requirements of our own' }],
      'standards.config.json',
      config,
    );
    assert.deepEqual(
      fromConfig.map((j) => [j.file, j.line, j.citation.locator.value]),
      [['standards.config.json', 3, '5.2']],
    );
    const urn = 'urn:iec:std:iec:62304';
    const report = coverageFromSources({
      standard: { urn, reference: 'IEC 62304:2006' },
      clauses: CLAUSES,
      citations: [
        { file: 'na.md', line: 1, cited: 'IEC 62304:2006 5.1.12', urn, locator: { kind: 'clause', value: '5.1.12' } },
        { file: 'na.md', line: 2, cited: 'IEC 62304:2006 5.2', urn, locator: { kind: 'clause', value: '5.2' } },
        {
          file: 'a.c',
          line: 7,
          cited: 'IEC 62304:2006 5.1.1 and Annex A',
          urn,
          locator: { kind: 'clause', value: '5.1.1' },
          locators: [
            { kind: 'clause', value: '5.1.1' },
            { kind: 'annex', value: 'A' },
          ],
        },
        { file: 'a.c', line: 8, cited: 'ISO 14971:2019 5.2', urn: 'urn:iso:std:iso:14971', locator: { kind: 'clause', value: '5.2' } },
      ],
      justifications: [...na.justifications, ...fromConfig].map((j) => ({ ...j, urn })),
      justificationProblems: na.problems,
    });
    const status = (label: string) => report.rows.find((r) => r.label === label)?.status;
    assert.equal(status('5.1.12'), 'notApplicable', 'the justification line does not also address its clause');
    assert.equal(status('5.1.1'), 'addressed');
    assert.equal(status('A'), 'addressed', 'every part a citation names');
    assert.equal(status('5.2'), 'notApplicable', 'justified in the config, the citation of another standard left out');
    assert.deepEqual(
      report.problems.map((p) => `${p.file}:${p.line}`),
      ['na.md:2'],
      'the line without a reason',
    );
    const asked: string[] = [];
    const obligations = await annexObligations(CLAUSES, async (clauseId) => {
      asked.push(clauseId);
      return clauseId === 'annexB' ? { 'corext:obligation': 'Informative' } : { obligation: 'normative' };
    });
    assert.deepEqual(asked, ['annexA', 'annexB'], 'only the annexes are read');
    assert.deepEqual(
      [...obligations],
      [
        ['annexA', 'normative'],
        ['annexB', 'informative'],
      ],
    );
  });

  it('outlines the rows as clauses with their subclauses, and keeps the path to every open clause when asked', () => {
    const report = computeCoverage(input(), { normativeOnly: false });
    const show = (nodes: OutlineNode[]): string[] => nodes.map((n) => (n.children.length ? `${n.row.label}(${show(n.children).join(' ')})` : n.row.label));
    assert.deepEqual(show(coverageOutline(report.rows)), ['Foreword', '1', '5(5.1(5.1.1 5.1.12) 5.2)', 'A', 'B(B.1)', 'Bibliography']);
    assert.deepEqual(show(coverageOutline(report.rows, { openOnly: true })), ['Foreword', '5(5.2)', 'A', 'B(B.1)', 'Bibliography']);
    assert.deepEqual(coverageOutline([]), []);
  });

  it('says when a cited or justified clause is not in the cited edition, never dropping it silently', () => {
    const report = computeCoverage(input());
    assert.deepEqual(report.problems, [
      {
        file: 'src/defects.c',
        line: 9,
        cited: 'IEC 62304:2006 5.1.13',
        why: 'IEC 62304:2006 has no clause 5.1.13: renumbered in this edition, or a typing error.',
      },
    ]);
  });

  it('reads justifications written in any file, and refuses one without a reason', () => {
    const text = [
      '// standards: not-applicable IEC 62304:2006+AMD1:2015 5.1.12 — no SOUP in this product',
      '<!-- standards: not-applicable ISO 14971:2019 Annex B: guidance only -->',
      '# standards: not-applicable IEC 62304:2006 5.8.8',
      'standards: not-applicable because reasons',
    ].join('\n');
    const { justifications, problems } = findJustifications(text, 'docs/na.md');
    assert.deepEqual(
      justifications.map((j) => [j.citation.text, j.citation.locator.value, j.reason, j.line]),
      [
        ['IEC 62304:2006+AMD1:2015 5.1.12', '5.1.12', 'no SOUP in this product', 1],
        ['ISO 14971:2019 Annex B', 'B', 'guidance only', 2],
      ],
    );
    assert.deepEqual(
      problems.map((p) => [p.line, p.why.slice(0, 60)]),
      [
        [3, 'IEC 62304:2006 5.8.8 is marked not applicable without a reas'],
        [4, 'a "standards: not-applicable" line names a standard and one '],
      ],
    );
    // Not a citation of the clause as well: the recogniser still sees the reference, coverage counts it once.
    assert.ok(findCitations(text).length >= 2);
  });

  it('exports the mapping table as Markdown, CSV, HTML and JSON, in document order', () => {
    const report = computeCoverage(input());
    const md = formatCoverage(report, 'md');
    assert.match(
      md,
      /^<!-- Generated by Standards Explorer[^\n]*-->\n# Coverage of IEC 62304:2006\n\n3 of 7 clauses addressed, 1 not applicable, 3 open\. 4 informative clauses left out\.\n/,
    );
    assert.match(
      md,
      /\| &emsp;&emsp;5\.1\.12 \| Identification and avoidance of common software defects \| not applicable \| no SOUP in this product \(docs\/na\.md:4\) \|/,
    );
    assert.match(md, /## Problems\n\n- src\/defects\.c:9: IEC 62304:2006 5\.1\.13 — IEC 62304:2006 has no clause 5\.1\.13/);
    const csv = formatCoverage(report, 'csv').split('\r\n');
    assert.equal(csv[0], 'clause,title,depth,obligation,status,cited at,justification,justified at');
    assert.equal(csv[1], '1,Scope,0,normative,addressed,src/scope.md:1,,');
    assert.equal(csv.length, report.rows.length + 2);
    const html = formatCoverage({ ...report, standard: { ...report.standard, reference: 'IEC <62304>' } }, 'html');
    assert.match(html, /<title>Coverage of IEC &lt;62304&gt;<\/title>/);
    assert.match(html, /<p>3 of 7 clauses addressed, 1 not applicable, 3 open\./);
    assert.match(html, /default-src 'none'/);
    const json = JSON.parse(formatCoverage(report, 'json')) as { coveredPercent: number; rows: unknown[] };
    assert.equal(json.coveredPercent, 57.1);
    assert.equal(json.rows.length, 7);
    assert.equal(formatCoverage(report, 'md'), md, 'stable: the same report, the same text');
  });

  it('keeps the hierarchy in the Markdown table as a renderer shows it (markdown-it, as in the Markdown preview of VS Code)', () => {
    const md = formatCoverage(computeCoverage(input()), 'md');
    const cells = [...renderMarkdown(md).matchAll(/<tr>\s*<td>([^<]*)<\/td>/g)].map((m) => m[1]);
    // Depth 0, 1 and 2: one em space per level before the clause number, as the tree shows it.
    assert.ok(cells.includes('1'), cells.join(' | '));
    assert.ok(cells.includes('\u2003\u20035.1.12'), cells.join(' | '));
    assert.ok(
      cells.some((c) => /^\u20035\.1$/.test(c)),
      cells.join(' | '),
    );
  });

  it('says in every export that it was generated, so that a committed export is not read as citations again', () => {
    const report = computeCoverage(input());
    for (const format of ['md', 'csv', 'html'] as const) {
      const text = formatCoverage(report, format);
      assert.ok(isGeneratedReport(text), format);
      // What the export quotes would otherwise cite: the problem's clause, and the standard.
      if (format !== 'csv') assert.ok(findCitations(text).length > 0, format);
    }
    assert.ok(isGeneratedReport(toMarkdown([])) && isGeneratedReport(toCsv([])), 'the References export too');
    for (const own of ['# Risk file\nISO 14971:2019 7.1', 'clause,title\n5,Scope', '<html><meta name="generator" content="Hugo">'])
      assert.ok(!isGeneratedReport(own), own);
    const formula = formatCoverage({ ...report, rows: [{ ...report.rows[0], title: '=HYPERLINK("https://example.com")' }] }, 'csv');
    assert.match(formula, /\n1,"'=HYPERLINK\(""https:\/\/example\.com""\)",/, 'a formula in a cell is made inert');
  });
});

/** Markdown to HTML as VS Code's Markdown preview makes it (markdown-it, here the copy @vscode/vsce brings). */
function renderMarkdown(text: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const MarkdownIt = require('markdown-it') as new (options?: { html?: boolean }) => { render(text: string): string };
  return new MarkdownIt({ html: true }).render(text);
}
