/**
 * Keys written twice in one JSON object. JSON.parse keeps the last one and says nothing, so a line added at the end
 * of standards.lock (`,"standards": {}`) would silently replace everything above it. The files the check trusts are
 * read with this beside JSON.parse: a repeated key is an error naming it, never a quiet choice of one. Pure; one
 * pass over the text, linear in its length.
 */

/** A key of a JSON object, or the index of an item of a list. */
export type JsonPathPart = string | number;

export interface DuplicateKey {
  /** Where the object that repeats the key is: the keys and list indexes from the top ([] for the top level). */
  path: readonly JsonPathPart[];
  key: string;
  /** 1-based lines of the key's first and its repeated appearance. */
  firstLine: number;
  line: number;
}

/** An object or list being read; its path is found through its parents when a duplicate is told (deep nesting stays linear). */
interface Place {
  parent?: Frame;
  /** Its key or index in its parent. */
  part?: JsonPathPart;
}

interface ObjectFrame extends Place {
  kind: 'object';
  /** Each key seen in this object, with the line where it was first written. */
  keys: Map<string, number>;
  /** The member the next value belongs to (undefined while a key is expected). */
  key?: string;
}

interface ListFrame extends Place {
  kind: 'list';
  index: number;
}

type Frame = ObjectFrame | ListFrame;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The duplicate keys of `text`, in the order their repetitions appear. `text` must be valid JSON (JSON.parse it
 * first): this reads only the structure and the keys, and assumes the rest is well formed.
 */
export function* duplicateKeys(text: string): Generator<DuplicateKey> {
  const stack: Frame[] = [];
  // A string of valid JSON holds no line break: every one is between tokens, and counted here.
  let line = 1;
  /** Where a value that starts here is. */
  const here = (): Place => {
    const parent = stack[stack.length - 1];
    return parent ? { parent, part: parent.kind === 'object' ? parent.key : parent.index } : {};
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) line++;
    else if (c === QUOTE) {
      const end = closingQuote(text, i);
      const top = stack[stack.length - 1];
      if (top?.kind === 'object' && top.key === undefined) {
        const raw = text.slice(i + 1, end);
        // Escapes name the same key as their characters ("\u0061" is "a"), as JSON.parse reads them.
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const first = top.keys.get(key);
        if (first === undefined) top.keys.set(key, line);
        else yield { path: pathOf(top), key, firstLine: first, line };
        top.key = key;
      }
      i = end;
    } else if (c === 0x7b /* { */) stack.push({ kind: 'object', ...here(), keys: new Map() });
    else if (c === 0x5b /* [ */) stack.push({ kind: 'list', ...here(), index: 0 });
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) stack.pop();
    else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.kind === 'object') top.key = undefined;
      else if (top) top.index++;
    }
  }
}

/** `[...path, key]` as a reader names it: `standards.urn:iso:std:iso:14971:ed-3.clauses`, `notApplicable[0].reason`. */
export function jsonPathText(path: readonly JsonPathPart[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

function pathOf(frame: Frame): JsonPathPart[] {
  const path: JsonPathPart[] = [];
  for (let at: Frame | undefined = frame; at?.part !== undefined; at = at.parent) path.push(at.part);
  return path.reverse();
}

/** The offset of the quote that closes the string opened at `open`. */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end > 0) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}
