/**
 * The tokens of MathML source text, read in one pass: text, CDATA, start and end tags; comments and processing
 * instructions are skipped. A scanner, not a regular expression: an unclosed `<!--`, `<?` or `<![CDATA[` sent a
 * lazy `[\s\S]*?` to the end of the text once per opener (quadratic; 8 s for 320 KB of `<!--`). Here the search
 * for a closer is remembered, so each is looked for at most once past any point, and a tag is read by a small
 * state machine (test/unit/linearTime.test.ts measures it).
 *
 * What it accepts is what the expression it replaces accepted: `<name attr="v" attr='v' />`, `</name>`, names
 * of `[\w:.-]`, whitespace as `\s`; a `<` that starts none of these is dropped and the text after it read on.
 */

export type MarkupToken =
  | { kind: 'text'; value: string }
  | { kind: 'cdata'; value: string }
  | { kind: 'tag'; closing: boolean; name: string; attributes: Array<[string, string]>; selfClosing: boolean };

/** `\s` of a regular expression: ASCII spaces, NBSP, the Unicode space separators, LS, PS and the BOM. */
export function isSpaceCode(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `[\w:.-]`: ASCII letters, digits, `_`, `:`, `.` and `-`. */
function isNameCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 58) || c === 95 || c === 46 || c === 45;
}

/** `indexOf` that remembers its last answer: asked again from further on, it reuses it while it still holds. */
class Closer {
  private from = -1;
  private at = -1;
  constructor(
    private readonly source: string,
    private readonly text: string,
  ) {}

  /** The first index of the closer at or after `from`, or -1; `from` never decreases between calls. */
  find(from: number): number {
    if (this.from < 0 || (this.at >= 0 && this.at < from)) this.at = this.source.indexOf(this.text, from);
    this.from = from;
    return this.at;
  }
}

/** The tokens of `source` in order. */
export function* markupTokens(source: string): Generator<MarkupToken> {
  const comment = new Closer(source, '-->');
  const instruction = new Closer(source, '?>');
  const cdata = new Closer(source, ']]>');
  let at = 0;
  while (at < source.length) {
    if (source.charCodeAt(at) !== 60 /* < */) {
      const next = source.indexOf('<', at);
      const end = next < 0 ? source.length : next;
      yield { kind: 'text', value: source.slice(at, end) };
      at = end;
      continue;
    }
    if (source.startsWith('<!--', at)) {
      const end = comment.find(at + 4);
      if (end >= 0) {
        at = end + 3;
        continue;
      }
    } else if (source.startsWith('<?', at)) {
      const end = instruction.find(at + 2);
      if (end >= 0) {
        at = end + 2;
        continue;
      }
    } else if (source.startsWith('<![CDATA[', at)) {
      const end = cdata.find(at + 9);
      if (end >= 0) {
        yield { kind: 'cdata', value: source.slice(at + 9, end) };
        at = end + 3;
        continue;
      }
    }
    const tag = readTag(source, at);
    if (tag) {
      yield tag.token;
      at = tag.end;
    } else {
      at++; // a `<` that starts nothing: dropped, the text after it read on
    }
  }
}

/**
 * `<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>` at `start`, read forward without
 * backtracking (each part ends where the next must begin). A failed read stops at the first character that does
 * not fit; reads from different `<` are never in the same state at one place (a quote that closes one's value opens
 * the other's), so all of them together pass over a character a bounded number of times.
 */
function readTag(source: string, start: number): { token: MarkupToken; end: number } | undefined {
  let at = start + 1;
  const closing = source.charCodeAt(at) === 47; /* / */
  if (closing) at++;
  const name = readName(source, at);
  if (!name) return undefined;
  at += name.length;
  const attributes: Array<[string, string]> = [];
  for (;;) {
    const spaced = skipSpaces(source, at);
    const spaces = spaced - at;
    at = spaced;
    const c = source.charCodeAt(at);
    if (c === 62 /* > */) return { token: { kind: 'tag', closing, name, attributes, selfClosing: false }, end: at + 1 };
    if (c === 47 /* / */) {
      if (source.charCodeAt(at + 1) !== 62) return undefined;
      return { token: { kind: 'tag', closing, name, attributes, selfClosing: true }, end: at + 2 };
    }
    if (spaces === 0) return undefined;
    const key = readName(source, at);
    if (!key) return undefined;
    at = skipSpaces(source, at + key.length);
    if (source.charCodeAt(at) !== 61 /* = */) return undefined;
    at = skipSpaces(source, at + 1);
    const quote = source[at];
    if (quote !== '"' && quote !== "'") return undefined;
    const close = source.indexOf(quote, at + 1);
    if (close < 0) return undefined;
    attributes.push([key, source.slice(at + 1, close)]);
    at = close + 1;
  }
}

function readName(source: string, from: number): string {
  let end = from;
  while (end < source.length && isNameCode(source.charCodeAt(end))) end++;
  return source.slice(from, end);
}

function skipSpaces(source: string, from: number): number {
  let end = from;
  while (end < source.length && isSpaceCode(source.charCodeAt(end))) end++;
  return end;
}
