/** Running text: inline elements, styles, footnote markers and links (cross-references, citations). */
import { isObject } from '../service/jsonld';
import type { Builder } from './builder';
import {
  type Element,
  type FlowItem,
  NOTHING,
  attribute,
  flowOf,
  isNodeReference,
  languageMapText,
  plainText,
  primitiveText,
  readElement,
  restOf,
} from './elements';
import { clean, inlineText, trimFlow } from './flowText';
import { mathIn } from './formulas';
import { imageOf } from './figures';
import { type Inline, type InlineElement, type InlineStyle, type LinkTarget, MAX_DEPTH, TOO_DEEP_TEXT } from './model';
import { INLINE_ROLES, type Role, localName, roleOf } from './names';
import { NUMBER_KEYS } from './keys';
import { isClauseUrl, isIdentifier, isUrn } from './identifiers';

const INLINE_LABEL_KEYS: ReadonlySet<string> = new Set([...NUMBER_KEYS, 'citeas', 'title']);
const LINK_LABEL_KEYS: ReadonlySet<string> = new Set([...NUMBER_KEYS, 'citeas', 'title', 'locality', 'localitystack']);

/** Flows items as inline content; block elements met here give their text. */
export function inlines(b: Builder, items: FlowItem[], depth: number): Inline[] {
  const out: Inline[] = [];
  if (depth > MAX_DEPTH) {
    out.push(TOO_DEEP_TEXT);
    return out;
  }
  for (const { value, hint, loose } of items) {
    if (Array.isArray(value)) {
      out.push(
        ...inlines(
          b,
          (value as unknown[]).map((v: unknown) => ({ value: v, hint, loose })),
          depth + 1,
        ),
      );
    } else if (isObject(value)) {
      if (isNodeReference(value)) continue;
      const language = languageMapText(value);
      if (language !== undefined) out.push(language);
      else out.push(...inlineElement(b, readElement(value, hint), depth + 1));
    } else if (hint && typeof value === 'string' && isIdentifier(value) && roleOf([localName(hint)])) {
      continue;
    } else if (
      hint &&
      (typeof value === 'string' || typeof value === 'number') &&
      roleOf([localName(hint)]) &&
      INLINE_ROLES.has(roleOf([localName(hint)]) as Role)
    ) {
      out.push(
        ...inlineElement(b, { names: [localName(hint)], role: roleOf([localName(hint)]), fields: [{ key: 'content', local: 'content', value }] }, depth + 1),
      );
    } else {
      const text = primitiveText(value, loose);
      if (text !== undefined) out.push(text);
    }
  }
  return out;
}

export function inlineElement(b: Builder, element: Element, depth: number): Inline[] {
  if (depth > MAX_DEPTH) return [TOO_DEEP_TEXT];
  const content = (): Inline[] => inlines(b, restOf(element, INLINE_LABEL_KEYS), depth + 1);
  switch (element.role) {
    case 'emphasis':
    case 'strong':
    case 'sub':
    case 'sup':
    case 'code_':
    case 'smallcaps':
    case 'underline':
    case 'strike': {
      const role = element.role === 'emphasis' && /bold|strong/.test(attribute(element, 'role', 'type') ?? '') ? 'strong' : element.role;
      return [{ kind: 'style', style: STYLES[role], children: inlines(b, restOf(element, NOTHING), depth + 1) }];
    }
    case 'break':
      return [{ kind: 'break' }];
    case 'math': {
      const math = mathIn(
        b,
        element.fields.length ? Object.fromEntries(element.fields.map((f) => [f.key, f.value])) : '',
        element.names[0],
        element.names[0] ?? '',
        element,
        depth,
      );
      return math ? [{ kind: 'math', math }] : content();
    }
    case 'image': {
      const image = imageOf(element);
      return image ? [{ kind: 'image', image }] : content();
    }
    case 'footnote': {
      const note = b.footnote(element, depth);
      b.footnotes.push(note);
      return [{ kind: 'footnote', marker: note.marker }];
    }
    case 'xref':
    case 'standardRef':
      return link(b, element, depth);
    default:
      return inlines(b, restOf(element, NOTHING), depth + 1);
  }
}

export function link(b: Builder, element: Element, depth: number): Inline[] {
  // A URN wins wherever it is given: a reference to a standard the tree can reveal.
  const target = attribute(element, 'urn', 'stdid', 'target', 'href', 'xlinkhref', 'linkend', 'rid', 'url', 'uri', 'bibitemid');
  const refType = (attribute(element, 'reftype') ?? '').toLowerCase();
  let children = trimFlow(inlines(b, restOf(element, LINK_LABEL_KEYS), depth + 1));
  if (!children.length) {
    const label = trimFlow(inlines(b, flowOf(element, ['label', 'citeas', 'title', 'text']), depth + 1));
    if (!isIdentifier(inlineText(label))) children = label;
  }
  const locality = localityOf(element);
  if (locality) children.push(children.length ? `, ${locality}` : locality);
  if (refType === 'fn' && children.length) return [{ kind: 'footnote', marker: inlineText(children) }];
  if (!target) return children;
  const unnamed = !children.length;
  if (unnamed) children = [element.role === 'standardRef' ? 'referenced document' : 'reference'];
  const bibitem = attribute(element, 'bibitemid');
  let linkTarget: LinkTarget;
  if (isUrn(target)) linkTarget = { kind: 'standard', urn: target.trim() };
  else if (/^https?:\/\//i.test(target) && !isClauseUrl(target)) linkTarget = { kind: 'external', href: target };
  else if (element.role === 'standardRef' || bibitem) linkTarget = { kind: 'citation' };
  else linkTarget = { kind: 'clause', target };
  const link: InlineElement = { kind: 'link', target: linkTarget, children };
  if (unnamed && linkTarget.kind === 'clause') b.unnamed.push(link);
  if (linkTarget.kind === 'citation') b.citations.push({ link, anchor: bibitem ?? target });
  return [link];
}

/** "Clause 3.1" from Metanorma localities ({"locality": {"type": "clause", "referenceFrom": "3.1"}}). */
export function localityOf(element: Element): string | undefined {
  const found: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6) return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, depth + 1));
    if (!isObject(value)) return;
    const type = typeof value.type === 'string' ? value.type : undefined;
    const from = value.referenceFrom ?? value.referencefrom ?? value['reference-from'];
    const fromText =
      isObject(from) || Array.isArray(from) ? plainText(from, 0) : typeof from === 'string' || typeof from === 'number' ? String(from) : undefined;
    if (type && fromText && !isIdentifier(fromText)) found.push(`${type[0].toUpperCase()}${type.slice(1)} ${clean(fromText).trim()}`);
    else for (const v of Object.values(value)) visit(v, depth + 1);
  };
  for (const field of element.fields) if (field.local === 'locality' || field.local === 'localitystack') visit(field.value, 0);
  return found.length ? found.join(', ') : undefined;
}

const STYLES: Record<string, InlineStyle> = {
  emphasis: 'emphasis',
  strong: 'strong',
  sub: 'sub',
  sup: 'sup',
  code_: 'code',
  smallcaps: 'smallcaps',
  underline: 'underline',
  strike: 'strike',
};
