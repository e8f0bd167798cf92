/**
 * The check's report in the forms `--format` names: text for a person, JSON, GitHub workflow commands, SARIF, JUnit
 * XML, a GitLab Code Quality report (gitlab.ts). Each says which files were not read (skippedFiles.ts): a gap by name, binary files counted (listed in JSON and
 * SARIF, for programs; a repository's images would drown a person's report).
 */
import type { Finding } from './checkText';
import { gitlabPieces } from './gitlab';
import { junitReport } from './junit';
import { RULES, type ReportedSeverity } from './rules';
import { sarifReport, type SarifTool } from './sarif';
import { binaryCount, isGap, skipWhy, type SkippedFile } from './skippedFiles';

export const FORMATS = ['text', 'json', 'github', 'sarif', 'junit', 'gitlab'] as const;
export type Format = (typeof FORMATS)[number];

export interface CheckReport {
  findings: readonly Finding[];
  /** How many files were read. */
  files: number;
  /** The files listed but not read, and why (a report made without them has no `skipped` in its JSON). */
  skipped?: readonly SkippedFile[];
  /** Who made the report (SARIF's tool), and where the files are (SARIF's base URI: a file: URI ending in "/"). */
  tool: SarifTool;
  root: string;
}

/**
 * The report as `format` asks. JSON and SARIF are for programs (jq, code scanning), written compact as ESLint's and
 * CodeQL's are: a large repository's report is a third smaller and quicker to write than indented.
 */
export function formatReport(report: CheckReport, format: Format, options: { color?: boolean } = {}): string {
  switch (format) {
    case 'json':
      return [...jsonPieces(report)].join('');
    case 'github':
      return report.findings.map(githubLine).join('') + githubSkipped(report.skipped ?? []);
    case 'sarif':
      return `${JSON.stringify(sarifReport(report.findings, report.tool, report.root, report.skipped))}\n`;
    case 'junit':
      return junitReport(report.findings, report.skipped);
    case 'gitlab':
      return [...gitlabPieces(report.findings, report.skipped)].join('');
    default:
      return textReport(report, options.color ?? false);
  }
}

/**
 * The report as pieces to write one after the other, the same text as formatReport's: a JSON report of a large
 * repository is made and written a few hundred findings at a time, never held as one string of megabytes (which
 * took twice as long to make and write), and so is a GitLab report. The other formats come in one piece.
 */
export function reportPieces(report: CheckReport, format: Format, options: { color?: boolean } = {}): Iterable<string> {
  if (format === 'json') return jsonPieces(report);
  return format === 'gitlab' ? gitlabPieces(report.findings, report.skipped) : [formatReport(report, format, options)];
}

/** Findings (or files not read) per piece of a JSON report: some tens of kilobytes. */
const FINDINGS_PER_PIECE = 100;

function* jsonPieces(report: CheckReport): Generator<string> {
  const { findings, skipped } = report;
  yield `{"files":${JSON.stringify(report.files)},"summary":${JSON.stringify(counts(findings))},"findings":[`;
  yield* jsonItems(findings);
  if (skipped) {
    // Every file not read, binary ones too, each with its reason: for a program to count, filter or gate on.
    yield '],"skipped":[';
    yield* jsonItems(skipped.map((s) => ({ ...s, message: `Not read: ${skipWhy(s)}.` })));
  }
  yield ']}\n';
}

/** `items` as the inside of a JSON array, a hundred at a time. */
function* jsonItems(items: readonly object[]): Generator<string> {
  for (let from = 0; from < items.length; from += FINDINGS_PER_PIECE) {
    const written = JSON.stringify(items.slice(from, from + FINDINGS_PER_PIECE));
    yield `${from ? ',' : ''}${written.slice(1, -1)}`;
  }
}

function counts(findings: readonly Finding[]): Record<ReportedSeverity, number> {
  const result: Record<ReportedSeverity, number> = { error: 0, warning: 0, note: 0 };
  for (const finding of findings) result[finding.severity]++;
  return result;
}

