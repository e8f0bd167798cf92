/**
 * The offline mark of `standards:` documents: a status bar item "Offline copy from <date>" while the active editor
 * shows a clause read from a stored copy because the service could not be reached.
 */
import * as vscode from 'vscode';
import type { StandardsFileSystem } from './standardsFileSystem';
import { STANDARDS_SCHEME } from './standardsUri';
import { offlineCopyLabel } from './offlineLabel';

export function createOfflineStatus(documents: Pick<StandardsFileSystem, 'offlineSince' | 'onDidChangeOffline'>): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('standardsExplorer.offlineCopy', vscode.StatusBarAlignment.Left, 10);
  item.name = vscode.l10n.t('Standards: Offline Copy');
  const update = (): void => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const since = uri?.scheme === STANDARDS_SCHEME ? documents.offlineSince(uri) : undefined;
    if (since === undefined) {
      item.hide();
      return;
    }
    item.text = `$(cloud-offline) ${offlineCopyLabel(since)}`;
    item.tooltip = vscode.l10n.t('The service cannot be reached: this clause is the copy stored on this machine. Reopen it when the connection is back.');
    item.show();
  };
  update();
  return vscode.Disposable.from(item, vscode.window.onDidChangeActiveTextEditor(update), documents.onDidChangeOffline(update));
}
