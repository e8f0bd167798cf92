/** Which file contents a scan reads for citations: not too large (generated data, logs), not binary. Platform-neutral. */
import { byteSize, type SkipReason } from '../check/skippedFiles';

/** Larger files are skipped. */
export const MAX_FILE_BYTES = 2_000_000;

/** Bytes looked at for a NUL, the mark of a binary file. */
const BINARY_PROBE = 8000;

/** The UTF-8 text of `bytes`, or undefined when they are binary. */
export function textOfBytes(bytes: Uint8Array): string | undefined {
  return bytes.subarray(0, BINARY_PROBE).includes(0) ? undefined : new TextDecoder().decode(bytes);
}

/** Why a scan did not read a file: check's reasons (core/check/skippedFiles.ts), so that both say it alike. */
export type NotRead = Extract<SkipReason, 'too-large' | 'binary'>;

/** A file a scan listed but did not read: the view says how many, never silently leaves them out. */
export interface NotReadFile {
  notRead: NotRead;
}

/** The files not read, counted by reason. */
export function countNotRead(reasons: Iterable<NotRead>): Record<NotRead, number> {
  const counts: Record<NotRead, number> = { 'too-large': 0, binary: 0 };
  for (const reason of reasons) counts[reason]++;
  return counts;
}

/** What a report says of the files a scan did not read (core/citations/referenceReport.ts `toMarkdown`'s notes). */
export function notReadNotes({ 'too-large': large, binary }: Record<NotRead, number>): string[] {
  const notes: string[] = [];
  const limit = byteSize(MAX_FILE_BYTES);
  if (large)
    notes.push(
      large === 1
        ? `1 file over ${limit} was not read: its references are missing here.`
        : `${large} files over ${limit} were not read: their references are missing here.`,
    );
  if (binary) notes.push(binary === 1 ? '1 binary file was not read.' : `${binary} binary files were not read.`);
  return notes;
}
