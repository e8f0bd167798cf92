/**
 * One request sent again after transient failures: backoff with full jitter or the service's own Retry-After, each
 * wait told to the logger, within the call's total wait and the run's time limit. The service's GETs and the token
 * request share it, so a failing identity provider is asked again once per token request — not once per GET waiting
 * for the token.
 */
import { backoffDelay, sleep } from './backoff';
import type { Deadline } from './deadline';
import { isServiceError, type ServiceError } from './errors';
import type { RetryOptions, ServiceLogger } from './types';

export interface RetryPlan {
  retry: Required<RetryOptions>;
  logger?: ServiceLogger;
  /** The run's time limit: a Retry-After is honoured within it (not capped by `retry.maxTotalWaitMs`). */
  deadline?: Deadline;
}

export interface RetryCall {
  /** Method and path, as the log and the wait notices name it: `GET /v1/standards`, `POST /token`. */
  request: string;
  /** Whether a failure is worth another attempt. */
  retryable(failure: ServiceError): boolean;
  /** What the failed attempt met, in words ("the connection failed"), for the wait notice. */
  after(failure: ServiceError): string;
  /** The same, shorter, for the debug line ("503", "network"). */
  cause(failure: ServiceError): string;
  signal?: AbortSignal;
  cancelled(): Error;
  /** Told before each wait: the retry's number and the failure that asked for it. */
  onRetry?(retry: number, failure: ServiceError): void;
}

/** `attempt()`'s result, asked again while its failures are retryable and the plan allows another wait. */
export async function withRetries<T>(attempt: () => Promise<T>, plan: RetryPlan, call: RetryCall): Promise<T> {
  const { maxRetries, baseDelayMs, maxTotalWaitMs } = plan.retry;
  let waited = 0;
  for (let n = 0; ; n++) {
    let failure: ServiceError;
    try {
      return await attempt();
    } catch (error) {
      if (!isServiceError(error)) throw error;
      failure = error;
    }
    if (!call.retryable(failure) || n >= maxRetries) throw failure;
    const asked = failure.details.retryAfterMs;
    const delay = asked ?? backoffDelay(n, baseDelayMs);
    const deadline = plan.deadline;
    // Within a time limit the service's own wait is honoured whole, as long as the limit allows it.
    if (deadline && delay >= deadline.leftMs()) throw asked !== undefined ? deadline.waitTooLong(failure, delay) : failure;
    if (!(deadline && asked !== undefined) && waited + delay > maxTotalWaitMs) throw failure;
    plan.logger?.debug?.(`retrying ${call.request} in ${(delay / 1000).toFixed(1)} s after ${call.cause(failure)} (retry ${n + 1} of ${maxRetries})`);
    plan.logger?.waiting?.({
      request: call.request,
      ms: delay,
      after: call.after(failure),
      asked: asked !== undefined,
      retry: { number: n + 1, of: maxRetries },
      ...(deadline ? { leftMs: deadline.leftMs() - delay } : {}),
    });
    call.onRetry?.(n + 1, failure);
    await sleep(delay, call.signal, () => call.cancelled());
    waited += delay;
  }
}
