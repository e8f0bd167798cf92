/**
 * SHA-256 of a text, as lowercase hex: names of storage folders and files, keys, and the fingerprints of reviewed
 * clauses. Synchronous, as its callers are. Node's own hash here; the browser build puts src/web/ports/sha256.ts in
 * its place (Web Crypto has no synchronous digest).
 */
import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
