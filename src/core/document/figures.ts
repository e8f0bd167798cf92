/** Figures and images, and bibliography entries (whose URNs turn citations into links). */
import { type JsonObject, isObject } from '../service/jsonld';
import { type Builder, markNumbering } from './builder';
import { type Element, type FlowItem, LABEL_KEY, anchorOf, attribute, childItems, elementNames, plainText, readElement, restOf, textOf } from './elements';
import { CONTENT_KEYS } from './keys';
import { clean, inlineText, trimFlow } from './flowText';
import type { Block, Image, Inline } from './model';
import { ROLES } from './names';
import { isIdentifier, isUrn } from './identifiers';
import { labelledCaption, tableCaption } from './tables';
import { isShown } from './shownOnce';

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
  let parts = partsOf(element);
  const label = clean(plainText(parts.find((f) => f.local === 'label')?.value ?? '', 0)).trim() || undefined;
  // NISO STS: the standard as `<std><std-ref/>, <title/></std>`, alone or first in a `<mixed-citation>`.
  const std = stdOf(parts);
  let rest: unknown[] = [];
  if (std) {
    const stdParts = partsOf(readElement(std.element, 'std'));
    const reference = stdParts.find((f) => f.local === 'stdref');
    citation = clean(plainText(reference?.value ?? stdParts.filter((f) => CONTENT_KEYS.has(f.local)).map((f) => f.value), 0)).trim();
    citation = trimCommas(citation);
    urn = [
      attribute(readElement(std.element, 'std'), 'stdid', 'urn'),
      ...stdParts.filter((f) => f.local === 'stdidgroup' || f.local === 'stdid').map((f) => plainText(f.value, 0)),
    ]
      .map((t) => clean(t ?? '').trim())
      .find(isUrn);
    parts = [...stdParts.filter((f) => f.local === 'title'), ...parts.filter((f) => f.local !== 'label' && f.value !== std.parent && f.value !== std.element)];
    rest = std.after;
  } else parts = parts.filter((f) => f.local !== 'label');
  for (const field of parts) {
    if (
      !['docidentifier', 'identifier', 'citeas', 'reference', 'stdref', 'docnumber', 'target', 'uri', 'urn', 'href', '@id', 'id', 'std'].includes(field.local)
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
  let title = titleField ? trimFlow(b.inlines([{ value: pickTitle(titleField.value), loose: false }], depth + 1)) : [];
  let details = trimFlow(
    b.inlines(
      [
        ...parts
          .filter((f) => ['formattedref', 'mixedcitation', 'elementcitation', 'content', 'text', 'note', 'comment'].includes(f.local))
          .map((f) => ({ value: f.value, loose: false })),
        { value: rest, loose: false },
      ],
      depth + 1,
    ),
  );
  // `<std>IEC 61000-4-4</std>, Electromagnetic compatibility …`: the words after the identifier are its title.
  if (std && !title.length && details.length) {
    title = withoutLeadingComma(details);
    details = [];
  }
  // A title the source gives twice (in the entry and again in its citation) is shown once.
  if (title.length && isShown(inlineText(withoutLeadingComma(details)), [inlineText(title)])) details = [];
  out.push({ kind: 'reference', ...(label && label !== citation ? { label } : {}), citation: citation || (urn ?? ''), urn, title, details });
}

/** A `std` among an entry's parts, or first in its mixed citation: the element, the part holding it and what follows it there. */
function stdOf(parts: Array<{ local: string; value: unknown }>): { element: JsonObject; parent: unknown; after: unknown[] } | undefined {
  for (const part of parts) {
    if (part.local === 'std' && isObject(part.value)) return { element: part.value, parent: part.value, after: [] };
    if (part.local !== 'mixedcitation' || !isObject(part.value)) continue;
    // In document order: only a citation that starts with the standard (white space before it aside).
    const children = childItems(readElement(part.value, 'mixed-citation')).map((item) => item.value);
    const at = children.findIndex((c) => isObject(c) && elementNames(c, undefined).includes('std'));
    if (at < 0 || children.slice(0, at).some((c) => plainText(c, 0).trim())) continue;
    return { element: children[at] as JsonObject, parent: part.value, after: children.slice(at + 1) };
  }
  return undefined;
}

/** Text without the commas that joined it to its neighbours ("ISO 712," → "ISO 712"). */
function trimCommas(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === ',' || text[start] === ' ')) start++;
  while (end > start && (text[end - 1] === ',' || text[end - 1] === ' ')) end--;
  return text.slice(start, end);
}

function withoutLeadingComma(flow: Inline[]): Inline[] {
  const [first, ...rest] = flow;
  if (typeof first !== 'string') return flow;
  const text = first.replace(/^[\s,]+/, '');
  return trimFlow(text ? [text, ...rest] : rest);
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
