/** Progress for work that is usually quick. */
import { withNotificationProgress } from '../notify';

/**
 * Runs `work`, showing a cancellable progress notification only if it takes longer than `delayMs` (so quick,
 * cached answers do not flash a notification). Cancelling aborts the signal given to `work`.
 */
export async function withDelayedProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>, delayMs = 600): Promise<T> {
  const controller = new AbortController();
  const running = work(controller.signal);
  let settled = false;
  void running.then(
    () => (settled = true),
    () => (settled = true),
  );
  const timer = setTimeout(() => {
    if (settled) return;
    void withNotificationProgress({ title, cancellable: true }, (_progress, token) => {
      token.onCancellationRequested(() => controller.abort());
      return running.catch(() => undefined);
    });
  }, delayMs);
  try {
    return await running;
  } finally {
    clearTimeout(timer);
  }
}
