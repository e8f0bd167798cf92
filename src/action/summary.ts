/**
 * The action's job summary (Markdown on the run's page): what was checked, the counts by rule and severity, the worst
 * findings first, the files not read, and what was cut — the annotations GitHub does not show and the rows this page
 * leaves to the SARIF file.
 */
import type { Finding } from '../core/check/checkText';
import { plural } from '../core/check/formats';
import { RULE_IDS, type ReportedSeverity } from '../core/check/rules';
import { isGap, skipWhy, type SkippedFile } from '../core/check/skippedFiles';
import { cell, SHOWN_PER_LEVEL, type AnnotationLevel } from './workflow';

/** Rows of the worst findings (and files not read) the summary lists; the rest are in the SARIF file. GitHub takes 1 MiB a step. */
export const SUMMARY_ROWS = 50;

export interface SummaryFacts {
  findings: readonly Finding[];
  files: number;
  skipped: readonly SkippedFile[];
  /** "lines this pull request changed", or undefined for every line. */
  scope?: string;
  /** The gate's rules, and whether it failed. */
  failOn: readonly string[];
  gateFailed: boolean;
  /** Annotations GitHub will not show, by level. */
  cut: Record<AnnotationLevel, number>;
  /** Where the SARIF file is, relative to the workspace. */
  sarif: string;
}

const RANK: Record<ReportedSeverity, number> = { error: 0, warning: 1, note: 2 };

/** Errors first, then warnings, then notes; in file and line order within each. */
export function worstFirst(findings: readonly Finding[]): Finding[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => RANK[a.finding.severity] - RANK[b.finding.severity] || a.index - b.index)
    .map(({ finding }) => finding);
}

export function summaryMarkdown(facts: SummaryFacts): string {
  const { findings, skipped } = facts;
  const count = (severity: ReportedSeverity, rule?: string): number =>
    findings.filter((f) => f.severity === severity && (rule === undefined || f.rule === rule)).length;
  const gaps = skipped.filter(isGap);
  const lines = ['## Standards Explorer: cited standards', ''];
  const scope = facts.scope ? ` on ${facts.scope}` : '';
  lines.push(
    `**${plural(findings.length, 'finding')}**${scope} (${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('note'), 'note')}) in ${plural(facts.files, 'file')} checked${gaps.length ? `; **${plural(gaps.length, 'file')} not read**` : ''}.`,
  );
  if (facts.failOn.length) lines.push('', `Gate (fail-on: ${facts.failOn.join(', ')}): **${facts.gateFailed ? 'failed' : 'passed'}**.`);
  const rules = RULE_IDS.filter((rule) => findings.some((f) => f.rule === rule));
  if (rules.length) {
    lines.push('', '| Rule | Errors | Warnings | Notes |', '| --- | ---: | ---: | ---: |');
    for (const rule of rules) lines.push(`| ${rule} | ${count('error', rule)} | ${count('warning', rule)} | ${count('note', rule)} |`);
  }
  if (findings.length) {
    const rows = worstFirst(findings).slice(0, SUMMARY_ROWS);
    lines.push('', findings.length > rows.length ? `### The worst ${rows.length} of ${findings.length}` : '### Findings', '');
    lines.push('| Severity | Where | Finding | Fix |', '| --- | --- | --- | --- |');
    for (const f of rows) lines.push(`| ${f.severity} | ${cell(`${f.file}:${f.line}`)} | ${cell(f.message)} | ${f.fix ? cell(f.fix) : ''} |`);
  }
  if (gaps.length) {
    lines.push('', '### Not read', '', 'Their citations were not checked: raise `max-file-size` in the config or exclude them.', '');
    for (const gap of gaps.slice(0, SUMMARY_ROWS)) lines.push(`- ${cell(gap.file)}: ${cell(skipWhy(gap))}`);
    if (gaps.length > SUMMARY_ROWS) lines.push(`- and ${gaps.length - SUMMARY_ROWS} more, named in the SARIF file and the annotations' log`);
  }
  const cutTotal = facts.cut.error + facts.cut.warning + facts.cut.notice;
  const cutRows = Math.max(0, findings.length - SUMMARY_ROWS);
  if (cutTotal || cutRows) {
    lines.push('', '### What was cut', '');
    if (cutTotal)
      lines.push(
        `- Annotations: GitHub shows ${SHOWN_PER_LEVEL} of each level a step; not annotated: ${plural(facts.cut.error, 'error')}, ${plural(facts.cut.warning, 'warning')}, ${plural(facts.cut.notice, 'notice')}.`,
      );
    if (cutRows) lines.push(`- This page lists the worst ${SUMMARY_ROWS}; ${cutRows} more are in the SARIF file.`);
    lines.push(`- Every finding is in the SARIF file (${cell(facts.sarif)}): upload it with github/codeql-action/upload-sarif for code scanning.`);
  }
  return `${lines.join('\n')}\n`;
}
