/**
 * My Standards as stored: the pinned standards (in the order pinned) and the last opened ones, per connection
 * (Session.storageScope), in globalState and synced across machines; and, not synced, the state of each pinned
 * standard's offline copy on this machine.
 */
import * as vscode from 'vscode';
import { Disposable } from '../../core/lifecycle';
import type { ServiceAccess } from '../connection/serviceAccess';
import { readCopies, readEntries, without, withPinned, withRecent, type CopyState, type ShelfEntry } from './shelfEntries';

const PINNED = 'standardsExplorer.pinned.';
const RECENT = 'standardsExplorer.recent.';
/** Machine-local: the offline copies live on this disk. */
const COPIES = 'standardsExplorer.offlineCopies.';

export class Shelf extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fired when Pinned, Recent or a copy's state changes, and when the connection (so the scope) changes. */
  readonly onDidChange = this.changed.event;

  constructor(
    /** globalState: read on every access, so a new Shelf over it sees what an earlier one stored (a restart). */
    readonly state: vscode.Memento & { setKeysForSync(keys: readonly string[]): void },
    private readonly session: Pick<ServiceAccess, 'storageScope' | 'onDidChange'>,
  ) {
    super();
    this.register(session.onDidChange(() => this.changed.fire()));
    // The walkthrough's Pin step is done once something is pinned, however it was (tree, page, picker button).
    this.register(this.onDidChange(() => this.updateContext()));
    this.updateContext();
    this.syncKeys();
  }

  private key(prefix: string): string | undefined {
    const scope = this.session.storageScope;
    return scope ? `${prefix}${scope}` : undefined;
  }

  private read(prefix: string): ShelfEntry[] {
    const key = this.key(prefix);
    return key ? readEntries(this.state.get<unknown>(key)) : [];
  }

  private async write(prefix: string, entries: ShelfEntry[]): Promise<void> {
    const key = this.key(prefix);
    if (!key) throw new Error(vscode.l10n.t('Not connected. Sign in or connect to the local sandbox first.'));
    await this.state.update(key, entries.length ? entries : undefined);
    this.syncKeys();
    this.changed.fire();
  }

  /** Every connection's Pinned and Recent follow the user to other machines (Settings Sync). */
  private syncKeys(): void {
    this.state.setKeysForSync(this.state.keys().filter((k) => k.startsWith(PINNED) || k.startsWith(RECENT)));
  }

  private updateContext(): void {
    if (this.pinned.length) void vscode.commands.executeCommand('setContext', 'standardsExplorer.hasPinned', true);
  }

  get pinned(): ShelfEntry[] {
    return this.read(PINNED);
  }

  get recent(): ShelfEntry[] {
    return this.read(RECENT);
  }

  isPinned(urn: string): boolean {
    return this.pinned.some((e) => e.urn === urn);
  }

  pin(entry: ShelfEntry): Promise<void> {
    return this.write(PINNED, withPinned(this.pinned, entry));
  }

  async unpin(urn: string): Promise<void> {
    await this.setCopy(urn, undefined);
    await this.write(PINNED, without(this.pinned, urn));
  }

  opened(entry: ShelfEntry): Promise<void> {
    if (!this.key(RECENT)) return Promise.resolve();
    const recent = this.recent;
    // Opening the clauses of the standard already on top changes nothing: no write, no redraw.
    if (recent[0]?.urn === entry.urn && recent[0].title === (entry.title || recent[0].title)) return Promise.resolve();
    return this.write(RECENT, withRecent(recent, entry));
  }

  clearRecent(): Promise<void> {
    return this.write(RECENT, []);
  }

  copies(): Record<string, CopyState> {
    const key = this.key(COPIES);
    return key ? readCopies(this.state.get<unknown>(key)) : {};
  }

  copyOf(urn: string): CopyState | undefined {
    return this.copies()[urn];
  }

  async setCopy(urn: string, copy: CopyState | undefined): Promise<void> {
    const key = this.key(COPIES);
    if (!key) return;
    const copies = this.copies();
    if (copy) copies[urn] = copy;
    else delete copies[urn];
    await this.state.update(key, Object.keys(copies).length ? copies : undefined);
    this.changed.fire();
  }

  async clearCopies(): Promise<void> {
    const key = this.key(COPIES);
    if (key) await this.state.update(key, undefined);
    this.changed.fire();
  }
}
