/**
 * The My Standards part of the Standards tree: the Pinned and Recent roots (each shown only when not empty) and
 * their standards, read from stored state so they show without the service; and the All standards root.
 *
 * The roots stay still under the pointer: Pinned, All standards, then Recent last. Recent changes as a side effect
 * of reading (every clause opened), so it lives below the catalogue, where its rows coming and going never move a
 * row the user is looking at, the way GitHub Pull Requests keeps its categories in place; Pinned changes only when
 * the user pins, and the tree then reveals the new pin (tree/register.ts).
 */
import * as vscode from 'vscode';
import { standardLabel } from '../../core/labels';
import { Disposable } from '../../core/lifecycle';
import { offlineCopyLabel } from '../documents/offlineLabel';
import type { PinUpdates } from '../pins/pinUpdates';
import type { Pinning } from '../pins/pinning';
import type { Shelf as ShelfStore } from '../pins/shelf';
import type { MessageNode, SectionNode, Shelf, StandardNode } from '../targets/nodes';

export interface ShelfDeps {
  shelf: ShelfStore;
  pinning: Pinning;
  updates: PinUpdates;
}

export class ShelfView extends Disposable {
  /** What to redraw: the shelves shown (undefined: the whole tree). */
  private readonly changed = this.register(new vscode.EventEmitter<SectionNode[] | undefined>());
  readonly onDidChange = this.changed.event;
  /** The roots and the pinned standards as last drawn, to tell a shelf's own change from one the whole tree shows. */
  private drawn = '';
  /** One node per root, so reveal() finds the same parent each time. */
  private readonly sections: Record<SectionNode['section'], SectionNode> = {
    pinned: { kind: 'section', section: 'pinned' },
    recent: { kind: 'section', section: 'recent' },
    all: { kind: 'section', section: 'all' },
  };

  constructor(private readonly deps: ShelfDeps) {
    super();
    const fire = (): void => this.changed.fire(this.redrawn());
    this.register(deps.shelf.onDidChange(fire));
    this.register(deps.pinning.onDidProgress(fire));
    this.register(deps.updates.onDidChange(fire));
  }

  section(section: SectionNode['section']): SectionNode {
    return this.sections[section];
  }

  roots(): SectionNode[] {
    this.drawn = this.shown();
    return this.visibleRoots();
  }

  private visibleRoots(): SectionNode[] {
    const { shelf } = this.deps;
    return [...(shelf.pinned.length ? [this.sections.pinned] : []), this.sections.all, ...(shelf.recent.length ? [this.sections.recent] : [])];
  }

  /** Which roots show, and which standards are pinned (the catalogue's items offer Pin or Unpin by it). */
  private shown(): string {
    const roots = this.visibleRoots().map((r) => r.section);
    const pinned = this.deps.shelf.pinned.map((e) => e.urn).sort();
    return JSON.stringify([roots, pinned]);
  }

  /**
   * What a change redraws: the shelves alone while the roots and the pinned set are as drawn (a clause opened, a
   * download progressed), else the whole tree. Redrawing the whole tree makes VS Code forget the nodes under All
   * standards until it asks for them again, and the view's selection (what Insert Reference and the other commands
   * act on) reads empty meanwhile.
   */
  private redrawn(): SectionNode[] | undefined {
    if (this.shown() !== this.drawn) return undefined;
    return this.visibleRoots().filter((r) => r.section !== 'all');
  }

  standards(section: Shelf): StandardNode[] {
    const entries = section === 'pinned' ? this.deps.shelf.pinned : this.deps.shelf.recent;
    return entries.map((e) => ({
      kind: 'standard',
      position: -1,
      shelf: section,
      standard: { urn: e.urn, title: e.title, reference: e.reference, raw: e.status ? { status: e.status } : {} },
    }));
  }

  isPinned(urn: string): boolean {
    return this.deps.shelf.isPinned(urn);
  }

  get pinning(): Pinning {
    return this.deps.pinning;
  }

  get updates(): PinUpdates {
    return this.deps.updates;
  }

  get shelf(): ShelfStore {
    return this.deps.shelf;
  }
}

export function sectionItem(node: SectionNode, shelves: ShelfView): vscode.TreeItem {
  const labels = { pinned: vscode.l10n.t('Pinned'), recent: vscode.l10n.t('Recent'), all: vscode.l10n.t('All standards') };
  const icons = { pinned: 'pinned', recent: 'history', all: 'library' };
  const item = new vscode.TreeItem(labels[node.section], vscode.TreeItemCollapsibleState.Expanded);
  item.id = `section:${node.section}`;
  item.iconPath = new vscode.ThemeIcon(icons[node.section]);
  item.contextValue = `section.${node.section}`;
  if (node.section === 'pinned') {
    const updates = shelves.updates.count;
    item.description = updates ? vscode.l10n.t('{0} with updates', updates) : undefined;
  }
  return item;
}

/**
 * What a standard on a shelf says beside its label: download progress, offline state, a newer edition — before the
 * title (and its "(withdrawn)"), so that a sidebar of the default width, which cuts the description's end, still
 * shows them.
 */
export function shelfDescription(node: StandardNode, shelves: ShelfView, offlineSince: number | undefined, base: string | boolean | undefined): string {
  const { urn } = node.standard;
  const parts: string[] = [];
  const newer = shelves.updates.newerEdition(urn);
  if (node.shelf === 'pinned') {
    const progress = shelves.pinning.progressOf(urn);
    const copy = shelves.shelf.copyOf(urn);
    if (progress) parts.push(vscode.l10n.t('downloading {0} of {1}', progress.done, progress.total));
    else if (copy?.complete) parts.push(vscode.l10n.t('offline copy'));
    else if (copy) parts.push(vscode.l10n.t('offline copy: {0} of {1} clauses', copy.stored, copy.clauses));
    else parts.push(vscode.l10n.t('online only'));
    if (copy?.changed) parts.push(vscode.l10n.t('updated'));
  }
  if (newer) parts.push(vscode.l10n.t('newer edition: {0}', standardLabel(newer)));
  if (offlineSince !== undefined) parts.push(offlineCopyLabel(offlineSince));
  if (typeof base === 'string') parts.push(base);
  return parts.filter(Boolean).join(' · ');
}

/** A pinned standard's icon says the state of its copy, which no width of the sidebar can cut off. */
export function pinnedIcon(urn: string, shelves: ShelfView): vscode.ThemeIcon {
  if (shelves.pinning.progressOf(urn)) return new vscode.ThemeIcon('sync~spin');
  const copy = shelves.shelf.copyOf(urn);
  if (copy?.complete) return new vscode.ThemeIcon('pinned');
  // Stopped at the size bound: part of it can be read offline.
  if (copy) return new vscode.ThemeIcon('pinned-dirty');
  return new vscode.ThemeIcon('cloud');
}

/** The one node All standards shows while the service cannot be reached: a click retries. */
export function offlineNode(error: string, retry: () => void): MessageNode {
  return { kind: 'message', severity: 'info', message: vscode.l10n.t('Offline: the service cannot be reached. Retry'), retry, offline: true, retryHint: error };
}
