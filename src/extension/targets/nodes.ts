/** The nodes of the Standards tree: plain data, presented by the provider. */
import { clauseRefOf, standardRefOf, type ClauseRef, type StandardRef } from '../../core/model';
import type { Clause, Standard } from '../../core/service/index';
import type { Arrangement, CatalogueGroup } from '../../core/arrangement/catalogueGrouping';

export interface StandardNode {
  kind: 'standard';
  /** Position in the service's list: unique even when a URN repeats (-1 on a shelf when not known). */
  position: number;
  standard: Standard;
  /** Shown under Pinned or Recent (once per URN there), not in the catalogue. */
  shelf?: Shelf;
}

export type Shelf = 'pinned' | 'recent';

/** A root of the tree: My Standards' shelves and the catalogue. */
export interface SectionNode {
  kind: 'section';
  section: Shelf | 'all';
}

export interface ClauseNode {
  kind: 'clause';
  owner: StandardNode;
  clause: Clause;
  /** Unique among the standard's clauses even when a server lists the same clause twice: the id, "#2" on repeats. */
  key: string;
  parent?: ClauseNode;
  children: ClauseNode[];
}

export interface LoadMoreNode {
  kind: 'loadMore';
  /** How many standards remain, when the service says its total. */
  remaining?: number;
}

/** A failure or an empty result shown in place of children, never a silently empty tree. */
export interface MessageNode {
  kind: 'message';
  severity: 'error' | 'info';
  message: string;
  /** The node whose children failed to load (undefined: the root). */
  parent?: StandardNode;
  /** What Retry does. */
  retry?: () => void;
  /** A command this node runs instead (e.g. the Connection Doctor under a failed catalogue). */
  command?: string;
  /** The service cannot be reached: the catalogue's one node, with Retry. */
  offline?: boolean;
  /** The offline node's tooltip: what failed. */
  retryHint?: string;
}

/** A group of the organised catalogue (a publisher, a number range): see catalogueArrangement.ts. */
export interface CatalogueGroupNode {
  kind: 'catalogueGroup';
  group: CatalogueGroup;
  arrangement: Arrangement;
  parent?: CatalogueGroupNode;
}

/** "Show more…" at the end of a long list of the organised catalogue. */
export interface CatalogueMoreNode {
  kind: 'catalogueMore';
  /** The group listed (undefined: the ungrouped list). */
  parent?: CatalogueGroupNode;
  remaining: number;
}

/** Above the service's list when an organised catalogue was asked for and the catalogue index is not built. */
export interface CatalogueHintNode {
  kind: 'catalogueHint';
}

export type TreeNode = SectionNode | StandardNode | ClauseNode | LoadMoreNode | MessageNode | CatalogueGroupNode | CatalogueMoreNode | CatalogueHintNode;

/** The tree item id of a standard: its shelf and URN, or its catalogue position. */
export function standardId(node: StandardNode): string {
  return node.shelf ? `${node.shelf}:${node.standard.urn}` : `s:${node.position}`;
}

/** Clause nodes nested by `parent` when the service gives it, in service order. */
export function nestClauses(owner: StandardNode, clauses: readonly Clause[]): ClauseNode[] {
  const byId = new Map<string, ClauseNode>();
  const seen = new Map<string, number>();
  const roots: ClauseNode[] = [];
  for (const clause of clauses) {
    const repeat = (seen.get(clause.id) ?? 0) + 1;
    seen.set(clause.id, repeat);
    const key = repeat === 1 ? clause.id : `${clause.id}#${repeat}`;
    const node: ClauseNode = { kind: 'clause', owner, clause, key, children: [] };
    const parent = clause.parent ? byId.get(clause.parent) : undefined;
    if (parent) {
      node.parent = parent;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
    if (!byId.has(clause.id)) byId.set(clause.id, node);
  }
  return roots;
}

export function clauseRef(node: ClauseNode): ClauseRef {
  return clauseRefOf(standardRef(node.owner), node.clause);
}

export function standardRef(node: StandardNode): StandardRef {
  return standardRefOf(node.standard, node.position >= 0 ? node.position : undefined);
}
