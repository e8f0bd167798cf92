/**
 * Names for per-connection storage (keychain entries, cache folders): a SHA-256 of the parts, so the same
 * connection always finds its data and no URL or client ID appears in a key or a path.
 */
import { createHash } from 'node:crypto';

/** Hex digest of the parts (joined by NUL, which no URL contains), cut to `length` characters. */
export function storageKey(parts: readonly string[], length: 16 | 32): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, length);
}
