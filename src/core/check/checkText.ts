/**
 * The findings of one file's text: every citation the recogniser finds (core/citations/recognise.ts), resolved
 * against the catalogue index as the editor resolves it, and judged by the rules (rules.ts). Pure: no I/O.
 */
import type { CatalogueIndex } from '../catalogue/catalogueIndex';
import { standardLabel } from '../labels';
import { rewrittenReference, outdatedEdition } from '../citations/outdated';
import { findCitations, writtenReference, type Citation } from '../citations/recognise';
import { resolveStandard, type ResolvedStandard } from '../citations/resolve';
import { RULES, type ReportedSeverity, type RuleId, type Severity } from './rules';

export interface Finding {
  rule: RuleId;
  severity: ReportedSeverity;
  /** The file as given to the check (relative to where it ran, with forward slashes). */
  file: string;
  /** 1-based line and columns of what the finding marks (the reference without its locator). */
  line: number;
  column: number;
  endColumn: number;
  /** The reference as written. */
  cited: string;
  message: string;
  /** The catalogue record the citation names, when it names one. */
  standard?: { urn: string; reference?: string; status?: string };
  /** The text that fixes it (the current edition, written as the user wrote the publisher). */
  fix?: string;
}

export interface CheckRules {
  /** Each rule's severity (RULES' defaults when absent). */
  severities?: Partial<Record<RuleId, Severity>>;
}

/**
 * Checks texts against one index: each reference as written (or URN) is resolved once, however many files cite it —
 * a repository cites the same few standards thousands of times.
 */
export class CitationChecker {
  private readonly resolved = new Map<string, ResolvedStandard | null>();

  constructor(
    private readonly index: CatalogueIndex,
    private readonly rules: CheckRules = {},
  ) {}

  check(text: string, file: string): Finding[] {
    return checkText(text, file, (citation) => this.resolve(citation), this.rules);
  }

  private resolve(citation: Exclude<Citation, { kind: 'clauseUri' }>): ResolvedStandard | undefined {
    const key = citation.kind === 'reference' ? `r ${writtenReference(citation)}` : `u ${citation.urn}`;
    let standard = this.resolved.get(key);
    if (standard === undefined) this.resolved.set(key, (standard = resolveStandard(this.index, citation) ?? null));
    return standard ?? undefined;
  }
}

function checkText(
  text: string,
  file: string,
  resolve: (citation: Exclude<Citation, { kind: 'clauseUri' }>) => ResolvedStandard | undefined,
  rules: CheckRules,
): Finding[] {
  const severity = (rule: RuleId): Severity => rules.severities?.[rule] ?? RULES[rule].severity;
  const findings: Finding[] = [];
  for (const citation of findCitations(text)) {
    if (citation.kind === 'clauseUri') continue;
    const cited = citation.kind === 'reference' ? writtenReference(citation) : citation.urn;
    const [start, end] = citation.kind === 'reference' ? [citation.referenceStart, citation.referenceEnd] : [citation.start, citation.end];
    const at = { file, line: citation.line + 1, column: start + 1, endColumn: end + 1, cited };
    const add = (rule: RuleId, message: string, extra: Pick<Finding, 'standard' | 'fix'> = {}): void => {
      const level = severity(rule);
      if (level !== 'off') findings.push({ rule, severity: level, ...at, message, ...extra });
    };
    const standard = resolve(citation);
    if (!standard) {
      add('unknown', `${cited}: the catalogue has no such standard.`);
      continue;
    }
    const record = { urn: standard.entry.urn, reference: standard.entry.reference, status: standard.entry.status };
    if (citation.kind === 'reference' && !citation.reference.year)
      add('undated', `${cited} names no edition year (it resolves to ${standardLabel(standard.entry)}).`, { standard: record });
    const outdated = outdatedEdition(standard);
    if (!outdated) continue;
    if (outdated.kind === 'notCurrent') {
      add('withdrawn', `${cited} is ${outdated.status}; the catalogue has no current edition of it.`, { standard: record });
      continue;
    }
    const fix = fixOf(citation, outdated.by);
    const current = standardLabel(outdated.by);
    // A record marked "replaced" or "revised", or a current one with a newer edition, is superseded; "withdrawn" is withdrawn.
    if (standard.facts.status === 'withdrawn') add('withdrawn', `${cited} is withdrawn; the current edition is ${current}.`, { standard: record, fix });
    else add('superseded', `${cited} has a newer current edition: ${current}.`, { standard: record, fix });
  }
  return findings;
}

function fixOf(citation: Citation, current: { urn: string; reference?: string }): string | undefined {
  return citation.kind === 'reference' ? rewrittenReference(citation, current.reference) : current.urn;
}
