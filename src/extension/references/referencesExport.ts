/** Export References…: the References view's matrix written as CSV, or Markdown for a .md file. */
import * as vscode from 'vscode';
import { groupReferences, toCsv, toMarkdown } from '../../core/citations/referenceReport';
import { pacedRests } from '../../core/scan/scanPace';
import { byteSize } from '../../core/check/skippedFiles';
import { MAX_FILE_BYTES, notReadNotes } from '../../core/scan/fileBytes';
import { showInformation, showWarning } from '../notify';
import type { WorkspaceReferences } from './referencesView';

/** Writes the matrix to `target`, asking where when not given; returns the file. */
export async function exportReferences(references: WorkspaceReferences, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  await references.ready(true);
  const occurrences = await references.occurrences();
  if ('unavailable' in occurrences) {
    throw new Error(
      occurrences.unavailable === 'signedOut'
        ? vscode.l10n.t('Sign in first: references are resolved against the catalogue of your service.')
        : vscode.l10n.t('The catalogue index is not built yet: run Find Standard… once, then export again.'),
    );
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export References'),
      defaultUri: folder && vscode.Uri.joinPath(folder, 'standards-references.csv'),
      filters: { CSV: ['csv'], Markdown: ['md'] },
    }));
  if (!uri) return undefined;
  const groups = await groupReferences(occurrences, pacedRests());
  const notRead = references.notReadCounts();
  const text = /\.(?:md|markdown)$/i.test(uri.path) ? toMarkdown(groups, notReadNotes(notRead)) : toCsv(groups);
  // A report of the references is not a source of them.
  references.ignore(uri);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const where = vscode.workspace.asRelativePath(uri);
  const large = notRead['too-large'];
  // A file too large to read is a gap in the report (a binary one cites nothing): said where the CSV cannot.
  if (large)
    void showWarning(
      large === 1
        ? vscode.l10n.t(
            'Exported {0} references to {1}. 1 file over {2} was not read: its references are missing.',
            occurrences.length,
            where,
            byteSize(MAX_FILE_BYTES),
          )
        : vscode.l10n.t(
            'Exported {0} references to {1}. {2} files over {3} were not read: their references are missing.',
            occurrences.length,
            where,
            large,
            byteSize(MAX_FILE_BYTES),
          ),
    );
  else void showInformation(vscode.l10n.t('Exported {0} references to {1}.', occurrences.length, where));
  return uri;
}
