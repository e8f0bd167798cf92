/**
 * The catalogue part of the Standards view when the user asked for it organised (grouped, or withdrawn records
 * hidden): taken from the finished catalogue index (never one still being built, never a build started here),
 * sorted and grouped by catalogueGrouping.ts, long lists paged. Without a finished index the view keeps the
 * service's paged list and this part offers a node that builds the index. The choice lives in two settings
 * (`standardsExplorer.catalogue.groupBy`, `standardsExplorer.catalogue.hideWithdrawn`), mirrored in context keys
 * for the view title menu.
 */
import * as vscode from 'vscode';
import type { CatalogueIndex, IndexEntry } from '../../core/catalogue/catalogueIndex';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { Disposable, onFirstUse } from '../../core/lifecycle';
import { SECTION } from '../config';
import {
  GROUPINGS,
  type Arrangement,
  type CatalogueOrganiser,
  type ArrangeOptions,
  type CatalogueGroup,
  type Grouping,
} from '../../core/arrangement/catalogueGrouping';
import type { CatalogueGroupNode, CatalogueHintNode, CatalogueMoreNode, StandardNode, TreeNode } from '../targets/nodes';
import type * as OrganiserBundle from './catalogueOrganiser.lazy';
/** The organised catalogue: loaded once the user groups the catalogue or hides withdrawn standards. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const organiserBundle = onFirstUse(() => require('./catalogueOrganiser.lazy') as typeof OrganiserBundle);

export const GROUP_BY_SETTING = 'catalogue.groupBy';
export const HIDE_WITHDRAWN_SETTING = 'catalogue.hideWithdrawn';
const GROUP_BY_KEY = 'standardsExplorer.catalogue.groupBy';
const HIDE_WITHDRAWN_KEY = 'standardsExplorer.catalogue.hideWithdrawn';

/** The catalogue index, as far as this part needs it. */
export type IndexSource = Pick<CatalogueStore, 'peek' | 'onDidProgress'>;

