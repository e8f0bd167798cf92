/** The document model as plain text: one line per block, for the text view, hovers, search and tests. */
import { mathText } from './mathml';
import { termLayout } from './termLayout';
import { readableAsciiMath, readableLatex } from './mathSource';
import { TOO_DEEP_TEXT, type Block, type Cell, type ClauseDocument, type Inline, type Math } from './model';

/**
 * A clause's heading as the published page sets it: "4 General"; an annex on three lines — "Annex A",
 * "(informative)", its title. Each part once, empty parts left out.
 */
export function documentHeading(number: string | undefined, title: string | undefined, label: string | undefined): string[] {
  if (number && /^[A-Z]$/.test(number)) return [`Annex ${number}`, label ? `(${label})` : '', title ?? ''].filter(Boolean);
  return [[number, title].filter(Boolean).join(' '), label ? `(${label})` : ''].filter(Boolean);
}

export function documentText(document: ClauseDocument): string {
  const lines: string[] = [...documentHeading(document.number, document.title, document.label)];
  blocksText(document.blocks, lines, 0);
  for (const note of document.footnotes) {
    lines.push(`[${note.marker}]`);
    blocksText(note.blocks, lines, 0);
  }
  return lines.join('\n');
}

export function flowText(flow: readonly Inline[]): string {
  let text = '';
  for (const part of flow) {
    if (typeof part === 'string') text += part;
    else if (part.kind === 'style' || part.kind === 'link') text += flowText(part.children);
    else if (part.kind === 'math') text += formulaText(part.math);
    else if (part.kind === 'footnote') text += `[${part.marker}]`;
    else if (part.kind === 'break') text += '\n';
    else if (part.kind === 'image') text += part.image.alt;
  }
  return text;
}

/** A formula as readable text: MathML's characters, LaTeX and AsciiMath with symbols as characters. */
export function formulaText(math: Math): string {
  // Typeset from a source: the source read as text keeps its spacing ("α + β"), which MathML's characters lose.
  if (math.notation === 'mathml' && math.source)
    return math.source.notation === 'latex' ? readableLatex(math.source.text) : readableAsciiMath(math.source.text);
  if (math.notation === 'mathml') return mathText(math.root);
  if (math.notation === 'latex') return readableLatex(math.source);
  if (math.notation === 'asciimath') return readableAsciiMath(math.source);
  return math.source;
}

function blocksText(blocks: readonly Block[], lines: string[], depth: number): void {
  for (const block of blocks) blockText(block, lines, depth);
}

function blockText(block: Block, lines: string[], depth: number): void {
  const push = (text: string): void => {
    if (text.trim()) lines.push(text);
  };
  switch (block.kind) {
    case 'section':
      push([block.number, flowText(block.title), block.label ? `(${block.label})` : ''].filter(Boolean).join(' '));
      return blocksText(block.children, lines, depth + 1);
    case 'heading':
    case 'paragraph':
      return push(flowText(block.content));
    case 'list':
      for (const [i, item] of block.items.entries()) {
        push(item.label ?? (block.ordered ? `${i + 1}.` : '•'));
        blocksText(item.blocks, lines, depth + 1);
      }
      return;
    case 'definitions':
      for (const item of block.items) {
        push(flowText(item.term));
        blocksText(item.definition, lines, depth + 1);
      }
      return;
    case 'table':
      push([block.label, flowText(block.caption)].filter(Boolean).join(' — '));
      for (const row of [...block.head, ...block.body, ...block.foot]) push(row.map(cellText).join(' | '));
      return blocksText(block.notes, lines, depth + 1);
    case 'note':
    case 'example':
    case 'admonition':
      push(block.label);
      return blocksText(block.children, lines, depth + 1);
    case 'term': {
      const layout = termLayout(block);
      if (layout.number) push(layout.number);
      for (const preferred of layout.preferred) push(flowText(preferred));
      for (const admitted of layout.admitted) push(flowText(admitted));
      for (const deprecated of layout.deprecated) push(`DEPRECATED: ${flowText(deprecated)}`);
      blocksText(layout.definition, lines, depth + 1);
      blocksText(layout.after, lines, depth + 1);
      if (layout.source) push(flowText(layout.source));
      return;
    }
    case 'formula':
      push([formulaText(block.math), block.label].filter(Boolean).join('    '));
      if (block.where.length) push('where');
      return blocksText(block.where, lines, depth + 1);
    case 'figure':
      blocksText(block.children, lines, depth + 1);
      return push([block.label, flowText(block.caption)].filter(Boolean).join(' — '));
    case 'code':
      return push(block.text);
    case 'quote':
      blocksText(block.children, lines, depth + 1);
      return push(flowText(block.source));
    case 'reference':
      return push([block.label, [block.citation, flowText(block.title), flowText(block.details)].filter(Boolean).join(', ')].filter(Boolean).join(' '));
    case 'tooDeep':
      return push(TOO_DEEP_TEXT);
  }
}

function cellText(cell: Cell): string {
  if (!cell.blocks) return flowText(cell.content as Inline[]);
  const lines: string[] = [];
  blocksText(cell.content as Block[], lines, 0);
  return lines.join(' ');
}
