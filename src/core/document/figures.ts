/** Figures and images, and bibliography entries (whose URNs turn citations into links). */
import { isObject } from '../service/jsonld';
import { type Builder, markNumbering } from './builder';
import { type Element, type FlowItem, LABEL_KEY, anchorOf, attribute, elementNames, plainText, readElement, restOf, textOf } from './elements';
import { CONTENT_KEYS } from './keys';
import { clean, trimFlow } from './flowText';
import type { Block, Image } from './model';
import { ROLES } from './names';
import { isIdentifier, isUrn } from './identifiers';
import { labelledCaption, tableCaption } from './tables';

const FIGURE_HEADER_KEYS: ReadonlySet<string> = new Set(['label', 'caption', 'title', 'name', 'fmtname', 'alt']);

export function* figure(b: Builder, element: Element, out: Block[], depth: number): Generator<void, void> {
  const images: Image[] = [];
  const { label, caption } = labelledCaption(textOf(element, LABEL_KEY) || undefined, tableCaption(b, element, depth), 'Figure');
  const figure: Block = { kind: 'figure', label, caption, images, children: [] };
  out.push(figure);
  markNumbering(b, element, figure, figure.label);
  const own = imageOf(element);
  if (own) images.push(own);
  const rest: FlowItem[] = [];
  for (const item of restOf(element, FIGURE_HEADER_KEYS)) {
    const value = item.value;
    const candidates = Array.isArray(value) ? value : [value];
    const found = candidates.map((c) => (isObject(c) ? imageDeep(readElement(c, item.hint), 0) : undefined));
    if (found.length && found.every(Boolean)) images.push(...(found as Image[]));
    else if (isObject(value) && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string') && item.loose && Object.keys(value).length) {
      // A key as a map: {"1": "spring", "2": "housing"}.
      figure.children.push({
        kind: 'definitions',
        items: Object.entries(value).map(([term, text]) => ({ term: [clean(term)], definition: [{ kind: 'paragraph', content: [clean(String(text))] }] })),
      });
    } else rest.push(item);
  }
  yield* b.blocks(rest, figure.children, depth + 1);
}

export function imageOf(element: Element): Image | undefined {
  if (!element.names.some((n) => ROLES.image.has(n))) return undefined;
  const src = attribute(element, 'src', 'href', 'xlinkhref', 'fileref', 'url', 'uri');
  return src ? { src, alt: attribute(element, 'alt', 'title') ?? '' } : undefined;
}

export function imageDeep(element: Element, depth: number): Image | undefined {
  const own = imageOf(element);
  if (own || depth > 4 || !element.names.some((n) => ROLES.image.has(n))) return own;
  for (const field of element.fields) {
    if (isObject(field.value)) {
      const found = imageDeep(readElement(field.value, field.key), depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

export function bibitem(b: Builder, element: Element, out: Block[], depth: number): void {
  let urn: string | undefined;
  let citation = '';
  // Parts as keys, or as the elements of a content array (the real Metanorma nesting): the same to read.
  const parts = partsOf(element);
  for (const field of parts) {
    if (
      !['docidentifier', 'identifier', 'citeas', 'reference', 'stdref', 'docnumber', 'target', 'uri', 'urn', 'href', '@id', 'id', 'std', 'label'].includes(
        field.local,
      )
    )
      continue;
    const values = Array.isArray(field.value) ? field.value : [field.value];
    for (const value of values) {
      const text = clean(plainText(value, 0)).trim();
      if (isUrn(text)) urn ??= text;
      else if (text && !citation && !isIdentifier(text) && !['@id', 'id', 'target', 'uri', 'href'].includes(field.local)) citation = text;
    }
  }
  const anchor = anchorOf(element);
  if (anchor && urn) b.bibliography.set(anchor, urn);
  const titleField = parts.find((f) => f.local === 'title');
  const title = titleField ? trimFlow(b.inlines([{ value: pickTitle(titleField.value), loose: false }], depth + 1)) : [];
  const details = trimFlow(
    b.inlines(
      parts
        .filter((f) => ['formattedref', 'mixedcitation', 'elementcitation', 'content', 'text', 'note', 'comment'].includes(f.local))
        .map((f) => ({ value: f.value, loose: false })),
      depth + 1,
    ),
  );
  out.push({ kind: 'reference', citation: citation || (urn ?? ''), urn, title, details });
}

/** An element's fields, with the elements of its content arrays as fields under their own names. */
function partsOf(element: Element): Array<{ local: string; value: unknown }> {
  const parts: Array<{ local: string; value: unknown }> = [];
  for (const field of element.fields) {
    if (!CONTENT_KEYS.has(field.local) || !Array.isArray(field.value)) {
      parts.push(field);
      continue;
    }
    const rest: unknown[] = [];
    for (const child of field.value as unknown[]) {
      const name = isObject(child) ? elementNames(child, undefined)[0] : undefined;
      if (name) parts.push({ local: name, value: child });
      else rest.push(child);
    }
    if (rest.length) parts.push({ local: field.local, value: rest });
  }
  return parts;
}

function pickTitle(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const main = (value as unknown[]).find((v: unknown) => isObject(v) && (v.type === 'main' || v.type === 'title-main'));
  return main ?? value.find((v) => !isObject(v) || v.language === undefined || v.language === 'en') ?? value[0];
}
