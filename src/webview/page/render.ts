/**
 * Clause JSON → DOM, as text only (createElement + textContent, never innerHTML). Known blocks get their usual
 * look; anything else is walked generically so nothing is dropped. Work is queued in small units and run in time
 * slices, so a multi-megabyte clause never blocks the page.
 */
import { readText } from '../../service/jsonld';
import { sectionLabel } from '../../service/sections';

type Json = Record<string, unknown>;

export interface RenderLinks {
  openClause(target: string): void;
  revealStandard(urn: string): void;
}

/** A queue of small rendering steps run in slices of ~`sliceMs` with a yield between slices. */
export class RenderQueue {
  private readonly tasks: Array<() => void> = [];
  private done = 0;
  private cancelled = false;

  constructor(
    private readonly onProgress: (done: number, total: number) => void,
    private readonly sliceMs = 12,
  ) {}

  push(task: () => void): void {
    this.tasks.push(task);
  }

  cancel(): void {
    this.cancelled = true;
  }

  /** Runs every task, yielding to the browser between slices; resolves when all ran. */
  run(): Promise<void> {
    return new Promise((resolve) => {
      const slice = (): void => {
        if (this.cancelled) return resolve();
        const end = performance.now() + this.sliceMs;
        while (this.done < this.tasks.length && performance.now() < end) this.tasks[this.done++]();
        this.onProgress(this.done, this.tasks.length);
        if (this.done < this.tasks.length) setTimeout(slice, 0);
        else resolve();
      };
      slice();
    });
  }
}

const TABLE_ROWS_PER_TASK = 100;
const TABLE_ROWS_SHOWN = 1000;

export class ClauseRenderer {
  blocks = 0;

  constructor(
    private readonly queue: RenderQueue,
    private readonly links: RenderLinks,
  ) {}

  /** Queues the content blocks of a clause body into `container`. */
  content(body: Json, container: HTMLElement): void {
    const content = body['corext:content'] ?? body.content ?? body.sections ?? body['@graph'];
    if (Array.isArray(content)) {
      this.blockList(content, container, 2);
    } else {
      // No content list we know: show every field but the header ones.
      const rest: Json = {};
      for (const [key, value] of Object.entries(body)) {
        if (!['@context', '@id', '@type', 'dcterms:title', 'corext:number', 'dcterms:isPartOf'].includes(key)) rest[key] = value;
      }
      this.queue.push(() => container.append(this.generic(rest, 0)));
    }
  }

  private blockList(blocks: unknown[], container: HTMLElement, level: number): void {
    let references: HTMLElement | undefined;
    for (const block of blocks) {
      if (isReference(block)) {
        if (!references) {
          const list = el('ul', 'references');
          references = list;
          this.queue.push(() => container.append(list));
        }
        const list = references;
        this.queue.push(() => list.append(this.reference(block as Json)));
        continue;
      }
      references = undefined;
      this.queue.push(() => {
        this.blocks++;
        container.append(this.block(block, level));
      });
    }
  }

  private block(value: unknown, level: number): Node {
    if (typeof value === 'string') return el('p', undefined, value);
    if (!isObject(value)) return el('p', 'generic-value', String(value));
    switch (localType(value)) {
      case 'Paragraph':
        return this.inlineInto(el('p'), value['corext:text'] ?? value.text);
      case 'Section':
        return this.section(value, level);
      case 'List':
        return this.list(value, level);
      case 'Note':
      case 'Example':
        return this.labelled(value, localType(value) === 'Note' ? 'note' : 'example', level);
      case 'Table':
        return this.table(value);
      case 'TermEntry':
        return this.term(value, level);
      default:
        return this.generic(value, 0);
    }
  }

  private section(value: Json, level: number): HTMLElement {
    const section = el('section');
    const number = readText(value['corext:number']);
    const title = readText(value['dcterms:title']);
    section.append(el(`h${Math.min(6, level + 1)}`, undefined, [number, title].filter(Boolean).join(' ')));
    const content = value['corext:content'];
    if (Array.isArray(content)) this.blockList(content, section, level + 1);
    return section;
  }

