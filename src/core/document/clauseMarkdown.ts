/**
 * A clause as Markdown, from the document model (src/document): numbered headings, paragraphs, lists, notes and
 * examples as quotes, tables as Markdown tables, term entries, references as links. For reading beside code,
 * copying into requirements and diffing editions, so it stays plain: no HTML, no identifiers in the text (a
 * reference's target is only in its link), no bidi controls. Everything the page shows is here (the property
 * tests check every prose string of a body). Pure: no vscode.
 */
import {
  TOO_DEEP_TEXT,
  flowText,
  documentHeading,
  documentText,
  formulaText,
  type Block,
  type Cell,
  type ClauseDocument,
  type Inline,
  type LinkTarget,
  type Row,
  type TermEntry,
} from './index';
import { stripBidiControls } from '../service/displayText';
import { termLayout } from './termLayout';
import { escapeLineStarts, escapeText, headingLine, indentAfterFirst, link, longestRun, oneLine, prefixFirst, quote, slug, styled } from './markdownSyntax';

export { escapeText, slug } from './markdownSyntax';

/** Markdown of a clause document; `standardLabel` ("ISO 9001:2015") when the body does not name its standard. */
export function clauseMarkdown(document: ClauseDocument, standardLabel?: string): string {
  const writer = new MarkdownWriter(document);
  return stripBidiControls(writer.write(standardLabel));
}

/** How deep lists, notes, quotes and cells nest in the Markdown; below, their blocks are plain lines (see nested). */
const MAX_NESTING = 8;

/** Blocks as their plain text, a paragraph per line, escaped: one linear pass however deep they nest. */
function plainLines(blocks: readonly Block[]): string {
  return documentText({ title: '', blocks: [...blocks], footnotes: [] })
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => escapeLineStarts(escapeText(line)))
    .join('\n\n');
}

class MarkdownWriter {
  /** Anchors of headings in this document → the heading's slug, so a cross-reference into the page is a link. */
  private readonly slugs = new Map<string, string>();
  /** How many lists, notes, quotes and cells the block being written is inside. */
  private nesting = 0;

  constructor(private readonly document: ClauseDocument) {}

  write(standardLabel: string | undefined): string {
    const out: string[] = [];
    const heading = documentHeading(this.document.number, this.document.title, this.document.label);
    if (heading.length) out.push(`# ${heading.map(escapeText).join(' ')}`);
    const standard = [this.document.standard?.reference || standardLabel, this.document.standard?.title].filter(Boolean).join(' — ');
    if (standard) out.push(`*${escapeText(standard)}*`);
    this.collectSlugs(this.document.blocks, 2);
    this.blocks(this.document.blocks, out, 2);
    if (this.document.footnotes.length) {
      out.push('---');
      for (const note of this.document.footnotes) {
        const lines: string[] = [];
        this.blocks(note.blocks, lines, 6, false);
        out.push(prefixFirst(lines.length ? lines : [''], `\\[${escapeText(note.marker)}\\] `));
      }
    }
    return `${out.join('\n\n')}\n`;
  }

  /**
   * Blocks as Markdown chunks (each a paragraph-level piece, joined by blank lines). The headings and blocks of
   * sections and term entries go into `out` as chunks of their own, not joined into one string per section: joined,
   * a body nested 200 sections deep was copied 200 times. `flat` is false where chunks are not joined by blank
   * lines (footnotes).
   */
  private blocks(blocks: readonly Block[], out: string[], level: number, flat = true): void {
    let previous: Block | undefined;
    for (const block of blocks) {
      if (block.kind === 'section' || block.kind === 'term') {
        const parts: string[] = flat ? out : [];
        const before = out.length;
        this.headed(block, parts, level);
        if (!flat && parts.length) out.push(parts.join('\n\n'));
        if (out.length > before) previous = block;
        continue;
      }
      const chunk = this.block(block, level);
      if (!chunk.trim()) continue;
      // A run of bibliography entries is one tight list.
      if (block.kind === 'reference' && previous?.kind === 'reference') out[out.length - 1] += `\n${chunk}`;
      else out.push(chunk);
      previous = block;
    }
  }

