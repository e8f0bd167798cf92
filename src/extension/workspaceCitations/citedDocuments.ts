import type * as vscode from 'vscode';

/**
 * The documents whose citations become links, hovers and diagnostics: the user's own files — on disk, unsaved, in a
 * remote workspace (`vscode-remote:`, as a browser's web worker extension host sees a code-server's folder) or a
 * virtual one (`vscode-vfs:`, github.dev's repository). Not the extension's own `standards:` documents, git's
 * versions, output channels or settings.
 */
const CITED_SCHEMES = ['file', 'untitled', 'vscode-remote', 'vscode-vfs'];

export const CITATION_DOCUMENTS: vscode.DocumentSelector = CITED_SCHEMES.map((scheme) => ({ scheme }));

export function isCitedUri(uri: vscode.Uri): boolean {
  return CITED_SCHEMES.includes(uri.scheme);
}
