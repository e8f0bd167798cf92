/**
 * What a long table's columns must hold, read from the model before its rows are on the page: per column, the
 * widest text of a cell and its widest word. The clause page puts them in hidden rows (tableRenderer.ts), so the
 * columns have their widths from the first batch of rows on. Without them, a row with a wider cell than any before
 * it widens its column and the browser lays out every row again: 80–100 ms of one frame at 1 000 rows in Chromium
 * (the 1 000th row of a numbered table is enough: "1000" is wider than "999"). Widths come from the caller (the page
 * measures text in its font); a miss costs a relayout, never a cell shown otherwise than the browser lays it out.
 * Pure: no vscode, no DOM.
 */
import { inlineText } from './flowText';
import type { Block, Cell, Inline, Row } from './model';

export interface ColumnSizer {
  /** By column: the widest text of a cell (its line unwrapped). */
  texts: string[];
  /** By column: the widest word of a cell (what the column cannot be narrower than). */
  words: string[];
}

/** A text's width; any unit, only compared. */
export type TextWidth = (text: string) => number;

/** Characters for width, where nothing can measure text. */
export const charCount: TextWidth = (text) => text.length;

/**
 * Only texts at least this share of the longest (in characters) are measured: in a proportional font, a text a
 * quarter shorter is not wider in practice, and a table of a thousand rows has a few such texts per column.
 */
const MEASURED_SHARE = 0.75;

/**
 * The widest texts of `rows` by column, merged into `into` (the rows shown before). Only rows of one cell per column
 * count: a spanning cell, or a row that a cell above spans into, does not say which column its text is in.
 */
export function columnSizer(rows: readonly Row[], width: TextWidth = charCount, into: ColumnSizer = { texts: [], words: [] }): ColumnSizer {
  let columns = 0;
  for (const row of rows) if (row.every(isSingle)) columns = Math.max(columns, row.length);
  // First the longest text and word by column, in characters (nothing split, nothing measured), ...
  const texts: string[][] = Array.from({ length: columns }, () => []);
  /** By column, each text's longest word (its length), beside `texts`. */
  const wordLengths: number[][] = Array.from({ length: columns }, () => []);
  const longestText = new Array<number>(columns).fill(0);
  const longestWord = new Array<number>(columns).fill(0);
  for (const row of rows) {
    if (row.length !== columns || !row.every(isSingle)) continue;
    for (let k = 0; k < columns; k++) {
      const text = cellText(row[k]);
      const word = longestWordIn(text);
      texts[k].push(text);
      wordLengths[k].push(word);
      longestText[k] = Math.max(longestText[k], text.length);
      longestWord[k] = Math.max(longestWord[k], word);
    }
  }
  // ... then only the texts and words near those measured.
  for (let k = 0; k < columns; k++) {
    const textCandidates = new Set([into.texts[k] ?? '']);
    const wordCandidates = new Set([into.words[k] ?? '']);
    texts[k].forEach((text, i) => {
      if (text.length >= longestText[k] * MEASURED_SHARE) textCandidates.add(text);
      if (wordLengths[k][i] >= longestWord[k] * MEASURED_SHARE)
        for (const word of text.split(/\s+/)) if (word.length >= longestWord[k] * MEASURED_SHARE) wordCandidates.add(word);
    });
    into.texts[k] = widest(textCandidates, width);
    into.words[k] = widest(wordCandidates, width);
  }
  return into;
}

function widest(texts: Iterable<string>, width: TextWidth): string {
  let best = '';
  let bestWidth = -1;
  for (const text of texts) {
    const w = width(text);
    if (w > bestWidth) {
      best = text;
      bestWidth = w;
    }
  }
  return best;
}

/** The length of the longest run without white space. */
function longestWordIn(text: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 160) run = 0;
    else if (++run > longest) longest = run;
  }
  return longest;
}

function isSingle(cell: Cell): boolean {
  return (cell.colspan ?? 1) === 1 && (cell.rowspan ?? 1) === 1;
}

function cellText(cell: Cell): string {
  if (!cell.blocks) return inlineText(cell.content as Inline[]).trim();
  return (cell.content as Block[])
    .map((block) => (block.kind === 'paragraph' ? inlineText(block.content) : ''))
    .join(' ')
    .trim();
}
