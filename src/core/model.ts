import type { ClauseContext } from './document/numbering';
import type { Clause, Standard } from './service/types';

/**
 * Identifies a clause across the UI: tree nodes, the clause page, `standards:` documents and commands all
 * pass this around. Plain data so it survives webview state and command arguments.
 */
export interface ClauseRef {
  urn: string;
  clauseId: string;
  /** The clause `@id`, when known. */
  id?: string;
  title?: string;
  number?: string;
  types?: string[];
  /** e.g. "ISO 9001:2015". */
  standardReference?: string;
  standardTitle?: string;
  /** Position of the standard's record in the catalogue, so the record the user came from is revealed (a URN may repeat). */
  standardPosition?: number;
}

/** Identifies a standard for commands (Copy URN, Insert Scope Reference…). */
export interface StandardRef {
  urn: string;
  reference?: string;
  title?: string;
  /** Position of the record in the catalogue, when known: the same URN may belong to several records. */
  position?: number;
}

/** The one way to make a StandardRef: from a standard and, when known, its record's position in the catalogue. */
export function standardRefOf(standard: Pick<Standard, 'urn' | 'reference' | 'title'>, position?: number): StandardRef {
  return { urn: standard.urn, reference: standard.reference, title: standard.title, position };
}

/** The one way to make a ClauseRef: a clause of a standard. */
export function clauseRefOf(standard: StandardRef, clause: Clause): ClauseRef {
  return {
    urn: standard.urn,
    clauseId: clause.clauseId,
    id: clause.id,
    title: clause.title,
    number: clause.number,
    types: clause.types,
    standardReference: standard.reference,
    standardTitle: standard.title,
    standardPosition: standard.position,
  };
}

/** The standard a ClauseRef belongs to (a ClauseRef carries the standard's fields under other names). */
export function standardOfClause(ref: ClauseRef): StandardRef {
  return { urn: ref.urn, reference: ref.standardReference, title: ref.standardTitle, position: ref.standardPosition };
}

/**
 * What the document model needs to know about a clause to number and label it as the published page does: its
 * number, title and types, and the standard's clause list when known (cross-references into other clauses).
 */
export function clauseContextOf(
  ref: Pick<ClauseRef, 'number' | 'title' | 'types'> & Partial<Pick<ClauseRef, 'id' | 'clauseId'>>,
  clauses?: readonly Clause[],
): ClauseContext {
  return {
    id: ref.id,
    clauseId: ref.clauseId,
    number: ref.number,
    title: ref.title,
    types: ref.types,
    clauses: clauses?.map((c) => ({ id: c.id, clauseId: c.clauseId, number: c.number, title: c.title, types: c.types, parent: c.parent, level: c.level })),
  };
}
