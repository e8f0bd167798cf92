/**
 * Whether the workspace's own search would find a file (files.exclude applied, as the References view's scan does).
 * A file watcher can report a file created just after files.exclude changed before the new exclusion reaches it.
 */
import * as vscode from 'vscode';

/** A path as a glob that matches only itself: each glob character inside a character class. */
export function globLiteral(path: string): string {
  return path.replace(/[[\]{}*?!]/g, (c) => `[${c}]`);
}

export async function searchable(uri: vscode.Uri): Promise<boolean> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return false;
  const relative = vscode.workspace.asRelativePath(uri, false);
  const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, globLiteral(relative)), undefined, 1);
  return found.length > 0;
}
