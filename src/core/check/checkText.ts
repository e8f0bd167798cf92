/**
 * The findings of a repository's texts: every citation the recogniser finds (core/citations/recognise.ts), resolved
 * against the catalogue index as the editor resolves it, and judged by the rules (rules.ts). The clauses a
 * citation names are checked afterwards, against the cited edition's clause list, when a service can list them.
 * No I/O of its own.
 */
import type { CatalogueIndex } from '../catalogue/catalogueIndex';
import { factsOf } from '../catalogue/standardFacts';
import { locatorLabel } from '../citations/citationTarget';
import { outdatedEdition, outdatedRule, replacementText } from '../citations/outdated';
import { findCitations, isJudged, namesClause, writtenReference, type Citation, type Locator } from '../citations/recognise';
import { resolveLocator, resolveStandard, type ResolvedStandard } from '../citations/resolve';
import { standardLabel } from '../labels';
import type { Clause } from '../service/types';
import type { ReportedSeverity, RuleId, Severity } from './rules';
import { severityOf } from './severities';

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
  /** Each rule's severity (the shared table's, severities.ts, when absent). */
  severities?: Partial<Record<RuleId, Severity>>;
  /**
   * Keep every citation of a resolved edition for what runs after the texts (checkClauses, the lockfile); without,
   * only clause citations are counted — a repository has hundreds of thousands of citations.
   */
  keepCitations?: boolean;
  /**
   * Judge editions as they stood in this year: an edition replaced by one published after it was current then. The
   * catalogue gives editions by year, so a date counts by its year.
   */
  asOfYear?: number;
}

type StandardCitation = Exclude<Citation, { kind: 'clauseUri' }>;
type Place = Pick<Finding, 'file' | 'line' | 'column' | 'endColumn' | 'cited' | 'standard'>;

/** A citation of an edition the catalogue has, and the clause, annex or section it names, if any. */
export type CitedEdition = Place & {
  urn: string;
  locator?: Locator;
  /** Every part it names, when more than one (coverage counts each). */ locators?: Locator[];
};

/**
 * Each clause citation with the clause it names in its edition (undefined when the edition has none); each list asked
 * once. A citation of several parts ("clause 6.1 and Annex A") comes once for each, with that part as its locator.
 */
export async function clausesCited(
  citations: readonly CitedEdition[],
  listClauses: (urn: string) => Promise<readonly Clause[]>,
): Promise<Array<{ citation: CitedEdition & { locator: Locator }; clause?: Clause }>> {
  const lists = new Map<string, Promise<readonly Clause[]>>();
  const result: Array<{ citation: CitedEdition & { locator: Locator }; clause?: Clause }> = [];
  for (const citation of citations) {
    if (!citation.locator) continue;
    let list = lists.get(citation.urn);
    if (!list) lists.set(citation.urn, (list = listClauses(citation.urn)));
    const clauses = await list;
    const parts = citation.locators?.length
      ? citation.locators.map((locator) => ({ ...citation, locator }))
      : [citation as CitedEdition & { locator: Locator }];
    for (const part of parts) {
      const found = resolveLocator(clauses, part.locator);
      result.push({ citation: part, ...(found ? { clause: found.clause } : {}) });
    }
  }
  return result;
}

/** What a reference as written leads to, wherever it is cited: judged once, shared by all its findings. */
interface Verdict {
  standard?: ResolvedStandard;
  /** The reference as written (or the URN), a string of its own. */
  cited: string;
  /** The record it names, as findings carry it (one object for all of them). */
  record?: Finding['standard'];
  /** What each of its citations is reported for. */
  findings: Array<Pick<Finding, 'rule' | 'severity' | 'message' | 'fix'>>;
}

/**
 * Checks texts against one index: each reference as written (or URN) is resolved and judged once, however many files
 * cite it — a repository cites the same few standards thousands of times, and its findings share their words.
 */
export class CitationChecker {
  private readonly verdicts = new Map<string, Verdict>();
  private readonly urnVerdicts = new Map<string, Verdict>();
  /** Every citation of a resolved edition, with its clause, annex or section when it names one (not a table). */
  private readonly cited: CitedEdition[] = [];
  private clauseCount = 0;

  constructor(
    private readonly index: CatalogueIndex,
    private readonly rules: CheckRules = {},
  ) {}

  private severity(rule: RuleId): Severity {
    return severityOf(rule, this.rules.severities);
  }

