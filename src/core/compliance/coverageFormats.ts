/**
 * A coverage report as auditors' mapping tables are kept: Markdown (clause, title, status, where / justification),
 * CSV (RFC 4180), a self-contained HTML page with the counts, and JSON. Stable order (the document's), so a
 * committed export diffs cleanly.
 */
import { COVERAGE_CSV_COLUMNS, csvField, GENERATED_HTML_META, GENERATED_MARKDOWN } from '../generatedReports';
import { countsLine, coveredPercent, type CoverageReport, type CoverageRow } from './coverage';

export const COVERAGE_FORMATS = ['md', 'csv', 'html', 'json'] as const;
export type CoverageFormat = (typeof COVERAGE_FORMATS)[number];

const STATUS_WORDS: Record<CoverageRow['status'], string> = { addressed: 'addressed', notApplicable: 'not applicable', open: 'open' };

export function formatCoverage(report: CoverageReport, format: CoverageFormat): string {
  switch (format) {
    case 'md':
      return markdown(report);
    case 'csv':
      return csv(report);
    case 'html':
      return html(report);
    case 'json':
      return `${JSON.stringify({ ...report, coveredPercent: Number(coveredPercent(report).toFixed(1)) }, null, 2)}\n`;
  }
}

/** "docs/risk.md:12; src/alarm.c:40", or the justification with its place. */
function whereText(row: CoverageRow): string {
  if (row.citedAt.length) return row.citedAt.map((p) => `${p.file}:${p.line}`).join('; ');
  if (row.justification) return `${row.justification.reason} (${row.justification.file}:${row.justification.line})`;
  return row.throughSubclauses ? 'through its subclauses' : '';
}

function statusText(row: CoverageRow): string {
  return `${STATUS_WORDS[row.status]}${row.throughSubclauses ? ' (subclauses)' : ''}`;
}

function clauseText(row: CoverageRow): string {
  return `${row.annex && row.label !== row.title ? 'Annex ' : ''}${row.label}${row.annex ? ` (${row.obligation})` : ''}`;
}

function markdown(report: CoverageReport): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
  const lines = [
    GENERATED_MARKDOWN,
    `# Coverage of ${report.standard.reference}`,
    '',
    `${countsLine(report)}.${report.informativeLeftOut ? ` ${report.informativeLeftOut} informative clauses left out.` : ''}`,
    '',
    '| Clause | Title | Status | Where / justification |',
    '|---|---|---|---|',
    // The depth as &emsp; entities: a renderer trims a cell's whitespace (em spaces too: Unicode white space) before
    // it reads entities, so only written as entities does the indentation reach the rendered table.
    ...report.rows.map(
      (row) => `| ${'&emsp;'.repeat(row.depth)}${cell(clauseText(row))} | ${cell(row.title)} | ${statusText(row)} | ${cell(whereText(row))} |`,
    ),
  ];
  if (report.problems.length) lines.push('', '## Problems', '', ...report.problems.map((p) => `- ${p.file}:${p.line}: ${cell(p.cited)} — ${cell(p.why)}`));
  return `${lines.join('\n')}\n`;
}

function csv(report: CoverageReport): string {
  const rows = [
    [...COVERAGE_CSV_COLUMNS],
    ...report.rows.map((row) => [
      clauseText(row),
      row.title,
      String(row.depth),
      row.obligation,
      statusText(row),
      row.citedAt.map((p) => `${p.file}:${p.line}`).join('; '),
      row.justification?.reason ?? '',
      row.justification ? `${row.justification.file}:${row.justification.line}` : '',
    ]),
  ];
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

function html(report: CoverageReport): string {
  const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const rows = report.rows
    .map(
      (row) =>
        `<tr class="${row.status}"><td style="padding-left:${0.5 + row.depth * 1.2}em">${esc(clauseText(row))}</td><td>${esc(row.title)}</td><td>${esc(statusText(row))}</td><td>${esc(whereText(row))}</td></tr>`,
    )
    .join('\n');
  const problems = report.problems.length
    ? `<h2>Problems</h2><ul>${report.problems.map((p) => `<li>${esc(`${p.file}:${p.line}`)}: ${esc(p.cited)} — ${esc(p.why)}</li>`).join('')}</ul>`
    : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">${GENERATED_HTML_META}<title>Coverage of ${esc(report.standard.reference)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font:14px system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left;vertical-align:top}tr.addressed td:nth-child(3){color:#17663a}tr.notApplicable td:nth-child(3){color:#555}tr.open td:nth-child(3){color:#a1260d;font-weight:600}</style>
</head><body>
<h1>Coverage of ${esc(report.standard.reference)}</h1>
<p>${esc(countsLine(report))}.${report.informativeLeftOut ? ` ${report.informativeLeftOut} informative clauses left out.` : ''}</p>
<table><thead><tr><th>Clause</th><th>Title</th><th>Status</th><th>Where / justification</th></tr></thead><tbody>
${rows}
</tbody></table>
${problems}
</body></html>
`;
}
