/**
 * A cited clause against standards.lock: reviewed (the text has the locked fingerprint), changed since its review,
 * or not in the lock; and the lock with one clause marked reviewed. What `check`, `lock` and the editor's
 * diagnostics and Quick Fixes share.
 */
import type { Clause } from '../service/types';
import type { LockedClause, Lockfile } from './lockfile';

export type ClauseReview = { state: 'reviewed'; locked: LockedClause } | { state: 'changed'; locked: LockedClause } | { state: 'unlocked' };

/** Who reviewed, and when (YYYY-MM-DD). */
export interface Reviewer {
  on: string;
  by?: string;
}

export function reviewOf(lock: Lockfile, urn: string, clauseId: string, fingerprint: string): ClauseReview {
  const locked = lock.standards[urn]?.clauses[clauseId];
  if (!locked) return { state: 'unlocked' };
  return { state: locked.fingerprint === fingerprint ? 'reviewed' : 'changed', locked };
}

/** The lock entry of `clause` with the text of `fingerprint`, reviewed by `reviewed`. */
export function lockedClause(clause: Clause, fingerprint: string, reviewed: Reviewer): LockedClause {
  return {
    id: clause.id,
    ...(clause.number ? { number: clause.number } : {}),
    ...(clause.title ? { title: clause.title } : {}),
    fingerprint,
    reviewed,
  };
}

/** A copy of `lock` in which `clause` of `urn` is reviewed with the text of `fingerprint` (the rest unchanged). */
export function markReviewed(lock: Lockfile, standard: { urn: string; reference?: string }, clause: Clause, fingerprint: string, reviewer: Reviewer): Lockfile {
  const before = lock.standards[standard.urn];
  const reference = before?.reference ?? standard.reference;
  return {
    version: 1,
    standards: {
      ...lock.standards,
      [standard.urn]: {
        ...(reference ? { reference } : {}),
        clauses: { ...before?.clauses, [clause.clauseId]: lockedClause(clause, fingerprint, reviewer) },
      },
    },
  };
}

/** "2026-03-01" of `date`, in UTC (the lock's dates are days). */
export function reviewDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
