/** Every list of blocks in a document (its body, sections, list items, cells, notes, term parts, footnotes): for passes over the built tree. */
import type { Block, ClauseDocument } from './model';

/** Calls `visit` on each block list of the document, outer lists before the lists they hold. */
export function eachBlockList(document: ClauseDocument, visit: (blocks: Block[]) => void): void {
  const pending: Block[][] = [document.blocks, ...document.footnotes.map((note) => note.blocks)];
  // A stack, not recursion: bodies nest as deep as MAX_DEPTH.
  for (let list = pending.pop(); list; list = pending.pop()) {
    visit(list);
    for (const block of list) pending.push(...innerLists(block));
  }
}

function innerLists(block: Block): Block[][] {
  switch (block.kind) {
    case 'section':
    case 'note':
    case 'example':
    case 'admonition':
    case 'figure':
    case 'quote':
      return [block.children];
    case 'list':
      return block.items.map((item) => item.blocks);
    case 'definitions':
      return block.items.map((item) => item.definition);
    case 'table':
      return [
        block.notes,
        ...[...block.head, ...block.body, ...block.foot].flatMap((row) => row.filter((cell) => cell.blocks).map((cell) => cell.content as Block[])),
      ];
    case 'term':
      return [block.definition, block.notes, block.examples];
    case 'formula':
      return [block.where];
    default:
      return [];
  }
}
