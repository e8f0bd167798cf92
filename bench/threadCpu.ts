/**
 * The calling thread's own time on a core and waiting for one, from the kernel (/proc/thread-self/schedstat, Linux),
 * where process.cpuUsage counts every thread of the process (the collector's helpers too) in ticks of a few
 * milliseconds. Bench only.
 */
import { readFileSync } from 'node:fs';

/** [ns on a core, ns ready but waiting for one]; undefined where the kernel does not say. */
export function threadSchedule(): [number, number] | undefined {
  try {
    const [ran, waited] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return Number.isFinite(ran) && Number.isFinite(waited) ? [ran, waited] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This thread's time on a core so far, in ms: the clock less the kernel's account of its waits for a core (schedstat's
 * second field, brought up to date each time the thread gets a core), so it stands still while the thread waits. Not
 * the kernel's account of its time run (the first field): while the thread runs, that is brought up to date only at
 * the kernel's ticks (4 ms here), and a slice of 9 ms on the clock read 8 or 12 ms, one of 18.5 ms 19.9. Where the
 * kernel does not say, the process's CPU.
 */
export function threadCpuMs(): number {
  const schedule = threadSchedule();
  if (schedule) return performance.now() - schedule[1] / 1e6;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
