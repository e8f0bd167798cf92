/** Turning command arguments (tree nodes, refs from other commands or tests) into ClauseRef / StandardRef. */
import { standardOfClause, type ClauseRef, type StandardRef } from '../../core/model';
import { isObject } from '../../core/service/jsonld';
import { clauseRef, standardRef, type ClauseNode, type StandardNode } from './nodes';

/** A ClauseRef from a command argument: a ClauseRef, a clause tree node, or nothing usable. */
export function asClauseRef(arg: unknown): ClauseRef | undefined {
  if (!isObject(arg)) return undefined;
  // Command arguments come from our own tree and commands: the kind tag and the checked fields identify them.
  if (arg.kind === 'clause' && isObject(arg.clause)) return clauseRef(arg as unknown as ClauseNode);
  // A ClauseRef is plain data; its two required fields are checked, the optional ones are only displayed.
  if (typeof arg.urn === 'string' && typeof arg.clauseId === 'string') return arg as unknown as ClauseRef;
  return undefined;
}

/** A StandardRef from a command argument: a StandardRef, a standard or clause tree node, or a ClauseRef. */
export function asStandardRef(arg: unknown): StandardRef | undefined {
  if (!isObject(arg)) return undefined;
  // Tree nodes are recognised by their kind tag (they come from our own tree view).
  if (arg.kind === 'standard' && isObject(arg.standard)) return standardRef(arg as unknown as StandardNode);
  // As above: a clause node from our tree, its owner checked.
  if (arg.kind === 'clause' && isObject(arg.owner)) return standardRef((arg as unknown as ClauseNode).owner);
  if (typeof arg.urn !== 'string') return undefined;
  // A ClauseRef (checked fields as above) or a StandardRef, whose only required field is the URN.
  return typeof arg.clauseId === 'string' ? standardOfClause(arg as unknown as ClauseRef) : (arg as unknown as StandardRef);
}
