/**
 * Whether a thread waits for a core right now, as Linux counts it: `/proc/loadavg` ends with the threads that run or
 * wait to run ("3/456 …", the reader included), so more of them than cores means one waits. The scan's worker asks
 * before each rest and works on while nothing waits (scanPace.ts). Read through one descriptor kept open (the kernel
 * makes the text anew at each read from its start). Undefined where there is no such file (macOS, Windows): the
 * worker then rests by the clock alone. Node only.
 */
import { openSync, readSync } from 'node:fs';

const LOADAVG = '/proc/loadavg';

export function runQueueProbe(cores: number): (() => boolean) | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const fd = openSync(LOADAVG, 'r');
    const buffer = Buffer.alloc(128);
    const waiting = (): boolean => {
      try {
        const running = runningOf(buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)));
        return running === undefined || running > cores;
      } catch {
        return true; // cannot tell: rest, as where nothing can be told
      }
    };
    return runningOf(buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0))) === undefined ? undefined : waiting;
  } catch {
    return undefined;
  }
}

/** The threads running or runnable, from the text of /proc/loadavg ("0.78 2.39 2.81 3/456 18059"). */
export function runningOf(loadavg: string): number | undefined {
  const match = /^\S+ \S+ \S+ (\d+)\/\d+/.exec(loadavg);
  return match ? Number(match[1]) : undefined;
}
