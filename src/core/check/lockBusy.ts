/** Who holds an advisory lock (advisoryLock.ts), and the error of a wait for it that ran out: no Node, so a host in the browser can tell it too. */

/** Who holds a lock, as its holder wrote it into the lock file. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When it was taken (ISO 8601). */
  since: string;
  /** Unique to one holding: a lock file with another token is someone else's. */
  token: string;
}

/** The lock stayed held by another for all of `waitMs`. */
export class LockBusy extends Error {
  constructor(readonly holder: LockHolder | undefined) {
    super(`held by ${holder ? `process ${holder.pid} on ${holder.host} since ${holder.since}` : 'another process'}`);
  }
}
