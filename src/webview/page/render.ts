/**
 * Document model → DOM, as text only: createElement/createElementNS + textContent, never innerHTML, so nothing
 * the server sends can become markup. MathML is built element by element from MathML names only; images load
 * only from the service's origin (and the CSP says the same). Work is queued in small units and run in time
 * slices, so a multi-megabyte clause never blocks the page; huge tables show 1000 rows and a "Show more" button.
 */
import { type Block, type ClauseDocument, type Footnote } from '../../core/document/index';
import { termLayout } from '../../core/document/termLayout';
import { el } from './dom';
import { TableRenderer } from './tableRenderer';
import { t } from './words';

export class ClauseRenderer extends TableRenderer {
  blocks = 0;
  /** Model block → its element, so a page can scroll to a subclause or term (anchors, table of contents). */
  private readonly elements = new WeakMap<Block, HTMLElement>();

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
  protected block(block: Block, level: number): HTMLElement {
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

  /** A term entry in ISO's published layout (termLayout): number, designations, definition, examples, notes, source. */
  private term(block: Extract<Block, { kind: 'term' }>, level: number): HTMLElement {
    const layout = termLayout(block);
    const entry = el('div', 'term');
    if (layout.number) entry.append(el('div', 'term-number', layout.number));
    for (const preferred of layout.preferred) entry.append(this.inlineInto(el('div', 'term-name'), preferred));
    for (const admitted of layout.admitted) entry.append(this.inlineInto(el('div', 'term-admitted'), admitted));
    for (const deprecated of layout.deprecated) entry.append(this.inlineInto(el('div', 'term-deprecated'), ['DEPRECATED: ', ...deprecated]));
    for (const child of [...layout.definition, ...layout.after]) entry.append(this.block(child, level));
    if (layout.source) entry.append(this.inlineInto(el('p', 'term-source'), layout.source));
    return entry;
  }

  private reference(block: Extract<Block, { kind: 'reference' }>): HTMLElement {
    const li = el('li');
    this.anchor(li, block.anchor);
    if (block.label) li.append(el('span', 'reference-label', block.label), ' ');
    const label = block.citation || block.urn || '';
    if (label)
      li.append(
        block.urn
          ? this.link(label, () => this.links.revealStandard(block.urn as string), block.urn)
          : // No URN in the source: the identifier as printed is looked up in the catalogue.
            this.link(label, () => this.links.findReference(label), t('Find {0} in the catalogue', label)),
      );
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
}