export class CatalogueArrangement extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<TreeNode | undefined>());
  /** Fired with the node whose children changed (undefined: the catalogue's top level). */
  readonly onDidChange = this.changed.event;

  private readonly organisers = new WeakMap<CatalogueIndex, CatalogueOrganiser>();
  private current: { index: CatalogueIndex; options: ArrangeOptions; arrangement: Promise<Arrangement> } | undefined;
  /** Nodes of the current arrangement, kept so that the tree and reveal see the same objects. */
  private groups = new Map<string, CatalogueGroupNode>();
  private standards = new Map<number, { node: StandardNode; parent?: CatalogueGroupNode }>();
  /** Rows listed so far per group id ('' for the ungrouped list). */
  private shown = new Map<string, number>();
  /** Whether the last look found no finished index (so its arrival redraws). */
  private waitingForIndex = false;

  constructor(
    private readonly catalogue: IndexSource,
    private readonly pageSize: () => number,
  ) {
    super();
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(`${SECTION}.catalogue`)) return;
        this.updateContext();
        this.changed.fire(undefined);
      }),
    );
    this.register(
      catalogue.onDidProgress(() => {
        // A finished build (the first, or a rebuild): the organised catalogue is made again from it.
        if (this.wanted) void this.catalogue.peek().then((index) => index?.complete && index !== this.current?.index && this.changed.fire(undefined));
      }),
    );
    this.updateContext();
  }

  get options(): ArrangeOptions {
    const config = vscode.workspace.getConfiguration(SECTION);
    const grouping = config.get<string>(GROUP_BY_SETTING);
    return {
      grouping: GROUPINGS.includes(grouping as Grouping) ? (grouping as Grouping) : 'none',
      hideWithdrawn: config.get<boolean>(HIDE_WITHDRAWN_SETTING) === true,
    };
  }

  /** True when the user asked for more than the service's own paged list. */
  get wanted(): boolean {
    const { grouping, hideWithdrawn } = this.options;
    return grouping !== 'none' || hideWithdrawn;
  }

  /**
   * The catalogue's top level when it is organised; undefined when the service's paged list is shown instead
   * (nothing asked for, or no finished index: then `hint()` says so).
   */
  async topLevel(): Promise<TreeNode[] | undefined> {
    const arrangement = await this.arrangement();
    if (!arrangement) return undefined;
    const groups = arrangement.topGroups();
    if (arrangement.size === 0) return [{ kind: 'message', severity: 'info', message: this.emptyText(arrangement) }];
    if (groups.length === 0) return this.recordsOf(arrangement, undefined);
    return groups.map((group) => this.groupNode(arrangement, group, undefined));
  }

  /** Put above the service's list when an organised catalogue was asked for but there is no finished index. */
  hint(): CatalogueHintNode | undefined {
    return this.wanted && this.waitingForIndex ? { kind: 'catalogueHint' } : undefined;
  }

  childrenOf(node: CatalogueGroupNode): TreeNode[] {
    const groups = node.arrangement.childGroups(node.group);
    if (groups) return groups.map((group) => this.groupNode(node.arrangement, group, node));
    return this.recordsOf(node.arrangement, node);
  }

  /** The group a standard of the organised catalogue is listed in; undefined for other nodes. */
  parentOf(node: TreeNode): TreeNode | undefined {
    if (node.kind === 'standard') {
      const known = this.standards.get(node.position);
      return known?.node === node ? known.parent : undefined;
    }
    if (node.kind === 'catalogueGroup' || node.kind === 'catalogueMore') return node.parent;
    return undefined;
  }

  /** "Show more…" in a long list: the next page of it. */
  showMore(node: CatalogueMoreNode): void {
    const id = node.parent?.group.id ?? '';
    this.shown.set(id, (this.shown.get(id) ?? this.pageSize()) + this.pageSize());
    this.changed.fire(node.parent);
  }

  /**
   * The node of the record at index position `position` in the organised catalogue, its list paged far enough to
   * hold it; 'hidden' when the filter leaves it out; undefined when the catalogue is not organised.
   */
  async nodeFor(position: number): Promise<StandardNode | 'hidden' | undefined> {
    const arrangement = await this.arrangement();
    if (!arrangement) return undefined;
    const found = arrangement.locate(position);
    if (!found) return 'hidden';
    let parent: CatalogueGroupNode | undefined;
    for (const group of found.path) parent = this.groupNode(arrangement, group, parent);
    const id = parent?.group.id ?? '';
    const needed = Math.ceil((found.row + 1) / this.pageSize()) * this.pageSize();
    if ((this.shown.get(id) ?? this.pageSize()) < needed) {
      this.shown.set(id, needed);
      this.changed.fire(parent);
    }
    const entry = arrangement.records(parent?.group, found.row, 1)[0];
    return this.standardNode(entry, parent);
  }

  async setGrouping(grouping: Grouping): Promise<void> {
    await this.write(GROUP_BY_SETTING, grouping);
  }

  async setHideWithdrawn(hide: boolean): Promise<void> {
    await this.write(HIDE_WITHDRAWN_SETTING, hide);
  }

  treeItem(node: CatalogueGroupNode | CatalogueMoreNode | CatalogueHintNode): vscode.TreeItem {
    if (node.kind === 'catalogueGroup') return groupItem(node);
    if (node.kind === 'catalogueMore') {
      const item = new vscode.TreeItem(vscode.l10n.t('Show more… ({0} remaining)', node.remaining.toLocaleString('en-US')));
      item.id = `more:${node.parent?.group.id ?? ''}`;
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      item.contextValue = 'loadMore';
      item.command = { command: 'standardsExplorer.showMoreInCatalogue', title: vscode.l10n.t('Show More'), arguments: [node] };
      return item;
    }
    const item = new vscode.TreeItem(vscode.l10n.t('Build the catalogue index to group and sort…'));
    item.id = 'catalogueHint';
    item.iconPath = new vscode.ThemeIcon('info');
    item.tooltip = vscode.l10n.t(
      'Grouping and hiding withdrawn standards need the catalogue index (the one Find Standard uses). Until it is built, the catalogue is listed in the service’s order.',
    );
    item.contextValue = 'catalogueHint';
    item.command = { command: 'standardsExplorer.buildCatalogueIndex', title: vscode.l10n.t('Build Catalogue Index') };
    return item;
  }

  /** What the view says beside its title: how the catalogue is arranged ('' for the service's list). */
  describe(): string {
    const { grouping, hideWithdrawn } = this.options;
    const parts: string[] = [];
    if (grouping === 'publisher') parts.push(vscode.l10n.t('by publisher'));
    if (grouping === 'numberRange') parts.push(vscode.l10n.t('by number'));
    if (hideWithdrawn) parts.push(vscode.l10n.t('withdrawn hidden'));
    return parts.join(' · ');
  }

  /** The arrangement for the finished index and the current options; undefined when there is none to make. */
  private async arrangement(): Promise<Arrangement | undefined> {
    if (!this.wanted) return undefined;
    const index = await this.catalogue.peek();
    this.waitingForIndex = !index?.complete;
    if (!index?.complete) return undefined;
    const options = this.options;
    const current = this.current;
    if (current?.index !== index || current.options.grouping !== options.grouping || current.options.hideWithdrawn !== options.hideWithdrawn) {
      let organiser = this.organisers.get(index);
      if (!organiser) this.organisers.set(index, (organiser = new (organiserBundle().CatalogueOrganiser)(index)));
      this.current = { index, options, arrangement: organiser.arrange(options) };
      this.groups = new Map();
      this.standards = new Map();
      this.shown = new Map();
    }
    return this.current?.arrangement;
  }

  private recordsOf(arrangement: Arrangement, parent: CatalogueGroupNode | undefined): TreeNode[] {
    const limit = this.shown.get(parent?.group.id ?? '') ?? this.pageSize();
    const entries = arrangement.records(parent?.group, 0, limit);
    const nodes: TreeNode[] = entries.map((entry) => this.standardNode(entry, parent));
    const size = parent ? parent.group.to - parent.group.from : arrangement.size;
    if (size > entries.length) nodes.push({ kind: 'catalogueMore', parent, remaining: size - entries.length });
    return nodes;
  }

  private groupNode(arrangement: Arrangement, group: CatalogueGroup, parent: CatalogueGroupNode | undefined): CatalogueGroupNode {
    let node = this.groups.get(group.id);
    if (!node) this.groups.set(group.id, (node = { kind: 'catalogueGroup', group, arrangement, parent }));
    return node;
  }

  private standardNode(entry: IndexEntry, parent: CatalogueGroupNode | undefined): StandardNode {
    const known = this.standards.get(entry.position);
    if (known) return known.node;
    const raw = entry.status ? { status: entry.status } : {};
    const node: StandardNode = {
      kind: 'standard',
      position: entry.position,
      standard: { urn: entry.urn, title: entry.title, reference: entry.reference, raw },
    };
    this.standards.set(entry.position, { node, parent });
    return node;
  }

  private emptyText(arrangement: Arrangement): string {
    return arrangement.total === 0
      ? vscode.l10n.t('The catalogue index holds no standards.')
      : vscode.l10n.t('All {0} standards of the catalogue are withdrawn or replaced, and those are hidden.', arrangement.total.toLocaleString('en-US'));
  }

  /** Where the user keeps the value: a workspace that sets it keeps it there, otherwise the user settings. */
  private async write(key: string, value: unknown): Promise<void> {
    const config = vscode.workspace.getConfiguration(SECTION);
    const inspected = config.inspect(key);
    const target =
      inspected?.workspaceFolderValue !== undefined
        ? vscode.ConfigurationTarget.WorkspaceFolder
        : inspected?.workspaceValue !== undefined
          ? vscode.ConfigurationTarget.Workspace
          : vscode.ConfigurationTarget.Global;
    await config.update(key, value, target);
    this.updateContext();
  }

  private updateContext(): void {
    const { grouping, hideWithdrawn } = this.options;
    void vscode.commands.executeCommand('setContext', GROUP_BY_KEY, grouping);
    void vscode.commands.executeCommand('setContext', HIDE_WITHDRAWN_KEY, hideWithdrawn);
  }
}

