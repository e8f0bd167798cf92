/**
 * URN and clause-id rules, applied before any request so that nothing a server or a user hands us can steer a
 * request elsewhere (path traversal, query or fragment injection).
 */
import { ServiceError } from './errors';

// RFC 8141: "urn:" NID ":" NSS. NID is 2–32 letters, digits and hyphens, not starting or ending with a hyphen.
// The NSS keeps RFC 3986 pchar characters, less "/" (a path segment here) and "%" (no encoded tricks).
const URN = /^urn:[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]:[A-Za-z0-9\-._~!$&'()*+,;=:@]+$/i;
const CLAUSE_ID = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]+$/;
const MAX_LENGTH = 1024;

/** Why `urn` is not acceptable, or undefined when it is. */
export function urnProblem(urn: unknown): string | undefined {
  if (typeof urn !== 'string' || urn.length === 0) return 'it is empty';
  if (urn.length > MAX_LENGTH) return `it is longer than ${MAX_LENGTH} characters`;
  if (/[\u0000-\u001f\u007f]/.test(urn)) return 'it contains control characters';
  if (/[/\\?#]/.test(urn)) return 'it contains "/", "\\", "?" or "#"';
  if (urn.includes('%')) return 'it contains percent-encoded characters';
  if (urn.includes('..')) return 'it contains ".."';
  if (!URN.test(urn)) return 'it is not of the form urn:<namespace>:<name> (RFC 8141)';
  return undefined;
}

export function isValidUrn(urn: unknown): urn is string {
  return urnProblem(urn) === undefined;
}

export function validateUrn(urn: unknown): string {
  const problem = urnProblem(urn);
  if (problem) throw new ServiceError('invalidInput', `Not a valid standard URN (${problem}): ${printable(urn)}.`);
  return urn as string;
}

/** Why `id` is not an acceptable clause id, or undefined when it is. */
export function clauseIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string' || id.length === 0) return 'it is empty';
  if (id.length > 256) return 'it is longer than 256 characters';
  if (/[\u0000-\u001f\u007f]/.test(id)) return 'it contains control characters';
  if (/[/\\?#]/.test(id)) return 'it contains "/", "\\", "?" or "#"';
  if (id.includes('%')) return 'it contains percent-encoded characters';
  if (id === '.' || id.includes('..')) return 'it contains ".."';
  if (!CLAUSE_ID.test(id)) return 'it contains characters not allowed in a path segment';
  return undefined;
}

export function validateClauseId(id: unknown): string {
  const problem = clauseIdProblem(id);
  if (problem) throw new ServiceError('invalidInput', `Not a valid clause ID (${problem}): ${printable(id)}.`);
  return id as string;
}

/** One path segment, percent-encoded except ":" so paths read as the spec writes them. */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

function printable(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  const safe = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return JSON.stringify(safe.length > 120 ? `${safe.slice(0, 120)}…` : safe);
}
