/**
 * A worker thread of background work (the References view's scan) made a background thread for the operating
 * system: on Linux its niceness is raised, so that whenever the extension host's own thread wants a core it gets it
 * at once. Linux orders threads by niceness within a scheduling group only (autogroups: a session each), so the
 * workbench's window, in a group of its own, still shares the cores evenly with the host's group: the scan's worker
 * rests too, but as long as it works rather than three times as long (scanWorker.ts). Elsewhere (no per-thread
 * niceness in Node: macOS and Windows set it for the whole process) nothing changes. Pure: no vscode.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** Niceness of a background thread: the others get ten times its share of a contended core. */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling worker thread's priority to BACKGROUND_NICENESS; true when it did. Never the main thread: on
 * Linux its thread id is the process id, and the whole process would seem lowered to whoever reads it.
 */
export function runInBackground(): boolean {
  if (process.platform !== 'linux' || isMainThread) return false;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>": setpriority of a thread id sets that thread's niceness alone.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0 || tid === process.pid) return false;
    setPriority(tid, BACKGROUND_NICENESS);
    return true;
  } catch {
    // No /proc, or the system refuses: the worker rests instead.
    return false;
  }
}
