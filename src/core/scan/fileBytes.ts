/** Which file contents a scan reads for citations: not too large (generated data, logs), not binary. Platform-neutral. */

/** Larger files are skipped. */
export const MAX_FILE_BYTES = 2_000_000;

/** Bytes looked at for a NUL, the mark of a binary file. */
const BINARY_PROBE = 8000;

/** The UTF-8 text of `bytes`, or undefined when they are binary. */
export function textOfBytes(bytes: Uint8Array): string | undefined {
  return bytes.subarray(0, BINARY_PROBE).includes(0) ? undefined : new TextDecoder().decode(bytes);
}
