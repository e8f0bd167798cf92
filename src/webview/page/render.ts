/**
 * Document model → DOM, as text only: createElement/createElementNS + textContent, never innerHTML, so nothing
 * the server sends can become markup. MathML is built element by element from MathML names only; images load
 * only from the service's origin (and the CSP says the same). Work is queued in small units and run in time
 * slices, so a multi-megabyte clause never blocks the page; huge tables show 1000 rows and a "Show more" button.
 */
import {
  MATHML_ELEMENTS,
  flowText,
  formulaText,
  type Block,
  type Cell,
  type ClauseDocument,
  type Footnote,
  type Image,
  type Inline,
  type Math,
  type MathNode,
  type Row,
} from '../../document/index';
import { t } from './words';

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

  get isCancelled(): boolean {
    return this.cancelled;
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
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';
const NOTATION_NAMES = { asciimath: 'AsciiMath', latex: 'LaTeX', text: '' } as const;

export class ClauseRenderer {
  blocks = 0;
  /** Anchors of this page (identifiers of its blocks), for cross-references that point into the page. */
  private readonly anchors = new Map<string, HTMLElement>();
  /** Model block → its element, so a page can scroll to a subclause or term (anchors, table of contents). */
  private readonly elements = new WeakMap<Block, HTMLElement>();

  constructor(
    private readonly queue: RenderQueue,
    private readonly links: RenderLinks,
    /** The service's origin: the only place images load from (besides data: images in the body). */
    private readonly imageOrigin?: string,
    /** Base URL for relative image addresses (the clause `@id`). */
    private readonly imageBase?: string,
  ) {}

  /** Queues the blocks and footnotes of a document into `container`. */
  document(document: ClauseDocument, container: HTMLElement): void {
    this.blockList(document.blocks, container, 2);
    if (document.footnotes.length) this.footnotes(document.footnotes, container);
  }

  private blockList(blocks: readonly Block[], container: HTMLElement, level: number): void {
    let references: HTMLElement | undefined;
    for (const block of blocks) {
      if (block.kind === 'reference') {
        if (!references) {
          const list = el('ul', 'references');
          references = list;
          this.queue.push(() => container.append(list));
        }
        const list = references;
        this.queue.push(() => list.append(this.reference(block)));
        continue;
      }
      references = undefined;
      if (block.kind === 'section') {
        // The shell now, its children as their own tasks: a long section never makes one long task.
        const section = this.sectionShell(block, level);
        this.queue.push(() => {
          this.blocks++;
          container.append(section);
        });
        this.blockList(block.children, section, level + 1);
        continue;
      }
      this.queue.push(() => {
        this.blocks++;
        container.append(this.block(block, level));
      });
    }
  }

  private sectionShell(block: Extract<Block, { kind: 'section' }>, level: number): HTMLElement {
    const section = el('section');
    this.elements.set(block, section);
    this.anchor(section, block.anchor);
    const heading = el(`h${Math.min(6, level)}`);
    if (block.number) heading.append(el('span', 'number', block.number), ' ');
    this.inlineInto(heading, block.title);
    if (block.label) heading.append(' ', el('span', 'obligation', `(${block.label})`));
    if (heading.textContent?.trim()) section.append(heading);
    return section;
  }

  /** The element a block of the model was rendered as (sections, terms and every other block), once rendered. */
  elementOf(block: Block): HTMLElement | undefined {
    return this.elements.get(block);
  }

  /** One block, synchronously (blocks inside lists, notes, cells and terms). */
  private block(block: Block, level: number): HTMLElement {
    const element = this.blockElement(block, level);
    this.elements.set(block, element);
    return element;
  }

  private blockElement(block: Block, level: number): HTMLElement {
    switch (block.kind) {
      case 'section': {
        const section = this.sectionShell(block, level);
        for (const child of block.children) section.append(this.block(child, level + 1));
        return section;
      }
      case 'heading':
        return this.anchor(this.inlineInto(el(`h${Math.min(6, block.level || level + 1)}`), block.content), block.anchor);
      case 'paragraph':
        return this.anchor(this.inlineInto(el('p'), block.content), block.anchor);
      case 'list': {
        const list = el(block.ordered ? 'ol' : 'ul');
        if (block.items.some((item) => item.label)) list.className = 'labelled';
        for (const item of block.items) {
          const li = el('li');
          if (item.label) li.append(el('span', 'item-label', item.label));
          for (const child of item.blocks) li.append(this.block(child, level));
          list.append(li);
        }
        return this.anchor(list, block.anchor);
      }
      case 'definitions': {
        const dl = el('dl', 'definitions');
        for (const item of block.items) {
          dl.append(this.inlineInto(el('dt'), item.term));
          const dd = el('dd');
          for (const child of item.definition) dd.append(this.block(child, level));
          dl.append(dd);
        }
        return this.anchor(dl, block.anchor);
      }
      case 'table':
        return this.anchor(this.table(block, level), block.anchor);
      case 'note':
      case 'example':
      case 'admonition': {
        const box = el('div', block.kind);
        box.setAttribute('role', 'note');
        box.append(el('span', 'label', block.label));
        for (const child of block.children) box.append(this.block(child, level));
        return this.anchor(box, block.anchor);
      }
      case 'term':
        return this.anchor(this.term(block, level), block.anchor);
      case 'formula': {
        const box = el('div', 'formula');
        const line = el('div', 'formula-line');
        line.append(this.math(block.math, true));
        if (block.label) line.append(el('span', 'formula-label', block.label));
        box.append(line);
        if (block.where.length) {
          box.append(el('p', 'formula-where', 'where'));
          for (const child of block.where) box.append(this.block(child, level));
        }
        return this.anchor(box, block.anchor);
      }
      case 'figure': {
        const figure = el('figure', 'figure');
        for (const image of block.images) figure.append(this.image(image));
        for (const child of block.children) figure.append(this.block(child, level));
        const caption = el('figcaption');
        if (block.label) caption.append(el('span', 'number', block.label), block.caption.length ? ' — ' : '');
        this.inlineInto(caption, block.caption);
        if (caption.textContent) figure.append(caption);
        return this.anchor(figure, block.anchor);
      }
      case 'code': {
        const pre = el('pre', 'code');
        pre.append(el('code', undefined, block.text));
        return this.anchor(pre, block.anchor);
      }
      case 'quote': {
        const quote = el('blockquote');
        for (const child of block.children) quote.append(this.block(child, level));
        if (block.source.length) quote.append(this.inlineInto(el('p', 'quote-source'), ['— ', ...block.source]));
        return this.anchor(quote, block.anchor);
      }
      case 'reference': {
        const list = el('ul', 'references');
        list.append(this.reference(block));
        return list;
      }
      case 'tooDeep':
        return el('p', 'too-deep', t('This part is nested too deeply to show here — open the JSON to the side to read it.'));
    }
  }

  private table(block: Extract<Block, { kind: 'table' }>, level: number): HTMLElement {
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
  private tableRows(rows: readonly Row[], from: number, tbody: HTMLElement, after: HTMLElement, first: boolean, level: number): void {
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

  private row(row: Row, head: boolean, level: number): HTMLElement {
    const tr = el('tr');
    for (const cell of row) tr.append(this.cell(cell, head, level));
    return tr;
  }

  private cell(cell: Cell, head: boolean, level: number): HTMLElement {
    const td = el(head || cell.header ? 'th' : 'td');
    if (cell.colspan) td.setAttribute('colspan', String(cell.colspan));
    if (cell.rowspan) td.setAttribute('rowspan', String(cell.rowspan));
    if (cell.blocks) for (const child of cell.content as Block[]) td.append(this.block(child, level));
    else this.inlineInto(td, cell.content as Inline[]);
    return td;
  }

  private term(block: Extract<Block, { kind: 'term' }>, level: number): HTMLElement {
    const entry = el('div', 'term');
    const head = el('div', 'term-head');
    if (block.number) head.append(el('span', 'term-number', block.number));
    block.preferred.forEach((designation, i) => {
      if (i) head.append('; ');
      head.append(this.inlineInto(el('strong', 'term-name'), designation));
    });
    entry.append(head);
    for (const admitted of block.admitted) entry.append(this.inlineInto(el('div', 'term-admitted'), admitted));
    for (const deprecated of block.deprecated) entry.append(this.inlineInto(el('div', 'term-deprecated'), ['DEPRECATED: ', ...deprecated]));
    if (block.domain.length) entry.append(this.inlineInto(el('div', 'term-domain'), ['\u2039', ...block.domain, '\u203a']));
    for (const child of [...block.definition, ...block.examples, ...block.notes]) entry.append(this.block(child, level));
    if (block.source.length) {
      const source = flowText(block.source).trim();
      entry.append(this.inlineInto(el('p', 'term-source'), /^\[?source\b/i.test(source) ? block.source : ['SOURCE: ', ...block.source]));
    }
    return entry;
  }

  private reference(block: Extract<Block, { kind: 'reference' }>): HTMLElement {
    const li = el('li');
    this.anchor(li, block.anchor);
    const label = block.citation || block.urn || '';
    if (label) li.append(block.urn ? this.link(label, () => this.links.revealStandard(block.urn as string), block.urn) : el('span', 'citation', label));
    if (block.title.length) this.inlineInto(li, [label ? ', ' : '', { kind: 'style', style: 'emphasis', children: block.title }]);
    if (block.details.length) this.inlineInto(li, [label || block.title.length ? ' ' : '', ...block.details]);
    return li;
  }

  private footnotes(notes: readonly Footnote[], container: HTMLElement): void {
    const section = el('section', 'footnotes');
    section.setAttribute('aria-label', t('Footnotes'));
    const list = el('ol');
    for (const note of notes) {
      const li = el('li');
      li.dataset.marker = note.marker;
      this.anchors.set(`footnote:${note.marker}`, li);
      li.append(el('sup', 'footnote-marker', note.marker));
      for (const child of note.blocks) li.append(this.block(child, 2));
      list.append(li);
    }
    section.append(list);
    this.queue.push(() => container.append(section));
  }

  /** Inline content: text nodes and a few elements, never markup. */
  inlineInto<T extends HTMLElement>(target: T, flow: readonly Inline[]): T {
    for (const part of flow) {
      if (typeof part === 'string') {
        target.append(document.createTextNode(part));
        continue;
      }
      switch (part.kind) {
        case 'style':
          target.append(this.inlineInto(el(STYLE_TAGS[part.style][0], STYLE_TAGS[part.style][1]), part.children));
          break;
        case 'link': {
          const text = flowText(part.children) || 'reference';
          const to = part.target;
          if (to.kind === 'clause')
            target.append(
              this.inlineInto(
                this.link('', () => this.follow(to.target), ''),
                part.children.length ? part.children : [text],
              ),
            );
          else if (to.kind === 'standard')
            target.append(
              this.inlineInto(
                this.link('', () => this.links.revealStandard(to.urn), to.urn),
                part.children,
              ),
            );
          else if (to.kind === 'external') {
            // Shown with its address; the page never navigates away.
            const span = this.inlineInto(el('span', 'external-link'), part.children);
            span.title = to.href;
            target.append(span);
          } else target.append(this.inlineInto(el('span', 'citation'), part.children));
          break;
        }
        case 'math':
          target.append(this.math(part.math, false));
          break;
        case 'footnote': {
          const sup = el('sup', 'footnote-ref');
          sup.append(
            this.link(part.marker, () => this.anchors.get(`footnote:${part.marker}`)?.scrollIntoView({ block: 'center' }), t('Footnote {0}', part.marker)),
          );
          target.append(sup);
          break;
        }
        case 'break':
          target.append(el('br'));
          break;
        case 'image':
          target.append(this.image(part.image));
          break;
      }
    }
    return target;
  }

  /** A cross-reference: to a block on this page when it is here, else to the clause it names. */
  private follow(target: string): void {
    const here = this.anchors.get(target.replace(/^#/, ''));
    if (here) {
      here.scrollIntoView({ block: 'start' });
      return;
    }
    this.links.openClause(target);
  }

  private link(label: string, action: () => void, title: string): HTMLElement {
    const a = el('a', 'link', label || undefined);
    a.setAttribute('href', '#');
    a.setAttribute('role', 'link');
    if (title) a.title = title;
    a.addEventListener('click', (event) => {
      event.preventDefault();
      action();
    });
    return a;
  }

  private math(math: Math, display: boolean): Element {
    if (math.notation === 'mathml') {
      const root = mathElement(math.root.name === 'math' ? math.root : { name: 'math', attributes: {}, children: [math.root] });
      if (display) root.setAttribute('display', 'block');
      return root;
    }
    // Readable text; the source as written in the tooltip.
    const code = el('code', display ? 'formula-source block' : 'formula-source', formulaText(math));
    if (NOTATION_NAMES[math.notation]) code.title = `${NOTATION_NAMES[math.notation]}: ${math.source}`;
    return code;
  }

  private image(image: Image): HTMLElement {
    const src = this.allowedImage(image.src);
    if (!src) {
      return el('span', 'image-blocked', `[Image not shown: it is not served by the Standards service${image.alt ? ` — ${image.alt}` : ''}]`);
    }
    const img = el('img') as HTMLImageElement;
    img.alt = image.alt;
    img.src = src;
    img.loading = 'lazy';
    return img;
  }

  /** The address to load, when the image is the service's (same origin) or embedded as data:image/…. */
  private allowedImage(src: string): string | undefined {
    if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(src)) return src;
    if (!this.imageOrigin) return undefined;
    try {
      const url = new URL(src, this.imageBase ?? this.imageOrigin);
      return url.origin === this.imageOrigin && /^https?:$/.test(url.protocol) ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  private anchor<T extends HTMLElement>(element: T, anchor: string | undefined): T {
    if (anchor && !this.anchors.has(anchor)) this.anchors.set(anchor, element);
    return element;
  }
}

const STYLE_TAGS: Record<string, [string, string | undefined]> = {
  emphasis: ['em', undefined],
  strong: ['strong', undefined],
  sub: ['sub', undefined],
  sup: ['sup', undefined],
  code: ['code', undefined],
  smallcaps: ['span', 'smallcaps'],
  underline: ['u', undefined],
  strike: ['s', undefined],
};

/** MathML elements from the model's tree; names outside MathML become mrow (the model already allows only MathML). */
function mathElement(node: MathNode): Element {
  const element = document.createElementNS(MATHML_NS, MATHML_ELEMENTS.has(node.name) ? node.name : 'mrow');
  for (const [name, value] of Object.entries(node.attributes)) element.setAttribute(name, value);
  for (const child of node.children) element.append(typeof child === 'string' ? document.createTextNode(child) : mathElement(child));
  return element;
}

export function el(tag: string, className?: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
