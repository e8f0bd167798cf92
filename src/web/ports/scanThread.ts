/**
 * The browser's src/core/scan/scanThread.ts: no worker (a web worker extension host cannot start one from the
 * extension's files). `read` and `list` decline: the References view's scan lists the files through VS Code's search
 * and reads them on the host's thread, paced, as it does whenever the worker cannot run.
 */
import type { FolderListing } from '../../core/scan/folderListing';
import type { ScanFile } from '../../core/scan/scanMessages';
import type { TextCitations } from '../../core/scan/textCitations';

export class ScanThread {
  /** No worker is meant to run here: the scan does without one, and says nothing of it. */
  readonly runs = false;

  read(_files: ScanFile[], _serviceBaseUrl: string | undefined): Promise<Array<TextCitations | undefined>> {
    return Promise.reject(new Error('No scan worker in the browser.'));
  }

  list(_listing: FolderListing): Promise<string[]> {
    return Promise.reject(new Error('No scan worker in the browser.'));
  }

  dispose(): void {}
}
