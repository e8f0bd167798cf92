/** Tables as DOM: head and foot at once, body rows in batches over several slices, a "Show more" past 1000 rows. */
import type { Block, Cell, Inline, Row } from '../../core/document/index';
import { charCount, columnSizer, type ColumnSizer, type TextWidth } from '../../core/document/columnSizer';
import { TABLE_ROWS_SHOWN } from '../../core/document/longTables';
import { digitGroups } from '../../core/digitGroups';
import { el } from './dom';
import { InlineRenderer } from './inlineRenderer';
import type { MoreRows, TableRows } from './modelWorker';
import { t } from './words';

/** Rows added per task; the task then lays them out, so the queue's clock counts their layout too. */
const TABLE_ROWS_PER_TASK = 25;
/** Rows whose widest texts one task reads (columnSizer.ts): 250 took 20–30 ms here. */
const SIZER_ROWS_PER_TASK = 100;

export abstract class TableRenderer extends InlineRenderer {
  /** Rows of long tables that the model does not hold yet (a very large clause's model built in a worker). */
  moreRows: TableRows | undefined;

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
    this.tableRows(block.body, 0, { tbody, after: scroll, level, more: this.moreRows?.(block) }, true);
    return figure;
  }

  /**
   * Rows in batches over several slices; past TABLE_ROWS_SHOWN the rest waits behind a button, because laying
   * out a table of tens of thousands of rows costs seconds whatever the batching (the JSON view has them all).
   * `rows` is the table's body as far as the model holds it; `into.more` reads the rest (into `rows`) when asked.
   */
  protected tableRows(rows: Row[], from: number, into: TableTarget, first: boolean): void {
    const { tbody, level } = into;
    const total = into.more?.total ?? rows.length;
    const until = Math.min(rows.length, from + TABLE_ROWS_SHOWN);
    // The hidden rows first, a task per few hundred rows: reading a thousand rows' texts at once held the page.
    if (until - from > TABLE_ROWS_PER_TASK)
      for (let at = from; at < until; at += SIZER_ROWS_PER_TASK)
        this.queue.push(() => this.sizeColumns(rows.slice(at, Math.min(until, at + SIZER_ROWS_PER_TASK)), tbody));
    for (let start = from; start < until; start += TABLE_ROWS_PER_TASK) {
      const end = Math.min(until, start + TABLE_ROWS_PER_TASK);
      const add = (): void => {
        const table = laidOut(tbody);
        const fragment = document.createDocumentFragment();
        for (let i = start; i < end; i++) fragment.append(this.row(rows[i], false, level));
        tbody.append(fragment);
        // Laid out now, in this task: left to the next frame, a slice's worth of rows (hundreds; making them is
        // cheap) was laid out at once, 150–280 ms at 1 000 rows.
        if (table) void table.offsetHeight;
      };
      if (first && start === from) add();
      else this.queue.push(add);
    }
    if (until >= total) return;
    const next = Math.min(TABLE_ROWS_SHOWN, total - until);
    const more = el('button', 'more-rows', t('Show {0} more rows ({1} not shown)', digitGroups(next), digitGroups(total - until)));
    more.addEventListener('click', () => {
      more.remove();
      void this.rowsRead(rows, until + next, into).then(
        () => {
          this.tableRows(rows, until, into, false);
          void this.queue.run();
        },
        () => {
          const notice = el('p', 'status', t('The further rows could not be read. Close the clause and open it again to see them.'));
          notice.setAttribute('role', 'alert');
          into.after.after(notice);
        },
      );
    });
    this.queue.push(() => into.after.after(more));
  }

  /** `rows` holding at least `count` rows, the ones missing read from `into.more`. */
  private async rowsRead(rows: Row[], count: number, into: TableTarget): Promise<void> {
    if (rows.length >= count || !into.more) return;
    rows.push(...(await into.more.read(rows.length, count - rows.length)));
    if (rows.length < count) throw new Error('fewer rows than the table has');
  }

  /** Each long table's hidden rows (by its body), and the widest texts they hold. */
  private readonly sizers = new WeakMap<HTMLElement, { widest: ColumnSizer; lines: HTMLElement[] }>();

  /**
   * Hidden rows after `tbody` with the widest texts of `rows` (columnSizer.ts), widened when more rows are shown:
   * the columns have their widths from the first batch on, and each later batch lays out only its own rows.
   */
  private sizeColumns(rows: readonly Row[], tbody: HTMLElement): void {
    let sizer = this.sizers.get(tbody);
    if (!sizer) {
      const group = el('tbody', 'sizer');
      group.setAttribute('aria-hidden', 'true');
      sizer = { widest: { texts: [], words: [] }, lines: [el('tr'), el('tr')] };
      group.append(...sizer.lines);
      tbody.after(group);
      this.sizers.set(tbody, sizer);
    }
    const { texts, words } = columnSizer(rows, textWidth(), sizer.widest);
    sizer.lines[0].replaceChildren(...texts.map((text) => el('td', undefined, text)));
    sizer.lines[1].replaceChildren(...words.map((word) => el('td', undefined, word)));
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

/** Where a table's body rows go: its body, what its "Show more rows" button follows, and where further rows come from. */
interface TableTarget {
  tbody: HTMLElement;
  after: HTMLElement;
  level: number;
  more: MoreRows | undefined;
}

/** The table of `tbody`, when it is on the page (and so has a layout). */
function laidOut(tbody: HTMLElement): HTMLTableElement | undefined {
  const table = tbody.parentElement;
  return table instanceof HTMLTableElement && table.isConnected ? table : undefined;
}

let measure: TextWidth | undefined;

/** Text widths in the page's font (a canvas measures them; only compared, so its size does not matter). */
function textWidth(): TextWidth {
  if (measure) return measure;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return charCount;
  context.font = `16px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
  measure = (text) => context.measureText(text).width;
  return measure;
}
