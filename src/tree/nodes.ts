/** The nodes of the Standards tree: plain data, presented by the provider. */
import type { Clause, Standard } from '../service/index';

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
}

export type TreeNode = StandardNode | ClauseNode | LoadMoreNode | MessageNode;

/** Clause nodes nested by `parent` when the service gives it, in service order. */
export function nestClauses(owner: StandardNode, clauses: readonly Clause[]): ClauseNode[] {
  const byId = new Map<string, ClauseNode>();
  const roots: ClauseNode[] = [];
  for (const clause of clauses) {
    const node: ClauseNode = { kind: 'clause', owner, clause, children: [] };
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
