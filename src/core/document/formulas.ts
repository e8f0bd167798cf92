/** Formulas: MathML, AsciiMath, LaTeX or plain text, with their `where` definitions. */
import { type JsonObject, isObject } from '../service/jsonld';
import { type Builder, markNumbering } from './builder';
import { type Element, type FlowItem, attribute, elementNames, isElementName, plainText, readElement, restOf, textOf } from './elements';
import { clean, inlineText } from './flowText';
import { definitions } from './lists';
import { asciiMathFormula, latexFormula } from './mathSourceTypeset';
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
    let value = field.value;
    if (CONTENT_KEYS.has(local) && Array.isArray(value)) {
      // The real nesting: `formula > stem, dl` in one content array. The key is read as the key, not taken
      // with the formula (and a "where" the presentation writes before it is the renderer's word).
      const key = (value as unknown[]).filter(isKeyPart);
      if (key.length) {
        value = (value as unknown[]).filter((v) => !key.includes(v));
        for (const part of key) {
          if (isWhere(part)) continue;
          const items: Definition[] = [];
          yield* definitions(b, restOf(readElement(part as JsonObject, undefined), KEY_HEADER_KEYS), items, depth + 1);
          if (items.length) where.push({ kind: 'definitions', items });
        }
      }
    }
    if (!math) {
      const found = mathIn(b, value, field.key, local, element, depth + 1);
      if (found) {
        math = found;
        continue;
      }
    }
    if (['where', 'dl', 'key', 'legend', 'variables'].includes(local)) {
      const items: Definition[] = [];
      yield* definitions(b, [{ value: field.value, hint: local === 'dl' ? undefined : 'defitem', loose: false }], items, depth + 1);
      if (items.length) where.push({ kind: 'definitions', items });
    } else rest.push({ value, hint: isElementName(local) ? field.key : undefined, loose: !CONTENT_KEYS.has(local) && !isElementName(local) });
  }
  yield* b.blocks(rest, where, depth + 1);
  if (math) {
    const block: Block = { kind: 'formula', label, math, where };
    out.push(block);
    markNumbering(b, element, block, label);
  } else out.push(...where);
}

/** Elements that are a formula's key: a definition list (Metanorma `dl`, `key`), or the word "where" before it. */
const KEY_NAMES: ReadonlySet<string> = new Set(['dl', 'key', 'where', 'legend', 'variables', 'deflist']);
const KEY_HEADER_KEYS: ReadonlySet<string> = new Set(['label', 'name', 'title', 'fmtname']);

function isKeyPart(value: unknown): boolean {
  return isObject(value) && (elementNames(value, undefined).some((n) => KEY_NAMES.has(n)) || isWhere(value));
}

/** A paragraph that says only "where" (Metanorma's presentation writes one before the key). */
export function isWhere(value: unknown): boolean {
  return isObject(value) && elementNames(value, undefined).includes('p') && isWhereText(plainText(value, 0));
}

/** "where" (or "in which") alone, as a formula's key is introduced. */
export function isWhereText(text: string): boolean {
  return /^(?:where|in which):?$/i.test(text.trim());
}

/** The formula in a value: MathML (JSON or markup), AsciiMath or LaTeX source, or plain expression text. */
export function mathIn(b: Builder, value: unknown, key: string | undefined, local: string, parent: Element | undefined, depth: number): Math | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const notation = notationOf(parent, local);
  if (typeof value === 'string') {
    if (isMathMarkup(value)) return { notation: 'mathml', root: mathFromMarkup(value, MAX_DEPTH - depth) };
    if (notation === 'asciimath' && value.trim()) return asciiMathFormula(clean(value).trim(), MAX_DEPTH - depth);
    if (notation === 'latex' && value.trim()) return latexFormula(clean(value).trim(), MAX_DEPTH - depth);
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
    // MathML as published first; MathML made here from AsciiMath only when the source gives nothing better.
    if (found?.notation === 'mathml' && !found.source) return found;
    fallback ??= found;
  }
  if (fallback) return fallback;
  if (names.some((n) => ['texmath', 'latex', 'tex'].includes(n))) return latexFormula(clean(plainText(value, 0)).trim(), MAX_DEPTH - depth);
  if (names.includes('asciimath')) return asciiMathFormula(clean(plainText(value, 0)).trim(), MAX_DEPTH - depth);
  return undefined;
}

export function notationOf(element: Element | undefined, local: string): 'asciimath' | 'latex' | 'text' | undefined {
  const type = (element ? (attribute(element, 'type', 'notation', 'format', 'language') ?? '') : '').toLowerCase();
  const names = [local, ...(element?.names ?? [])];
  if (/latex|tex/.test(type) || names.some((n) => ['texmath', 'latex', 'tex'].includes(n))) return 'latex';
  if (/ascii/.test(type) || names.includes('asciimath')) return 'asciimath';
  return undefined;
}

/**
 * A formula's key written after it, as NISO STS does (`<disp-formula>` then `<def-list>`, often labelled or
 * preceded by "where"): moved into the formula, so every renderer shows it as the formula's key.
 */
export function attachFormulaKeys(blocks: Block[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const formula = blocks[i];
    if (formula.kind !== 'formula' || formula.where.length) continue;
    const next = blocks[i + 1];
    const where = next?.kind === 'paragraph' && isWhereText(inlineText(next.content));
    const key = blocks[i + (where ? 2 : 1)];
    if (key?.kind !== 'definitions') continue;
    formula.where.push(key);
    blocks.splice(i + 1, where ? 2 : 1);
  }
}