function groupItem(node: CatalogueGroupNode): vscode.TreeItem {
  const { key } = node.group;
  const count = node.group.to - node.group.from;
  const label =
    key.kind === 'publisher'
      ? key.publisher === 'Other'
        ? vscode.l10n.t('Other publishers')
        : key.publisher
      : key.kind === 'noNumber'
        ? vscode.l10n.t('Without a number')
        : rangeLabel(key.lo, key.hi);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `g:${node.group.id}`;
  item.description = count.toLocaleString('en-US');
  item.tooltip = vscode.l10n.t('{0}: {1} standards', label, count.toLocaleString('en-US'));
  item.iconPath = new vscode.ThemeIcon(key.kind === 'publisher' ? 'organization' : 'symbol-number');
  item.contextValue = 'catalogueGroup';
  item.accessibilityInformation = { label: vscode.l10n.t('{0}, {1} standards', label, count.toLocaleString('en-US')) };
  return item;
}

/** "1000–4999", "60050", "100000 and above"; numbers as references write them (no thousands separator). */
function rangeLabel(lo: number, hi: number): string {
  if (!Number.isFinite(hi)) return vscode.l10n.t('{0} and above', String(lo));
  const first = Math.max(lo, 1);
  return hi - 1 === first ? String(first) : `${first}–${hi - 1}`;
}
