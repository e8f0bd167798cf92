/**
 * The lockfile's two uses: `lock` records what the repository cites (every cited edition; every cited clause with
 * the fingerprint of its text now, reviewed today unless it was reviewed before with the same text), and `check`
 * reports the clauses whose text changed since their review (`changed`) and the citations the lock does not hold
 * (`unlocked`).
 */
import { clauseShortName } from '../labels';
import type { Clause } from '../service/types';
import { clausesCited, type CitedEdition, type Finding } from './checkText';
import { clauseFingerprint, LOCKFILE, type Lockfile } from './lockfile';
import type { RuleId, Severity } from './rules';
import { severityOf } from './severities';
import { lockedClause, reviewOf, type Reviewer } from './review';

/** Where clause lists and clause bodies come from (the service). */
export interface ClauseSource {
  listClauses(urn: string): Promise<readonly Clause[]>;
  clauseBody(urn: string, clauseId: string): Promise<unknown>;
}

/** Fingerprints of clause texts, each body asked once. */
function fingerprints(source: ClauseSource): (urn: string, clauseId: string) => Promise<string> {
  const known = new Map<string, Promise<string>>();
  return (urn, clauseId) => {
    const key = `${urn}\u0000${clauseId}`;
    let fingerprint = known.get(key);
    if (!fingerprint) known.set(key, (fingerprint = source.clauseBody(urn, clauseId).then(clauseFingerprint)));
    return fingerprint;
  };
}

export async function lockCitations(
  citations: readonly CitedEdition[],
  source: ClauseSource,
  previous: Lockfile | undefined,
  reviewer: Reviewer,
): Promise<Lockfile> {
  const fingerprintOf = fingerprints(source);
  const lock: Lockfile = { version: 1, standards: {} };
  for (const citation of citations)
    lock.standards[citation.urn] ??= { ...(citation.standard?.reference ? { reference: citation.standard.reference } : {}), clauses: {} };
  for (const { citation, clause } of await clausesCited(citations, (urn) => source.listClauses(urn))) {
    if (!clause) continue;
    const fingerprint = await fingerprintOf(citation.urn, clause.clauseId);
    const before = previous?.standards[citation.urn]?.clauses[clause.clauseId];
    lock.standards[citation.urn].clauses[clause.clauseId] = lockedClause(clause, fingerprint, before?.fingerprint === fingerprint ? before.reviewed : reviewer);
  }
  return lock;
}

export async function checkLock(
  citations: readonly CitedEdition[],
  source: ClauseSource,
  lock: Lockfile,
  severities: Partial<Record<RuleId, Severity>> = {},
): Promise<Finding[]> {
  const level = (rule: RuleId): Severity => severityOf(rule, severities);
  const findings: Finding[] = [];
  const add = (rule: RuleId, citation: CitedEdition, message: string): void => {
    const severity = level(rule);
    if (severity === 'off') return;
    const { urn: _urn, locator: _locator, ...place } = citation;
    findings.push({ rule, severity: severity, ...place, message });
  };
  const edition = (citation: CitedEdition): string => citation.standard?.reference ?? citation.urn;
  for (const citation of citations) {
    if (!citation.locator && !lock.standards[citation.urn])
      add('unlocked', citation, `${edition(citation)} is not in ${LOCKFILE}: run standards-explorer lock once it is reviewed.`);
  }
  const fingerprintOf = fingerprints(source);
  for (const { citation, clause } of await clausesCited(citations, (urn) => source.listClauses(urn))) {
    if (!clause) continue; // missing-clause says so
    const name = `${clauseShortName(clause)} of ${edition(citation)}`;
    // Unlocked clauses are told without asking for their text.
    const review = lock.standards[citation.urn]?.clauses[clause.clauseId]
      ? reviewOf(lock, citation.urn, clause.clauseId, await fingerprintOf(citation.urn, clause.clauseId))
      : ({ state: 'unlocked' } as const);
    if (review.state === 'unlocked') add('unlocked', citation, `${name} is not in ${LOCKFILE}: run standards-explorer lock once it is reviewed.`);
    else if (review.state === 'changed') {
      const { on, by } = review.locked.reviewed;
      add('changed', citation, `${name} changed since it was reviewed on ${on}${by ? ` by ${by}` : ''}.`);
    }
  }
  return findings;
}
