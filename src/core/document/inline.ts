/** Running text: inline elements, styles, footnote markers and links (cross-references, citations). */
import { isObject } from '../service/jsonld';
import type { Builder } from './builder';
import {
  type Element,
  type FlowItem,
  NOTHING,
  attribute,
  childItems,
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
import { CONTENT_KEYS, NUMBER_KEYS } from './keys';
import { isClauseUrl, isIdentifier, isUrn } from './identifiers';
import { fallbackLabel } from './xrefLabels';

/** "sample ()": a term's number the source left empty. */
export const EMPTY_NUMBER = /\(\s*\)\s*$/;

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

/** Elements that identify, never show: STS's `std-id-group` / `std-id` (internal ids, FPIs) inside a `std`. */
export const NEVER_SHOWN: ReadonlySet<string> = new Set(['stdidgroup', 'stdid']);

export function inlineElement(b: Builder, element: Element, depth: number): Inline[] {
  if (depth > MAX_DEPTH) return [TOO_DEEP_TEXT];
  if (element.names.some((n) => NEVER_SHOWN.has(n))) return [];
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
    case 'concept':
      return concept(b, element, depth);
    default:
      return inlines(b, restOf(element, NOTHING), depth + 1);
  }
}

export function link(b: Builder, element: Element, depth: number): Inline[] {
  // A URN wins wherever it is given: a reference to a standard the tree can reveal.
  const target = attribute(element, 'urn', 'stdid', 'target', 'href', 'xlinkhref', 'linkend', 'rid', 'url', 'uri', 'bibitemid');
  const refType = (attribute(element, 'reftype') ?? '').toLowerCase();
  // The label: the element's text, without its localities (Metanorma writes them as children too).
  let children = trimFlow(
    inlines(
      b,
      childItems(element, LINK_LABEL_KEYS).filter((item) => !isLocality(item)),
      depth + 1,
    ),
  );
  if (!children.length) {
    const label = trimFlow(inlines(b, flowOf(element, ['label', 'citeas', 'title', 'text']), depth + 1));
    if (!isIdentifier(inlineText(label))) children = label;
  }
  const locality = localityText(element);
  if (locality) children.push(children.length ? `, ${locality}` : locality);
  if (refType === 'fn' && children.length) return [{ kind: 'footnote', marker: inlineText(children) }];
  if (!target) return children;
  const unnamed = !children.length;
  const bibitem = attribute(element, 'bibitemid');
  let linkTarget: LinkTarget;
  if (isUrn(target)) linkTarget = { kind: 'standard', urn: target.trim() };
  else if ((/^https?:\/\//i.test(target) && !isClauseUrl(target)) || /^mailto:/i.test(target)) linkTarget = { kind: 'external', href: target };
  else if (element.role === 'standardRef' || bibitem || refType === 'bibr') linkTarget = { kind: 'citation' };
  else linkTarget = { kind: 'clause', target };
  if (unnamed) {
    // Named later from what it points at (build.ts); until then, what its identifier says.
    if (linkTarget.kind === 'external') children = [target.replace(/^mailto:/i, '')];
    else if (linkTarget.kind === 'clause') children = [fallbackLabel(target, refType)];
    else children = [element.role === 'standardRef' ? 'the referenced document' : fallbackLabel(target, refType)];
  }
  const link: InlineElement = { kind: 'link', target: linkTarget, children };
  if (unnamed && linkTarget.kind === 'clause') b.unnamed.push({ link, refType });
  // A mention of a term with its number: TBX `entailedTerm` ("sample (3.1.4)"), or any whose number was left empty.
  if (linkTarget.kind === 'clause' && !unnamed && (element.names.includes('entailedterm') || EMPTY_NUMBER.test(inlineText(children))))
    b.termMentions.push({ link, append: element.names.includes('entailedterm') });
  if (linkTarget.kind === 'citation') b.citations.push({ link, anchor: bibitem ?? target });
  return [link];
}

/**
 * A Metanorma concept (a term mentioned in running text: `refterm`, `renderterm`, then an `xref`, `eref` or
 * `termref`) as ISO prints it: inside a term entry the term in italics and the reference in parentheses
 * ("*paddy* (3.1)"); elsewhere the term alone, linked. Never the term twice.
 */
export function concept(b: Builder, element: Element, depth: number): Inline[] {
  let shown: Inline[] = [];
  let fallback: Inline[] = [];
  let reference: Inline[] = [];
  for (const item of childItems(element)) {
    const child = isObject(item.value) ? readElement(item.value, item.hint) : undefined;
    const name = child?.names[0] ?? (item.hint ? localName(item.hint) : '');
    if (name === 'renderterm') shown = trimFlow(inlines(b, child ? restOf(child, NOTHING) : [item], depth + 1));
    else if (name === 'refterm') fallback = trimFlow(inlines(b, child ? restOf(child, NOTHING) : [item], depth + 1));
    else if (name === 'termref' && child) reference = termRef(b, child, depth + 1);
    else if (child && (child.role === 'xref' || child.role === 'standardRef' || name === 'erefstack'))
      reference = trimFlow(inlineElement(b, child.role ? child : { ...child, role: 'standardRef' }, depth + 1));
  }
  // A rendering left empty shows the term as referred to: never a bare "(3.1)" or "()".
  if (!shown.length) shown = fallback;
  if (b.termDepth > 0 || !shown.length) {
    const out: Inline[] = shown.length ? [{ kind: 'style', style: 'emphasis', children: shown }] : [];
    if (reference.length) out.push(shown.length ? ' (' : '(', ...reference, ')');
    return out;
  }
  const link = reference.find((part): part is Extract<InlineElement, { kind: 'link' }> => typeof part !== 'string' && part.kind === 'link');
  if (!link) return shown;
  // The link keeps its own label object (named later when it had none); the mention shows the term.
  const mention: InlineElement = { kind: 'link', target: link.target, children: shown };
  const waiting = b.citations.find((c) => c.link === link);
  if (waiting) b.citations.push({ link: mention, anchor: waiting.anchor });
  return [mention];
}

/** A reference into a term bank: its text, else "Termbase IEV, term ID 135-13-13". */
function termRef(b: Builder, element: Element, depth: number): Inline[] {
  const text = trimFlow(inlines(b, restOf(element, NOTHING), depth));
  if (text.length) return text;
  const base = attribute(element, 'base');
  const target = attribute(element, 'target');
  return [[base ? `Termbase ${base}` : '', target ? `term ID ${target}` : ''].filter(Boolean).join(', ')].filter(Boolean);
}

const LOCALITY_NAMES: ReadonlySet<string> = new Set(['locality', 'localitystack', 'referencefrom', 'referenceto']);

function isLocality(item: FlowItem): boolean {
  if (item.hint && LOCALITY_NAMES.has(localName(item.hint))) return true;
  return isObject(item.value) && readElement(item.value, undefined).names.some((n) => LOCALITY_NAMES.has(n));
}

/**
 * Where in the cited document, as ISO writes it after the citation: "3.1" for a subclause, "Clause 3",
 * "Annex A", "Table 2", "Clause 3 to Clause 5"; several joined by ", ". Metanorma `locality`/`localityStack`,
 * as keys or as elements of a content array.
 */
export function localityText(element: Element): string | undefined {
  const found: string[] = [];
  const visit = (value: unknown, hint: string | undefined, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, hint, depth + 1));
    if (!isObject(value)) return;
    const locality = readElement(value, hint);
    const type = attribute(locality, 'type');
    const from = partText(locality, 'referencefrom');
    if (type && from && !isIdentifier(from)) {
      const to = partText(locality, 'referenceto');
      found.push(to && !isIdentifier(to) ? `${localityLabel(type, from)} to ${localityLabel(type, to)}` : localityLabel(type, from));
    } else for (const f of locality.fields) if (LOCALITY_NAMES.has(f.local) || CONTENT_KEYS.has(f.local)) visit(f.value, f.key, depth + 1);
  };
  for (const field of element.fields) if (field.local === 'locality' || field.local === 'localitystack') visit(field.value, field.key, 0);
  for (const item of childItems(element)) if (isLocality(item) && !item.hint) visit(item.value, undefined, 0);
  return found.filter(Boolean).length ? found.filter(Boolean).join(', ') : undefined;
}

function partText(element: Element, local: string): string {
  for (const field of element.fields) if (field.local === local) return clean(plainText(field.value, 0)).trim();
  for (const item of childItems(element)) {
    if (isObject(item.value) && readElement(item.value, item.hint).names.includes(local)) return clean(plainText(item.value, 0)).trim();
  }
  return '';
}

/** One locality: "3.1", "Clause 3", "Annex A", "A.2", "Table 2", "Paragraph 4"; nothing for the whole document. */
function localityLabel(type: string, number: string): string {
  const kind = type.replace(/^locality:/, '').toLowerCase();
  if (kind === 'whole') return '';
  if (kind === 'clause' || kind === 'section' || kind === 'annex') {
    if (number.includes('.')) return number;
    return /^[A-Z]$/.test(number) || kind === 'annex' ? `Annex ${number}` : `Clause ${number}`;
  }
  const word = kind.replace(/[-_]/g, ' ');
  return `${word[0].toUpperCase()}${word.slice(1)} ${number}`;
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
