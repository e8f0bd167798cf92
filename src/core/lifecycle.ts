/**
 * Ownership of disposables, after vscode-pull-request-github's `src/common/lifecycle.ts`: a long-lived object
 * extends Disposable, registers what it creates (emitters, listeners, child objects) and disposes them all, newest
 * first, when it is disposed. Pure: structurally compatible with vscode.Disposable, runs in plain Node.
 */

/** Anything with a dispose(), e.g. a vscode.Disposable or an EventEmitter. */
export interface IDisposable {
  dispose(): unknown;
}

/** Disposes every item, newest first; one throwing does not keep the others alive. The first error is rethrown. */
export function disposeAll(items: Iterable<IDisposable>): void {
  let first: Error | undefined;
  for (const item of [...items].reverse()) {
    try {
      item.dispose();
    } catch (error) {
      first ??= error instanceof Error ? error : new Error(String(error));
    }
  }
  if (first) throw first;
}

/** A disposable made from a function, called once. */
export function toDisposable(dispose: () => void): IDisposable {
  let done = false;
  return {
    dispose: () => {
      if (done) return;
      done = true;
      dispose();
    },
  };
}

export abstract class Disposable implements IDisposable {
  private readonly owned = new Set<IDisposable>();
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Owns `item`: it is disposed with this object (at once if this object is already disposed). */
  protected register<T extends IDisposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.owned.add(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const items = [...this.owned];
    this.owned.clear();
    disposeAll(items);
  }
}

/** `make`'s result, made on the first call and kept: how a host loads a part it does not need at start-up. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
