/** The nodes of the Standards tree: plain data, presented by the provider. */
import { clauseRefOf, standardRefOf, type ClauseRef, type StandardRef } from '../model';
import type { Clause, Standard } from '../service/index';
import type { Arrangement, CatalogueGroup } from './catalogueGrouping';

export interface StandardNode {
  kind: 'standard';
  /** Position in the service's list: unique even when a URN repeats. */
  position: number;
  standard: Standard;
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

export type TreeNode = StandardNode | ClauseNode | LoadMoreNode | MessageNode | CatalogueGroupNode | CatalogueMoreNode | CatalogueHintNode;

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
  return standardRefOf(node.standard, node.position);
}
