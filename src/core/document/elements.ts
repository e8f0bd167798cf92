/**
 * One JSON object read as an element (its names from `@type`, the key it sat under or a tag field; its role;
 * its fields) and the readers of its fields. Pure: no builder state.
 */
import { type JsonObject, isObject } from '../service/jsonld';
import { clean } from './flowText';
import { isMathName } from './mathml';
import { MAX_DEPTH } from './model';
import { type Role, localName, roleOf } from './names';
import { CONTENT_KEYS, NUMBER_KEYS, TECHNICAL_KEYS, TITLE_KEYS } from './keys';
import { isProse } from './identifiers';
import { obligationText } from './shownOnce';

export interface Field {
  key: string;
  local: string;
  value: unknown;
}

/** One JSON object read as an element. */
export interface Element {
  names: string[];
  role?: Role;
  fields: Field[];
}

/** A value to flow, with the key it sat under when that key names an element, and whether it is loose. */
export interface FlowItem {
  value: unknown;
  hint?: string;
  /** Under a key we do not know: only prose strings show. */
  loose: boolean;
}

export const TAG_KEYS = ['tag', 'tagName', 'nodeName', 'localName', 'elementName'];

export const NOTHING: ReadonlySet<string> = new Set();
export const ATTRIBUTE_BAGS: ReadonlySet<string> = new Set(['$', '@attributes', '_attributes', 'attributes', 'attrs']);

/** STS `<annex-type>(informative)</annex-type>`: the annex's obligation, read with its heading. */
export const ANNEX_TYPE_KEY = 'annextype';
export const HEADER_KEYS: ReadonlySet<string> = new Set([...TITLE_KEYS, ...NUMBER_KEYS, ANNEX_TYPE_KEY]);
export const OBLIGATIONS: ReadonlySet<string> = new Set(['normative', 'informative']);
export const ID_KEYS: ReadonlySet<string> = new Set(['@id', 'id', 'urn']);
export const IDENTIFIER_KEYS: ReadonlySet<string> = new Set(['identifier', 'reference']);
export const LABEL_KEY: ReadonlySet<string> = new Set(['label']);
/** Children that are their parent's title, caption or label, not its content. */
const HEADER_CHILDREN: ReadonlySet<string> = new Set(['title', 'name', 'label', 'caption', 'fmtname', 'fmttitle', ANNEX_TYPE_KEY]);

export const TERM_PARTS: ReadonlySet<string> = new Set([
  'preferred',
  'deprecated',
  'termexample',
  'domain',
  'definition',
  'admitted',
  'deprecates',
  'termsource',
  'verbaldefinition',
  'notes',
  'termnote',
  'source',
  'langset',
  'tig',
]);

export function readElement(value: JsonObject, hint: string | undefined): Element {
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (ATTRIBUTE_BAGS.has(key) && isObject(field)) {
      for (const [k, v] of Object.entries(field)) fields.push({ key: k, local: localName(k), value: v });
    } else {
      fields.push({ key, local: key.startsWith('xmlns') ? '@xmlns' : localName(key), value: field });
    }
  }
  const names = elementNames(value, hint);
  // xml-js and tag-keyed shapes: the name fields named the element, they are not its content.
  const tagged = value.type === 'element' || TAG_KEYS.some((k) => typeof value[k] === 'string');
  const kept = liftHeaders(tagged ? fields.filter((f) => !(['name', 'type'].includes(f.key) || TAG_KEYS.includes(f.key))) : fields);
  return { names, role: roleFor(names, kept), fields: kept };
}

/** How far into a content array a title, name or label child is looked for (XML puts them first). */
const HEADER_LOOKAHEAD = 3;

/**
 * XML turned into JSON-LD keeps an element's title, caption or label as the first children of its content array
 * (`"mn:content": [{"@type": "mn:name", …}, …]`, STS `label`): they become fields, as if given under their keys.
 */
function liftHeaders(fields: Field[]): Field[] {
  const at = fields.findIndex((f) => CONTENT_KEYS.has(f.local) && Array.isArray(f.value));
  if (at < 0) return fields;
  const content = fields[at].value as unknown[];
  let lifted: Field[] | undefined;
  for (let i = 0; i < Math.min(HEADER_LOOKAHEAD, content.length); i++) {
    const child = content[i];
    if (!isObject(child) || child['@type'] === undefined) continue;
    const [name] = typeNames(child['@type']);
    if (name === undefined || !HEADER_CHILDREN.has(name)) continue;
    lifted ??= [];
    lifted.push({ key: name, local: name, value: child });
  }
  if (!lifted) return fields;
  const rest = content.filter((child) => !lifted.some((f) => f.value === child));
  return [...fields.slice(0, at), ...lifted, { ...fields[at], value: rest }, ...fields.slice(at + 1)];
}

