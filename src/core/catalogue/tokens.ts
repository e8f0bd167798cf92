/**
 * How catalogue text becomes tokens: lower case, accents off, runs of letters or of digits ("ISO/IEC 27001-1:2022"
 * → iso iec 27001 1 2022, "iso9001" → iso 9001). Shared by the index and its queries. Pure: no vscode.
 */

/** Lower case, accents off, tokens of letters or of digits: "ISO/IEC 27001-1:2022" → iso iec 27001 1 2022. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  scanTokens(text, (token) => tokens.push(token));
  return tokens;
}

/**
 * A token found in a text: `text.slice(from, to)` in lower case (a range of letters or digits; only ASCII letters
 * may need lowering), given as a range so a caller need not make the string, and its hash (`hashStep` over its
 * lowered characters from 0, then `hashEnd`).
 */
export type TokenRun = (text: string, from: number, to: number, hash: number) => void;

/** One step of a token's hash: the hash so far and the token's next character, lowered. */
export function hashStep(hash: number, lowered: number): number {
  return (Math.imul(hash, 31) + lowered) | 0;
}

/** The hash of a token from its steps (starting at 0) and its length, mixed so that its low bits spread. */
export function hashEnd(hash: number, length: number): number {
  let h = Math.imul(hash ^ length ^ (hash >>> 16), 0x45d9f3b);
  h ^= h >>> 16;
  return h;
}

/** Calls `visit` with each token of letters or of digits, lower case, accents off; returns nothing else. */
export function scanTokens(text: string, visit: (token: string) => void): void {
  scanTokenRuns(text, (scanned, from, to) => visit(scanned.slice(from, to).toLowerCase()));
}

/** Like `scanTokens`, each token as a range (see TokenRun). */
export function scanTokenRuns(text: string, visit: TokenRun): void {
  withRuns((runs) => visitRuns(foldedRuns(text, Infinity, runs), visit));
}

/**
 * Like `scanTokens` for a reference, and says where its number starts (the first digit token; 0 when none) and
 * where its number block ("13818-7", "60601-1-11") ends: before ":year", "/Amd", " CSV" or any word.
 */
export function scanReference(reference: string, visit: (token: string) => void): { numberStart: number; numberEnd: number } {
  return scanReferenceRuns(reference, (scanned, from, to) => visit(scanned.slice(from, to).toLowerCase()));
}

/** Like `scanReference`, each token as a range (see TokenRun). */
export function scanReferenceRuns(reference: string, visit: TokenRun): { numberStart: number; numberEnd: number } {
  return withRuns((runs) => {
    const marks = referenceMarks(foldedRuns(reference, MAX_REFERENCE_CHARS, runs));
    visitRuns(runs, visit);
    return marks;
  });
}

/** The characters of a reference that are read. */
export const MAX_REFERENCE_CHARS = 300;

/** Where the number of a reference's runs starts and where its number block ends (see `scanReference`). */
export function referenceMarks(runs: Runs): { numberStart: number; numberEnd: number } {
  const text = runs.text;
  let numberStart = -1;
  for (let r = 0; r < runs.length; r++) {
    const from = runs.from[r];
    const digits = text.charCodeAt(from) <= 57;
    const before = from > 0 ? text.charCodeAt(from - 1) : 0;
    if (numberStart < 0) {
      if (digits) numberStart = r;
    } else if (!digits || (before !== HYPHEN && before !== FULL_STOP)) return { numberStart, numberEnd: r };
  }
  return { numberStart: Math.max(0, numberStart), numberEnd: runs.length };
}

const HYPHEN = 0x2d;
const FULL_STOP = 0x2e;

/**
 * The runs of letters or of digits of a text: run r is `text.slice(from[r], to[r])` in lower case, hashed `hash[r]`
 * (see TokenRun), where `text` is the text scanned (the text itself, or its normalised copy). Kept in typed arrays
 * and reused, so scanning makes no object per token and calls nothing per token.
 */
export class Runs {
  text = '';
  length = 0;
  from: Int32Array<ArrayBuffer> = new Int32Array(64);
  to: Int32Array<ArrayBuffer> = new Int32Array(64);
  hash: Int32Array<ArrayBuffer> = new Int32Array(64);

  push(from: number, to: number, hash: number): void {
    if (this.length === this.from.length) {
      this.from = grown(this.from);
      this.to = grown(this.to);
      this.hash = grown(this.hash);
    }
    this.from[this.length] = from;
    this.to[this.length] = to;
    this.hash[this.length] = hash;
    this.length++;
  }
}

