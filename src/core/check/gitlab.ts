/**
 * The check's report as a GitLab Code Quality report (`artifacts:reports:codequality`): a JSON array of Code Climate
 * issues (github.com/codeclimate/platform, spec/analyzers/SPEC.md), of which GitLab reads description, check_name,
 * fingerprint, severity, location.path and location.lines.begin (docs.gitlab.com, "Code Quality report format").
 * The rest of an issue (type, categories, content, lines.end) is written too, for Code Climate's own readers.
 *
 * Severities: GitLab ranks info < minor < major < critical < blocker. An error (a withdrawn edition, a clause changed
 * since review) is critical; a warning minor; a note info. A text file not read is one issue of its own, check_name
 * "not-read", major: nothing in it was checked, which is worse than a warning and fails a gate, but is no known fault.
 * Binary files are left out: they are expected not to be read, and a merge request widget listing a repository's
 * images would drown the findings (JSON and SARIF list them).
 */
import { storageKey } from '../storageKeys';
import type { Finding } from './checkText';
import type { ReportedSeverity, RuleId } from './rules';
import { RULES } from './rules';
import { isGap, skipWhy, type SkippedFile } from './skippedFiles';

export type GitlabSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

export const GITLAB_SEVERITY: Record<ReportedSeverity, GitlabSeverity> = { error: 'critical', warning: 'minor', note: 'info' };

/** What a file not read is called, where a finding's rule would be. */
export const NOT_READ_CHECK = 'not-read';

/** Code Climate's categories: an outdated edition is a compatibility risk; a reference that cannot be resolved, unclear. */
const CATEGORY: Record<RuleId, string> = {
  withdrawn: 'Compatibility',
  superseded: 'Compatibility',
  changed: 'Compatibility',
  undated: 'Clarity',
  unknown: 'Clarity',
  'missing-clause': 'Bug Risk',
  unlocked: 'Clarity',
};

export interface CodeClimateIssue {
  type: 'issue';
  check_name: string;
  description: string;
  content: { body: string };
  categories: string[];
  fingerprint: string;
  severity: GitlabSeverity;
  location: { path: string; lines: { begin: number; end: number } };
}

/** Issues per piece of the report: some tens of kilobytes, as the JSON report's. */
const ISSUES_PER_PIECE = 100;

/**
 * The report as pieces to write one after the other (a large repository's report is never one string). The
 * fingerprint is the SARIF report's (rule, file, the reference as written, which occurrence of it): it survives lines
 * moving, so GitLab's merge request widget shows only what a change added or resolved.
 */
export function* gitlabPieces(findings: readonly Finding[], skipped: readonly SkippedFile[] = []): Generator<string> {
  const seen = new Map<string, number>();
  const issues = (function* (): Generator<CodeClimateIssue> {
    for (const finding of findings) {
      const key = `${finding.rule}\u0000${finding.file}\u0000${finding.cited}`;
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      yield {
        type: 'issue',
        check_name: finding.rule,
        description: `${finding.message}${finding.fix ? ` Fix: ${finding.fix}` : ''}`,
        content: { body: `${RULES[finding.rule].summary} ${RULES[finding.rule].help}` },
        categories: [CATEGORY[finding.rule]],
        fingerprint: storageKey([finding.rule, finding.file, finding.cited, String(occurrence)], 32),
        severity: GITLAB_SEVERITY[finding.severity],
        location: { path: finding.file, lines: { begin: finding.line, end: finding.line } },
      };
    }
    for (const gap of skipped.filter(isGap))
      yield {
        type: 'issue',
        check_name: NOT_READ_CHECK,
        description: `${gap.file} was not read: ${skipWhy(gap)}. Its citations were not checked.`,
        content: { body: 'Raise --max-file-size, or exclude the file in the config ("exclude"), so that the check covers what it is given.' },
        categories: ['Bug Risk'],
        fingerprint: storageKey([NOT_READ_CHECK, gap.file, gap.reason], 32),
        severity: 'major',
        location: { path: gap.file, lines: { begin: 1, end: 1 } },
      };
  })();
  yield '[';
  let batch: CodeClimateIssue[] = [];
  let first = true;
  const flush = (): string => {
    const text = `${first ? '' : ','}${JSON.stringify(batch).slice(1, -1)}`;
    first = false;
    batch = [];
    return text;
  };
  for (const issue of issues) {
    batch.push(issue);
    if (batch.length === ISSUES_PER_PIECE) yield flush();
  }
  if (batch.length) yield flush();
  yield ']\n';
}
