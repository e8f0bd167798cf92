/** The URI of a `standards:` clause document: names in the path for the tab and breadcrumbs, ids in the query (standardsUri.ts). */
import * as vscode from 'vscode';
import { STANDARDS_SCHEME, clauseDocumentParts, type ClauseFormat, type DocumentName } from './standardsUri';

export function clauseDocumentUri(urn: string, clauseId: string, name: DocumentName | string, format: ClauseFormat = 'json'): vscode.Uri {
  return vscode.Uri.from({ scheme: STANDARDS_SCHEME, ...clauseDocumentParts(urn, clauseId, name, format) });
}
