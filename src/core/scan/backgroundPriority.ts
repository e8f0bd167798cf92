/**
 * The References view's scan worker made background work for the operating system. Linux shares the cores between
 * scheduling groups first (autogroups: a session each) and orders threads by niceness only within a group, so a niced
 * thread in the extension host still took its group's full share against the workbench's window and a terminal's
 * build, each in a group of its own. On Linux the worker is therefore a process of its own, started in a session of
 * its own (scanThread.ts), whose group it gives the lowest weight (`/proc/self/autogroup`, niceness 19): any other
 * group that wants a core gets it first. Where that file is missing (a kernel without autogroups) the process's own
 * niceness is raised instead. A worker thread (elsewhere, or when no process can start) raises its own thread's
 * niceness on Linux, within the host's group; macOS and Windows have no per-thread niceness in Node and leave it.
 * Pure: no vscode.
 */
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** Niceness of a background thread: the others of its group get ten times its share of a contended core. */
export const BACKGROUND_NICENESS = 10;
/** Niceness of the scan's own process and of its group: the lowest, a share of 15 against 1 024. */
export const BACKGROUND_PROCESS_NICENESS = 19;

/**
 * Lowers the calling scan worker's priority: its group's (a process of its own) or its thread's (a worker thread);
 * true when it did. Never the main thread of a process that is not a child worker: on Linux its thread id is the
 * process id, and the whole extension host would be lowered.
 */
export function runInBackground(): boolean {
  if (process.platform !== 'linux') return false;
  return isMainThread ? lowerOwnProcess() : lowerOwnThread();
}

function lowerOwnProcess(): boolean {
  // Only a worker started with an IPC channel (scanThread.ts) is lowered, never a process that merely loads this.
  if (typeof process.send !== 'function') return false;
  try {
    // Its session's group, only when it leads a session of its own (started detached): otherwise the group would be
    // the extension host's.
    if (sessionOf('self') !== process.pid) throw new Error('Not in a session of its own.');
    writeFileSync('/proc/self/autogroup', String(BACKGROUND_PROCESS_NICENESS));
    return true;
  } catch {
    try {
      setPriority(BACKGROUND_PROCESS_NICENESS);
      return true;
    } catch {
      return false;
    }
  }
}

/** The session id of a process (/proc: the 6th field of its stat, the 4th after its name). */
export function sessionOf(pid: number | 'self'): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[3]);
}

function lowerOwnThread(): boolean {
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
