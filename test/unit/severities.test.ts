/**
 * The one severity table (core/check/severities.ts) that `standards-explorer check`, its reports and the editor's
 * diagnostics share: its defaults (a withdrawn edition is a warning, issue 51), a config's `rules` over them, and
 * check's findings, SARIF's rule levels and the table saying the same.
 */
import * as assert from 'node:assert/strict';
import { CitationChecker } from '../../src/core/check/checkText';
import { RULE_IDS } from '../../src/core/check/rules';
import { sarifReport } from '../../src/core/check/sarif';
import { DEFAULT_SEVERITIES, reportedSeverityOf, severityOf } from '../../src/core/check/severities';
import type { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { fixtureCatalogueIndex } from './fixtureCatalogue';

const TEXT = 'We follow ISO 9001:2008, IEC 61508-3:1998 and ISO 99999:2020; also ISO 9001.\n';

describe('severities: one table for the command line and the editor', () => {
  let index: CatalogueIndex;
  before(() => {
    index = fixtureCatalogueIndex();
  });

  it('gives every rule a default: withdrawn and superseded are warnings, unknown a note, undated off', () => {
    assert.deepEqual(Object.keys(DEFAULT_SEVERITIES).sort(), [...RULE_IDS].sort());
    assert.deepEqual(
      RULE_IDS.map((rule) => [rule, severityOf(rule)]),
      [
        ['withdrawn', 'warning'],
        ['superseded', 'warning'],
        ['undated', 'off'],
        ['unknown', 'note'],
        ['missing-clause', 'warning'],
        ['changed', 'error'],
        ['unlocked', 'note'],
      ],
    );
  });

  it("a config's rules win over the table, rule by rule; off is not reported", () => {
    const configured = { withdrawn: 'error', unknown: 'off' } as const;
    assert.equal(severityOf('withdrawn', configured), 'error');
    assert.equal(severityOf('superseded', configured), 'warning');
    assert.equal(reportedSeverityOf('unknown', configured), undefined);
    assert.equal(reportedSeverityOf('undated'), undefined);
    assert.equal(reportedSeverityOf('undated', { undated: 'warning' }), 'warning');
  });

  it("check's findings carry the table's severity, or the config's", () => {
    const brief = (checker: CitationChecker) => checker.check(TEXT, 'f.md').map((f) => [f.rule, f.severity, f.cited]);
    assert.deepEqual(brief(new CitationChecker(index)), [
      ['withdrawn', 'warning', 'ISO 9001:2008'],
      ['superseded', 'warning', 'IEC 61508-3:1998'],
      ['unknown', 'note', 'ISO 99999:2020'],
    ]);
    assert.deepEqual(brief(new CitationChecker(index, { severities: { withdrawn: 'error', undated: 'note' } })), [
      ['withdrawn', 'error', 'ISO 9001:2008'],
      ['superseded', 'warning', 'IEC 61508-3:1998'],
      ['unknown', 'note', 'ISO 99999:2020'],
      ['undated', 'note', 'ISO 9001'],
    ]);
  });

  it("SARIF's rules say the table's levels", () => {
    const log = sarifReport([], { name: 'standards-explorer', version: '0.0.0' }, '/tmp/x') as {
      runs: Array<{ tool: { driver: { rules: Array<{ id: string; defaultConfiguration: { level: string } }> } } }>;
    };
    assert.deepEqual(
      log.runs[0].tool.driver.rules.map((r) => [r.id, r.defaultConfiguration.level]),
      RULE_IDS.map((rule) => [rule, reportedSeverityOf(rule) ?? 'none']),
    );
  });
});
