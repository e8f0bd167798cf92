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