export function fieldValue(element: Element, locals: readonly string[] | ReadonlySet<string>): unknown {
  const wanted = locals instanceof Set ? locals : new Set(locals);
  return element.fields.find((f) => wanted.has(f.local) && f.value !== undefined && f.value !== null)?.value;
}

/** The first non-empty plain text among the fields with these local names. */
export function textOf(element: Element, locals: ReadonlySet<string>): string {
  for (const field of element.fields) {
    if (!locals.has(field.local)) continue;
    const text = clean(plainText(field.value, 0)).trim();
    if (text) return text;
  }
  return '';
}

/** The first of `locals` (in that order of preference) the element has as a plain value. */
export function attribute(element: Element, ...locals: string[]): string | undefined {
  for (const local of locals) {
    for (const field of element.fields) {
      if (field.local === local && (typeof field.value === 'string' || typeof field.value === 'number')) return String(field.value).trim();
    }
  }
  return undefined;
}

/** The source says this block has no number (`unnumbered="true"`). */
export function isUnnumbered(element: Element): boolean {
  const flag = fieldValue(element, ['unnumbered']);
  return flag === true || flag === 'true';
}

export function anchorOf(element: Element): string | undefined {
  const id = attribute(element, '@id', 'id', 'anchor', 'xmlid');
  return id ? id.slice(0, 512) : undefined;
}

/** Every identifier an element can be pointed at by (its id, its anchor name). */
export function anchorsOf(element: Element): string[] {
  const names: string[] = [];
  for (const local of ['@id', 'id', 'anchor', 'xmlid']) {
    const value = attribute(element, local);
    if (value && !names.includes(value)) names.push(value.slice(0, 512));
  }
  return names;
}

export function hasTitle(element: Element): boolean {
  return element.fields.some((f) => (f.local === 'title' || f.local === 'heading') && plainText(f.value, 0).trim() !== '');
}

