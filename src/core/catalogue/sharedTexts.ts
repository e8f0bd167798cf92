/**
 * Texts that many catalogue entries share, kept once and given to each entry as a number: a status ("current",
 * "withdrawn": 2.7 MB as bytes of 300 000 entries) and the head of a URN ("urn:iso:std:iec:", 16 of its 38 bytes).
 * Code 0 is "none"; code k is `texts[k - 1]`. Pure: no vscode.
 */

/** Codes of entries, as narrow as their largest allows. */
export type Codes = Uint8Array | Uint16Array | Uint32Array;

/** The element types a code array may have, by its bytes per code. */
export const CODE_KINDS = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array } as const;

export class SharedTexts {
  private readonly codes = new Map<string, number>();

  /** `limit`: how many texts it keeps at most; once full, a new text gets no code and the caller stores it whole. */
  constructor(
    readonly texts: string[] = [],
    private readonly limit = Number.POSITIVE_INFINITY,
  ) {
    texts.forEach((text, k) => this.codes.set(text, k + 1));
  }

  /** The code of `text` (given one on its first sight), or 0 for an empty text or when the table is full. */
  codeOf(text: string): number {
    if (!text) return 0;
    const known = this.codes.get(text);
    if (known !== undefined) return known;
    if (this.texts.length >= this.limit) return 0;
    this.texts.push(text);
    this.codes.set(text, this.texts.length);
    return this.texts.length;
  }
}

/** The first `length` codes of `codes`, in the narrowest array that holds each. */
export function narrowCodes(codes: Uint32Array, length: number): Codes {
  let max = 0;
  for (let k = 0; k < length; k++) if (codes[k] > max) max = codes[k];
  if (max < 0x100) return Uint8Array.from(codes.subarray(0, length));
  if (max < 0x10000) return Uint16Array.from(codes.subarray(0, length));
  return codes.slice(0, length);
}

/** Where the head of `urn` ends: after its fourth colon ("urn:iso:std:iec:"), when that is ASCII and short; else 0. */
export function urnHeadEnd(urn: string): number {
  let colons = 0;
  for (let k = 0; k < urn.length && k < MAX_HEAD; k++) {
    const c = urn.charCodeAt(k);
    if (c >= 0x80) return 0;
    if (c === 58 && ++colons === 4) return k + 1;
  }
  return 0;
}

/** Longer heads are not shared: a URN of another shape keeps its whole text. */
const MAX_HEAD = 48;
