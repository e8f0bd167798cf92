/**
 * `standards.lock`: the standards and clauses a repository cites, each clause with the edition, its `@id`, a
 * fingerprint of its text and when (and by whom) it was reviewed — so that a clause the publisher changes after it
 * was implemented is noticed. No clause text is written into the repository: only a SHA-256 of its normalised text
 * (every prose string of the body in order, identifiers and display hints left out, whitespace collapsed: what
 * the source says, not how this version renders it — numbers and layout a renderer adds never change it). JSON
 * in a stable order, so a review is a small diff.
 */
import { sha256Hex } from '../service/sha256';
import { bodyText } from '../document/index';
import { duplicateKeys, jsonPathText } from './duplicateKeys';

export const LOCKFILE = 'standards.lock';
/** The advisory lock beside the lockfile, held by whoever writes it (lockfileHold.ts): `lock` and Mark as Reviewed. */
export const LOCKFILE_HOLD = `${LOCKFILE}.lock`;

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
  return `sha256:${sha256Hex(text)}`;
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

const REMEDY = 'Restore it from version control, or write it again with standards-explorer lock.';
const FILE_KEYS = ['version', 'standards'];
const STANDARD_KEYS = ['reference', 'clauses'];
const CLAUSE_KEYS = ['id', 'number', 'title', 'fingerprint', 'reviewed'];
const REVIEWED_KEYS = ['on', 'by'];

/**
 * The lockfile in `text`, checked whole: a key written twice, a key the format does not have or an entry of the wrong
 * shape is an error naming `source` and the key — the check never runs on a lock it half understood.
 */
export function parseLockfile(text: string, source: string): Lockfile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new LockfileError(`${source} is not valid JSON (${error instanceof Error ? error.message : String(error)}). ${REMEDY}`);
  }
  for (const { path, key, firstLine, line } of duplicateKeys(text))
    throw new LockfileError(
      `${source}, line ${line}: "${jsonPathText([...path, key])}" is written twice (first on line ${firstLine}); JSON would keep only the last. ${REMEDY}`,
    );
  const fail = (where: string, what: string): never => {
    throw new LockfileError(`${source}: ${where} ${what} ${REMEDY}`);
  };
  /** Every key of `record` is one of `known`. */
  const onlyKeys = (record: Record<string, unknown>, where: string, known: readonly string[], what: string): void => {
    for (const key of Object.keys(record))
      if (!known.includes(key)) fail(`"${where ? `${where}.` : ''}${key}"`, `is not a key of ${what} (its keys are ${known.join(', ')}).`);
  };
  const optionalText = (record: Record<string, unknown>, key: string, where: string): void => {
    if (record[key] !== undefined && (typeof record[key] !== 'string' || !record[key])) fail(`"${where}.${key}"`, 'must be a non-empty string.');
  };
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.standards)) return fail('the file', 'must be {"version": 1, "standards": {…}}.');
  onlyKeys(value, '', FILE_KEYS, 'the lockfile');
  for (const [urn, standard] of Object.entries(value.standards)) {
    const at = `standards.${urn}`;
    if (!isRecord(standard) || !isRecord(standard.clauses)) return fail(`"${at}"`, 'must have "clauses": {…}.');
    onlyKeys(standard, at, STANDARD_KEYS, 'a locked standard');
    optionalText(standard, 'reference', at);
    for (const [clauseId, clause] of Object.entries(standard.clauses)) {
      const where = `${at}.clauses.${clauseId}`;
      if (!isRecord(clause) || typeof clause.id !== 'string' || typeof clause.fingerprint !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(clause.fingerprint))
        return fail(`"${where}"`, 'needs "id" and a "fingerprint" of the form sha256:<64 hex digits>.');
      onlyKeys(clause, where, CLAUSE_KEYS, 'a locked clause');
      optionalText(clause, 'number', where);
      optionalText(clause, 'title', where);
      const reviewed = clause.reviewed;
      if (!isRecord(reviewed) || typeof reviewed.on !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(reviewed.on))
        return fail(`"${where}"`, 'needs "reviewed": {"on": "YYYY-MM-DD"}.');
      onlyKeys(reviewed, `${where}.reviewed`, REVIEWED_KEYS, '"reviewed"');
      optionalText(reviewed, 'by', `${where}.reviewed`);
    }
  }
  // Every part was checked above; the checks do not narrow the nested records for the type checker.
  return value as unknown as Lockfile;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
