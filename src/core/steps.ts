/**
 * Work written as a generator that yields between its steps, run at once (where nothing waits on the thread: the
 * command line, tests) or with a rest between steps (where the thread must stay responsive: the extension host).
 * Pure: no vscode.
 */

/** Runs `steps` to their end at once; their value. */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs `steps` to their end, awaiting `rest` between them; their value. */
export async function runStepsResting<T>(steps: Generator<void, T, void>, rest: () => Promise<void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await rest();
  }
}

/** Comparisons a step of `sortInSteps` makes at most: a few milliseconds with a collator's compare. */
const COMPARISONS_PER_STEP = 8000;
/** Items of each run `sortInSteps` sorts at once before merging: a step's worth of comparisons. */
const RUN = 512;

/**
 * `items` in the order a (stable) `Array.prototype.sort` by `compare` gives, yielding every few thousand
 * comparisons: runs sorted at once, then merged pairwise, the left first of two equal ones. Sorting the 5 000 file
 * names of a workspace with the natural-order collator takes 13–20 ms in one go.
 */
export function* sortInSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Generator<void, T[], void> {
  let from = items.slice();
  for (let start = 0; start < from.length; start += RUN) {
    const run = from.slice(start, start + RUN).sort(compare);
    for (let k = 0; k < run.length; k++) from[start + k] = run[k];
    if (from.length > RUN) yield;
  }
  let into = new Array<T>(from.length);
  let compared = 0;
  for (let width = RUN; width < from.length; width *= 2) {
    for (let left = 0; left < from.length; left += 2 * width) {
      const middle = Math.min(left + width, from.length);
      const end = Math.min(left + 2 * width, from.length);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < end) {
        into[k++] = compare(from[i], from[j]) <= 0 ? from[i++] : from[j++];
        if (++compared >= COMPARISONS_PER_STEP) {
          compared = 0;
          yield;
        }
      }
      while (i < middle) into[k++] = from[i++];
      while (j < end) into[k++] = from[j++];
    }
    [from, into] = [into, from];
  }
  return from;
}
