/**
 * The Connection Doctor's probes over HTTP and of the token: OIDC discovery, the token's claims, and the small helpers
 * the checks share. Platform-neutral (the probes below HTTP are nodeProbes.ts): no vscode, no Node built-ins.
 */
import { l10n } from '../l10n';
import { parseJsonObject } from '../service/auth';
import type { Transport } from '../service/httpExchange';
import type { CheckResult } from './checks';
import { exchangeCause, type NetworkCause } from './networkCause';
import type { DoctorProbes } from './probePort';

/** Claims worth seeing (never the signature), expiry, and the clock skew between this machine and the issuer. */
export function tokenCheck(token: string, now: number, say: (text: string) => string): CheckResult {
  const claims = jwtClaims(token);
  if (!claims) return { title: l10n.t('Token'), status: 'pass', detail: l10n.t('An opaque token (not a JWT): nothing more to read in it.') };
  const shown = ['iss', 'aud', 'azp', 'client_id', 'scope']
    .filter((k) => claims[k] !== undefined)
    .map((k) => `${k} ${say(Array.isArray(claims[k]) ? (claims[k] as unknown[]).join(' ') : String(claims[k]))}`)
    .join(', ');
  const iat = typeof claims.iat === 'number' ? claims.iat * 1000 : undefined;
  const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  const parts = [l10n.t('A JWT: {0}.', shown || l10n.t('no standard claims'))];
  if (exp !== undefined)
    parts.push(exp > now ? l10n.t('Valid for {0} s more.', Math.round((exp - now) / 1000)) : l10n.t('Expired {0} s ago.', Math.round((now - exp) / 1000)));
  const skew = iat === undefined ? 0 : (iat - now) / 1000;
  if (iat !== undefined)
    parts.push(
      skew > 0
        ? l10n.t('Issued {0} s in the future by this machine’s clock.', Math.abs(Math.round(skew)))
        : l10n.t('Issued {0} s ago.', Math.abs(Math.round(skew))),
    );
  if (Math.abs(skew) > 60 || (exp !== undefined && exp <= now)) {
    return {
      title: l10n.t('Token'),
      status: 'fail',
      detail: parts.join(' '),
      fix: l10n.t("This machine's clock and the identity provider's disagree: set the system clock to synchronise with a time server."),
    };
  }
  return { title: l10n.t('Token'), status: 'pass', detail: parts.join(' ') };
}

/**
 * The payload of a JWT, or undefined for any other token. Web APIs only. (service/tokenClock.ts reads it alike; a part
 * loaded on first use takes no service module that esbuild.js does not share, so the doctor keeps its own.)
 */
function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[\w-]+$/.test(parts[1])) return undefined;
  try {
    const binary = atob(
      parts[1]
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(parts[1].length / 4) * 4, '='),
    );
    return parseJsonObject(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return undefined;
  }
}

/**
 * The discovery document next to the token URL: at the issuer the token URL's path suggests. Undefined when none is
 * there; `failed` with the cause when no candidate answered at all (refused, timed out…), which is not "none there".
 */
export async function discover(
  tokenUrl: URL,
  http: Transport,
  timeoutMs: number,
  probes: Pick<DoctorProbes, 'network' | 'origin'>,
): Promise<{ url: string; tokenEndpoint?: string } | { failed: NetworkCause } | undefined> {
  let failure: unknown;
  let answered = false;
  const path = tokenUrl.pathname;
  const issuers = new Set<string>();
  for (const suffix of ['/protocol/openid-connect/token', '/oauth2/v2.0/token', '/oauth2/token', '/oauth/token', '/connect/token', '/token']) {
    if (path.endsWith(suffix)) issuers.add(path.slice(0, -suffix.length));
  }
  issuers.add(path.slice(0, path.lastIndexOf('/')));
  for (const issuer of issuers) {
    const url = `${tokenUrl.origin}${issuer}/.well-known/openid-configuration`;
    try {
      const reply = await http.exchange({
        method: 'GET',
        url,
        path: `${issuer}/.well-known/openid-configuration`,
        headers: { Accept: 'application/json' },
        timeoutMs,
      });
      answered = true;
      const body = reply.status === 200 ? parseJsonObject(String(reply.body)) : undefined;
      if (body) return { url, tokenEndpoint: typeof body.token_endpoint === 'string' ? body.token_endpoint : undefined };
    } catch (error) {
      // not there; the next candidate
      failure = error;
    }
  }
  if (!answered && failure !== undefined) return { failed: exchangeCause(failure, tokenUrl, probes) };
  return undefined;
}

export function errorText(error: unknown, say: (text: string) => string): string {
  return say(error instanceof Error ? error.message : String(error));
}

/** A proxy URL without its password. */
export function hidePassword(proxy: string): string {
  try {
    const url = new URL(proxy);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return proxy.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  }
}

/** RFC 6749 §5.2 error codes, in words (asked when shown: the display language is known by then). */
export const OAUTH_ERRORS: Record<string, () => string> = {
  invalid_client: () => l10n.t('the identity provider does not accept this client ID and secret'),
  invalid_scope: () => l10n.t('the identity provider does not allow the requested scope'),
  unauthorized_client: () => l10n.t('this client may not use the client credentials grant'),
  invalid_request: () => l10n.t('the token request is malformed for this identity provider (often a wrong token URL)'),
  invalid_grant: () => l10n.t('the grant was refused'),
  unsupported_grant_type: () => l10n.t('this identity provider does not offer the client credentials grant here'),
};
