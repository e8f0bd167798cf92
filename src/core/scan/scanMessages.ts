/** The messages between a scan and its worker (scanThread.ts, scanWorker.ts). */
import type { NotReadFile } from './fileBytes';
import type { FolderListing } from './folderListing';
import type { TextCitations } from './textCitations';

/** One file to read: its path on disk, and its name in the workspace (the marks of `standards: not-applicable` name it). */
export interface ScanFile {
  path: string;
  name: string;
}

/** Files to read, or a folder to list (folderListing.ts). */
export type ScanAsk = { files: ScanFile[]; serviceBaseUrl: string | undefined } | { list: FolderListing };

export type ScanJob = { id: number } & ScanAsk;

/**
 * `found`, by file in the job's order: what it cites, or why it was not read (too large, binary); undefined: nothing,
 * or gone. `listed`: the folder's files, relative.
 */
export type ScanReply = { id: number } & ({ found: Array<TextCitations | NotReadFile | undefined> } | { listed: string[] } | { error: string });
