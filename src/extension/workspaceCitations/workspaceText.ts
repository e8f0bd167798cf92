/**
 * The text of a workspace file for the References view: undefined for a file that is too large, binary, gone or
 * unreadable (core/scan/fileText.ts). Files on disk are read with Node's fs; other schemes (virtual workspaces)
 * through VS Code's file API. Why not VS Code's API for all: in a remote extension host (code-server) a stat and a
 * read through `workspace.fs` took 2.3 ms a file against 0.4 ms with Node's fs in the same host
 * (bench/referencesScan.ts), which is most of a 5 000-file scan.
 */
import * as vscode from 'vscode';
import type { NotReadFile } from '../../core/scan/fileBytes';
import { fileText, MAX_FILE_BYTES, textOfBytes } from '../../core/scan/fileText';

export async function workspaceText(uri: vscode.Uri): Promise<string | undefined> {
  const read = await workspaceScanText(uri);
  return typeof read === 'string' ? read : undefined;
}

/** The text of a workspace file, or why it was not read (too large, binary); undefined when it is gone or unreadable. */
export async function workspaceScanText(uri: vscode.Uri): Promise<string | NotReadFile | undefined> {
  // On disk the fast read; only a file it did not read is looked at again, to say why.
  const text = uri.scheme === 'file' ? await fileText(uri.fsPath) : undefined;
  if (text !== undefined) return text;
  try {
    if ((await vscode.workspace.fs.stat(uri)).size > MAX_FILE_BYTES) return { notRead: 'too-large' };
    return textOfBytes(await vscode.workspace.fs.readFile(uri)) ?? { notRead: 'binary' };
  } catch {
    // Gone or unreadable: nothing to cite.
    return undefined;
  }
}
