/**
 * URN and clause-id rules, applied before any request. Real URNs hold more than letters and digits (public IEC data
 * has `|`, spaces, `/` and `+`), so any `urn:<NID>:<NSS>` is accepted and is sent as ONE percent-encoded path
 * segment: it can never become two segments, a query or a fragment, which is what stops path traversal and
 * injection, and the server sees exactly the URN that was asked for.
 */
import { ServiceError } from './errors';

// RFC 8141: NID is 2–32 letters, digits and hyphens, not starting or ending with a hyphen; the NSS is non-empty.
const URN_PREFIX = /^urn:[A-Z0-9][A-Z0-9-]{0,30}[A-Z0-9]:./i;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Half of a surrogate pair cannot be written as UTF-8, so it cannot be sent.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const MAX_URN_LENGTH = 1024;
export const MAX_CLAUSE_ID_LENGTH = 1024;

/** Why `value` cannot be sent as the text of one path segment (the rules URNs and clause ids share), or undefined. */
function segmentTextProblem(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string') return `it is ${value === null ? 'null' : typeof value}, not text`;
  if (value.length === 0) return 'it is empty';
  if (value.length > maxLength) return `it is longer than ${maxLength} characters`;
  if (CONTROL.test(value)) return 'it contains control characters';
  if (LONE_SURROGATE.test(value)) return 'it contains a character that cannot be sent (half a surrogate pair)';
  return undefined;
}

/** Why `urn` is not acceptable, or undefined when it is. */
export function urnProblem(urn: unknown): string | undefined {
  const problem = segmentTextProblem(urn, MAX_URN_LENGTH);
  if (problem || typeof urn !== 'string') return problem;
  if (!URN_PREFIX.test(urn)) return 'it is not of the form urn:<namespace>:<name> (RFC 8141)';
  return undefined;
}

export function isValidUrn(urn: unknown): urn is string {
  return urnProblem(urn) === undefined;
}

export function validateUrn(urn: unknown): string {
  const problem = urnProblem(urn);
  if (problem) throw new ServiceError('invalidInput', `Not a valid standard URN (${problem}): ${printable(urn)}`);
  return urn as string;
}

/** Why `id` is not an acceptable clause id, or undefined when it is. Same rule as URNs, less the `urn:` form. */
export function clauseIdProblem(id: unknown): string | undefined {
  const problem = segmentTextProblem(id, MAX_CLAUSE_ID_LENGTH);
  if (problem || typeof id !== 'string') return problem;
  // "." and ".." stay dots when encoded (unreserved), and URL parsers resolve them: never a segment of ours.
  if (id === '.' || id === '..') return `it is "${id}"`;
  return undefined;
}

export function validateClauseId(id: unknown): string {
  const problem = clauseIdProblem(id);
  if (problem) throw new ServiceError('invalidInput', `Not a valid clause ID (${problem}): ${printable(id)}`);
  return id as string;
}

/**
 * One path segment: everything but RFC 3986 unreserved characters and ":" is percent-encoded (so "/" → %2F,
 * "|" → %7C, " " → %20, "+" → %2B, "%" → %25), which makes the path read as the spec writes it and the segment
 * decode to exactly `value`.
 */
export function encodeSegment(value: string): string {
  // Never throws: half a surrogate pair (refused by the rules above) becomes U+FFFD here.
  return encodeURIComponent(value.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd'))
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%3A/gi, ':');
}

/** The inverse of `encodeSegment`; undefined when `segment` is not valid percent-encoding. */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function printable(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  const safe = text.slice(0, 200).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return JSON.stringify(safe.length > 120 ? `${safe.slice(0, 120)}…` : safe);
}
