/** Formulas: MathML, AsciiMath, LaTeX or plain text, with their `where` definitions. */
import { isObject } from '../service/jsonld';
import { type Builder, markNumbering } from './builder';
import { type Element, type FlowItem, attribute, elementNames, isElementName, plainText, readElement, textOf } from './elements';
import { clean } from './flowText';
import { definitions } from './lists';
import { isMathMarkup, isMathName, mathFromJson, mathFromMarkup } from './mathml';
import { type Block, type Definition, type Math, MAX_DEPTH } from './model';
import { localName } from './names';
import { CONTENT_KEYS, TECHNICAL_KEYS } from './keys';

const FORMULA_LABEL_KEYS: ReadonlySet<string> = new Set(['label', 'number', 'name']);

export function* formula(b: Builder, element: Element, out: Block[], depth: number): Generator<void, void> {
  const label = textOf(element, FORMULA_LABEL_KEYS) || undefined;
  const where: Block[] = [];
  let math: Math | undefined;
  const rest: FlowItem[] = [];
  for (const field of element.fields) {
    const { local } = field;
    if (['label', 'number', 'name'].includes(local) || local.startsWith('@') || (TECHNICAL_KEYS.has(local) && !CONTENT_KEYS.has(local) && local !== 'type'))
      continue;
    if (local === 'type') continue;
    if (!math) {
      const found = mathIn(b, field.value, field.key, local, element, depth + 1);
      if (found) {
        math = found;
        continue;
      }
    }
    if (['where', 'dl', 'key', 'legend', 'variables'].includes(local)) {
      const items: Definition[] = [];
      yield* definitions(b, [{ value: field.value, hint: local === 'dl' ? undefined : 'defitem', loose: false }], items, depth + 1);
      if (items.length) where.push({ kind: 'definitions', items });
    } else rest.push({ value: field.value, hint: isElementName(local) ? field.key : undefined, loose: !CONTENT_KEYS.has(local) && !isElementName(local) });
  }
  yield* b.blocks(rest, where, depth + 1);
  if (math) {
    const block: Block = { kind: 'formula', label, math, where };
    out.push(block);
    markNumbering(b, element, block, label);
  } else out.push(...where);
}

/** The formula in a value: MathML (JSON or markup), AsciiMath or LaTeX source, or plain expression text. */
export function mathIn(b: Builder, value: unknown, key: string | undefined, local: string, parent: Element | undefined, depth: number): Math | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const notation = notationOf(parent, local);
  if (typeof value === 'string') {
    if (isMathMarkup(value)) return { notation: 'mathml', root: mathFromMarkup(value, MAX_DEPTH - depth) };
    if (notation && value.trim()) return { notation, source: clean(value).trim() };
    if (['expression', 'formula', 'content', 'text', 'value', 'stem'].includes(local) && value.trim())
      return { notation: notation ?? 'text', source: clean(value).trim() };
    return undefined;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = mathIn(b, item, key, local, parent, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const names = elementNames(value, key);
  if (names.some((n) => n === 'math' || n === 'mmlmath') || (key && isMathName(key) && localName(key) === 'math'))
    return { notation: 'mathml', root: mathFromJson(value, key ?? 'math', 0, MAX_DEPTH - depth) };
  const element = readElement(value, key);
  const inner = notationOf(element, '');
  // alternatives (JATS), stem (Metanorma), tex-math, inline-formula: look inside, MathML first.
  let fallback: Math | undefined;
  for (const field of element.fields) {
    if (field.local.startsWith('@') || ['id', 'type', 'label'].includes(field.local)) continue;
    const found = mathIn(
      b,
      field.value,
      field.key,
      CONTENT_KEYS.has(field.local) ? (names[0] ?? field.local) : field.local,
      inner ? element : undefined,
      depth + 1,
    );
    if (found?.notation === 'mathml') return found;
    fallback ??= found;
  }
  if (fallback) return fallback;
  if (names.some((n) => ['texmath', 'latex', 'tex'].includes(n))) return { notation: 'latex', source: clean(plainText(value, 0)).trim() };
  if (names.includes('asciimath')) return { notation: 'asciimath', source: clean(plainText(value, 0)).trim() };
  return undefined;
}

export function notationOf(element: Element | undefined, local: string): 'asciimath' | 'latex' | 'text' | undefined {
  const type = (element ? (attribute(element, 'type', 'notation', 'format', 'language') ?? '') : '').toLowerCase();
  const names = [local, ...(element?.names ?? [])];
  if (/latex|tex/.test(type) || names.some((n) => ['texmath', 'latex', 'tex'].includes(n))) return 'latex';
  if (/ascii/.test(type) || names.includes('asciimath')) return 'asciimath';
  return undefined;
}
