/** Tables in any of their shapes: HTML, CALS (tgroup, entry), JATS, arrays of rows. */
import { isObject } from '../service/jsonld';
import { type Builder, markNumbering, runSync } from './builder';
import { type Element, type FlowItem, LABEL_KEY, NOTHING, attribute, readElement, restOf, textOf } from './elements';
import { clean, spanOf, trimFlow } from './flowText';
import { isInlineValue } from './inlineChecks';
import { type Block, type Cell, type Inline, MAX_DEPTH, type Row } from './model';
import { localName } from './names';
import { captionLabel, withoutShown } from './shownOnce';
import { CONTENT_KEYS, TECHNICAL_KEYS } from './keys';

type TableBlock = Extract<Block, { kind: 'table' }>;
type TablePart = 'head' | 'body' | 'foot';

export function* table(b: Builder, element: Element, out: Block[], depth: number): Generator<void, void> {
  const { label, caption } = labelledCaption(textOf(element, LABEL_KEY) || undefined, tableCaption(b, element, depth), 'Table');
  const table: Block = { kind: 'table', label, caption, head: [], body: [], foot: [], notes: [] };
  out.push(table);
  markNumbering(b, element, table, label);
  yield* tableParts(b, element, table, 'body', depth + 1);
}

/** A table's or figure's label and caption, the label shown once: not repeated at the caption's start. */
export function labelledCaption(label: string | undefined, caption: Inline[], word: 'Table' | 'Figure'): { label?: string; caption: Inline[] } {
  if (label) return { label, caption: withoutShown(caption, label) };
  return captionLabel(caption, word) ?? { caption };
}

export function tableCaption(b: Builder, element: Element, depth: number): Inline[] {
  for (const field of element.fields) {
    if (!['caption', 'title', 'name', 'fmtname'].includes(field.local)) continue;
    const caption = trimFlow(b.inlines([{ value: field.value, loose: false }], depth + 1));
    if (caption.length) return caption;
  }
  return [];
}

export function* tableParts(b: Builder, element: Element, table: TableBlock, part: TablePart, depth: number): Generator<void, void> {
  if (depth > MAX_DEPTH) return;
  for (const field of element.fields) {
    const { local } = field;
    if (['caption', 'title', 'name', 'fmtname', 'label'].includes(local) || local.startsWith('@') || (TECHNICAL_KEYS.has(local) && !CONTENT_KEYS.has(local)))
      continue;
    yield* tablePart(b, { value: field.value, hint: CONTENT_KEYS.has(local) && local !== 'body' ? undefined : field.key, loose: false }, table, part, depth);
  }
}

export function* tablePart(b: Builder, item: FlowItem, table: TableBlock, part: TablePart, depth: number): Generator<void, void> {
  const hint = item.hint ? localName(item.hint) : undefined;
  const section =
    hint && ['thead', 'head', 'header', 'tablehead', 'colhead'].includes(hint)
      ? 'head'
      : hint && ['tfoot', 'foot', 'tablefoot'].includes(hint)
        ? 'foot'
        : hint && ['tbody', 'body', 'rows', 'tablebody'].includes(hint)
          ? 'body'
          : part;
  if (Array.isArray(item.value)) {
    const rowsHere = hint && ['tr', 'row'].includes(hint);
    for (const value of item.value) {
      if (b.tick()) yield;
      if (Array.isArray(value) || rowsHere) table[section].push(row(b, value, section === 'head', depth + 1));
      else
        yield* tablePart(
          b,
          { value, hint: hint && !['thead', 'head', 'tbody', 'body', 'tfoot', 'foot', 'rows'].includes(hint) ? item.hint : undefined, loose: false },
          table,
          section,
          depth + 1,
        );
    }
    return;
  }
  if (!isObject(item.value)) {
    if (typeof item.value === 'string' && item.value.trim()) table.notes.push({ kind: 'paragraph', content: [clean(item.value)] });
    return;
  }
  const element = readElement(item.value, item.hint);
  const names = element.names;
  if (names.some((n) => ['tr', 'row'].includes(n))) table[section].push(row(b, item.value, section === 'head', depth + 1));
  else if (names.some((n) => ['thead', 'tbody', 'tfoot', 'tgroup', 'table', 'informaltable', 'colgroup'].includes(n))) {
    const inner = names.includes('thead') ? 'head' : names.includes('tfoot') ? 'foot' : names.includes('tbody') ? 'body' : section;
    yield* tableParts(b, element, table, inner, depth + 1);
  } else if (names.some((n) => ['col', 'colspec', 'spanspec'].includes(n))) {
    return;
  } else {
    // Notes, keys, footnotes and paragraphs that belong to the table.
    yield* b.block(element, table.notes, depth + 1);
  }
}

export function row(b: Builder, value: unknown, header: boolean, depth: number): Row {
  const cells: Row = [];
  const add = (cellValue: unknown, hint: string | undefined): void => {
    if (typeof cellValue === 'string' || typeof cellValue === 'number') {
      cells.push({ header: header || (hint !== undefined && localName(hint) === 'th'), content: [clean(String(cellValue))], blocks: false });
      return;
    }
    if (Array.isArray(cellValue)) {
      cells.push(cell(b, cellValue, undefined, header, depth + 1));
      return;
    }
    if (isObject(cellValue)) cells.push(cell(b, cellValue, hint, header, depth + 1));
  };
  if (Array.isArray(value)) {
    for (const cell of value) add(cell, undefined);
    return cells;
  }
  if (!isObject(value)) return cells;
  const element = readElement(value, undefined);
  for (const field of element.fields) {
    if (field.local.startsWith('@') || (TECHNICAL_KEYS.has(field.local) && !CONTENT_KEYS.has(field.local))) continue;
    const items = Array.isArray(field.value) ? field.value : [field.value];
    const hint = CONTENT_KEYS.has(field.local) ? undefined : field.key;
    for (const item of items) add(item, hint);
  }
  return cells;
}

export function cell(b: Builder, value: unknown, hint: string | undefined, header: boolean, depth: number): Cell {
  const element = isObject(value) ? readElement(value, hint) : undefined;
  const isCell = element?.names.some((n) => ['th', 'td', 'entry', 'cell'].includes(n));
  const cell: Cell = { header: header || Boolean(element?.names.includes('th')), content: [], blocks: false };
  if (element && isCell) {
    const colspan = spanOf(attribute(element, 'colspan', 'gridspan'));
    const moreRows = attribute(element, 'morerows');
    const rowspan = spanOf(attribute(element, 'rowspan')) ?? (moreRows !== undefined ? spanOf(String(Number(moreRows) + 1)) : undefined);
    if (colspan) cell.colspan = colspan;
    if (rowspan) cell.rowspan = rowspan;
  }
  const flow: FlowItem[] = element && isCell ? restOf(element, NOTHING) : [{ value, hint, loose: false }];
  if (flow.length === 1 && (typeof flow[0].value === 'string' || typeof flow[0].value === 'number')) {
    // The usual cell: one text.
    const text = clean(String(flow[0].value)).trim();
    cell.content = text ? [text] : [];
    return cell;
  }
  if (flow.every((item) => isInlineValue(item.value, 0))) {
    cell.content = trimFlow(b.inlines(flow, depth + 1));
  } else {
    const blocks: Block[] = [];
    runSync(b.blocks(flow, blocks, depth + 1));
    cell.content = blocks;
    cell.blocks = true;
  }
  return cell;
}
