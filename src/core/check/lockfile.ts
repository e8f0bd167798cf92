/**
 * `standards.lock`: the standards and clauses a repository cites, each clause with the edition, its `@id`, a
 * fingerprint of its text and when (and by whom) it was reviewed — so that a clause the publisher changes after it
 * was implemented is noticed. No clause text is written into the repository: only a SHA-256 of its normalised text
 * (every prose string of the body in order, identifiers and display hints left out, whitespace collapsed: what
 * the source says, not how this version renders it — numbers and layout a renderer adds never change it). JSON
 * in a stable order, so a review is a small diff.
 */
import { createHash } from 'node:crypto';
import { bodyText } from '../document/index';

export const LOCKFILE = 'standards.lock';

export interface LockedClause {
  /** The clause `@id`. */
  id: string;
  number?: string;
  title?: string;
  /** "sha256:<hex>" of the clause's normalised text. */
  fingerprint: string;
  /** When the text with this fingerprint was reviewed (YYYY-MM-DD), and by whom when known. */
  reviewed: { on: string; by?: string };
}

export interface LockedStandard {
  reference?: string;
  /** By clause id (the last segment of the `@id`, as the service's paths name it). */
  clauses: Record<string, LockedClause>;
}

export interface Lockfile {
  version: 1;
  /** By URN. */
  standards: Record<string, LockedStandard>;
}

/** A lockfile that cannot be read: the message names the file and where. */
export class LockfileError extends Error {}

/** The fingerprint of a clause body: what changes when its text changes, and nothing else. */
export function clauseFingerprint(body: unknown): string {
  const text = bodyText(body).replace(/\s+/g, ' ').trim();
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

export function serialiseLockfile(lock: Lockfile): string {
  const sorted = <T>(record: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const standards = Object.fromEntries(
    Object.entries(sorted(lock.standards)).map(([urn, standard]) => [
      urn,
      {
        ...(standard.reference ? { reference: standard.reference } : {}),
        clauses: Object.fromEntries(
          Object.entries(sorted(standard.clauses)).map(([clauseId, c]) => [
            clauseId,
            {
              id: c.id,
              ...(c.number ? { number: c.number } : {}),
              ...(c.title ? { title: c.title } : {}),
              fingerprint: c.fingerprint,
              reviewed: { on: c.reviewed.on, ...(c.reviewed.by ? { by: c.reviewed.by } : {}) },
            },
          ]),
        ),
      },
    ]),
  );
  return `${JSON.stringify({ version: 1, standards }, null, 2)}\n`;
}

export function parseLockfile(text: string, source: string): Lockfile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new LockfileError(
      `${source} is not valid JSON (${error instanceof Error ? error.message : String(error)}). Restore it from version control, or write it again with standards-explorer lock.`,
    );
  }
  const fail = (where: string, what: string): never => {
    throw new LockfileError(`${source}: ${where} ${what} Restore it from version control, or write it again with standards-explorer lock.`);
  };
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.standards)) return fail('the file', 'must be {"version": 1, "standards": {…}}.');
  for (const [urn, standard] of Object.entries(value.standards)) {
    if (!isRecord(standard) || !isRecord(standard.clauses)) fail(`"standards.${urn}"`, 'must have "clauses": {…}.');
    for (const [clauseId, clause] of Object.entries((standard as { clauses: Record<string, unknown> }).clauses)) {
      const where = `"standards.${urn}.clauses.${clauseId}"`;
      if (!isRecord(clause) || typeof clause.id !== 'string' || typeof clause.fingerprint !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(clause.fingerprint))
        fail(where, 'needs "id" and a "fingerprint" of the form sha256:<64 hex digits>.');
      const reviewed = (clause as { reviewed?: unknown }).reviewed;
      if (!isRecord(reviewed) || typeof reviewed.on !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(reviewed.on))
        fail(where, 'needs "reviewed": {"on": "YYYY-MM-DD"}.');
    }
  }
  // Every part was checked above; the checks do not narrow the nested records for the type checker.
  return value as unknown as Lockfile;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