const COLOURS: Record<ReportedSeverity | 'dim' | 'bold', [string, string]> = {
  error: ['\x1b[31m', '\x1b[39m'],
  warning: ['\x1b[33m', '\x1b[39m'],
  note: ['\x1b[36m', '\x1b[39m'],
  dim: ['\x1b[2m', '\x1b[22m'],
  bold: ['\x1b[1m', '\x1b[22m'],
};

/** Grouped by file, in file order; colours only when asked (a terminal). */
function textReport(report: CheckReport, color: boolean): string {
  const paint = (style: keyof typeof COLOURS, text: string): string => (color ? `${COLOURS[style][0]}${text}${COLOURS[style][1]}` : text);
  const lines: string[] = [];
  let file: string | undefined;
  for (const finding of report.findings) {
    if (finding.file !== file) {
      if (file !== undefined) lines.push('');
      file = finding.file;
      lines.push(paint('bold', file));
    }
    const where = `${finding.line}:${finding.column}`.padEnd(8);
    lines.push(`  ${where}${paint(finding.severity, finding.severity.padEnd(8))}${finding.message}  ${paint('dim', finding.rule)}`);
    if (finding.fix) lines.push(`  ${' '.repeat(16)}${paint('dim', `fix: ${finding.fix}`)}`);
  }
  // Each file not read by name, after the findings; binary files counted on one line.
  const skipped = report.skipped ?? [];
  const gaps = skipped.filter(isGap);
  for (const gap of gaps) {
    if (lines.length) lines.push('');
    lines.push(paint('bold', gap.file), `  ${paint('warning', 'not read')}: ${skipWhy(gap)}`);
  }
  const binary = skipped.length - gaps.length;
  const { error, warning, note } = counts(report.findings);
  const total = report.findings.length;
  const files = `${plural(report.files, 'file')} checked${gaps.length ? `; ${plural(gaps.length, 'file')} not read` : ''}`;
  if (lines.length) lines.push('');
  if (binary) lines.push(paint('dim', `Not read: ${binaryCount(binary)}; --format json or sarif lists them.`));
  lines.push(
    total
      ? `${plural(total, 'finding')} (${plural(error, 'error')}, ${plural(warning, 'warning')}, ${plural(note, 'note')}); ${files}.`
      : `No findings; ${files}.`,
  );
  return `${lines.join('\n')}\n`;
}

/** "1 file", "2 files". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** A workflow command (docs.github.com, "Workflow commands for GitHub Actions"): an annotation on the line. */
export function githubLine(finding: Finding): string {
  const command = finding.severity === 'note' ? 'notice' : finding.severity;
  const properties = [
    `file=${escapeProperty(finding.file)}`,
    `line=${finding.line}`,
    `col=${finding.column}`,
    `endColumn=${finding.endColumn}`,
    `title=${escapeProperty(`${finding.rule}: ${RULES[finding.rule].summary}`)}`,
  ];
  const fix = finding.fix ? ` Fix: ${finding.fix}` : '';
  return `::${command} ${properties.join(',')}::${escapeData(`${finding.message}${fix}`)}\n`;
}

/**
 * A warning on each file not read (shown on the pull request: the check has a gap there), and one notice counting the
 * binary files, naming a few: a repository's images would otherwise take the annotations a run is allowed.
 */
export function githubSkipped(skipped: readonly SkippedFile[]): string {
  const lines = skipped
    .filter(isGap)
    .map(
      (gap) =>
        `::warning file=${escapeProperty(gap.file)},title=Not read::${escapeData(`${gap.file} was not read: ${skipWhy(gap)}. Its citations were not checked.`)}\n`,
    );
  const binary = skipped.filter((s) => !isGap(s)).map((s) => s.file);
  if (binary.length) {
    const named = binary.slice(0, BINARY_NAMED).join(', ') + (binary.length > BINARY_NAMED ? `, and ${binary.length - BINARY_NAMED} more` : '');
    lines.push(`::notice title=Binary files not read::${escapeData(`Not read: ${binaryCount(binary.length)}: ${named}.`)}\n`);
  }
  return lines.join('');
}

/** Binary files the GitHub notice names. */
const BINARY_NAMED = 5;

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