  /**
   * Blocks as one chunk (inside list items, quotes, cells). Each level of these reads again all it holds (a quote
   * prefixes every line), so below MAX_NESTING levels the blocks are plain escaped lines, not nested further:
   * 4 MB of notes nested 250 deep took 3 s.
   */
  private nested(blocks: readonly Block[], level: number): string {
    if (this.nesting >= MAX_NESTING) return plainLines(blocks);
    this.nesting++;
    try {
      const out: string[] = [];
      this.blocks(blocks, out, level);
      return out.join('\n\n');
    } finally {
      this.nesting--;
    }
  }

  private block(block: Block, level: number): string {
    switch (block.kind) {
      case 'section':
      case 'term': {
        const out: string[] = [];
        this.headed(block, out, level);
        return out.join('\n\n');
      }
      case 'heading':
        return headingLine(Math.max(level, Math.min(6, block.level || level)), this.inline(block.content));
      case 'paragraph':
        return escapeLineStarts(this.inline(block.content));
      case 'list':
        return block.items
          .map((item, i) => {
            const marker = block.ordered ? `${i + 1}. ` : '- ';
            const label = item.label ? `${escapeText(item.label)} ` : '';
            const body = this.nested(item.blocks, level) || '';
            return indentAfterFirst(prefixFirst(body.split('\n'), `${marker}${label}`), ' '.repeat(marker.length));
          })
          .join('\n');
      case 'definitions':
        return block.items.map((item) => [`**${this.inline(item.term)}**`, this.nested(item.definition, level)].filter(Boolean).join('\n\n')).join('\n\n');
      case 'table':
        return this.table(block, level);
      case 'note':
      case 'example':
      case 'admonition': {
        const body = this.nested(block.children, level);
        const label = block.label ? `**${escapeText(block.label)}**` : '';
        return quote(body ? (label ? `${label} ${body}` : body) : label);
      }
      case 'formula': {
        const line = [escapeLineStarts(escapeText(formulaText(block.math))), block.label ? `    ${escapeText(block.label)}` : ''].join('');
        const where = this.nested(block.where, level);
        return where ? `${line}\n\nwhere\n\n${where}` : line;
      }
      case 'figure': {
        const images = block.images.map((image) => `\\[Image${image.alt ? `: ${escapeText(image.alt)}` : ''}\\]`).join(' ');
        const caption = [block.label ? escapeText(block.label) : '', this.inline(block.caption)].filter(Boolean).join(' — ');
        return [images, this.nested(block.children, level), caption ? `*${caption}*` : ''].filter(Boolean).join('\n\n');
      }
      case 'code': {
        const fence = '`'.repeat(Math.max(3, longestRun(block.text, '`') + 1));
        return `${fence}${block.language && /^[\w+#.-]{1,30}$/.test(block.language) ? block.language : ''}\n${block.text}\n${fence}`;
      }
      case 'quote': {
        const source = block.source.length ? `— ${this.inline(block.source)}` : '';
        return quote([this.nested(block.children, level), source].filter(Boolean).join('\n\n'));
      }
      case 'reference': {
        const label = block.citation || block.urn || '';
        const cited = label ? (block.urn ? link(escapeText(label), block.urn) : escapeText(label)) : '';
        const title = block.title.length ? `*${this.inline(block.title)}*` : '';
        const entry = [[cited, title].filter(Boolean).join(', '), this.inline(block.details)].filter(Boolean).join(' ');
        return `- ${[block.label ? escapeText(block.label) : '', entry].filter(Boolean).join(' ')}`;
      }
      case 'tooDeep':
        return `*${TOO_DEEP_TEXT}*`;
    }
  }

  /** A section's or a term entry's heading and blocks, each a chunk of `out`. */
  private headed(block: Extract<Block, { kind: 'section' | 'term' }>, out: string[], level: number): void {
    if (block.kind === 'term') return this.term(block, out, level);
    const head = [block.number ? escapeText(block.number) : '', this.inline(block.title), block.label ? `(${block.label})` : ''].filter(Boolean).join(' ');
    if (head) out.push(headingLine(level, head));
    this.blocks(block.children, out, level + 1);
  }

