/** A time limit for a probe that has none of its own (a name lookup, a connection). Platform-neutral. */
import { l10n } from '../l10n';

/** `work`, or a rejection with code ETIMEDOUT (as the system's own timeouts carry) after `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(Object.assign(new Error(l10n.t('timed out')), { code: 'ETIMEDOUT' })), ms))),
  ]).finally(() => clearTimeout(timer));
}
