/**
 * How the References and Coverage views' background work shares the machine. On two cores or fewer, each time it
 * gives the event loop back it also rests as long as it worked since the last time, so that the workbench's own
 * processes (its window, VS Code's server) keep a core: at full speed a scan of 5 000 files on the host's thread made
 * the workbench answer a command in 81 ms (p95) against 15 ms idle; resting, in 23–39 ms, for a scan two to three
 * times as long (bench/referencesScan.ts, a 2-core machine). The scan's worker thread (scanWorker.ts) rests three times
 * as long. With more cores one is free anyway, and nothing rests. The command line reads files without resting: nothing
 * waits on it. Editor features a user waits on (links, hovers) do not rest.
 */
import { coreCount } from '../machine';
import { yieldNow } from '../service/yieldNow';

export interface Pace {
  /** Rest as a share of the time worked. */
  restShare: number;
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const MACHINE: Pace = {
  restShare: coreCount() <= 2 ? 1 : 0,
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : void yieldNow().then(resolve))),
};

/**
 * Work shorter than this is not rested after yet, only the event loop given back: a timer waits a millisecond at
 * least, and a rest after every short step made the References view's first draw three times as long.
 */
const SHORTEST_REST_MS = 8;

export class Pacer {
  private since: number;

  constructor(private readonly pace: Pace = MACHINE) {
    this.since = pace.now();
  }

  /**
   * Gives the event loop back; once the time worked since the last rest (or since made) adds up to SHORTEST_REST_MS,
   * rests its share of it first.
   */
  async rest(): Promise<void> {
    const rest = (this.pace.now() - this.since) * this.pace.restShare;
    if (rest < SHORTEST_REST_MS * this.pace.restShare) return this.pace.sleep(0);
    await this.pace.sleep(rest);
    this.since = this.pace.now();
  }
}

/** A fresh Pacer's `rest`, for work that takes its rests as a function (the grouping of references, a slicer). */
export function pacedRests(): () => Promise<void> {
  const pacer = new Pacer();
  return () => pacer.rest();
}

/**
 * `each` of `items`, `batch` at a time (their reads overlap), paced between batches, until `stopped` says so (asked
 * before each batch); `after` is told how many are done after each. Resolves with how many were done.
 */
export async function inPacedBatches<T>(
  items: readonly T[],
  batch: number,
  each: (item: T) => Promise<void>,
  { stopped, after }: { stopped?: () => boolean; after?: (done: number) => void } = {},
): Promise<number> {
  const pacer = new Pacer();
  let done = 0;
  while (done < items.length && !stopped?.()) {
    await Promise.all(items.slice(done, done + batch).map(each));
    done = Math.min(items.length, done + batch);
    after?.(done);
    await pacer.rest();
  }
  return done;
}
