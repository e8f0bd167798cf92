/**
 * Pin, Unpin and Clear Offline Copies: a pin is stored at once, and its offline copy is downloaded in the
 * background, with progress on the tree item and in a notification that can be cancelled. When the connection
 * comes back, pinned standards are checked with ETags; those that changed are marked for the view's badge.
 */
import * as vscode from 'vscode';
import { showFailure, showWarning, withNotificationProgress } from '../notify';
import { errorText, noticeText } from '../errorText';
import { standardLabel } from '../../core/labels';
import { Disposable } from '../../core/lifecycle';
import type { PinOutcome } from '../../core/service/index';
import type { ServiceAccess } from '../connection/serviceAccess';
import type { Shelf } from './shelf';
import type { ShelfEntry } from './shelfEntries';

export interface PinProgressState {
  done: number;
  total: number;
}

export class Pinning extends Disposable {
  private readonly downloads = new Map<string, { controller: AbortController; done: Promise<PinOutcome | undefined> }>();
  private readonly progress = new Map<string, PinProgressState>();
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  /** Fired with the URN whose download progressed or ended. */
  readonly onDidProgress = this.changed.event;
  private readonly pinned = this.register(new vscode.EventEmitter<string>());
  /** Fired with the URN the user pinned in this window, once the pin is stored (the tree reveals it). */
  readonly onDidPin = this.pinned.event;

  constructor(
    private readonly session: ServiceAccess,
    private readonly shelf: Shelf,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.register({ dispose: () => this.downloads.forEach((d) => d.controller.abort()) });
  }

  /** Where a download under way stands, for the tree item. */
  progressOf(urn: string): PinProgressState | undefined {
    return this.progress.get(urn);
  }

  /** Pins the standard and starts downloading its offline copy; resolves when the pin is stored. */
  async pin(entry: ShelfEntry): Promise<void> {
    const isNew = !this.shelf.isPinned(entry.urn);
    await this.shelf.pin(entry);
    if (isNew) this.pinned.fire(entry.urn);
    void this.download(entry);
  }

  /** The download under way for `urn` (tests and Pin on a standard being downloaded wait for it). */
  whenDownloaded(urn: string): Promise<PinOutcome | undefined> {
    return this.downloads.get(urn)?.done ?? Promise.resolve(undefined);
  }

  async unpin(urn: string): Promise<void> {
    this.downloads.get(urn)?.controller.abort();
    await this.shelf.unpin(urn);
    const service = await this.session.service().catch(() => undefined);
    await service?.removePinned(urn);
  }

  /** Removes every offline copy, the clause cache and the reviewed texts kept; pins stay, online only until pinned again. */
  async clearOfflineCopies(): Promise<number> {
    for (const d of this.downloads.values()) d.controller.abort();
    const service = await this.session.service();
    const freed = await service.pinnedBytes();
    await service.clearCache();
    // The clause texts kept as reviewed are licensed text on this disk too.
    await service.clearReviewedCopies();
    await this.shelf.clearCopies();
    return freed;
  }

  /** The last check of the pinned standards' copies (tests wait for it). */
  lastRevalidation: Promise<void> = Promise.resolve();

  /** Checks every pinned standard's copy with ETags (after being offline); marks those the service changed. */
  revalidate(): Promise<void> {
    this.lastRevalidation = this.checkCopies();
    return this.lastRevalidation;
  }

  private async checkCopies(): Promise<void> {
    const service = await this.session.service();
    for (const entry of this.shelf.pinned) {
      const copy = this.shelf.copyOf(entry.urn);
      if (!copy || this.downloads.has(entry.urn)) continue;
      try {
        const outcome = await service.syncPinned(entry.urn, { revalidate: true, concurrency: 2 });
        if (outcome.offline) return;
        await this.shelf.setCopy(entry.urn, { ...stateOf(outcome), changed: copy.changed || outcome.changed > 0 });
      } catch (error) {
        this.log.warn(`Could not check the offline copy of ${entry.urn}: ${errorText(error)}`);
      }
    }
  }

