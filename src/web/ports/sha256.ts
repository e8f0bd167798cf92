/**
 * The browser's src/core/service/sha256.ts: the same digest from @noble/hashes, as Web Crypto's digest is asynchronous
 * and the storage keys and clause fingerprints are computed where nothing can wait.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type * as NodeSha256 from '../../core/service/sha256';

export const sha256Hex: typeof NodeSha256.sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));
