/**
 * Every reader of server or workspace text (linearReaders.ts) runs in linear time on adversarial input
 * (adversarial.ts): for each reader and each input, doubling the input at most about doubles the time. Measured
 * against the reader's own time at half the size, not a wall clock, so a slow or busy machine passes and a quadratic scan
 * fails on any machine: one that tries every start of a 16 KB run does ~10⁸ steps, a tenth of a second, and four
 * times that at each doubling, where a linear reader takes a millisecond or two.
 *
 * Times below FLOOR_MS are timer and garbage-collector noise, so growth is taken against the floor there. A case
 * that fails the first look (one call at each size) is measured again: warmed up, medians of a few calls, a few
 * attempts, since a collection can land in any one measurement.
 */
import * as assert from 'node:assert/strict';
import { Script, createContext } from 'node:vm';
import { ADVERSARIES } from './adversarial';
import { READERS, SIZES, type Reader } from './linearReaders';

/** How much longer twice the input may take: 2 for linear, 4 for quadratic; the rest is noise. */
const MAX_RATIO = 2.5;
/**
 * A reader passes when some doubling of SIZES stays within MAX_RATIO: its time can step at one size (V8 moves a
 * string or an array that outgrows the heap's regular pages, or changes how `replace` builds its result), but a
 * quadratic one is 4× at every doubling.
 */
/** Below this a call's time is mostly noise; ratios are taken against it. */
const FLOOR_MS = 1;
/** A case that fails the first look is measured again this many times, with medians of more calls each time. */
const ATTEMPTS = 3;
const REPEATS = 3;
/** Every doubling this far over, at times this far above the floor, is no accident of measuring: no second look. */
const CERTAIN_RATIO = 3.5;
const CERTAIN_MS = 20;
/**
 * A call still running after this long is stopped and counts as endless: a cubic scan can take hours at 128 KB
 * where a linear reader takes milliseconds, and the sizes after it are not tried.
 */
const STOP_MS = 5000;

/** The call is made from a script in its own context, so that V8 can stop it (a regular expression included). */
const stoppable = createContext({ call: (): unknown => undefined });
const callIt = new Script('call()');

/**
 * The processor time a call takes, in milliseconds: this process's, all its threads (the collector's and the
 * compiler's are part of the work), so other processes on a busy machine do not count. Infinity when stopped.
 */
function timeOf(call: () => unknown): number {
  let time = Infinity;
  stoppable.call = () => {
    const start = process.cpuUsage();
    call();
    const used = process.cpuUsage(start);
    time = (used.user + used.system) / 1000;
  };
  try {
    callIt.runInContext(stoppable, { timeout: STOP_MS });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
  }
  return time;
}

/** The median of up to `repeats` calls (fewer when they are slow: one slow call says enough). */
function medianTime(call: () => unknown, repeats: number): number {
  const times: number[] = [];
  let total = 0;
  while (times.length < repeats && total < 1000) {
    const time = timeOf(call);
    times.push(time);
    total += time;
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const ratio = (times: readonly number[], i: number): number => times[i] / Math.max(times[i - 1], FLOOR_MS);

const isLinear = (times: readonly number[]): boolean => times.some((_, i) => i > 0 && ratio(times, i) <= MAX_RATIO);
/** Stopped, or two doublings (or more) all far over at times far above the floor. */
const isCertainlyNot = (times: readonly number[]): boolean =>
  times.includes(Infinity) || (times.length > 2 && times[0] >= CERTAIN_MS && times.every((_, i) => i === 0 || ratio(times, i) >= CERTAIN_RATIO));

/** The times at each size in turn, up to the first doubling within MAX_RATIO, or until it is certainly not linear. */
function timesUntilLinear(call: (size: number) => () => unknown, time: (call: () => unknown) => number): number[] {
  const times = [time(call(0))];
  for (let i = 1; i < SIZES.length && !isLinear(times) && !isCertainlyNot(times); i++) times.push(time(call(i)));
  return times;
}

/**
 * Undefined when the reader's time grows linearly with this input, else what was measured. A first look times one
 * call at each size (the first also warms the reader up); only what fails it is measured properly: a warm-up,
 * then medians of several calls, a few attempts.
 */
function superLinear(reader: Reader, text: (n: number) => string): string | undefined {
  const calls: Array<() => unknown> = [];
  const call = (size: number): (() => unknown) => (calls[size] ??= reader.load(text(SIZES[size])));
  let times = timesUntilLinear(call, timeOf);
  for (let attempt = 0; attempt < ATTEMPTS && !isLinear(times) && !isCertainlyNot(times); attempt++) {
    call(0)();
    times = timesUntilLinear(call, (c) => medianTime(c, REPEATS + 2 * attempt));
  }
  if (isLinear(times)) return undefined;
  const ratios = times.slice(1).map((_, i) => `×${ratio(times, i + 1).toFixed(1)}`);
  const shown = times.map((t) => (t === Infinity ? `stopped after ${STOP_MS / 1000} s` : t.toFixed(2)));
  return `${shown.join(' → ')} ms${ratios.length ? ` (${ratios.join(', ')})` : ''}`;
}

describe('linear time on adversarial input (every reader of server and workspace text)', function () {
  // Each reader meets every input at 16 KB and more: well under a second when linear; minutes when not.
  this.timeout(300_000);

  for (const reader of READERS) {
    it(reader.name, () => {
      const slow: string[] = [];
      for (const adversary of reader.adversaries ?? ADVERSARIES) {
        const measured = superLinear(reader, adversary.text);
        if (measured) slow.push(`${adversary.name}: ${measured}`);
      }
      assert.deepEqual(slow, [], `time grows faster than the input (${SIZES.map((n) => `${n / 1024} KB`).join(' → ')})`);
    });
  }
});