  private list(value: Json, level: number): HTMLElement {
    const list = el(value['corext:ordered'] === true ? 'ol' : 'ul');
    const items = value['corext:items'];
    for (const item of Array.isArray(items) ? items : []) {
      const li = el('li');
      const content = isObject(item) ? item['corext:content'] : item;
      if (Array.isArray(content)) for (const block of content) li.append(this.block(block, level));
      else this.inlineInto(li, content);
      list.append(li);
    }
    return list;
  }

  private labelled(value: Json, kind: string, level: number): HTMLElement {
    const box = el('div', kind);
    const label = readText(value['corext:label']) || kind.toUpperCase();
    box.append(el('span', 'label', label));
    const content = value['corext:content'];
    if (Array.isArray(content)) for (const block of content) box.append(this.block(block, level));
    else this.inlineInto(box, content ?? value['corext:text']);
    return box;
  }

  private table(value: Json): HTMLElement {
    const figure = el('figure', 'table');
    const caption = [readText(value['corext:label']), readText(value['dcterms:title'])].filter(Boolean).join(' — ');
    if (caption) figure.append(el('figcaption', undefined, caption));
    const scroll = el('div', 'table-scroll');
    const table = el('table');
    const head = value['corext:head'];
    if (Array.isArray(head) && head.length) {
      const thead = el('thead');
      for (const row of head) thead.append(this.row(row, 'th'));
      table.append(thead);
    }
    const tbody = el('tbody');
    table.append(tbody);
    scroll.append(table);
    figure.append(scroll);
    const rows = Array.isArray(value['corext:body']) ? (value['corext:body'] as unknown[]) : [];
    this.tableRows(rows, 0, tbody, figure, true);
    return figure;
  }

  /**
   * Rows in batches over several slices; past TABLE_ROWS_SHOWN the rest waits behind a button, because laying
   * out a table of tens of thousands of rows costs seconds whatever the batching (the JSON view has them all).
   */
  private tableRows(rows: unknown[], from: number, tbody: HTMLElement, figure: HTMLElement, first: boolean): void {
    const until = Math.min(rows.length, from + TABLE_ROWS_SHOWN);
    for (let start = from; start < until; start += TABLE_ROWS_PER_TASK) {
      const end = Math.min(until, start + TABLE_ROWS_PER_TASK);
      const add = (): void => {
        const fragment = document.createDocumentFragment();
        for (let i = start; i < end; i++) fragment.append(this.row(rows[i], 'td'));
        tbody.append(fragment);
      };
      if (first && start === from) add();
      else this.queue.push(add);
    }
    if (until >= rows.length) return;
    const more = el('button', 'more-rows', `Show ${Math.min(TABLE_ROWS_SHOWN, rows.length - until).toLocaleString('en-US')} more rows (${(rows.length - until).toLocaleString('en-US')} not shown)`);
    more.addEventListener('click', () => {
      more.remove();
      this.tableRows(rows, until, tbody, figure, false);
      void this.queue.run();
    });
    this.queue.push(() => figure.append(more));
  }

  private row(row: unknown, cell: 'th' | 'td'): HTMLElement {
    const tr = el('tr');
    for (const value of Array.isArray(row) ? row : [row]) tr.append(this.inlineInto(el(cell), value));
    return tr;
  }

  private term(value: Json, level: number): HTMLElement {
    const entry = el('div', 'term');
    const head = el('div', 'term-head');
    const number = readText(value['corext:number']);
    if (number) head.append(el('span', 'term-number', number));
    head.append(el('strong', 'term-name', readText(value['corext:term'])));
    entry.append(head);
    const admitted = value['corext:admitted'];
    if (Array.isArray(admitted) && admitted.length) entry.append(el('div', 'term-admitted', admitted.map((a) => readText(a)).join('; ')));
    entry.append(this.inlineInto(el('p', 'term-definition'), value['corext:definition']));
    const notes = value['corext:notes'];
    if (Array.isArray(notes)) for (const note of notes) entry.append(this.block(note, level));
    if (value['corext:source'] !== undefined) entry.append(this.inlineInto(el('p', 'term-source'), value['corext:source']));
    return entry;
  }

