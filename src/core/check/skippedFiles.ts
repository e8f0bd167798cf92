/**
 * The files a check listed but did not read, and why: every report says so (a gate must never pass on a file nobody
 * read). A text file too large to read, or a path that is no regular file, is a gap in the check and is named in
 * every format; a binary file (an image, an archive, a PDF) is expected not to be read and is only counted where a
 * person reads the report, listed where a program does (JSON, SARIF).
 */

export type SkipReason = 'too-large' | 'binary' | 'not-a-file';

export interface SkippedFile {
  /** As the check lists it: relative to where it ran, with forward slashes. */
  file: string;
  reason: SkipReason;
  /** Its size, when known. */
  bytes?: number;
  /** The largest file read (`too-large`). */
  limit?: number;
}

/** How far into a file a NUL byte makes it binary (as git judges). */
export const BINARY_PROBE = 8000;

/** A text file (or what stands for one) that was not read: its citations went unchecked. Binary files are not gaps. */
export function isGap(skipped: SkippedFile): boolean {
  return skipped.reason !== 'binary';
}

/** Why it was not read, in a few words: "209.7 MB, over the 5 MB limit (--max-file-size)". */
export function skipWhy(skipped: SkippedFile): string {
  switch (skipped.reason) {
    case 'too-large':
      return `${byteSize(skipped.bytes ?? 0)}, over the ${byteSize(skipped.limit ?? 0)} limit (--max-file-size)`;
    case 'binary':
      return `binary (${BINARY_MARK})`;
    default:
      return 'not a regular file (a device, a pipe or a folder)';
  }
}

/** What a report says of the binary files it only counts. */
export function binaryCount(count: number): string {
  return `${count} binary ${count === 1 ? 'file' : 'files'} (${BINARY_MARK}: images, archives, PDF and Word files)`;
}

/** What makes a file binary, in words. */
export const BINARY_MARK = 'a NUL byte within the first 8 000 bytes';

/** Decimal units, as the limit is given: 5 000 000 bytes is "5 MB", 209 715 200 is "209.7 MB". */
export function byteSize(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 1e9],
    ['MB', 1e6],
    ['kB', 1e3],
  ] as const)
    if (bytes >= size) return `${Number((bytes / size).toFixed(bytes < 10 * size ? 2 : 1))} ${unit}`;
  return `${bytes} bytes`;
}
