/** Telling identifiers from prose in server text: anchors, URNs, IRIs and UUIDs are not words to show. */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * Whether a string is an identifier rather than prose: a UUID-shaped value, an internal anchor (`#_…`, `_…`),
 * a URN, an IRI or a compact IRI (`prefix:Name`), or one long token of letters and digits with no space.
 */
export function isIdentifier(text: string): boolean {
  const value = text.trim();
  if (!value) return false;
  if (UUID.test(value)) return true;
  if (/\s/.test(value)) return false;
  if (/^#/.test(value) || /^_[\w-]+$/.test(value)) return true;
  if (/^(?:urn|https?|ftp|mailto|data|file|tag|doi):/i.test(value)) return true;
  if (/^[A-Z][\w.-]*:[A-Z_][\w.-]*$/i.test(value)) return true;
  // Letters and digits only, with a digit somewhere before a letter: the letters before the first digit, digits up to
  // the first letter after it, then anything. Each part ends where the next must begin, so one pass decides it;
  // `[a-z0-9]*\d[a-z0-9]*[a-z]` tried every split (11 s on 128 KB of digits).
  return value.length >= 12 && /^[a-z]*\d+[a-z][a-z0-9]*$/i.test(value);
}

/** Whether a value found under a key we do not know is prose to show: words with spaces, not an identifier. */
export function isProse(text: string): boolean {
  const value = text.trim();
  return /\S\s+\S/.test(value) && /[\p{L}\p{N}]/u.test(value) && !isIdentifier(value) && !/^[\w-]+\s*:[^:]+;/.test(value);
}

/** Whether a target is a URN (a reference to a standard). */
export function isUrn(text: string): boolean {
  return /^urn:[a-z0-9][a-z0-9-]{0,31}:\S+$/i.test(text.trim());
}

/** Whether a URL points at a clause of the service: `…/standards/<urn>/clauses/<id>`. */
export function isClauseUrl(text: string): boolean {
  return /\/standards\/[^/]+\/clauses\/[^/?#]+/.test(text);
}
