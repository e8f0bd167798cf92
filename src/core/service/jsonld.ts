/**
 * Tolerant readers for what the spec leaves open: list envelopes, totals, next links, JSON-LD values, types,
 * and the Standard and Clause records. Each accepts every reasonable shape and says clearly when nothing fits.
 */
import type { Clause, Standard } from './types';

export type JsonObject = Record<string, unknown>;

const ENVELOPE_KEYS = ['@graph', 'hydra:member', 'member', 'items', 'standards', 'clauses', 'data'] as const;
/** How many envelopes deep a list may sit ({"data": {"items": […]}} is 2). */
const MAX_ENVELOPE_DEPTH = 4;
/** How deep readText follows @value, arrays and language maps; real values need 3 or 4. */
const MAX_VALUE_DEPTH = 16;
/** Context entries read as prefixes, and how long a namespace may be. */
const MAX_PREFIXES = 64;
const MAX_NAMESPACE_LENGTH = 512;
/** Types read per node. */
const MAX_TYPES = 16;
/** Strings longer than this are not matched by any expression here (no URI or tag is this long). */
const MAX_MATCHED_LENGTH = 8192;
/** Bodies nested deeper are refused: the host's JSON.stringify overflows its stack a few thousand levels down. */
export const MAX_JSON_DEPTH = 1000;
const TOTAL_KEYS = ['hydra:totalItems', 'totalItems', 'total', 'count'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The items of a list body, or undefined when the body has no recognisable list. */
export function readItems(body: unknown, depth = 0): unknown[] | undefined {
  if (Array.isArray(body)) return body as unknown[];
  if (!isObject(body) || depth >= MAX_ENVELOPE_DEPTH) return undefined;
  for (const key of ENVELOPE_KEYS) {
    const value = body[key];
    if (Array.isArray(value)) return value as unknown[];
    // Some servers nest the collection once more, e.g. {"data": {"items": [...]}}.
    if (isObject(value)) {
      const inner = readItems(value, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The total number of items the server reports, if it does. */
export function readTotal(body: unknown, depth = 0): number | undefined {
  if (!isObject(body)) return undefined;
  for (const key of TOTAL_KEYS) {
    const value = readNumber(body[key]);
    if (value !== undefined) return value;
  }
  if (depth >= MAX_ENVELOPE_DEPTH) return undefined;
  for (const key of ENVELOPE_KEYS) {
    if (isObject(body[key])) return readTotal(body[key], depth + 1);
  }
  return undefined;
}

/** The next-page link (as given: relative or absolute), if any. */
export function readNext(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const view = body['hydra:view'] ?? body.view;
  const candidates: unknown[] = [
    isObject(view) ? (view['hydra:next'] ?? view.next) : undefined,
    body['hydra:next'],
    body.next,
    isObject(body.links) ? body.links.next : undefined,
    isObject(body._links) ? body._links.next : undefined,
  ];
  for (const candidate of candidates) {
    const link = readLink(candidate);
    if (link) return link;
  }
  return undefined;
}

function readLink(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (isObject(value)) {
    const target = value['@id'] ?? value.href;
    if (typeof target === 'string' && target.trim()) return target.trim();
  }
  return undefined;
}

function readNumber(value: unknown): number | undefined {
  const raw = isObject(value) ? value['@value'] : value;
  if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0) return raw;
  if (typeof raw === 'string' && raw.length <= 32 && /^\d+$/.test(raw.trim())) return Number(raw.trim());
  return undefined;
}

/**
 * A JSON-LD value as plain text: a string, a number, `{"@value": …}`, a language map (English first) or an
 * array of those (the first non-empty, English preferred).
 */
export function readText(value: unknown, language = 'en'): string {
  return textAt(value, language, 0);
}

/** readText, giving up ('' ) below MAX_VALUE_DEPTH so a deeply nested value cannot overflow the stack. */
function textAt(value: unknown, language: string, depth: number): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (depth >= MAX_VALUE_DEPTH) return '';
  if (Array.isArray(value)) {
    const tagged: unknown = (value as unknown[]).find((v) => isObject(v) && typeof v['@language'] === 'string' && sameLanguage(v['@language'], language));
    if (tagged !== undefined) return textAt(tagged, language, depth + 1);
    for (const item of value) {
      const text = textAt(item, language, depth + 1);
      if (text) return text;
    }
    return '';
  }
  if (isObject(value)) {
    if ('@value' in value) return textAt(value['@value'], language, depth + 1);
    if ('@id' in value && Object.keys(value).length === 1) return textAt(value['@id'], language, depth + 1);
    // A language map: {"en": "…", "fr": "…"}.
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every(isLanguageKey)) {
      const preferred = keys.find((k) => sameLanguage(k, language)) ?? keys.find((k) => k === '@none') ?? keys[0];
      return textAt(value[preferred], language, depth + 1);
    }
  }
  return '';
}

function isLanguageKey(key: string): boolean {
  return key === '@none' || (key.length <= 64 && /^[a-z]{2,3}(?:-[A-Za-z0-9]+)*$/.test(key));
}

function sameLanguage(tag: string, language: string): boolean {
  return tag.toLowerCase() === language || tag.toLowerCase().startsWith(`${language}-`);
}

/** The first non-empty text among `keys` of `node`. */
export function firstText(node: JsonObject, keys: readonly string[]): string {
  for (const key of keys) {
    const text = readText(node[key]).trim();
    if (text) return text;
  }
  return '';
}

/** Prefix → namespace from a body's `@context` (object contexts only; remote contexts are not fetched). */
export function readPrefixes(body: unknown): Map<string, string> {
  const prefixes = new Map<string, string>();
  const context = isObject(body) ? body['@context'] : undefined;
  const contexts = Array.isArray(context) ? context.slice(0, MAX_PREFIXES) : [context];
  for (const c of contexts) {
    if (!isObject(c)) continue;
    for (const key in c) {
      // Every type of every item is compared with each prefix: a bounded few keep that linear in the body.
      if (prefixes.size >= MAX_PREFIXES) return prefixes;
      const value = c[key];
      const iri = typeof value === 'string' ? value : isObject(value) && typeof value['@id'] === 'string' ? value['@id'] : undefined;
      if (iri && iri.length <= MAX_NAMESPACE_LENGTH && (iri.endsWith('#') || iri.endsWith('/'))) prefixes.set(key, iri);
    }
  }
  return prefixes;
}

/** `@type` (or `type`) as compact names: a string or an array; full IRIs compacted with the known prefixes. */
export function readTypes(node: JsonObject, prefixes: Map<string, string> = new Map()): string[] {
  const raw = node['@type'] ?? node.type;
  // A node has one to three types; more are ignored so a huge array costs nothing.
  const list = Array.isArray(raw) ? raw.slice(0, MAX_TYPES) : raw === undefined ? [] : [raw];
  const types: string[] = [];
  for (const item of list) {
    const text = readText(item).trim();
    if (!text) continue;
    types.push(compact(text, prefixes));
  }
  return types;
}

function compact(iri: string, prefixes: Map<string, string>): string {
  for (const [prefix, namespace] of prefixes) {
    if (iri.startsWith(namespace) && iri.length > namespace.length) return `${prefix}:${iri.slice(namespace.length)}`;
  }
  // An IRI in a namespace we were not told about: keep "corext:Name" readable when the namespace says corext.
  const match = iri.length <= MAX_MATCHED_LENGTH ? /corext[#/]([A-Za-z][\w-]*)$/.exec(iri) : null;
  return match ? `corext:${match[1]}` : iri;
}

const URN_KEYS = ['@id', 'urn', 'identifier', 'id', 'dcterms:identifier'] as const;
const TITLE_KEYS = ['dcterms:title', 'title', 'name', 'label', 'rdfs:label'] as const;
const REFERENCE_KEYS = ['dcterms:identifier', 'reference', 'designation', 'corext:reference', 'identifier'] as const;

/** A standard record, or undefined when it has no URN. */
export function readStandard(item: unknown): Standard | undefined {
  if (!isObject(item)) return undefined;
  let urn = '';
  for (const key of URN_KEYS) {
    const text = readText(item[key]).trim();
    if (startsAsUrn(text)) {
      urn = text;
      break;
    }
  }
  if (!urn) return undefined;
  const title = firstText(item, TITLE_KEYS);
  let reference: string | undefined;
  for (const key of REFERENCE_KEYS) {
    const text = readText(item[key]).trim();
    if (text && text !== urn && !startsAsUrn(text)) {
      reference = text;
      break;
    }
  }
  return { urn, title, reference, raw: item };
}

/** Whether `text` starts with "urn:" in any case (`/^urn:/i`, without an expression run for every record of a page). */
function startsAsUrn(text: string): boolean {
  return (
    text.length >= 4 &&
    (text.charCodeAt(0) | 0x20) === 0x75 &&
    (text.charCodeAt(1) | 0x20) === 0x72 &&
    (text.charCodeAt(2) | 0x20) === 0x6e &&
    text.charCodeAt(3) === 0x3a
  );
}

/** A clause metadata record, or undefined when it has no `@id`. */
export function readClause(item: unknown, prefixes: Map<string, string> = new Map()): Clause | undefined {
  if (!isObject(item)) return undefined;
  const id = readText(item['@id'] ?? item.id).trim();
  if (!id) return undefined;
  const clauseId = lastSegment(id);
  if (!clauseId) return undefined;
  const clause: Clause = {
    id,
    clauseId,
    types: readTypes(item, prefixes),
    title: firstText(item, TITLE_KEYS),
    raw: item,
  };
  const number = firstText(item, ['corext:number', 'number', 'corext:clauseNumber', 'clauseNumber']);
  if (number) clause.number = number;
  const parent = readText(item['corext:parent'] ?? item.parent).trim();
  if (parent) clause.parent = parent;
  const level = readNumber(item['corext:level'] ?? item.level);
  if (level !== undefined) clause.level = level;
  return clause;
}

/** The last path segment of a URI, without query or fragment, decoded. Linear in the URI's length. */
export function lastSegment(uri: string): string {
  let end = uri.length;
  const query = uri.indexOf('?');
  const fragment = uri.indexOf('#');
  if (query >= 0) end = query;
  if (fragment >= 0 && fragment < end) end = fragment;
  // Trailing slashes dropped by a loop: /\/+$/ backtracks quadratically on a long run of slashes.
  while (end > 0 && uri.charCodeAt(end - 1) === 0x2f) end--;
  const path = uri.slice(0, end);
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * True when a parsed JSON value nests arrays and objects more than `limit` deep (`{"a": 1}` is 1). Walks with
 * an explicit stack, not recursion; a fifth of the time JSON.parse took for the same body.
 */
export function jsonDepthExceeds(root: unknown, limit: number): boolean {
  if (root === null || typeof root !== 'object') return false;
  const values: object[] = [root];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop() as Record<string, unknown> | unknown[];
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    if (Array.isArray(value)) {
      // By index: for…in over an array makes a string of every index (a page of a thousand records, a thousand).
      for (let k = 0; k < value.length; k++) {
        const child: unknown = value[k];
        if (child !== null && typeof child === 'object') {
          values.push(child);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    // for…in, not Object.values: no array per object on a body of a million objects.
    for (const key in value) {
      const child: unknown = value[key];
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
