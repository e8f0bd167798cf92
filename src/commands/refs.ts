/** Turning tree nodes and command arguments into ClauseRef / StandardRef. */
import type { ClauseRef, StandardRef } from '../model';
import type { ClauseNode, StandardNode, TreeNode } from '../tree/nodes';

export function clauseRef(node: ClauseNode): ClauseRef {
  const { clause, owner } = node;
  return {
    urn: owner.standard.urn,
    clauseId: clause.clauseId,
    id: clause.id,
    title: clause.title,
    number: clause.number,
    types: clause.types,
    standardReference: owner.standard.reference,
    standardTitle: owner.standard.title,
    standardPosition: owner.position,
  };
}

export function standardRef(node: StandardNode): StandardRef {
  return { urn: node.standard.urn, reference: node.standard.reference, title: node.standard.title, position: node.position };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A ClauseRef from a command argument: a ClauseRef, a clause tree node, or nothing usable. */
export function asClauseRef(arg: unknown): ClauseRef | undefined {
  if (!isObject(arg)) return undefined;
  if (arg.kind === 'clause' && isObject(arg.clause)) return clauseRef(arg as unknown as ClauseNode);
  if (typeof arg.urn === 'string' && typeof arg.clauseId === 'string') return arg as unknown as ClauseRef;
  return undefined;
}

/** A StandardRef from a command argument: a StandardRef, a standard or clause tree node, or a ClauseRef. */
export function asStandardRef(arg: unknown): StandardRef | undefined {
  if (!isObject(arg)) return undefined;
  const node = arg as Partial<TreeNode>;
  if (node.kind === 'standard') return standardRef(node as StandardNode);
  if (node.kind === 'clause') return standardRef((node as ClauseNode).owner);
  if (typeof arg.urn === 'string') {
    // A ClauseRef carries the standard's fields under other names.
    if (typeof arg.clauseId === 'string') {
      const ref = arg as unknown as ClauseRef;
      return { urn: ref.urn, reference: ref.standardReference, title: ref.standardTitle, position: ref.standardPosition };
    }
    return arg as unknown as StandardRef;
  }
  return undefined;
}
