/**
 * Presents the StandardsModel in the Standards view: labels, icons, tooltips, context values and commands. No
 * notifications here: failures become nodes with a Retry.
 */
import * as vscode from 'vscode';
import { factsLabel, factsOf, recordStatus } from '../../core/catalogue/standardFacts';
import { errorText } from '../errorText';
import { clauseHeading, standardDescription, standardLabel } from '../../core/labels';
import { Disposable } from '../../core/lifecycle';
import { displayText, sectionLabel, sectionOf, SECTION_TYPES } from '../../core/service/index';
import type { ServiceAccess } from '../connection/serviceAccess';
import type { CatalogueArrangement } from './catalogueArrangement';
import { clauseRef, standardId, type ClauseNode, type LoadMoreNode, type MessageNode, type StandardNode, type TreeNode } from '../targets/nodes';
import { ShelfView, offlineNode, pinnedIcon, sectionItem, shelfDescription, type ShelfDeps } from './shelfView';
import type { StandardsModel } from './standardsModel';

export const VIEW_ID = 'standardsExplorer.standards';

const SECTION_ICONS: Record<string, string> = {
  [SECTION_TYPES.Foreword.type]: 'note',
  [SECTION_TYPES.Introduction.type]: 'info',
  [SECTION_TYPES.Scope.type]: 'target',
  [SECTION_TYPES.NormativeReferences.type]: 'references',
  [SECTION_TYPES.TermsAndDefinitions.type]: 'symbol-key',
  [SECTION_TYPES.Clause.type]: 'list-ordered',
  [SECTION_TYPES.Annex.type]: 'file',
  [SECTION_TYPES.Bibliography.type]: 'library',
};

export class StandardsTreeProvider extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = this.register(new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;

  private readonly shelves: ShelfView;

  constructor(
    private readonly model: StandardsModel,
    private readonly session: ServiceAccess,
    /** The catalogue grouped, sorted and filtered from the index, when the user asked for it. */
    readonly arranged: CatalogueArrangement,
    shelf: ShelfDeps,
  ) {
    super();
    this.shelves = this.register(new ShelfView(shelf));
    this.register(model.onDidChange((node) => this.changed.fire(node)));
    // The organised catalogue's top level is the children of All standards.
    this.register(arranged.onDidChange((node) => this.changed.fire(node ?? this.shelves.section('all'))));
    // Pinned and Recent changed, or a download progressed: the shelves redraw (the catalogue keeps its state).
    this.register(this.shelves.onDidChange((sections) => this.changed.fire(sections)));
  }

  /** The roots: Pinned when not empty, All standards, then Recent when not empty (shelfView.ts says why in that order). */
  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.session.isConfigured ? this.shelves.roots() : []; // no roots: the welcome view offers Sign In
    if (node.kind === 'section') return node.section === 'all' ? this.catalogueChildren() : this.shelves.standards(node.section);
    if (node.kind === 'standard') return this.standardChildren(node);
    if (node.kind === 'clause') return node.children;
    if (node.kind === 'catalogueGroup') return this.arranged.childrenOf(node);
    return [];
  }

  /** The node of a pinned standard in Pinned (what reveal shows after a pin). */
  pinnedNode(urn: string): StandardNode | undefined {
    return this.shelves.standards('pinned').find((n) => n.standard.urn === urn);
  }

  getParent(node: TreeNode): TreeNode | undefined {
    if (node.kind === 'clause') return node.parent ?? node.owner;
    if (node.kind === 'message') return node.parent ?? this.shelves.section('all');
    if (node.kind === 'section') return undefined;
    if (node.kind === 'standard' && node.shelf) return this.shelves.section(node.shelf);
    // A group, a "Show more…" or a standard of the organised catalogue has its group, if any; else All standards.
    return this.arranged.parentOf(node) ?? this.shelves.section('all');
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    switch (node.kind) {
      case 'section':
        return sectionItem(node, this.shelves);
      case 'standard':
        return this.standardTreeItem(node);
      case 'clause':
        return clauseItem(node);
      case 'loadMore':
        return loadMoreItem(node);
      case 'message':
        return messageItem(node);
      case 'catalogueGroup':
      case 'catalogueMore':
      case 'catalogueHint':
        return this.arranged.treeItem(node);
    }
  }

  /**
   * What "All standards" shows: the catalogue grouped, sorted and filtered from the index when the user asked for
   * it; else in the service's pages (with a hint when an arrangement waits for the index); or one offline node with
   * Retry when the service cannot be reached.
   */
  async catalogueChildren(): Promise<TreeNode[]> {
    if (!this.session.isConfigured) return [];
    const arranged = this.arranged.wanted ? await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => this.arranged.topLevel()) : undefined;
    if (arranged) return arranged;
    const hint = this.arranged.hint();
    if (this.model.isEmpty) {
      await vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => this.model.loadNextPage());
    }
    const { standards, total, hasMore, error, offline } = this.model.state;
    if (error && offline && standards.length === 0) return [offlineNode(error, () => this.model.retryRoot())];
    const children: TreeNode[] = hint ? [hint, ...standards] : [...standards];
    if (error) {
      children.push(...errorNodes(error, undefined, () => this.model.retryRoot()));
      // The catalogue failing is the connection failing: offer the check that says why.
      children.push({ kind: 'message', severity: 'info', message: vscode.l10n.t('Run the Connection Doctor…'), command: 'standardsExplorer.connectionDoctor' });
    } else if (hasMore) {
      children.push({ kind: 'loadMore', remaining: total !== undefined ? Math.max(0, total - standards.length) : undefined });
    } else if (standards.length === 0) {
      children.push({ kind: 'message', severity: 'info', message: vscode.l10n.t('The service lists no standards.') });
    }
    return children;
  }

  private standardTreeItem(node: StandardNode): vscode.TreeItem {
    const item = standardItem(node);
    if (node.shelf) {
      item.contextValue = this.shelves.isPinned(node.standard.urn) ? 'standardPinned' : 'standard';
      item.description = shelfDescription(node, this.shelves, this.model.offlineSince(node), item.description);
      // A screen reader hears the states the icon shows.
      item.accessibilityInformation = { label: `${standardLabel(node.standard)} ${item.description}` };
      if (node.shelf === 'pinned') item.iconPath = pinnedIcon(node.standard.urn, this.shelves);
    } else if (this.shelves.isPinned(node.standard.urn)) {
      item.contextValue = 'standardPinned';
    }
    return item;
  }

  private async standardChildren(node: StandardNode): Promise<TreeNode[]> {
    try {
      const clauses = await this.model.clausesOf(node);
      if (clauses.length === 0) return [{ kind: 'message', severity: 'info', message: vscode.l10n.t('This standard has no clauses.'), parent: node }];
      return clauses;
    } catch (error) {
      return errorNodes(errorText(error), node, () => this.model.reloadClauses(node));
    }
  }
}

