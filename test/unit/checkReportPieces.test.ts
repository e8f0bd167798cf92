/**
 * The check's report written in pieces (core/check/formats.ts reportPieces): the same text as the report made whole,
 * in every format, and a JSON report of many findings never one piece of all of them.
 */
import * as assert from 'node:assert/strict';
import type { Finding } from '../../src/core/check/checkText';
import { FORMATS, formatReport, reportPieces, type CheckReport } from '../../src/core/check/formats';

function finding(i: number): Finding {
  return {
    rule: i % 3 === 0 ? 'superseded' : 'withdrawn',
    severity: i % 3 === 0 ? 'warning' : 'error',
    file: `src/file${i % 7}.c`,
    line: i + 1,
    column: 4,
    endColumn: 17,
    cited: 'ISO 9001:2008',
    standard: { urn: 'urn:iso:std:iso:9001:stage-95.99', reference: 'ISO 9001:2008', status: 'withdrawn' },
    message: `ISO 9001:2008 "quoted" is withdrawn; the current edition is ISO 9001:2015 (${i}).`,
    ...(i % 2 ? { fix: 'ISO 9001:2015' } : {}),
  };
}

describe('check report in pieces', () => {
  it('is the text of the whole report in every format, for no, one and many findings', () => {
    for (const count of [0, 1, 99, 100, 101, 250]) {
      const report: CheckReport = {
        findings: Array.from({ length: count }, (_, i) => finding(i)),
        files: 9,
        tool: { name: 'standards-explorer', version: '0.1.0' },
        root: 'file:///work/repo/',
      };
      for (const format of FORMATS) assert.equal([...reportPieces(report, format)].join(''), formatReport(report, format), `${format}, ${count} findings`);
      const json = [...reportPieces(report, 'json')].join('');
      assert.equal(json, `${JSON.stringify({ files: 9, summary: JSON.parse(json).summary, findings: report.findings })}\n`);
      assert.deepEqual(JSON.parse(json).findings, report.findings);
    }
  });

  it('makes a large JSON report a hundred findings at a time', () => {
    const findings = Array.from({ length: 1000 }, (_, i) => finding(i));
    const pieces = [...reportPieces({ findings, files: 1, tool: { name: 't', version: '1' }, root: 'file:///r/' }, 'json')];
    assert.equal(pieces.length, 12, 'head, ten pieces, tail');
    const whole = pieces.join('').length;
    assert.ok(Math.max(...pieces.map((p) => p.length)) < whole / 5);
  });
});
