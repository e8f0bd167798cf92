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

/** Calls `visit` with each token of letters or of digits, lower case, accents off; returns nothing else. */
export function scanTokens(text: string, visit: (token: string) => void): void {
  scan(normalise(text), visit);
}

/**
 * Like `scanTokens` for a reference, and says where its number starts (the first digit token; 0 when none) and
 * where its number block ("13818-7", "60601-1-11") ends: before ":year", "/Amd", " CSV" or any word.
 */
export function scanReference(reference: string, visit: (token: string) => void): { numberStart: number; numberEnd: number } {
  let count = 0;
  let numberStart = -1;
  let numberEnd = -1;
  scan(normalise(reference.slice(0, 300)), (token, before) => {
    const digits = token.charCodeAt(0) <= 57;
    if (numberStart < 0 && digits) numberStart = count;
    else if (numberStart >= 0 && numberEnd < 0 && (!digits || (before !== '-' && before !== '.'))) numberEnd = count;
    count++;
    visit(token);
  });
  if (numberStart < 0) return { numberStart: 0, numberEnd: count };
  return { numberStart, numberEnd: numberEnd < 0 ? count : numberEnd };
}

/** Runs of a–z or of 0–9 in normalised text, with the character before each run. */
function scan(text: string, visit: (token: string, before: string) => void): void {
  let from = -1;
  let digits = false;
  for (let k = 0; k <= text.length; k++) {
    const c = k < text.length ? text.charCodeAt(k) : 0;
    const isDigit = c >= 48 && c <= 57;
    const isLetter = c >= 97 && c <= 122;
    if (from >= 0 && (!(isDigit || isLetter) || isDigit !== digits)) {
      visit(text.slice(from, k), from > 0 ? text[from - 1] : '');
      from = -1;
    }
    if (from < 0 && (isDigit || isLetter)) {
      from = k;
      digits = isDigit;
    }
  }
}

function normalise(text: string): string {
  const lower = text.toLowerCase();
  // Accents and ligatures off ("Exécution" → "execution"); text without such letters (most) skips this.
  return /[\u00c0-\u024f\u1e00-\u1eff\ufb00-\ufb06]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower;
}

export function isYear(token: string): boolean {
  return /^(19|20)\d\d$/.test(token);
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
