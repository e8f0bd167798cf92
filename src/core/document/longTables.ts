/**
 * A clause's long tables, cut to the rows a page shows first. The clause page builds the model of a very large
 * clause in a worker and sends the page only what it shows: a table of tens of thousands of rows crosses as its
 * first rows, and the rest follows a batch at a time when asked for ("Show more rows"). Tables are named by their
 * place in document order (`tablesOf`), which both sides work out alike. Pure: no DOM.
 */
import { walk } from './anchors';
import type { Block, ClauseDocument, Row } from './model';

/** Body rows a page shows of a table at first, and adds each time more are asked for. */
export const TABLE_ROWS_SHOWN = 1000;

export type TableBlock = Extract<Block, { kind: 'table' }>;

/** A table whose body was cut: its place among `tablesOf(document)`, and how many rows its whole body has. */
export interface CutTable {
  table: number;
  total: number;
}

/** Every table of the document (its blocks, then its footnotes), in document order; not tables inside cells. */
export function tablesOf(document: ClauseDocument): TableBlock[] {
  const tables: TableBlock[] = [];
  const collect = (block: Block): boolean => {
    if (block.kind === 'table') tables.push(block);
    return false;
  };
  walk(document.blocks, collect);
  for (const footnote of document.footnotes) walk(footnote.blocks, collect);
  return tables;
}

/**
 * Cuts every table body longer than `rows` to its first `rows` rows, in `document` itself, and returns the whole
 * bodies by the table's place, with what the page is told of them.
 */
export function cutLongTables(document: ClauseDocument, rows: number): { cut: CutTable[]; bodies: Map<number, Row[]> } {
  const cut: CutTable[] = [];
  const bodies = new Map<number, Row[]>();
  tablesOf(document).forEach((table, place) => {
    if (table.body.length <= rows) return;
    bodies.set(place, table.body);
    cut.push({ table: place, total: table.body.length });
    table.body = table.body.slice(0, rows);
  });
  return { cut, bodies };
}
