/** The messages between a scan and its worker thread (scanThread.ts, scanWorker.ts). */
import type { NotReadFile } from './fileBytes';
import type { TextCitations } from './textCitations';

/** One file to read: its path on disk, and its name in the workspace (the marks of `standards: not-applicable` name it). */
export interface ScanFile {
  path: string;
  name: string;
}

export interface ScanJob {
  id: number;
  files: ScanFile[];
  serviceBaseUrl: string | undefined;
}

/** By file, in the job's order: what it cites, or why it was not read (too large, binary); undefined: nothing, or gone. */
export type ScanReply = { id: number } & ({ found: Array<TextCitations | NotReadFile | undefined> } | { error: string });