  /** Marks a pinned standard's changes as seen (the badge stops counting it). */
  async acknowledge(urn: string): Promise<void> {
    const copy = this.shelf.copyOf(urn);
    if (copy?.changed) await this.shelf.setCopy(urn, { ...copy, changed: false });
  }

  private download(entry: ShelfEntry): Promise<PinOutcome | undefined> {
    const running = this.downloads.get(entry.urn);
    if (running) return running.done;
    const controller = new AbortController();
    const label = standardLabel(entry);
    const done = Promise.resolve(
      withNotificationProgress({ title: vscode.l10n.t('Downloading {0} for offline reading', label), cancellable: true }, async (report, token) => {
        token.onCancellationRequested(() => controller.abort());
        const service = await this.session.service();
        let reported = 0;
        let redrawn = 0;
        return service.syncPinned(entry.urn, {
          signal: controller.signal,
          onProgress: ({ done: count, total }) => {
            this.progress.set(entry.urn, { done: count, total });
            // The tree redraws on this: a few times a second is enough to look live.
            if (Date.now() - redrawn > 250 || count === total) {
              redrawn = Date.now();
              this.changed.fire(entry.urn);
            }
            report.report({ increment: total ? ((count - reported) / total) * 100 : undefined, message: vscode.l10n.t('{0} of {1} clauses', count, total) });
            reported = count;
          },
        });
      }),
    )
      .then(
        async (outcome) => {
          await this.finished(entry, outcome);
          return outcome;
        },
        (error: unknown) => {
          if (!controller.signal.aborted) void showFailure(vscode.l10n.t('{0} could not be downloaded for offline reading: {1}', label, noticeText(error)));
          return undefined;
        },
      )
      .finally(() => {
        this.downloads.delete(entry.urn);
        this.progress.delete(entry.urn);
        this.changed.fire(entry.urn);
      });
    this.downloads.set(entry.urn, { controller, done });
    return done;
  }

  private async finished(entry: ShelfEntry, outcome: PinOutcome): Promise<void> {
    // Unpinned while downloading: the copy goes too.
    if (!this.shelf.isPinned(entry.urn)) return;
    await this.shelf.setCopy(entry.urn, stateOf(outcome));
    this.log.info(`Offline copy of ${entry.urn}: ${outcome.stored} of ${outcome.clauses} clauses, ${outcome.bytes} bytes`);
    if (outcome.limitReached) {
      const settings = vscode.l10n.t('Open Settings');
      const choice = await showWarning(
        vscode.l10n.t(
          'Offline copies reached their limit of {0} MB: {1} of {2} clauses of {3} are stored. Raise the limit (setting standardsExplorer.offlineCopiesSizeMB), unpin standards you no longer need, or run "Clear Offline Copies".',
          Math.round(outcome.limitBytes / 1024 / 1024),
          outcome.stored,
          outcome.clauses,
          standardLabel(entry),
        ),
        settings,
      );
      if (choice === settings) await vscode.commands.executeCommand('workbench.action.openSettings', 'standardsExplorer.offlineCopiesSizeMB');
    } else if (outcome.failed > 0) {
      void showWarning(
        vscode.l10n.t(
          '{0} of {1} clauses of {2} could not be downloaded; the others are available offline.',
          outcome.failed,
          outcome.clauses,
          standardLabel(entry),
        ),
      );
    }
  }
}

function stateOf(outcome: PinOutcome): { at: number; bytes: number; clauses: number; stored: number; complete: boolean } {
  return {
    at: Date.now(),
    bytes: outcome.bytes,
    clauses: outcome.clauses,
    stored: outcome.stored,
    complete: !outcome.limitReached && outcome.failed === 0 && !outcome.offline,
  };
}
