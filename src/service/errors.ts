/**
 * The one error type of the service layer. Its message is meant for the user: it names the request (method and
 * path, never a token, secret or API key) and says what to do.
 */
import type { ServiceErrorKind } from './types';

export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly details: { status?: number; method?: string; path?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
  }

  get status(): number | undefined {
    return this.details.status;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

export function cancelled(method: string, path: string): ServiceError {
  return new ServiceError('cancelled', `${method} ${path} was cancelled.`, { method, path });
}

/** What the user can do about each kind of failure. */
export const ADVICE: Record<ServiceErrorKind, string> = {
  auth: 'Check the client ID and secret (Standards: Sign In…).',
  forbidden: 'Your credentials or subscription do not give access to this resource; check them with your administrator.',
  notFound: 'It may have been withdrawn or renamed; refresh the list.',
  rateLimited: 'The service is limiting requests; wait a moment and try again.',
  server: 'The service is having trouble; try again later.',
  network: 'Check the base URL and token URL settings and your network or proxy.',
  timeout: 'The service did not answer in time; try again, or raise the timeout if your connection is slow.',
  badResponse: 'The service answered in a way this extension does not understand; check the base URL setting.',
  invalidInput: 'Check the value and try again.',
  cancelled: '',
};

/**
 * Anything caught at the edge of the service layer as a ServiceError: ours pass through, anything else (a bug or
 * a platform error such as a RangeError) becomes a badResponse naming the call, so only ServiceError leaves.
 */
export function asServiceError(error: unknown, method: string, path: string): ServiceError {
  if (error instanceof ServiceError) return error;
  const name = error instanceof Error ? error.name : typeof error;
  return new ServiceError(
    'badResponse',
    `${method} ${path} failed unexpectedly while reading the answer (${name}). Try again; if it persists, report it with the log.`,
    {
      method,
      path,
    },
  );
}
