/**
 * The check's report as JUnit XML (what GitLab's test reports, Jenkins and Azure Pipelines read): a test suite per
 * file with findings, a test case per finding; errors and warnings fail their case, notes pass with the finding as
 * output. A clean check is one passing case, so the report never reads as "no tests ran". Files not read are skipped
 * cases of a suite of their own: one per text file not read (a gap in the check), one for all the binary files.
 */
import type { Finding } from './checkText';
import { binaryCount, isGap, skipWhy, type SkippedFile } from './skippedFiles';

export function junitReport(findings: readonly Finding[], skipped: readonly SkippedFile[] = []): string {
  const files = new Map<string, Finding[]>();
  for (const finding of findings) files.set(finding.file, [...(files.get(finding.file) ?? []), finding]);
  const failing = findings.filter((f) => f.severity !== 'note').length;
  const suites = [...files].map(([file, found]) => {
    const failures = found.filter((f) => f.severity !== 'note').length;
    const cases = found.map((f) => {
      const name = xml(`${f.line}:${f.column} ${f.rule}: ${f.cited}`);
      const detail = xml(`${f.file}:${f.line}:${f.column} ${f.message}${f.fix ? ` Fix: ${f.fix}` : ''}`);
      return f.severity === 'note'
        ? `    <testcase classname="${xml(file)}" name="${name}"><system-out>${detail}</system-out></testcase>`
        : `    <testcase classname="${xml(file)}" name="${name}"><failure type="${f.rule}" message="${xml(f.message)}">${detail}</failure></testcase>`;
    });
    return [`  <testsuite name="${xml(file)}" tests="${found.length}" failures="${failures}" errors="0" skipped="0">`, ...cases, '  </testsuite>'];
  });
  const clean = findings.length
    ? []
    : [
        '  <testsuite name="standards-explorer check" tests="1" failures="0" errors="0" skipped="0">',
        '    <testcase classname="standards-explorer" name="citations"/>',
        '  </testsuite>',
      ];
  const notRead = skipped
    .filter(isGap)
    .map(
      (gap) =>
        `    <testcase classname="${xml(gap.file)}" name="not read"><skipped message="${xml(`${gap.file} was not read: ${skipWhy(gap)}.`)}"/></testcase>`,
    );
  const binary = skipped.length - notRead.length;
  if (binary)
    notRead.push(
      `    <testcase classname="standards-explorer" name="binary files not read"><skipped message="${xml(`Not read: ${binaryCount(binary)}.`)}"/></testcase>`,
    );
  const skippedSuite = notRead.length
    ? [`  <testsuite name="files not read" tests="${notRead.length}" failures="0" errors="0" skipped="${notRead.length}">`, ...notRead, '  </testsuite>']
    : [];
  const tests = (findings.length || 1) + notRead.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="standards-explorer check" tests="${tests}" failures="${failing}" errors="0"${notRead.length ? ` skipped="${notRead.length}"` : ''}>`,
    ...suites.flat(),
    ...clean,
    ...skippedSuite,
    '</testsuites>',
    '',
  ].join('\n');
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
