/**
 * The SecretStorage and state keys of the credential store: hashes of the endpoint (and, for a named environment,
 * its id), so no URL or client ID appears in a key, and two environments never share an entry.
 */
import { storageKey } from '../core/storageKeys';

export const PREFIX = 'standardsExplorer';

/** Where credentials are sent: the secret to the token URL, the API key to the base URL. */
export interface Endpoint {
  baseUrl: string;
  tokenUrl: string;
  /**
   * The environment it belongs to (src/extension/environmentSettings.ts). Absent or 'default': the keys of before
   * environments existed, so the default environment finds what was stored then. Any other: its own entries, so
   * two environments never share a secret even with the same URLs.
   */
  environment?: string;
}

/** A stable key for a URL: parsed and re-serialised (case of the host, default ports), then hashed. */
export function urlKey(url: string): string {
  let canonical = url.trim();
  try {
    canonical = new URL(canonical).href;
  } catch {
    // An unparsable URL is still a distinct endpoint: key the text itself.
  }
  return canonical;
}

export function digest(...parts: string[]): string {
  return storageKey(parts, 32);
}

/** The environment an endpoint belongs to, 'default' when it names none. */
export function environmentOf(endpoint: Pick<Endpoint, 'environment'>): string {
  return endpoint.environment || 'default';
}

/** The environment's part of a key: nothing for the default one (its keys are those of before environments). */
export function environmentParts(endpoint: Pick<Endpoint, 'environment'>): string[] {
  return endpoint.environment && endpoint.environment !== 'default' ? [`environment:${endpoint.environment}`] : [];
}

export function clientSecretKey(endpoint: Pick<Endpoint, 'tokenUrl' | 'environment'>, clientId: string): string {
  return `${PREFIX}.clientSecret.${digest('token', urlKey(endpoint.tokenUrl), clientId, ...environmentParts(endpoint))}`;
}

export function apiKeyKey(endpoint: Pick<Endpoint, 'baseUrl' | 'environment'>): string {
  return `${PREFIX}.apiKey.${digest('service', urlKey(endpoint.baseUrl), ...environmentParts(endpoint))}`;
}

export function tokenEndpointKey(endpoint: Pick<Endpoint, 'tokenUrl' | 'environment'>): string {
  return digest('token', urlKey(endpoint.tokenUrl), ...environmentParts(endpoint));
}

export function sameEndpoint(a: Endpoint, b: Endpoint): boolean {
  return urlKey(a.baseUrl) === urlKey(b.baseUrl) && urlKey(a.tokenUrl) === urlKey(b.tokenUrl) && environmentParts(a).join() === environmentParts(b).join();
}

/** True when a SecretStorage key is one of this store's (for following changes made in other windows). */
export function isCredentialKey(key: string): boolean {
  return key.startsWith(`${PREFIX}.`);
}
