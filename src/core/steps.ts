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
