/**
 * A large body's text as blocks of BLOCK_CHARS characters (the last one shorter), never joined into one string on
 * its way from the network to the parser, the caches and the disk: making a flat string of 50 MB is one step of
 * copying and page faults that held the extension host for 40 ms and more here, however the pieces were joined.
 * It reads like the string it stands for: `length`, `charCodeAt`, `indexOf` of one character, `slice`. Pure: no
 * vscode.
 */

const SHIFT = 20;
/** 1 MiB of characters: a block is made, sliced or encoded in about a millisecond. */
export const BLOCK_CHARS = 1 << SHIFT;
const MASK = BLOCK_CHARS - 1;

export class BlockText {
  readonly length: number;

  constructor(readonly blocks: readonly string[]) {
    let length = 0;
    blocks.forEach((block, i) => {
      if (i < blocks.length - 1 && block.length !== BLOCK_CHARS) throw new RangeError(`block ${i} holds ${block.length} characters, not ${BLOCK_CHARS}`);
      length += block.length;
    });
    this.length = length;
  }

  /** `text`'s blocks: slices of a flat string share its characters, nothing is copied. */
  static of(text: string): BlockText {
    const blocks: string[] = [];
    for (let at = 0; at < text.length; at += BLOCK_CHARS) blocks.push(text.slice(at, at + BLOCK_CHARS));
    return new BlockText(blocks);
  }

  charCodeAt(at: number): number {
    const block = this.blocks[at >>> SHIFT];
    return at >= 0 && block !== undefined ? block.charCodeAt(at & MASK) : NaN;
  }

  /** Where the character `char` next occurs from `from` on; -1 when it does not. */
  indexOf(char: string, from = 0): number {
    if (char.length !== 1) throw new RangeError('BlockText finds one character at a time');
    for (let b = Math.max(0, from) >>> SHIFT; b < this.blocks.length; b++) {
      const found = this.blocks[b].indexOf(char, b === from >>> SHIFT ? from & MASK : 0);
      if (found >= 0) return b * BLOCK_CHARS + found;
    }
    return -1;
  }

  /** The characters [start, end) as a string (within one block a slice of it; across blocks the pieces joined). */
  slice(start: number, end = this.length): string {
    start = Math.max(0, Math.min(start, this.length));
    end = Math.max(start, Math.min(end, this.length));
    if (end === start) return '';
    const first = start >>> SHIFT;
    const last = (end - 1) >>> SHIFT;
    if (first === last) return this.blocks[first].slice(start & MASK, ((end - 1) & MASK) + 1);
    const pieces = [this.blocks[first].slice(start & MASK)];
    for (let b = first + 1; b < last; b++) pieces.push(this.blocks[b]);
    pieces.push(this.blocks[last].slice(0, ((end - 1) & MASK) + 1));
    return pieces.join('');
  }

  /** The whole text as one string: for what needs one (a malformed body's JSON.parse error), never on the usual path. */
  toString(): string {
    return this.blocks.join('');
  }
}

/** Pieces of text gathered into blocks of BLOCK_CHARS characters as they come. */
export class BlockFiller {
  private readonly blocks: string[] = [];
  private pieces: string[] = [];
  private filled = 0;
  private started = false;

  /** `dropFirst`: a character dropped where the text starts with it (a byte order mark). */
  constructor(private readonly dropFirst?: number) {}

  add(piece: string): void {
    if (!this.started && piece.length) {
      this.started = true;
      if (piece.charCodeAt(0) === this.dropFirst) piece = piece.slice(1);
    }
    while (piece.length) {
      const taken = piece.slice(0, BLOCK_CHARS - this.filled);
      this.pieces.push(taken);
      this.filled += taken.length;
      piece = piece.slice(taken.length);
      if (this.filled === BLOCK_CHARS) this.seal();
    }
  }

  done(): BlockText {
    if (this.filled) this.seal();
    return new BlockText(this.blocks);
  }

  private seal(): void {
    this.blocks.push(this.pieces.join(''));
    this.pieces = [];
    this.filled = 0;
  }
}

/**
 * The text in pieces of about a block each that UTF-8 encodes piece by piece as it does whole: a surrogate pair
 * that a block boundary splits stays in one piece.
 */
export function encodablePieces(text: BodyText): string[] {
  if (typeof text === 'string') return [text];
  const pieces: string[] = [];
  let carried = '';
  for (const block of text.blocks) {
    const piece = carried + block;
    const last = piece.charCodeAt(piece.length - 1);
    const split = last >= 0xd800 && last <= 0xdbff;
    carried = split ? piece.slice(-1) : '';
    pieces.push(split ? piece.slice(0, -1) : piece);
  }
  if (carried) pieces.push(carried);
  return pieces;
}

/** A body's text: a string, or blocks when it is large (see BlockText). */
export type BodyText = string | BlockText;

/** Heap bytes of a text: V8 keeps Latin-1 text at one byte per character, anything else at two. */
export function textBytes(text: BodyText): number {
  const bytes = (part: string): number => (/[^\u0000-\u00ff]/.test(part) ? part.length * 2 : part.length);
  return typeof text === 'string' ? bytes(text) : text.blocks.reduce((sum, block) => sum + bytes(block), 0);
}

/** The same text, block by block where both are blocks (no string of the whole is made). */
export function sameText(a: BodyText, b: BodyText): boolean {
  if (a.length !== b.length) return false;
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  const [x, y] = [typeof a === 'string' ? BlockText.of(a) : a, typeof b === 'string' ? BlockText.of(b) : b];
  return x.blocks.every((block, i) => block === y.blocks[i]);
}
