/**
 * The one error type of the service layer. Its message states what happened, for the user: it names the request
 * (method and path, never a token, secret or API key). What to do about it is a `remedy`, a fact the UI puts in
 * words (src/extension/errorText.ts), since only the UI knows its commands and settings.
 */
import type { ServiceErrorKind } from './types';

/**
 * What would fix a failure: enter credentials again (`signIn`), check one of the connection's settings, or a
 * general course (wait, try later, ask an administrator…). `clock`: this machine's clock and the identity provider's
 * disagree; `timeLimit`: the run's time limit (deadline.ts) ran out, or the service asked for a longer wait than is left.
 */
export type Remedy =
  | 'signIn'
  | 'baseUrl'
  | 'tokenUrl'
  | 'scope'
  | 'apiKeyHeader'
  | 'network'
  | 'timeout'
  | 'askAdministrator'
  | 'refresh'
  | 'wait'
  | 'tryLater'
  | 'unknownAnswer'
  | 'clock'
  | 'timeLimit';

export interface ServiceErrorDetails {
  status?: number;
  method?: string;
  path?: string;
  retryAfterMs?: number;
  remedy?: Remedy;
  /**
   * The part of the message that quotes the server (its problem title and detail, an error description), as it
   * stands in the message (": …", " (…)"): a notification leaves it out and the log keeps it.
   */
  serverSaid?: string;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly details: ServiceErrorDetails = {},
  ) {
    super(message);
  }

  get status(): number | undefined {
    return this.details.status;
  }

  get remedy(): Remedy | undefined {
    return this.details.remedy;
  }
}

/** The message without what the server said (for notifications, where server text does not belong). */
export function messageWithoutServerText(error: ServiceError): string {
  const said = error.details.serverSaid;
  return said ? error.message.split(said).join('') : error.message;
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

export function cancelled(method: string, path: string): ServiceError {
  return new ServiceError('cancelled', `${method} ${path} was cancelled.`, { method, path });
}

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

/** Failures where a stored copy may stand in: the service or the identity provider did not answer at all. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ServiceError && (error.kind === 'network' || error.kind === 'timeout') && error.status === undefined;
}
