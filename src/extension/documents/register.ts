/** The `standards:` documents (a clause as JSON or Markdown, read-only) and the offline mark of a stored copy. */
import * as vscode from 'vscode';
import type { ServiceAccess } from '../connection/serviceAccess';
import { createOfflineStatus } from './offlineStatus';
import { STANDARDS_SCHEME, StandardsFileSystem } from './standardsFileSystem';

export type { StandardsFileSystem } from './standardsFileSystem';

export interface StandardsDocumentsDeps {
  session: ServiceAccess;
  /** A clause was read into a document: its terms and the Recent shelf take note. */
  onBody: (source: { urn: string; clauseId: string }, body: unknown) => void;
}

export function registerStandardsDocuments(context: vscode.ExtensionContext, { session, onBody }: StandardsDocumentsDeps): StandardsFileSystem {
  const documents = new StandardsFileSystem(session, onBody);
  context.subscriptions.push(
    documents,
    vscode.workspace.registerFileSystemProvider(STANDARDS_SCHEME, documents, { isReadonly: true, isCaseSensitive: true }),
    createOfflineStatus(documents),
  );
  return documents;
}