function grown(values: Int32Array): Int32Array<ArrayBuffer> {
  const more = new Int32Array(values.length * 2);
  more.set(values);
  return more;
}

/** A Runs to use, not in use elsewhere (a visitor may scan as well). */
let spareRuns: Runs | undefined = new Runs();

function withRuns<T>(use: (runs: Runs) => T): T {
  const runs = spareRuns ?? new Runs();
  spareRuns = undefined;
  try {
    return use(runs);
  } finally {
    spareRuns = runs;
  }
}

function visitRuns(runs: Runs, visit: TokenRun): void {
  for (let r = 0; r < runs.length; r++) visit(runs.text, runs.from[r], runs.to[r], runs.hash[r]);
}

/**
 * The runs of letters or of digits of the normalised first `max` characters of `text`, into `runs` (emptied first).
 * Plain text (most: see `scan`) is scanned as it is, A–Z taken as a–z, without making a lower-case copy; other
 * text is normalised first.
 */
export function foldedRuns(text: string, max: number, runs: Runs): Runs {
  const end = Math.min(text.length, max);
  runs.length = 0;
  runs.text = text;
  if (scan(text, end, 65, runs)) return runs;
  runs.length = 0;
  runs.text = normalise(end < text.length ? text.slice(0, end) : text);
  scan(runs.text, runs.text.length, 97, runs);
  return runs;
}

/**
 * Runs of letters (a–z, and A–Z when `lowestLetter` is 65) or of digits of `text` up to `end`, each hashed as it is
 * scanned (one pass over the text where hashing afterwards would be a second). A run is read in a loop of its own
 * that tests one class of characters, and text between runs in another: twice as fast as testing both classes and
 * the run's state at every character, on the titles of a catalogue (a third of preparing an index segment is
 * scanning). Scanning as it is (`lowestLetter` 65), false as soon as it meets a character that lower case or accents
 * would change other than A–Z: plain text is ASCII, Latin-1 signs, dashes and quotes (U+0000–U+00BF,
 * U+2000–U+206F), and letters and digits are ASCII, so only the characters between runs need the test.
 */
function scan(text: string, end: number, lowestLetter: number, runs: Runs): boolean {
  const plainOnly = lowestLetter === 65;
  let k = 0;
  while (k < end) {
    let c = text.charCodeAt(k);
    const from = k;
    let hash = 0;
    if (c >= 48 && c <= 57) {
      do {
        hash = hashStep(hash, c);
        c = ++k < end ? text.charCodeAt(k) : 0;
      } while (c >= 48 && c <= 57);
    } else if ((c >= 97 && c <= 122) || (c >= lowestLetter && c <= 90)) {
      do {
        hash = hashStep(hash, c <= 90 ? c + 32 : c);
        c = ++k < end ? text.charCodeAt(k) : 0;
      } while ((c >= 97 && c <= 122) || (c >= lowestLetter && c <= 90));
    } else {
      if (plainOnly && c > 0xbf && (c < 0x2000 || c > 0x206f)) return false;
      k++;
      continue;
    }
    runs.push(from, k, hashEnd(hash, k - from));
  }
  return true;
}

function normalise(text: string): string {
  const lower = text.toLowerCase();
  // Accents and ligatures off ("Exécution" → "execution"); text without such letters (most) skips this.
  return /[\u00c0-\u024f\u1e00-\u1eff\ufb00-\ufb06]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower;
}

/**
 * A word of a topic query cut to what its singular and plural share, so that each finds the other by prefix:
 * "laboratory" and "laboratories" → laborator, "codes" → code, "processes" → process, "currency" → currenc. Words
 * of fewer than five letters, and stems that would keep fewer than four, stay whole ("gas", "series" → serie).
 */
export function stem(word: string): string {
  if (word.length < 5) return word;
  const cut = word.endsWith('ies') ? 3 : word.endsWith('sses') ? 2 : /[^su]s$/.test(word) || word.endsWith('y') ? 1 : 0;
  if (cut === 3 && word.length - 3 < 4) return word.slice(0, -1);
  return word.length - cut >= 4 ? word.slice(0, word.length - cut) : word;
}

/** Whether a UTF-16 code is an ASCII digit. */
export function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isYear(token: string): boolean {
  return /^(?:19|20)\d\d$/.test(token);
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first index of `sorted` (ascending) holding `value` or more. */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
