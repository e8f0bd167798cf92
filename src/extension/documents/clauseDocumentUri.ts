/** The URI of a `standards:` clause document, with a readable tab label (standardsUri.ts says its shape). */
import * as vscode from 'vscode';
import { STANDARDS_SCHEME, clauseDocumentPath, type ClauseFormat } from './standardsUri';

export function clauseDocumentUri(urn: string, clauseId: string, label: string, format: ClauseFormat = 'json'): vscode.Uri {
  return vscode.Uri.from({ scheme: STANDARDS_SCHEME, path: clauseDocumentPath(urn, clauseId, label, format) });
}
