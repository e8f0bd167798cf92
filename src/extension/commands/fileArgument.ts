/** The file a command's caller named (a URI, or a path or URI as text); undefined when none: the command asks. */
import * as vscode from 'vscode';

export function fileArgument(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg) return arg.includes('://') || arg.startsWith('file:') ? vscode.Uri.parse(arg) : vscode.Uri.file(arg);
  return undefined;
}
