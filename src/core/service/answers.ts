/** What an answer of the service must be before it is used: JSON of the expected shape, next links inside the service. */
import { ServiceError } from './errors';
import type { Redactor } from './redact';
import { pathOf, type GetResult } from './serviceHttp';

/** Where the service is: its base URL, the same with a slash (what every URL of it starts with), its path. */
export interface ServiceBase {
  base: string;
  basePrefix: string;
  basePath: string;
}

/** The JSON body of a 2xx answer (ServiceHttp parsed it); a non-JSON answer is a clear badResponse. */
export function jsonBody(result: GetResult, redactor: Redactor): unknown {
  if (result.json !== undefined) return result.json;
  const where = `GET ${pathOf(result.url)}`;
  const type = redactor.excerpt((result.contentType ?? 'no content type').split(';')[0], 80);
  throw new ServiceError('badResponse', `${where} answered with ${type} instead of JSON (a proxy or login page may be answering).`, {
    remedy: 'baseUrl',
    status: result.status,
    method: 'GET',
    path: pathOf(result.url),
  });
}

/**
 * A next link, relative or absolute, resolved and kept under the service's base URL (same origin and base path):
 * the token and API key must not go to another API on the same host (`../../admin`).
 */
export function nextLinkInside(link: string, from: string, current: string, service: ServiceBase, redactor: Redactor): string {
  const shown = JSON.stringify(redactor.excerpt(link, 100));
  let resolved: URL;
  try {
    resolved = new URL(link, from);
  } catch {
    throw shapeErrorAt(current, `a valid next link, not ${shown}`);
  }
  const details = { method: 'GET', path: pathOf(current) };
  if (resolved.origin !== new URL(service.base).origin) {
    throw new ServiceError(
      'badResponse',
      `GET ${pathOf(current)}: the next link points to another server (${redactor.excerpt(resolved.origin, 100)}); not followed. The service is misconfigured or faulty.`,
      details,
    );
  }
  if (!resolved.href.startsWith(service.basePrefix)) {
    throw new ServiceError(
      'badResponse',
      `GET ${pathOf(current)}: the next link ${shown} leads outside the service (${service.basePath || '/'}); not followed. The service is misconfigured or faulty.`,
      details,
    );
  }
  return resolved.href;
}

export function shapeError(result: GetResult, expected: string): ServiceError {
  return shapeErrorAt(result.url, expected);
}

export function shapeErrorAt(url: string, expected: string): ServiceError {
  return new ServiceError('badResponse', `GET ${pathOf(url)} answered with JSON of an unknown shape: expected ${expected}.`, {
    remedy: 'baseUrl',
    method: 'GET',
    path: pathOf(url),
  });
}
