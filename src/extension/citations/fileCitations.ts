/** What the References view keeps of one file: its citations and its `standards: not-applicable` lines. */
import * as vscode from 'vscode';
import { findCitations, type Citation } from '../../core/citations/recognise';
import { findJustifications, type FoundJustifications } from '../../core/compliance/justifications';
import { isGeneratedReport } from '../../core/generatedReports';

export interface FileCitations {
  uri: vscode.Uri;
  citations: Citation[];
  marks?: FoundJustifications;
}

/**
 * The citations and marks of a file's `text`; undefined when it has none, could not be read, or is a report we
 * wrote (it quotes citations: not the project's own, core/generatedReports.ts).
 */
export function fileCitations(uri: vscode.Uri, text: string | undefined, serviceBaseUrl: string | undefined): FileCitations | undefined {
  if (text === undefined || isGeneratedReport(text)) return undefined;
  const citations = findCitations(text, { serviceBaseUrl });
  const marks = findJustifications(text, vscode.workspace.asRelativePath(uri));
  if (!citations.length && !marks.problems.length) return undefined;
  return { uri, citations, ...(marks.justifications.length || marks.problems.length ? { marks } : {}) };
}
