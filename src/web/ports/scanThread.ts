/**
 * The browser's src/core/scan/scanThread.ts: no worker (a web worker extension host cannot start one from the
 * extension's files). `read` declines, and the References view's scan reads the files on the host's thread, paced as
 * it is whenever the worker cannot run.
 */
import type { ScanFile } from '../../core/scan/scanMessages';
import type { TextCitations } from '../../core/scan/textCitations';

export class ScanThread {
  read(_files: ScanFile[], _serviceBaseUrl: string | undefined): Promise<Array<TextCitations | undefined>> {
    return Promise.reject(new Error('No scan worker in the browser.'));
  }

  dispose(): void {}
}
