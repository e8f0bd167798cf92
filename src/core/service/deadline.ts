/**
 * A run's overall time limit (the command line's --timeout): one signal that stops every call of the run when the
 * time is up, and the time left, so that a wait the service asks for (Retry-After) is honoured when it fits and
 * fails at once when it does not — never a sleep into the limit, nor a wait cut short and asked again too early.
 */
import { ServiceError } from './errors';

/** The longest limit a timer can keep (setTimeout's bound, about 24.8 days). */
const MAX_LIMIT_MS = 2 ** 31 - 1;

export class Deadline {
  /** When the time is up (ms since the epoch). */
  readonly at: number;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    readonly limitMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isFinite(limitMs) || limitMs <= 0 || limitMs > MAX_LIMIT_MS) throw new RangeError(`A time limit of ${limitMs} ms cannot be kept.`);
    this.at = now() + limitMs;
    this.timer = setTimeout(() => this.controller.abort(), limitMs);
    // The limit bounds the work; it is not work itself: a run that is done exits without waiting for it. (A browser's
    // timer is a number, without unref.)
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** Aborts when the time is up. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get passed(): boolean {
    return this.controller.signal.aborted || this.now() >= this.at;
  }

  leftMs(): number {
    return Math.max(0, this.at - this.now());
  }

  /** A signal that aborts when the caller's does or the time is up. */
  bound(signal?: AbortSignal): AbortSignal {
    return signal ? AbortSignal.any([signal, this.controller.signal]) : this.controller.signal;
  }

  /** The error for `method path` stopped because the time ran out. */
  ranOut(method: string, path: string): ServiceError {
    return new ServiceError('timeout', `${method} ${path} was stopped: the run's time limit of ${seconds(this.limitMs)} ran out.`, {
      method,
      path,
      remedy: 'timeLimit',
    });
  }

  /** `failure` (an answer that asked for a wait of `askedMs`) when the wait is longer than the time left. */
  waitTooLong(failure: ServiceError, askedMs: number): ServiceError {
    return new ServiceError(
      failure.kind,
      `${failure.message} The service asked to wait ${seconds(askedMs)} before asking again, more than the ${seconds(this.leftMs(), Math.floor)} left of the run's time limit (${seconds(this.limitMs)}).`,
      { ...failure.details, retryAfterMs: askedMs, remedy: 'timeLimit' },
    );
  }

  /** Stops the timer (the run is over). */
  dispose(): void {
    clearTimeout(this.timer);
  }
}

/** A failure that means the run's time is up, or would be before the service's wait is over: not worth waiting again. */
export function isOutOfTime(error: unknown): boolean {
  return error instanceof ServiceError && error.remedy === 'timeLimit';
}

/** "3600 s": whole seconds, rounded up unless told otherwise (a wait is never said to be shorter than it is). */
export function seconds(ms: number, round: (n: number) => number = Math.ceil): string {
  return `${round(ms / 1000)} s`;
}
