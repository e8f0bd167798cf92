/**
 * The catalogue index's build in the status bar, beside the connection's item (statusBar.ts): "Indexing catalogue
 * 1,200 of 30,000" while any build runs, a click cancels it; a build started on sign-in that failed says so, a
 * click tries again. Hidden otherwise.
 */
import * as vscode from 'vscode';
import { inertText } from '../../core/service/displayText';
import { progressText, type CatalogueStore } from './catalogueStore';

export const CANCEL_INDEX_BUILD = 'standardsExplorer.cancelCatalogueIndex';
export const RETRY_INDEX_BUILD = 'standardsExplorer.buildCatalogueIndex';

export class IndexStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('standardsExplorer.catalogueIndex', vscode.StatusBarAlignment.Left, 9);
  private failure: string | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly catalogue: CatalogueStore) {
    this.item.name = vscode.l10n.t('Standards catalogue index');
    this.subscription = catalogue.onDidProgress(() => this.update());
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }

  /** A build started on sign-in stopped with `message` (undefined: clears it). */
  failed(message: string | undefined): void {
    this.failure = message;
    this.update();
  }

  update(): void {
    const progress = this.catalogue.progress;
    if (progress) {
      this.failure = undefined;
      this.item.text = `$(sync~spin) ${vscode.l10n.t('Indexing catalogue {0}', progressText(progress.loaded, progress.total))}`;
      this.item.tooltip = vscode.l10n.t('Building the catalogue index, so that the references in your files resolve. Click to cancel.');
      this.item.command = CANCEL_INDEX_BUILD;
      this.item.backgroundColor = undefined;
      this.item.show();
    } else if (this.failure) {
      this.item.text = `$(warning) ${vscode.l10n.t('Catalogue index stopped')}`;
      this.item.tooltip = vscode.l10n.t('The catalogue index could not be built: {0}. Click to try again.', inertText(this.failure));
      this.item.command = RETRY_INDEX_BUILD;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      this.item.show();
    } else {
      this.item.hide();
    }
  }

  /** What the item shows (tests). */
  get shown(): { text: string; command: string | undefined } | undefined {
    return this.catalogue.progress || this.failure
      ? { text: this.item.text, command: typeof this.item.command === 'string' ? this.item.command : undefined }
      : undefined;
  }
}
