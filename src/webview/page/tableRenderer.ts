/** Tables as DOM: head and foot at once, body rows in batches over several slices, a "Show more" past 1000 rows. */
import type { Block, Cell, Inline, Row } from '../../core/document/index';
import { el } from './dom';
import { InlineRenderer } from './inlineRenderer';
import { t } from './words';

const TABLE_ROWS_PER_TASK = 100;
const TABLE_ROWS_SHOWN = 1000;

export abstract class TableRenderer extends InlineRenderer {
  /** One block, synchronously (notes under a table, blocks in cells). */
  protected abstract block(block: Block, level: number): HTMLElement;

  protected table(block: Extract<Block, { kind: 'table' }>, level: number): HTMLElement {
    const figure = el('figure', 'table');
    if (block.label || block.caption.length) {
      const caption = el('figcaption');
      if (block.label) caption.append(el('span', 'number', block.label), block.caption.length ? ' — ' : '');
      figure.append(this.inlineInto(caption, block.caption));
    }
    const scroll = el('div', 'table-scroll');
    const table = el('table');
    if (block.head.length) {
      const thead = el('thead');
      for (const row of block.head) thead.append(this.row(row, true, level));
      table.append(thead);
    }
    const tbody = el('tbody');
    table.append(tbody);
    if (block.foot.length) {
      const tfoot = el('tfoot');
      for (const row of block.foot) tfoot.append(this.row(row, false, level));
      table.append(tfoot);
    }
    scroll.append(table);
    figure.append(scroll);
    for (const note of block.notes) figure.append(this.block(note, level));
    this.tableRows(block.body, 0, tbody, scroll, true, level);
    return figure;
  }

  /**
   * Rows in batches over several slices; past TABLE_ROWS_SHOWN the rest waits behind a button, because laying
   * out a table of tens of thousands of rows costs seconds whatever the batching (the JSON view has them all).
   */
  protected tableRows(rows: readonly Row[], from: number, tbody: HTMLElement, after: HTMLElement, first: boolean, level: number): void {
    const until = Math.min(rows.length, from + TABLE_ROWS_SHOWN);
    for (let start = from; start < until; start += TABLE_ROWS_PER_TASK) {
      const end = Math.min(until, start + TABLE_ROWS_PER_TASK);
      const add = (): void => {
        const fragment = document.createDocumentFragment();
        for (let i = start; i < end; i++) fragment.append(this.row(rows[i], false, level));
        tbody.append(fragment);
      };
      if (first && start === from) add();
      else this.queue.push(add);
    }
    if (until >= rows.length) return;
    const more = el(
      'button',
      'more-rows',
      t(
        'Show {0} more rows ({1} not shown)',
        Math.min(TABLE_ROWS_SHOWN, rows.length - until).toLocaleString('en-US'),
        (rows.length - until).toLocaleString('en-US'),
      ),
    );
    more.addEventListener('click', () => {
      more.remove();
      this.tableRows(rows, until, tbody, after, false, level);
      void this.queue.run();
    });
    this.queue.push(() => after.after(more));
  }

  protected row(row: Row, head: boolean, level: number): HTMLElement {
    const tr = el('tr');
    for (const cell of row) tr.append(this.cell(cell, head, level));
    return tr;
  }

  protected cell(cell: Cell, head: boolean, level: number): HTMLElement {
    const td = el(head || cell.header ? 'th' : 'td');
    if (cell.colspan) td.setAttribute('colspan', String(cell.colspan));
    if (cell.rowspan) td.setAttribute('rowspan', String(cell.rowspan));
    if (cell.blocks) for (const child of cell.content as Block[]) td.append(this.block(child, level));
    else this.inlineInto(td, cell.content as Inline[]);
    return td;
  }
}