  check(text: string, file: string): Finding[] {
    const findings: Finding[] = [];
    for (const citation of findCitations(text)) {
      // Informal citations ("IEC62304") are of low confidence: not judged.
      if (!isJudged(citation)) continue;
      const verdict = this.verdictOf(citation);
      const locator = verdict.standard && citation.kind === 'reference' && namesClause(citation.locator) ? citation.locator : undefined;
      if (locator) this.clauseCount++;
      // Most citations are of current editions and lead to nothing: nothing is made for them.
      if (!verdict.findings.length && !(this.rules.keepCitations && verdict.standard)) continue;
      const [start, end] = citation.kind === 'reference' ? [citation.referenceStart, citation.referenceEnd] : [citation.start, citation.end];
      const place: Place = { file, line: citation.line + 1, column: start + 1, endColumn: end + 1, cited: verdict.cited };
      if (verdict.record) place.standard = verdict.record;
      for (const found of verdict.findings)
        findings.push({ rule: found.rule, severity: found.severity, ...place, message: found.message, ...(found.fix ? { fix: found.fix } : {}) });
      if (this.rules.keepCitations && verdict.standard)
        this.cited.push({
          ...place,
          urn: verdict.standard.entry.urn,
          ...(locator ? { locator: { kind: locator.kind, value: detached(locator.value) } } : {}),
          ...(locator && citation.kind === 'reference' && citation.locators && citation.locators.length > 1
            ? { locators: citation.locators.map((l) => ({ kind: l.kind, value: detached(l.value) })) }
            : {}),
        });
    }
    return findings;
  }

  /** The citations of a resolved edition so far, when kept (keepCitations; lockCheck.ts reads them). */
  get citations(): readonly CitedEdition[] {
    return this.cited;
  }

  /** How many citations name a clause, annex or section (checked by checkClauses against the edition's list). */
  get clauseCitations(): number {
    return this.clauseCount;
  }

  /**
   * The clause citations whose clause, annex or section the cited edition does not have, each edition's clause list
   * asked once (`listClauses` may throw: the check then cannot tell, and says so by rejecting).
   */
  async checkClauses(listClauses: (urn: string) => Promise<readonly Clause[]>): Promise<Finding[]> {
    const level = this.severity('missing-clause');
    if (level === 'off') return [];
    const findings: Finding[] = [];
    for (const { citation, clause } of await clausesCited(this.cited, listClauses)) {
      if (clause) continue;
      const { urn: _urn, locator, ...place } = citation;
      findings.push({
        rule: 'missing-clause',
        severity: level,
        ...place,
        message: `${place.standard?.reference ?? citation.urn} has no ${locatorLabel(locator)} (${place.cited}).`,
      });
    }
    return findings;
  }

  private asOf(suffix = ''): string {
    return this.rules.asOfYear === undefined ? suffix : ` as of ${this.rules.asOfYear}${suffix}`;
  }

  /** The verdict on a citation's reference as written (or URN): kept by that text, in a map per kind, with no key built. */
  private verdictOf(citation: StandardCitation): Verdict {
    const [verdicts, key] = citation.kind === 'reference' ? [this.verdicts, writtenReference(citation)] : [this.urnVerdicts, citation.urn];
    let verdict = verdicts.get(key);
    if (!verdict) verdicts.set(key, (verdict = this.judge(citation, detached(key))));
    return verdict;
  }

  /** What the rules say of a citation, the same for every citation written alike. */
  private judge(citation: StandardCitation, cited: string): Verdict {
    const findings: Verdict['findings'] = [];
    // The message is only made when the rule reports.
    const add = (rule: RuleId, message: () => string, fix?: string): void => {
      const level = this.severity(rule);
      if (level !== 'off') findings.push({ rule, severity: level, message: message(), ...(fix ? { fix } : {}) });
    };
    const standard = resolveStandard(this.index, citation);
    if (!standard) {
      add('unknown', () => `${cited}: the catalogue has no such standard.`);
      return { cited, findings };
    }
    const verdict: Verdict = {
      standard,
      cited,
      record: { urn: standard.entry.urn, reference: standard.entry.reference, status: standard.entry.status },
      findings,
    };
    if (citation.kind === 'reference' && !citation.reference.year)
      add('undated', () => `${cited} names no edition year (it resolves to ${standardLabel(standard.entry)}).`);
    const outdated = outdatedEdition(standard);
    if (!outdated) return verdict;
    if (outdated.kind === 'notCurrent') {
      add('withdrawn', () => `${cited} is ${outdated.status}; the catalogue has no current edition of it${this.asOf(' (nor says when it was withdrawn)')}.`);
      return verdict;
    }
    // Replaced by an edition published after the date judged: it was the current one then.
    const year = factsOf(outdated.by.urn, outdated.by.reference, outdated.by.status).year;
    if (this.rules.asOfYear !== undefined && year !== undefined && year > this.rules.asOfYear) return verdict;
    const fix = replacementText(citation, outdated.by);
    const current = standardLabel(outdated.by);
    // A record marked "replaced" or "revised", or a current one with a newer edition, is superseded; "withdrawn" is withdrawn.
    if (outdatedRule(standard, outdated) === 'withdrawn')
      add('withdrawn', () => `${cited} is withdrawn; the current edition${this.asOf()} is ${current}.`, fix);
    else add('superseded', () => `${cited} has a newer current edition${this.asOf()}: ${current}.`, fix);
    return verdict;
  }
}

/**
 * A copy of `text` that holds on to nothing else. V8 keeps a substring of 13 or more characters as a view into the
 * whole string it was cut from, and findings outlive the file they were found in: without the copy, a report of a
 * 5 000-file repository keeps every file's text (the heap grew by 37 MB, and garbage collection took a fifth of the
 * check, copying them).
 */
function detached(text: string): string {
  return ` ${text}`.slice(1);
}
