/**
 * Long work in slices on a thread that also serves others (the extension host): the work calls `due()` often, and
 * every `budgetMs` the event loop gets its turn. Pure: no vscode.
 */

/** One turn of the event loop: timers and I/O run before the work goes on. */
export const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Awaits `pause()` once `budgetMs` have passed since the last one: call `due()` often, it is cheap. */
export class TimeSlicer {
  private since = performance.now();

  constructor(
    private readonly pause: () => Promise<void> = breathe,
    private readonly budgetMs = 8,
  ) {}

  /** Pauses when the slice has run its time; resolves at once otherwise. */
  async due(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await this.pauseNow();
  }

  /** Pauses now, whatever the time: before a step that cannot be sliced. */
  async pauseNow(): Promise<void> {
    await this.pause();
    this.since = performance.now();
  }
}
