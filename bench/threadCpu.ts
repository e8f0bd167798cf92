/**
 * The calling thread's own time on a core and waiting for one, from the kernel (/proc/thread-self/schedstat, Linux):
 * nanoseconds, where process.cpuUsage counts every thread of the process (the collector's helpers too) in ticks of a
 * few milliseconds. Bench only.
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

/** This thread's time on a core so far, in ms: the kernel's account where it gives one, else the process's CPU. */
export function threadCpuMs(): number {
  const schedule = threadSchedule();
  if (schedule) return schedule[0] / 1e6;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
