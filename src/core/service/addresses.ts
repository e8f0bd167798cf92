/**
 * Checks of what the user configures for a service: its address and a header name. Pure, without axios, so that
 * activation can check settings before the HTTP client is loaded (src/features/service.ts).
 */
import { ServiceError } from './errors';

/** True for a valid HTTP header name (a token in RFC 9110's grammar), e.g. for the API key header. */
export function isHeaderName(name: string): boolean {
  return /^[\w!#$%&'*+.^`|~-]+$/.test(name);
}

/** Loopback hosts may use plain http; everything else must be https. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Checks a configured URL: absolute, http(s), https unless loopback, no credentials inside. */
export function checkServiceUrl(value: string, setting: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ServiceError('invalidInput', `${setting} "${value}" is not an absolute URL. Enter a URL such as https://api.example.com/preprod.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServiceError('invalidInput', `${setting} must be an https URL, not ${url.protocol}.`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ServiceError(
      'invalidInput',
      `${setting} must use https: credentials and tokens are only sent over plain http to this machine (localhost, 127.0.0.1).`,
    );
  }
  if (url.username || url.password) {
    throw new ServiceError('invalidInput', `${setting} must not contain a user name or password.`, { remedy: 'signIn' });
  }
  return url;
}
