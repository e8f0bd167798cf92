/**
 * A coverage report's rows (document order, each with its depth) as the outline a view shows: each clause with its
 * subclauses under it. With `openOnly`, a clause stays when it is open or has an open clause under it, so the path to
 * every open clause is kept and nothing else.
 */
import type { CoverageRow } from './coverage';

export interface OutlineNode {
  row: CoverageRow;
  children: OutlineNode[];
}

export function coverageOutline(rows: readonly CoverageRow[], options: { openOnly?: boolean } = {}): OutlineNode[] {
  const roots: OutlineNode[] = [];
  // The open clauses on the path from the top to where we are: a row's parent is the nearest shallower one.
  const path: OutlineNode[] = [];
  for (const row of rows) {
    const node: OutlineNode = { row, children: [] };
    while (path.length && path[path.length - 1].row.depth >= row.depth) path.pop();
    (path.length ? path[path.length - 1].children : roots).push(node);
    path.push(node);
  }
  return options.openOnly ? keepOpen(roots) : roots;
}

function keepOpen(nodes: readonly OutlineNode[]): OutlineNode[] {
  const kept: OutlineNode[] = [];
  for (const node of nodes) {
    const children = keepOpen(node.children);
    if (node.row.status === 'open' || children.length) kept.push({ row: node.row, children });
  }
  return kept;
}
