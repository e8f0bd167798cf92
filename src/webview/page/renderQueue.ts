import { yieldNow } from '../../core/service/yieldNow';

/**
 * A queue of small rendering steps run in slices of about `sliceMs`, with a yield between slices, so no step of the
 * clause page makes one long task.
 */
export class RenderQueue {
  private readonly tasks: Array<() => void> = [];
  private done = 0;
  private cancelled = false;

  constructor(
    private readonly onProgress: (done: number, total: number) => void,
    private readonly sliceMs = 12,
  ) {}

  push(task: () => void): void {
    this.tasks.push(task);
  }

  cancel(): void {
    this.cancelled = true;
  }

  get isCancelled(): boolean {
    return this.cancelled;
  }

  /** Runs every task, yielding to the browser before each slice; resolves when all ran. */
  run(): Promise<void> {
    return new Promise((resolve) => {
      const slice = (): void => {
        if (this.cancelled) return resolve();
        let now = performance.now();
        const end = now + this.sliceMs;
        // A task that would end past the slice, judged by the one before it (tasks come in runs of a kind, such as a
        // table's batches of rows), waits for the next slice.
        let last = 0;
        while (this.done < this.tasks.length && now + last <= end) {
          this.tasks[this.done++]();
          const after = performance.now();
          last = after - now;
          now = after;
        }
        this.onProgress(this.done, this.tasks.length);
        if (this.done < this.tasks.length) void yieldNow().then(slice);
        else resolve();
      };
      // The first slice after a yield too: whoever queued the tasks has usually just worked (received a model, made
      // the page's header), and a slice on top of that made one long task.
      void yieldNow().then(slice);
    });
  }
}
