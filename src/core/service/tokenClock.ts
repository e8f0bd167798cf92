/**
 * Whether a refused access token points at the clocks rather than the credentials: its stamps (`iat`, else `nbf`)
 * against this machine's clock when it arrived, and a service's words for a token that is not valid yet.
 */
/** Seconds the clocks may disagree before it is the likely cause of a refusal (as the Connection Doctor judges it). */
export const CLOCK_SKEW_S = 60;

/** The claims of a JWT, or undefined for any other token. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const value: unknown = JSON.parse(base64UrlText(parts[1]));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Seconds by which the token's issue time lies outside the time it was asked for and received, by this machine's
 * clock (ms since the epoch): negative when stamped earlier, positive when later, 0 when inside (a second's slack
 * each side: stamps are whole seconds); undefined when the token says nothing of its time.
 */
export function clockSkewOf(token: string, askedAt: number, receivedAt: number): number | undefined {
  const claims = jwtClaims(token);
  const stamp = typeof claims?.iat === 'number' ? claims.iat : typeof claims?.nbf === 'number' ? claims.nbf : undefined;
  if (stamp === undefined || !Number.isFinite(stamp)) return undefined;
  const from = askedAt / 1000 - 1;
  const to = receivedAt / 1000 + 1;
  return stamp < from ? stamp - from : stamp > to ? stamp - to : 0;
}

/** A service's refusal that says the token is not valid yet (`nbf`, "not before", "issued in the future"). */
export function saysNotYetValid(text: string): boolean {
  return /not (?:yet )?valid yet|not yet valid|\bnbf\b|not before|(?:issued|iat)[^.]{0,40}future/i.test(text);
}

/** "7200 s (about 2 h) before the time on this machine's clock": how a token's stamp stands against this machine's clock. */
export function skewText(skewSeconds: number): string {
  const s = Math.round(Math.abs(skewSeconds));
  const about = s >= 5400 ? ` (about ${Math.round(s / 3600)} h)` : s >= 120 ? ` (about ${Math.round(s / 60)} min)` : '';
  return `${s} s${about} ${skewSeconds < 0 ? 'before' : 'after'} the time on this machine's clock`;
}

/** The UTF-8 text of base64url (atob and TextDecoder: the same in Node and the browser). */
function base64UrlText(part: string): string {
  const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