/** "informative" / "normative" for annexes (as printed under an annex title); undefined elsewhere. */
export function obligation(element: Element, isAnnex = element.names.some((n) => ['annex', 'appendix', 'app'].includes(n))): string | undefined {
  const given = attribute(element, 'obligation', 'normativity', 'annexkind') ?? (isAnnex ? annexType(element) : undefined);
  const value = obligationText(given?.replace(/^.*[:#/]/, ''))?.toLowerCase();
  return value && OBLIGATIONS.has(value) && (isAnnex || value === 'informative') ? value : undefined;
}

/** An STS annex's obligation: its `<annex-type>` ("(informative)"), else its content-type ("inform-annex"). */
function annexType(element: Element): string | undefined {
  const written = textOf(element, new Set([ANNEX_TYPE_KEY]));
  if (written) return written;
  const type = attribute(element, 'contenttype');
  return type && /^(?:(?:inform|norm)(?:ative)?-annex|informative|normative)$/i.test(type) ? type : undefined;
}

/** The fields of an element to flow, in order, without those the element read itself. */
export function restOf(element: Element, consumed: ReadonlySet<string>): FlowItem[] {
  const items: FlowItem[] = [];
  for (const field of element.fields) {
    const { local } = field;
    if (consumed.has(local)) continue;
    if (CONTENT_KEYS.has(local)) items.push({ value: field.value, loose: false });
    else if (local.startsWith('@') || TECHNICAL_KEYS.has(local)) continue;
    else if (TITLE_KEYS.has(local) || NUMBER_KEYS.has(local)) items.push({ value: field.value, loose: false });
    else if (isElementName(local)) items.push({ value: field.value, hint: field.key, loose: false });
    else items.push({ value: field.value, loose: true });
  }
  return items;
}

export function flowOf(element: Element, locals: readonly string[]): FlowItem[] {
  return element.fields.filter((f) => locals.includes(f.local)).map((f) => ({ value: f.value, loose: false }));
}

export function typeNames(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map(localName);
}

export function elementNames(value: JsonObject, hint: string | undefined): string[] {
  if (value['@type'] !== undefined) {
    const names = typeNames(value['@type']);
    if (names.length) return names;
  }
  for (const key of TAG_KEYS) if (typeof value[key] === 'string') return [localName(value[key])];
  if (value.type === 'element' && typeof value.name === 'string') return [localName(value.name)];
  if (hint) return [localName(hint)];
  if (typeof value.type === 'string' && /^[\w:.#/-]{1,60}$/.test(value.type) && roleOf([localName(value.type)])) return [localName(value.type)];
  return [];
}

export function roleFor(names: string[], fields: Field[]): Role | undefined {
  // "term" is a term entry when it is built like one (its parts as keys, or as elements of its content: the
  // real Metanorma nesting), else a word in running text (JATS, HTML).
  if (names.includes('term') && fields.some((f) => TERM_PARTS.has(f.local) || (CONTENT_KEYS.has(f.local) && holdsTermPart(f.value)))) return 'term';
  // A language set or a tig on its own reads as a term entry too.
  if (names.some((n) => n === 'langset' || n === 'tig')) return 'term';
  return roleOf(names);
}

function holdsTermPart(value: unknown): boolean {
  const items = Array.isArray(value) ? value : [value];
  return items.some((item) => isObject(item) && elementNames(item, undefined).some((n) => TERM_PARTS.has(n)));
}

/**
 * The children of an element in order, whether they come under their own keys (`"preferred": {…}`) or as the
 * items of a content array (`"mn:content": [{"@type": "mn:preferred", …}]`): each with the key it sat under
 * when that key names it. Attributes and technical fields are left out.
 */
export function childItems(element: Element, skip: ReadonlySet<string> = NOTHING): FlowItem[] {
  const out: FlowItem[] = [];
  for (const item of restOf(element, skip)) {
    if (Array.isArray(item.value)) for (const v of item.value as unknown[]) out.push({ value: v, hint: item.hint, loose: item.loose });
    else out.push(item);
  }
  return out;
}

/** Element names that are parts of other elements (table rows, list terms, term parts), also recognised as keys. */
const PART_NAMES: ReadonlySet<string> = new Set([
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'row',
  'entry',
  'tgroup',
  'dt',
  'dd',
  'def',
  'defitem',
  'varlistentry',
  'glossentry',
  'glossterm',
  'glossdef',
  'langset',
  'tig',
  'ntig',
  'termgrp',
  'preferred',
  'admitted',
  'deprecates',
  'deprecated',
  'definition',
  'termsource',
  'expression',
  'notes',
  'term',
  'reflist',
  'fngroup',
  'tablewrapfoot',
  'alternatives',
  'where',
  'formattedref',
  'mixedcitation',
  'elementcitation',
  'descrip',
  'termnote',
  'domain',
  'subjectfield',
  'modification',
  'origin',
  'attribution',
]);

export function isElementName(local: string): boolean {
  return roleOf([local]) !== undefined || PART_NAMES.has(local) || isMathName(local);
}

/** `{"@id": "…"}` alone: a link to a node, not content. */
export function isNodeReference(value: JsonObject): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === '@id' || keys[0] === 'id');
}

/** The English (or first) text of a language map `{"en": "…", "fr": "…"}`; undefined when not one. */
export function languageMapText(value: JsonObject): string | undefined {
  const keys = Object.keys(value);
  if (!keys.length || !keys.every((k) => /^(?:[a-z]{2,3}(?:-[A-Za-z0-9]+)*|@none)$/.test(k) && typeof value[k] === 'string')) return undefined;
  const key = keys.find((k) => k === 'en' || k.startsWith('en-')) ?? keys[0];
  return clean(value[key] as string);
}

export function primitiveText(value: unknown, loose: boolean): string | undefined {
  if (typeof value === 'string') return !loose || isProse(value) ? clean(value) : undefined;
  if (typeof value === 'number' && !loose) return String(value);
  return undefined;
}

/** Every prose string of a clause body in order, identifiers and technical fields left out: what the source says. */
export function bodyText(body: unknown): string {
  return plainText(body, 0);
}

/** All text of any JSON value, identifiers and technical fields left out (labels, captions, code). */
export function plainText(value: unknown, depth: number): string {
  if (depth > MAX_DEPTH) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((v) => plainText(v, depth + 1)).join('');
  if (!isObject(value)) return '';
  let text = '';
  for (const [key, field] of Object.entries(value)) {
    const local = localName(key);
    if (CONTENT_KEYS.has(local) || isElementName(local) || TITLE_KEYS.has(local)) text += plainText(field, depth + 1);
    else if (!local.startsWith('@') && !TECHNICAL_KEYS.has(local) && typeof field === 'string' && isProse(field)) text += field;
  }
  return text;
}
