/**
 * Tolerant readers for what the spec leaves open: list envelopes, totals, next links, JSON-LD values, types,
 * and the Standard and Clause records. Each accepts every reasonable shape and says clearly when nothing fits.
 */
import type { Clause, Standard } from './types';

export type JsonObject = Record<string, unknown>;

const ENVELOPE_KEYS = ['@graph', 'hydra:member', 'member', 'items', 'standards', 'clauses', 'data'] as const;
const TOTAL_KEYS = ['hydra:totalItems', 'totalItems', 'total', 'count'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The items of a list body, or undefined when the body has no recognisable list. */
export function readItems(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  for (const key of ENVELOPE_KEYS) {
    const value = body[key];
    if (Array.isArray(value)) return value;
    // Some servers nest the collection once more, e.g. {"data": {"items": [...]}}.
    if (isObject(value)) {
      const inner = readItems(value);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The total number of items the server reports, if it does. */
export function readTotal(body: unknown): number | undefined {
  if (!isObject(body)) return undefined;
  for (const key of TOTAL_KEYS) {
    const value = readNumber(body[key]);
    if (value !== undefined) return value;
  }
  for (const key of ENVELOPE_KEYS) {
    if (isObject(body[key])) return readTotal(body[key]);
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
  if (typeof raw === 'string' && /^\d+$/.test(raw.trim())) return Number(raw.trim());
  return undefined;
}

/**
 * A JSON-LD value as plain text: a string, a number, `{"@value": …}`, a language map (English first) or an
 * array of those (the first non-empty, English preferred).
 */
export function readText(value: unknown, language = 'en'): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const tagged = value.find((v) => isObject(v) && typeof v['@language'] === 'string' && sameLanguage(v['@language'], language));
    if (tagged !== undefined) return readText(tagged, language);
    for (const item of value) {
      const text = readText(item, language);
      if (text) return text;
    }
    return '';
  }
  if (isObject(value)) {
    if ('@value' in value) return readText(value['@value'], language);
    if ('@id' in value && Object.keys(value).length === 1) return readText(value['@id'], language);
    // A language map: {"en": "…", "fr": "…"}.
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.every((k) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*$|^@none$/.test(k))) {
      const preferred = keys.find((k) => sameLanguage(k, language)) ?? keys.find((k) => k === '@none') ?? keys[0];
      return readText(value[preferred], language);
    }
  }
  return '';
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
  const contexts = Array.isArray(context) ? context : [context];
  for (const c of contexts) {
    if (!isObject(c)) continue;
    for (const [key, value] of Object.entries(c)) {
      const iri = typeof value === 'string' ? value : isObject(value) && typeof value['@id'] === 'string' ? value['@id'] : undefined;
      if (iri && /[#/]$/.test(iri)) prefixes.set(key, iri);
    }
  }
  return prefixes;
}

/** `@type` (or `type`) as compact names: a string or an array; full IRIs compacted with the known prefixes. */
export function readTypes(node: JsonObject, prefixes: Map<string, string> = new Map()): string[] {
  const raw = node['@type'] ?? node.type;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
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
  const match = /corext[#/]([A-Za-z][\w-]*)$/.exec(iri);
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
    if (/^urn:/i.test(text)) {
      urn = text;
      break;
    }
  }
  if (!urn) return undefined;
  const title = firstText(item, TITLE_KEYS);
  let reference: string | undefined;
  for (const key of REFERENCE_KEYS) {
    const text = readText(item[key]).trim();
    if (text && text !== urn && !/^urn:/i.test(text)) {
      reference = text;
      break;
    }
  }
  return { urn, title, reference, raw: item };
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

/** The last path segment of a URI, without query or fragment, decoded. */
export function lastSegment(uri: string): string {
  const path = uri.split(/[?#]/)[0].replace(/\/+$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
