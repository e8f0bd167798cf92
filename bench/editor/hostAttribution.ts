/**
 * What held the extension host in its longest event-loop delays while some work ran: a CPU profile of the host
 * (node:inspector, one sample every quarter millisecond) beside the gaps of a 1 ms timer, each gap's samples put
 * down to
 *  - ours: a frame of the extension anywhere in the stack (what it calls of VS Code's API counts as ours);
 *  - the garbage collector;
 *  - VS Code: its own code with no frame of ours below it (its file search, its RPC);
 *  - other: Node's internals with nothing of ours or VS Code's in the stack (code-server's transport compressing
 *    messages, timers), and samples where the thread was not running JavaScript at all.
 * Beside the samples, the kernel's account of the thread in each gap (/proc/thread-self/schedstat, Linux): how long
 * it ran, and how long it was ready to run but waited for a core, which no code of the host can shorten.
 * The profile and the gaps share one clock: V8's profile timestamps and process.hrtime are both the monotonic
 * clock in microseconds. Profiling slows the host a little, so this runs in a round of its own, not in the rounds
 * whose delays are recorded. Bench only.
 */
import * as inspector from 'node:inspector';
import { threadSchedule } from '../threadCpu';

export interface HeldBy {
  ours: number;
  gc: number;
  vscode: number;
  other: number;
}

export interface AttributedGap {
  /** ms from the start of the work. */
  atMs: number;
  ms: number;
  /** ms of the gap each kind of code held the thread: the samples taken in it, as shares of the time it ran. */
  heldBy: HeldBy;
  /** Our function most of those samples were in (the innermost of ours on the stack), "name file:line". */
  oursMostIn?: string;
  /** ms the thread ran in the gap, and ms it was ready but waited for a core (undefined where the kernel does not say). */
  ranMs?: number;
  waitedMs?: number;
}

export interface Attribution {
  /** The longest gaps, longest first. */
  longest: AttributedGap[];
  /** The most any one gap spent in our code (ms): the longest the extension itself held the host. */
  longestOursMs: number;
  /** The gap that spent it. */
  longestOurs: AttributedGap | undefined;
}

/** Gaps shorter than this are not looked at: a timer of 1 ms is often a few late on a busy machine. */
const GAP_MS = 10;
const KEPT = 5;
const SAMPLING_US = 250;

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** `work`, with the host's longest gaps and what held them; `ourFiles` tells a script URL of the extension. */
export async function attributed<T>(work: () => Promise<T>, ourFiles: (url: string) => boolean): Promise<{ result: T; attribution: Attribution }> {
  const session = new inspector.Session();
  session.connect();
  const post = <R>(method: string, params: object = {}): Promise<R> =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as R))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  const gaps: Gap[] = [];
  const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);
  let timing = true;
  let last = 0;
  let lastSched: [number, number] | undefined;
  const tick = (): void => {
    const now = nowUs();
    const sched = threadSchedule();
    if (now - last > GAP_MS * 1000)
      gaps.push({ from: last, to: now, ran: sched && lastSched && sched[0] - lastSched[0], waited: sched && lastSched && sched[1] - lastSched[1] });
    last = now;
    lastSched = sched;
    if (timing) setTimeout(tick, 1);
  };
  await post('Profiler.start');
  const started = nowUs();
  last = started;
  lastSched = threadSchedule();
  tick();
  try {
    const result = await work();
    return { result, attribution: attribute((await post<{ profile: Profile }>('Profiler.stop')).profile, gaps, started, ourFiles) };
  } finally {
    timing = false;
    session.disconnect();
  }
}

type Kind = keyof HeldBy;

/** A gap between two ticks (µs of the monotonic clock), and the ns the thread ran and waited for a core in it. */
interface Gap {
  from: number;
  to: number;
  ran: number | undefined;
  waited: number | undefined;
}

/** Each profile node's kind and, when ours, the innermost function of ours on its stack. */
type Kinds = Map<number, { kind: Kind; ours?: string }>;

function attribute(profile: Profile, gaps: Gap[], started: number, ourFiles: (url: string) => boolean): Attribution {
  const kinds = kindsOf(profile, ourFiles);
  const held: AttributedGap[] = gaps.map(({ from, to, ran, waited }) => ({
    atMs: (from - started) / 1000,
    ms: (to - from) / 1000,
    heldBy: { ours: 0, gc: 0, vscode: 0, other: 0 },
    ...(ran === undefined || waited === undefined ? {} : { ranMs: ran / 1e6, waitedMs: waited / 1e6 }),
  }));
  const oursIn = gaps.map(() => new Map<string, number>());
  // Samples and gaps are both in time order: one pass over each.
  let time = profile.startTime;
  let g = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i];
    const weight = (profile.timeDeltas[i + 1] ?? SAMPLING_US) / 1000;
    while (g < gaps.length && gaps[g].to < time) g++;
    if (g === gaps.length) break;
    if (time < gaps[g].from) continue;
    const { kind, ours } = kinds.get(profile.samples[i]) ?? { kind: 'other' };
    held[g].heldBy[kind] += weight;
    if (ours) oursIn[g].set(ours, (oursIn[g].get(ours) ?? 0) + weight);
  }
  held.forEach((gap, k) => {
    const most = [...oursIn[k]].sort((a, b) => b[1] - a[1])[0];
    if (most) gap.oursMostIn = most[0];
    if (gap.ranMs !== undefined) onlyWhileRunning(gap.heldBy, gap.ranMs);
  });
  const longestOurs = held.reduce<AttributedGap | undefined>((best, gap) => (!best || gap.heldBy.ours > best.heldBy.ours ? gap : best), undefined);
  return {
    longest: [...held].sort((a, b) => b.ms - a.ms).slice(0, KEPT),
    longestOursMs: longestOurs?.heldBy.ours ?? 0,
    longestOurs,
  };
}

/**
 * The kinds' shares of the time the thread ran: a sample due while the thread waits for a core is taken when it runs
 * again, in whatever it was doing, so the samples of a gap add up to more than it ran.
 */
function onlyWhileRunning(heldBy: HeldBy, ranMs: number): void {
  const sampled = heldBy.ours + heldBy.gc + heldBy.vscode + heldBy.other;
  if (sampled === 0) {
    heldBy.other = ranMs;
    return;
  }
  for (const kind of Object.keys(heldBy) as Kind[]) heldBy[kind] *= ranMs / sampled;
}

/** The kind of each profile node: ours when a frame of ours is on its stack, else by its own frame. */
function kindsOf(profile: Profile, ourFiles: (url: string) => boolean): Kinds {
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const kinds: Kinds = new Map();
  for (const node of profile.nodes) {
    let kind: Kind = 'other';
    let ours: string | undefined;
    if (node.callFrame.functionName === '(garbage collector)') kind = 'gc';
    else {
      for (let id: number | undefined = node.id; id !== undefined; id = parents.get(id)) {
        const frame = byId.get(id)?.callFrame;
        const url = frame?.url ?? '';
        if (frame && ourFiles(url)) {
          kind = 'ours';
          ours = `${frame.functionName || '(anonymous)'} ${url.slice(url.lastIndexOf('/') + 1)}:${frame.lineNumber + 1}`;
          break;
        }
        if (kind === 'other' && url.includes('/vs/')) kind = 'vscode';
      }
    }
    kinds.set(node.id, { kind, ours });
  }
  return kinds;
}
