/**
 * MathML into the model: from the JSON shapes XML-derived bodies use (`{"@type": "mml:mi", "content": "x"}`,
 * `{"math": {"mrow": …}}`) or from MathML source text. Only MathML element names and presentation attributes get
 * through; anything else becomes an `mrow` of its children, so the page can build MathML with createElementNS
 * and never needs markup parsing.
 */
import { isObject } from '../service/jsonld';
import type { MathNode } from './model';
import { localName } from './names';
import { CONTENT_KEYS } from './keys';
import { markupTokens } from './markupTokens';

export const MATHML_ELEMENTS: ReadonlySet<string> = new Set([
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'mrow',
  'mfrac',
  'msqrt',
  'mroot',
  'mstyle',
  'merror',
  'mpadded',
  'mphantom',
  'msub',
  'msup',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mmultiscripts',
  'mprescripts',
  'none',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'semantics',
  'annotation',
  'annotation-xml',
  'menclose',
  'mfenced',
  'maction',
]);

/** Presentation attributes only: no href, no event handlers, no style. */
const MATHML_ATTRIBUTES: ReadonlySet<string> = new Set([
  'mathvariant',
  'display',
  'displaystyle',
  'scriptlevel',
  'open',
  'close',
  'separators',
  'stretchy',
  'fence',
  'separator',
  'form',
  'accent',
  'accentunder',
  'linethickness',
  'columnalign',
  'rowalign',
  'columnspan',
  'rowspan',
  'columnlines',
  'rowlines',
  'frame',
  'lspace',
  'rspace',
  'largeop',
  'movablelimits',
  'symmetric',
  'minsize',
  'maxsize',
  'width',
  'height',
  'depth',
  'voffset',
  'notation',
  'dir',
  'mathsize',
  'bevelled',
  'numalign',
  'denomalign',
  'encoding',
]);

/** Element name with the MathML spelling kept ("annotation-xml"), prefix dropped. */
function mathName(name: string): string {
  return name.replace(/^.*[:#/]/, '').toLowerCase();
}

/** Whether a JSON object or a key names a MathML element. */
export function isMathName(name: string): boolean {
  return MATHML_ELEMENTS.has(mathName(name));
}

/** A MathML tree from a JSON element (`hint` is the key it sat under, when its name is the key). */
export function mathFromJson(value: unknown, hint: string | undefined, depth: number, maxDepth: number): MathNode {
  const node: MathNode = { name: 'mrow', attributes: {}, children: [] };
  if (depth > maxDepth) return node;
  if (typeof value === 'string' || typeof value === 'number') {
    const name = hint ? mathName(hint) : 'mrow';
    node.name = MATHML_ELEMENTS.has(name) ? name : 'mrow';
    node.children.push(String(value));
    return node;
  }
  if (Array.isArray(value)) {
    for (const item of value) node.children.push(...mathChildren(item, hint, depth + 1, maxDepth));
    return node;
  }
  if (!isObject(value)) return node;
  const type = value['@type'] ?? value.tag ?? value.name ?? hint;
  const name =
    typeof type === 'string' ? mathName(type) : Array.isArray(type) ? mathName(String(type.find((t) => typeof t === 'string' && isMathName(t)) ?? '')) : '';
  node.name = MATHML_ELEMENTS.has(name) ? name : 'mrow';
  for (const [key, field] of Object.entries(value)) {
    const local = mathName(key);
    const bag = ['$', '@attributes', '_attributes', 'attributes', 'attrs'].includes(key) && isObject(field) ? field : undefined;
    if (bag) {
      for (const [k, v] of Object.entries(bag)) addAttribute(node, mathName(k), v);
    } else if (CONTENT_KEYS.has(localName(key))) {
      node.children.push(...mathChildren(field, undefined, depth + 1, maxDepth));
    } else if (MATHML_ELEMENTS.has(local)) {
      const items = Array.isArray(field) ? field : [field];
      for (const item of items) node.children.push(mathFromJson(item, key, depth + 1, maxDepth));
    } else {
      addAttribute(node, local, field);
    }
  }
  return node;
}

function mathChildren(value: unknown, hint: string | undefined, depth: number, maxDepth: number): Array<MathNode | string> {
  if (typeof value === 'string' || typeof value === 'number') return hint ? [mathFromJson(value, hint, depth, maxDepth)] : [String(value)];
  if (Array.isArray(value)) return value.flatMap((item) => (depth > maxDepth ? [] : mathChildren(item, hint, depth + 1, maxDepth)));
  if (isObject(value)) return [mathFromJson(value, hint, depth, maxDepth)];
  return [];
}

function addAttribute(node: MathNode, name: string, value: unknown): void {
  if (MATHML_ATTRIBUTES.has(name) && (typeof value === 'string' || typeof value === 'number')) node.attributes[name] = String(value).slice(0, 100);
}

const ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  InvisibleTimes: '\u2062',
  ApplyFunction: '\u2061',
  minus: '\u2212',
  times: '\u00d7',
  sum: '\u2211',
  int: '\u222b',
  infin: '\u221e',
  le: '\u2264',
  ge: '\u2265',
  ne: '\u2260',
  plusmn: '\u00b1',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

/** Whether a string is MathML source (`<math …>…</math>`, with or without a prefix). */
export function isMathMarkup(text: string): boolean {
  return /^\s*<(?:[\w-]+:)?math[\s>]/.test(text);
}

/**
 * MathML source text → MathNode, with a small tag reader (MathML is well-formed XML without DTD tricks we need;
 * markupTokens.ts reads it in linear time). Unknown elements become `mrow`; comments, processing instructions
 * and CDATA markers are skipped.
 */
export function mathFromMarkup(source: string, maxDepth: number): MathNode {
  const root: MathNode = { name: 'mrow', attributes: {}, children: [] };
  const stack: MathNode[] = [root];
  let skipped = 0; // open elements below the depth limit, not kept
  for (const token of markupTokens(source)) {
    const top = stack[stack.length - 1];
    if (token.kind !== 'tag') {
      const value = token.kind === 'cdata' ? token.value : decodeEntities(token.value);
      if (value.trim()) top.children.push(value.trim());
      continue;
    }
    if (token.closing) {
      if (skipped > 0) skipped--;
      else if (stack.length > 1) stack.pop();
      continue;
    }
    const name = mathName(token.name);
    const node: MathNode = { name: MATHML_ELEMENTS.has(name) ? name : 'mrow', attributes: {}, children: [] };
    for (const [key, value] of token.attributes) addAttribute(node, mathName(key), decodeEntities(value));
    const kept = stack.length <= maxDepth && skipped === 0;
    if (kept) top.children.push(node);
    if (!token.selfClosing) {
      if (kept) stack.push(node);
      else skipped++;
    }
  }
  const only = root.children.length === 1 ? root.children[0] : undefined;
  return typeof only === 'object' ? only : root;
}

/** The text of a MathML tree (for the text view and hovers). */
export function mathText(node: MathNode | string): string {
  if (typeof node === 'string') return node;
  if (node.name === 'annotation' || node.name === 'annotation-xml') return '';
  if (node.name === 'semantics') return node.children.length ? mathText(node.children[0]) : '';
  return node.children.map(mathText).join(node.name === 'mtr' || node.name === 'mtable' ? ' ' : '');
}