  private term(block: TermEntry, out: string[], level: number): void {
    const layout = termLayout(block);
    const names = layout.preferred.map((p) => `**${this.inline(p)}**`);
    // The number is the entry's heading (an anchor to link to); the preferred terms follow in bold.
    out.push(headingLine(level, layout.number ? escapeText(layout.number) : names.length ? this.inline(layout.preferred[0]) : 'Term'));
    if (layout.number) out.push(...names);
    else out.push(...names.slice(1));
    for (const admitted of layout.admitted) out.push(escapeLineStarts(this.inline(admitted)));
    for (const deprecated of layout.deprecated) out.push(`DEPRECATED: ${this.inline(deprecated)}`);
    this.blocks(layout.definition, out, level + 1);
    this.blocks(layout.after, out, level + 1);
    if (layout.source) out.push(this.inline(layout.source));
  }

  private table(block: Extract<Block, { kind: 'table' }>, level: number): string {
    const out: string[] = [];
    const caption = [block.label ? escapeText(block.label) : '', this.inline(block.caption)].filter(Boolean).join(' — ');
    if (caption) out.push(`**${caption}**`);
    const rows = [...block.head, ...block.body, ...block.foot].map((row) => this.cells(row, level));
    const width = Math.max(1, ...rows.map((r) => r.length));
    const line = (cells: string[]): string => `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
    if (rows.length) {
      // GFM needs a header row: the table's own, else an empty one.
      const [header, ...rest] = block.head.length ? rows : [Array<string>(width).fill(''), ...rows];
      out.push([line(header), `|${' --- |'.repeat(width)}`, ...rest.map(line)].join('\n'));
    }
    this.blocks(block.notes, out, level);
    return out.join('\n\n');
  }

  /** A row's cells as one-line Markdown; a spanned cell is followed by empty cells so columns line up. */
  private cells(row: Row, level: number): string[] {
    const cells: string[] = [];
    for (const cell of row) {
      cells.push(this.cell(cell, level));
      for (let i = 1; i < Math.min(cell.colspan ?? 1, 100); i++) cells.push('');
    }
    return cells;
  }

  private cell(cell: Cell, level: number): string {
    const text = cell.blocks ? this.nested(cell.content as Block[], level) : this.inline(cell.content as Inline[]);
    return oneLine(text.replace(/\|/g, '\\|')).trim();
  }

  /** Inline flow as Markdown on one or more lines (breaks are hard line breaks). */
  private inline(flow: readonly Inline[]): string {
    let text = '';
    for (const part of flow) {
      if (typeof part === 'string') {
        text += escapeText(oneLine(part));
        continue;
      }
      switch (part.kind) {
        case 'style':
          text += styled(part.style, this.inline(part.children));
          break;
        case 'link': {
          const label = this.inline(part.children) || escapeText(flowText(part.children)) || 'reference';
          const target = this.target(part.target);
          text += target ? link(label, target) : label;
          break;
        }
        case 'math':
          text += escapeText(formulaText(part.math));
          break;
        case 'footnote':
          text += `\\[${escapeText(part.marker)}\\]`;
          break;
        case 'break':
          text += '  \n';
          break;
        case 'image':
          text += `\\[Image${part.image.alt ? `: ${escapeText(part.image.alt)}` : ''}\\]`;
          break;
      }
    }
    return text;
  }

  /** Where a link goes: a heading of this document, a web address, a standard's URN; none for another clause or a bare citation. */
  private target(target: LinkTarget): string | undefined {
    switch (target.kind) {
      case 'clause': {
        const slug = this.slugs.get(target.target.replace(/^#/, ''));
        if (slug) return `#${slug}`;
        // Another clause (http://…/standards/<urn>/clauses/<uuid>) is named by its label, "Clause 4.5": its service
        // URL opens nothing without the service's token and would only lengthen what the reader reads and diffs.
        return undefined;
      }
      case 'standard':
        return target.urn;
      case 'external':
        return /^(?:https?|mailto):/i.test(target.href) ? target.href : undefined;
      case 'citation':
        return undefined;
    }
  }

  /** Slugs of anchored sections and terms, the way Markdown previews name headings. */
  private collectSlugs(blocks: readonly Block[], level: number): void {
    for (const block of blocks) {
      if (block.kind === 'section') {
        if (block.anchor) this.slugs.set(block.anchor, slug([block.number, flowText(block.title)].filter(Boolean).join(' ')));
        this.collectSlugs(block.children, level + 1);
      } else if (block.kind === 'term' && block.anchor) {
        this.slugs.set(block.anchor, slug(block.number || (block.preferred[0] ? flowText(block.preferred[0]) : 'Term')));
      }
    }
  }
}
