/** The messages between the clause page and its model worker (clauseWorker.ts, modelWorker.ts). */
import type { ClauseContext, ClauseDocument, Row } from '../../core/document/index';
import type { CutTable } from '../../core/document/longTables';

/** Page → worker. */
export type ToWorker =
  /** A part of a clause's JSON text, as it arrived. */
  | { type: 'part'; text: string }
  /** The text's last part, and what the page knows of the clause: build its model. */
  | { type: 'build'; last: string; context: ClauseContext }
  /** Rows `from`… of the table at `table` in document order (longTables.ts). */
  | { type: 'rows'; id: number; table: number; from: number; count: number };

/** Worker → page. */
export type FromWorker =
  /** The model, long tables cut to their first rows. */
  | { type: 'model'; document: ClauseDocument; cut: CutTable[] }
  /** The text is not JSON (or nests deeper than a clause may). */
  | { type: 'notJson' }
  | { type: 'rows'; id: number; rows: Row[] };