function errorNodes(message: string, parent: StandardNode | undefined, retry: () => void): MessageNode[] {
  return [
    { kind: 'message', severity: 'error', message, parent, retry },
    { kind: 'message', severity: 'info', message: vscode.l10n.t('Retry'), parent, retry },
  ];
}

export function standardItem(node: StandardNode): vscode.TreeItem {
  const { standard } = node;
  // Server text, shown without bidirectional controls that could make it read as something else.
  const label = standardLabel(standard);
  const title = displayText(standard.title);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = standardId(node);
  const facts = factsOf(standard.urn, standard.reference, recordStatus(standard));
  const status = factsLabel(facts);
  item.description = standardDescription(standard, status);
  // In words: the URN is behind Copy URN in the context menu, never in what the user reads.
  item.tooltip = tooltip([
    ['', label],
    [vscode.l10n.t('Title'), title],
    [vscode.l10n.t('Status'), status || vscode.l10n.t('current')],
    [vscode.l10n.t('Edition'), facts.year ? String(facts.year) : ''],
  ]);
  item.iconPath = new vscode.ThemeIcon('book');
  item.contextValue = 'standard';
  item.accessibilityInformation = { label: `${label} ${title}` };
  return item;
}

function clauseItem(node: ClauseNode): vscode.TreeItem {
  const { clause } = node;
  const label = clauseHeading(clause);
  const item = new vscode.TreeItem(label, node.children.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.id = `${standardId(node.owner)}/c:${node.key}`;
  const section = sectionOf(clause.types);
  const icon = (section && SECTION_ICONS[section.type]) ?? 'symbol-misc';
  item.iconPath = new vscode.ThemeIcon(icon);
  // The type in words ("Normative references", not corext:NormativeReferences); the @id is behind Copy Link.
  const standard = node.owner.standard;
  item.tooltip = tooltip([
    ['', label],
    [vscode.l10n.t('Type'), sectionLabel(clause.types)],
    [vscode.l10n.t('Standard'), [standardLabel(standard), standard.reference ? displayText(standard.title) : ''].filter(Boolean).join(' — ')],
  ]);
  item.contextValue = 'clause';
  const ref = clauseRef(node);
  item.command = { command: 'standardsExplorer.openClause', title: vscode.l10n.t('Open Clause'), arguments: [ref] };
  return item;
}

function loadMoreItem(node: LoadMoreNode): vscode.TreeItem {
  const label =
    node.remaining !== undefined ? vscode.l10n.t('Load more… ({0} remaining)', node.remaining.toLocaleString('en-US')) : vscode.l10n.t('Load more…');
  const item = new vscode.TreeItem(label);
  item.id = 'loadMore';
  item.iconPath = new vscode.ThemeIcon('ellipsis');
  item.contextValue = 'loadMore';
  item.command = { command: 'standardsExplorer.loadMore', title: vscode.l10n.t('Load More') };
  return item;
}

function messageItem(node: MessageNode): vscode.TreeItem {
  const isRetry = node.severity === 'info' && node.retry !== undefined;
  const item = new vscode.TreeItem(node.message);
  item.id = `${node.parent ? `${standardId(node.parent)}/` : ''}${node.severity}:${node.offline ? 'offline' : isRetry ? 'retry' : node.message.slice(0, 80)}`;
  if (node.severity === 'error') {
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.tooltip = node.message;
    item.contextValue = 'error';
  } else {
    item.iconPath = new vscode.ThemeIcon(isRetry ? 'refresh' : 'info');
    item.contextValue = isRetry ? 'retry' : 'info';
  }
  if (node.retry) item.command = { command: 'standardsExplorer.retry', title: vscode.l10n.t('Retry'), arguments: [node] };
  if (node.offline) {
    item.iconPath = new vscode.ThemeIcon('cloud-offline');
    item.contextValue = 'offline';
    item.description = node.retryHint;
    item.tooltip = node.retryHint;
  }
  if (node.command) {
    item.command = { command: node.command, title: node.message };
    item.iconPath = new vscode.ThemeIcon('pulse');
    item.contextValue = 'doctor';
  }
  return item;
}

/** A Markdown tooltip whose values are shown as text, never interpreted. */
export function tooltip(rows: Array<[string, string]>): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.supportHtml = false;
  md.isTrusted = false;
  for (const [name, value] of rows) {
    if (!value) continue;
    if (name) md.appendMarkdown(`**${name}:** `);
    md.appendText(value);
    md.appendMarkdown('  \n');
  }
  return md;
}
