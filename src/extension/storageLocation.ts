import type * as vscode from 'vscode';

/**
 * A folder of the extension's own storage as StorageFiles (core/service/storageFiles.ts) names it: its path where it is
 * on disk (the desktop), else its URI (the browser's `vscode-userdata:` storage).
 */
export function storageLocation(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}
