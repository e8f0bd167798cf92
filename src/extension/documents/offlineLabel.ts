/** How a stored copy shown while the service cannot be reached is marked, the same everywhere. */
import * as vscode from 'vscode';

/** "Offline copy from 23 Nov 2026, 15:04". */
export function offlineCopyLabel(storedAt: number): string {
  return vscode.l10n.t('Offline copy from {0}', offlineDate(storedAt));
}

export function offlineDate(storedAt: number): string {
  return new Date(storedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
