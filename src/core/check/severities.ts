/**
 * The one table of how severe each finding is, shared by every host: `standards-explorer check` (and the GitHub
 * Action, the language server, the agent tools) and the editor's diagnostics read a rule's severity here, so the
 * same finding never has two severities. A folder's standards.config.json `rules` overrides an entry, for the
 * command line and the editor alike. Pure: no vscode.
 */
import type { ReportedSeverity, RuleId, Severity } from './rules';

/** Each rule's severity when the config does not set one. */
export const DEFAULT_SEVERITIES: Readonly<Record<RuleId, Severity>> = {
  // Warnings, not errors (issue 51): an edition cited on purpose (a contract, a certification) is not broken.
  withdrawn: 'warning',
  superseded: 'warning',
  // Off unless the config asks: an undated reference is often meant ("the current edition").
  undated: 'off',
  unknown: 'note',
  'missing-clause': 'warning',
  // The clause you implemented changed: what a review gate is for.
  changed: 'error',
  unlocked: 'note',
};

/** The severities a config sets, rule by rule (standards.config.json `rules`). */
export type ConfiguredSeverities = Partial<Record<RuleId, Severity>>;

/** `rule`'s severity: as `configured` sets it, else the table's. */
export function severityOf(rule: RuleId, configured?: ConfiguredSeverities): Severity {
  return configured?.[rule] ?? DEFAULT_SEVERITIES[rule];
}

/** `rule`'s severity when it is reported, undefined when it is off. */
export function reportedSeverityOf(rule: RuleId, configured?: ConfiguredSeverities): ReportedSeverity | undefined {
  const severity = severityOf(rule, configured);
  return severity === 'off' ? undefined : severity;
}
