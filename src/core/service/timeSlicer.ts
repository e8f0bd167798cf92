/**
 * Long work in slices: `due()` pauses once a slice has run its time, so the thread (the extension host's, a page's)
 * keeps serving between them. Pure: no vscode.
 */
import { yieldNow } from './yieldNow';

/** Awaits `pause()` once `budgetMs` have passed since the last one: call `due()` often, it is cheap. */
export class TimeSlicer {
  private since = performance.now();

  constructor(
    private readonly pause: () => Promise<void> = yieldNow,
    private readonly budgetMs = 8,
  ) {}

  /** Pauses when the slice has run its time; resolves at once otherwise. */
  async due(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await this.now();
  }

  /** Pauses now: before a step that takes a slice on its own. */
  async now(): Promise<void> {
    await this.pause();
    this.since = performance.now();
  }
}
