/**
 * Names for per-connection storage (keychain entries, cache folders): a SHA-256 of the parts, so the same
 * connection always finds its data and no URL or client ID appears in a key or a path.
 */
import { sha256Hex } from './service/sha256';

/** Hex digest of the parts (joined by NUL, which no URL contains), cut to `length` characters. */
export function storageKey(parts: readonly string[], length: 16 | 32): string {
  return sha256Hex(parts.join('\u0000')).slice(0, length);
}
