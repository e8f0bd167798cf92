/**
 * The findings `standards-explorer check` reports, each with a stable id (what `--fail-on`, the config's severities
 * and every output format name it by) and the help a reader of the report needs. How severe each is: severities.ts,
 * the one table the command line and the editor share.
 */
export const RULE_IDS = ['withdrawn', 'superseded', 'undated', 'unknown', 'missing-clause', 'changed', 'unlocked'] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** As SARIF names them; `off` turns a rule off. */
export const SEVERITIES = ['error', 'warning', 'note', 'off'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type ReportedSeverity = Exclude<Severity, 'off'>;

export interface Rule {
  id: RuleId;
  /** One line: what the finding means. */
  summary: string;
  /** What to do about it. */
  help: string;
}

export const RULES: Record<RuleId, Rule> = {
  withdrawn: {
    id: 'withdrawn',
    summary: 'The cited edition is withdrawn.',
    help: 'Cite the current edition (the finding names it when the catalogue has one), after checking that what you rely on still holds in it.',
  },
  superseded: {
    id: 'superseded',
    summary: 'A newer current edition of the cited standard exists.',
    help: 'Review the newer edition and cite it, or keep the cited one on purpose (a contract or a certification may name it).',
  },
  undated: {
    id: 'undated',
    summary: 'The reference names no edition year.',
    help: 'Add the year of the edition you build to ("ISO 14971:2019"): an undated reference means whatever edition is current when it is read.',
  },
  unknown: {
    id: 'unknown',
    summary: 'The catalogue has no standard of this reference.',
    help: 'Check the number, part and year as written, or whether the standard comes from a publisher outside the catalogue.',
  },
  'missing-clause': {
    id: 'missing-clause',
    summary: 'The cited edition has no clause, annex or section of the number or name cited.',
    help: "Check the clause number against the edition cited (numbers move between editions), or cite the edition that has it. Checked only against a service, which lists each edition's clauses.",
  },
  changed: {
    id: 'changed',
    summary: 'The cited clause changed since it was reviewed (standards.lock).',
    help: 'Read the clause again and compare it with what you implemented; then run standards-explorer lock to record the review.',
  },
  unlocked: {
    id: 'unlocked',
    summary: 'The cited standard or clause is not in standards.lock.',
    help: 'Review it, then run standards-explorer lock to record it (the lock keeps a fingerprint of the clause text, never the text).',
  },
};

export function isRuleId(value: string): value is RuleId {
  return (RULE_IDS as readonly string[]).includes(value);
}

export function isSeverity(value: string): value is Severity {
  return (SEVERITIES as readonly string[]).includes(value);
}

/** error > warning > note: whether `severity` is at least `threshold`. */
export function atLeast(severity: ReportedSeverity, threshold: ReportedSeverity): boolean {
  const rank: Record<ReportedSeverity, number> = { note: 0, warning: 1, error: 2 };
  return rank[severity] >= rank[threshold];
}
