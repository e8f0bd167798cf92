/** The webview options of every page of the extension: scripts on, command links off, only our own files. */
import * as vscode from 'vscode';

export function pageOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    // A link in the page never runs a command: actions go through messages the extension checks.
    enableCommandUris: false,
    enableFindWidget: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}
