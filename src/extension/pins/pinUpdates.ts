/**
 * Which pinned standards have updates: a newer edition in the catalogue index (when the index exists; never built
 * for this), or bodies the service changed since they were stored. Their count is the Standards view's badge.
 */
import * as vscode from 'vscode';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import type { IndexEntry } from '../../core/catalogue/catalogueIndex';
import { Disposable, onFirstUse } from '../../core/lifecycle';
import type { Shelf } from './shelf';
import type * as ReplacementsBundle from './replacements.lazy';
/** Which edition replaces a standard (core/citations/resolve): loaded with the first check for updates. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const replacements = onFirstUse(() => require('./replacements.lazy') as typeof ReplacementsBundle);

export class PinUpdates extends Disposable {
  private newer = new Map<string, IndexEntry>();
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly shelf: Shelf,
    private readonly catalogue: CatalogueStore,
  ) {
    super();
    this.register(shelf.onDidChange(() => void this.update()));
    this.register(catalogue.onDidProgress(() => void this.update()));
    void this.update();
  }

  /** The current edition that replaces a pinned standard, when the catalogue index has one. */
  newerEdition(urn: string): IndexEntry | undefined {
    return this.newer.get(urn);
  }

  /** The pinned standards with updates available. */
  get count(): number {
    const copies = this.shelf.copies();
    return this.shelf.pinned.filter((e) => this.newer.has(e.urn) || copies[e.urn]?.changed).length;
  }

  /** The Standards view's badge: how many pinned standards have updates (onDidChange says when to read it again). */
  get badge(): vscode.ViewBadge | undefined {
    const count = this.count;
    return count ? { value: count, tooltip: vscode.l10n.t('{0} pinned standards have updates', count) } : undefined;
  }

  /** Recomputes, one at a time. */
  update(): Promise<void> {
    this.pending ??= this.compute().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async compute(): Promise<void> {
    const index = await this.catalogue.peek().catch(() => undefined);
    const newer = new Map<string, IndexEntry>();
    if (index) {
      for (const pin of this.shelf.pinned) {
        const entry = index.bestForUrn(pin.urn);
        const replacement = entry && replacements().replacementOf(index, entry);
        if (replacement) newer.set(pin.urn, replacement);
      }
    }
    this.newer = newer;
    this.changed.fire();
  }
}
