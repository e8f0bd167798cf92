/** What the References view keeps of one file: its citations and its `standards: not-applicable` lines. */
import * as vscode from 'vscode';
import { textCitations, type TextCitations } from '../../core/scan/textCitations';

export interface FileCitations extends TextCitations {
  uri: vscode.Uri;
}

/** The citations and marks of a file's `text` (core/scan/textCitations.ts); undefined when it could not be read. */
export function fileCitations(uri: vscode.Uri, text: string | undefined, serviceBaseUrl: string | undefined): FileCitations | undefined {
  const found = text === undefined ? undefined : textCitations(text, vscode.workspace.asRelativePath(uri), serviceBaseUrl);
  return found && { uri, ...found };
}
