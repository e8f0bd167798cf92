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
  scanFolded(text, visit);
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
  let count = 0;
  let numberStart = -1;
  let numberEnd = -1;
  scanFolded(reference.slice(0, 300), (text, from, to, hash) => {
    const digits = text.charCodeAt(from) <= 57;
    const before = from > 0 ? text.charCodeAt(from - 1) : 0;
    if (numberStart < 0 && digits) numberStart = count;
    else if (numberStart >= 0 && numberEnd < 0 && (!digits || (before !== HYPHEN && before !== FULL_STOP))) numberEnd = count;
    count++;
    visit(text, from, to, hash);
  });
  if (numberStart < 0) return { numberStart: 0, numberEnd: count };
  return { numberStart, numberEnd: numberEnd < 0 ? count : numberEnd };
}

const HYPHEN = 0x2d;
const FULL_STOP = 0x2e;

/** Text that lower case and accents leave as it is but for A–Z: ASCII, Latin-1 signs, dashes and quotes. */
const PLAIN = /^[\u0000-\u00bf\u2000-\u206f]*$/;

/**
 * Runs of letters or of digits of the normalised text. Plain text (most) is scanned as it is, A–Z taken as a–z,
 * without making a lower-case copy; other text is normalised first.
 */
function scanFolded(text: string, visit: TokenRun): void {
  if (PLAIN.test(text)) scan(text, visit, 65);
  else scan(normalise(text), visit, 97);
}

/**
 * Runs of letters (a–z, and A–Z when `lowestLetter` is 65) or of digits, each hashed as it is scanned (one pass
 * over the text where hashing afterwards would be a second). A run is read in a loop of its own that tests one
 * class of characters, and text between runs in another: twice as fast as testing both classes and the run's
 * state at every character, on the titles of a catalogue (a third of preparing an index segment is scanning).
 */
function scan(text: string, visit: TokenRun, lowestLetter: number): void {
  const end = text.length;
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
      k++;
      continue;
    }
    visit(text, from, k, hashEnd(hash, k - from));
  }
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
