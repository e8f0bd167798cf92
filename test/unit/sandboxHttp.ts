/** Plain HTTP helpers for the sandbox's own tests (the service layer has its own client). */
import type { RunningSandbox } from '../../sandbox/types';

export async function requestToken(sandbox: RunningSandbox, secret = sandbox.clientSecret): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(sandbox.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: sandbox.clientId,
      client_secret: secret,
      grant_type: 'client_credentials',
      scope: 'openid',
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function accessToken(sandbox: RunningSandbox): Promise<string> {
  const { status, body } = await requestToken(sandbox);
  if (status !== 200 || typeof body.access_token !== 'string') throw new Error(`token request failed: ${status}`);
  return body.access_token;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json(): unknown;
}

/** GET `path` under the sandbox's baseUrl with a bearer token and optional extra headers. */
export async function get(sandbox: RunningSandbox, path: string, token: string | undefined, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    headers: { Accept: 'application/ld+json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

export type Json = Record<string, unknown>;

/** The items of a list response in any of the sandbox's envelopes. */
export function members(body: unknown): Json[] {
  if (Array.isArray(body)) return body as Json[];
  const object = body as Json;
  return (object['hydra:member'] ?? object['@graph']) as Json[];
}
