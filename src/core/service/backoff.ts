/** Waiting: backoff between attempts (exponential with full jitter, Retry-After), and abortable waits. */

/** Delay before retry number `attempt + 1`: uniform in [base/2, base·2^attempt] (full jitter, floored). */
export function backoffDelay(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = baseMs * 2 ** attempt;
  const floor = baseMs / 2;
  return Math.round(floor + random() * Math.max(0, ceiling - floor));
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Waits `ms`, or rejects with `onAbort()` as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  if (signal?.aborted) return Promise.reject(onAbort());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = (): void => {
      clearTimeout(timer);
      reject(onAbort());
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * `promise`'s outcome, or — when `signal` aborts first — a rejection with `onAbort()`. The work itself goes on:
 * this stops one caller's wait (others may share the same work).
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal, onAbort: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(onAbort());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes the wrapped promise's reason through unchanged
        reject(error);
      },
    );
  });
}
