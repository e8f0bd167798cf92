/**
 * Places inside a clause that can be opened directly ("open 9001 clause 4 at 4.2", "open Terms and definitions at
 * the term 'quality'"): an anchor is the element's identifier in the body, a subclause or term number, or a term's
 * designation. Also the clause's outline (the page's table of contents). Pure: used by the page and the extension.
 */
import { flowText, type Block, type ClauseDocument, type TermEntry } from './index';

export type AnchorBlock = Extract<Block, { kind: 'section' }> | (TermEntry & { anchor?: string });

export interface OutlineEntry {
  block: AnchorBlock;
  /** 1 for the clause's own subclauses. */
  level: number;
  text: string;
}

/** The anchor that opens a term entry: its number, else its identifier, else its first designation. */
export function termAnchor(term: TermEntry & { anchor?: string }): string | undefined {
  return term.number || term.anchor || (term.preferred[0] ? flowText(term.preferred[0]).trim() : undefined) || undefined;
}

/**
 * The subclause, term or other anchored block that `anchor` names: an identifier first (with or without "#"),
 * then a subclause or term number, then a term designation (case aside).
 */
export function findAnchor(document: ClauseDocument, anchor: string): Block | undefined {
  const wanted = anchor.trim().replace(/^#/, '');
  if (!wanted) return undefined;
  const lower = wanted.toLowerCase();
  let byNumber: Block | undefined;
  let byName: Block | undefined;
  let byId: Block | undefined;
  walk(document.blocks, (block) => {
    if ('anchor' in block && block.anchor && block.anchor.replace(/^#/, '') === wanted) byId ??= block;
    if ((block.kind === 'section' || block.kind === 'term') && block.number?.trim() === wanted) byNumber ??= block;
    if (block.kind === 'term' && [...block.preferred, ...block.admitted].some((d) => flowText(d).trim().toLowerCase() === lower)) byName ??= block;
    return byId !== undefined;
  });
  return byId ?? byNumber ?? byName;
}

/** Subclauses (up to `maxLevel` deep) and term entries in document order, for a table of contents. */
export function outline(document: ClauseDocument, maxLevel = 3): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const visit = (blocks: readonly Block[], level: number): void => {
    for (const block of blocks) {
      if (block.kind === 'section') {
        const text = [block.number, flowText(block.title)].filter(Boolean).join(' ').trim();
        if (text && level <= maxLevel) entries.push({ block, level, text });
        visit(block.children, level + 1);
      } else if (block.kind === 'term') {
        const text = [block.number, block.preferred.map(flowText).join('; ')].filter(Boolean).join(' ').trim();
        if (text) entries.push({ block, level, text });
      }
    }
  };
  visit(document.blocks, 1);
  return entries;
}

/** Every block, depth first (not those inside table cells); stops when `visit` returns true. */
export function walk(blocks: readonly Block[], visit: (block: Block) => boolean): boolean {
  for (const block of blocks) {
    if (visit(block)) return true;
    if (walk(childrenOf(block), visit)) return true;
  }
  return false;
}

function childrenOf(block: Block): readonly Block[] {
  switch (block.kind) {
    case 'section':
    case 'note':
    case 'example':
    case 'admonition':
    case 'figure':
    case 'quote':
      return block.children;
    case 'list':
      return block.items.flatMap((item) => item.blocks);
    case 'definitions':
      return block.items.flatMap((item) => item.definition);
    case 'term':
      return [...block.definition, ...block.examples, ...block.notes];
    case 'table':
      return block.notes;
    case 'formula':
      return block.where;
    default:
      return [];
  }
}
