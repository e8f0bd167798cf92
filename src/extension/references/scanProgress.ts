/**
 * A scan's progress, reported a few times a second: each report is a message to the workbench, which draws it, and a
 * report per batch of files (three hundred for 5 000 files) slowed the workbench's answers to everything else.
 */
import * as vscode from 'vscode';

/** How often a scan's progress is reported at most (ms). */
const PROGRESS_MS = 250;

/** Reports `read` of `total` files to `progress` (when there is one), at most every PROGRESS_MS and at the end. */
export function scanProgress(progress: vscode.Progress<{ message?: string; increment?: number }> | undefined, total: number): (read: number) => void {
  let reported = 0;
  let reportedAt = 0;
  return (read) => {
    if (!progress || (performance.now() - reportedAt < PROGRESS_MS && read < total)) return;
    progress.report({ message: vscode.l10n.t('{0} of {1} files', read, total), increment: ((read - reported) / total) * 100 });
    reported = read;
    reportedAt = performance.now();
  };
}
