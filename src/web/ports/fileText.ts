/** The browser's src/core/scan/fileText.ts: a file by its path, read through VS Code's file API. */
import * as vscode from 'vscode';
import type * as NodeFileText from '../../core/scan/fileText';
import { MAX_FILE_BYTES, textOfBytes } from '../../core/scan/fileBytes';

export { MAX_FILE_BYTES, textOfBytes };

export const fileText: typeof NodeFileText.fileText = async (path) => {
  try {
    const uri = vscode.Uri.file(path);
    if ((await vscode.workspace.fs.stat(uri)).size > MAX_FILE_BYTES) return undefined;
    return textOfBytes(await vscode.workspace.fs.readFile(uri));
  } catch {
    // Gone or unreadable: nothing to cite.
    return undefined;
  }
};