  private reference(value: Json): HTMLElement {
    const li = el('li');
    const urn = readText(value['corext:target']);
    const label = readText(value['dcterms:identifier']) || urn;
    li.append(urn ? this.link(label, () => this.links.revealStandard(urn), urn) : document.createTextNode(label));
    const title = readText(value['dcterms:title']);
    if (title) li.append(document.createTextNode(`, ${title}`));
    return li;
  }

  /** Inline content: strings, emphasis, cross-references and standard references, else readable text. */
  private inlineInto<T extends HTMLElement>(target: T, value: unknown): T {
    if (value === undefined || value === null) return target;
    if (typeof value === 'string' || typeof value === 'number') {
      target.append(document.createTextNode(String(value)));
    } else if (Array.isArray(value)) {
      for (const part of value) this.inlineInto(target, part);
    } else if (isObject(value)) {
      const type = localType(value);
      const text = readText(value['corext:label'] ?? value['corext:text'] ?? value['dcterms:title']);
      const targetRef = readText(value['corext:target']);
      if (type === 'Emphasis') target.append(el('em', undefined, text));
      else if (type === 'XRef' && targetRef) target.append(this.link(text || targetRef, () => this.links.openClause(targetRef), targetRef));
      else if (type === 'StandardRef' && targetRef) target.append(this.link(text || targetRef, () => this.links.revealStandard(targetRef), targetRef));
      else if (text) target.append(document.createTextNode(text));
      else target.append(this.generic(value, 0));
    }
    return target;
  }

  private link(label: string, action: () => void, title: string): HTMLElement {
    const a = el('a', 'link', label);
    a.setAttribute('href', '#');
    a.setAttribute('role', 'link');
    a.title = title;
    a.addEventListener('click', (event) => {
      event.preventDefault();
      action();
    });
    return a;
  }

  /** Any JSON, readably: a labelled list of its fields, nested for objects, never raw markup. */
  generic(value: unknown, depth: number): HTMLElement {
    if (!isObject(value) && !Array.isArray(value)) return el('span', 'generic-value', readText(value) || String(value));
    if (Array.isArray(value)) {
      const list = el('ul', 'generic-list');
      for (const item of value.slice(0, 500)) list.append(wrap(el('li'), this.generic(item, depth + 1)));
      if (value.length > 500) list.append(el('li', 'generic-more', `… ${value.length - 500} more`));
      return list;
    }
    const box = el('div', 'generic');
    const type = value['@type'];
    if (type !== undefined) box.append(el('div', 'generic-type', sectionLabel(Array.isArray(type) ? type.map(String) : [String(type)])));
    const dl = el('dl');
    for (const [key, field] of Object.entries(value)) {
      if (key === '@type' || key === '@context') continue;
      dl.append(el('dt', undefined, keyLabel(key)));
      const dd = el('dd');
      dd.append(depth > 8 ? el('span', 'generic-value', JSON.stringify(field).slice(0, 2000)) : this.generic(field, depth + 1));
      dl.append(dd);
    }
    box.append(dl);
    return box;
  }
}

/** "corext:TermEntry" / "https://…#TermEntry" → "TermEntry". */
export function localType(value: Json): string {
  const type = value['@type'] ?? value.type;
  const first = Array.isArray(type) ? type[0] : type;
  return typeof first === 'string' ? first.replace(/^.*[:#/]/, '') : '';
}

function isReference(value: unknown): boolean {
  return isObject(value) && localType(value) === 'Reference';
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "corext:clauseNumber" → "Clause number". */
export function keyLabel(key: string): string {
  const local = key.replace(/^.*[:#/]/, '').replace(/^@/, '');
  const words = local.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

export function el(tag: string, className?: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function wrap(parent: HTMLElement, child: Node): HTMLElement {
  parent.append(child);
  return parent;
}
