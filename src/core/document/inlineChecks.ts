export const FOOTNOTE_GROUP = 'fngroup';

/** Whether values and elements belong in running text: cheap checks made before flowing them. */
import { type JsonObject, isObject } from '../service/jsonld';
import { type Element, elementNames, isNodeReference, languageMapText, readElement, typeNames } from './elements';
import { INLINE_ROLES, type Role, localName, roleOf } from './names';
import { CONTENT_KEYS, TECHNICAL_KEYS } from './keys';

/** A cheap check that a value is running text: strings, and elements typed with an inline role (no lookahead). */
export function isPlainInline(value: unknown, hint: string | undefined, depth: number): boolean {
  if (typeof value === 'string' || typeof value === 'number')
    return !hint || INLINE_ROLES.has(roleOf([localName(hint)]) as Role) || roleOf([localName(hint)]) === undefined;
  if (Array.isArray(value)) return depth < 4 && value.length <= 1000 && value.every((v) => isPlainInline(v, hint, depth + 1));
  if (!isObject(value) || value['@type'] === undefined) return false;
  const role = roleOf(typeNames(value['@type']));
  return role !== undefined && INLINE_ROLES.has(role) && role !== 'footnote';
}

/** Whether an array under an element key is that element's mixed content: strings and inline elements. */
export function isMixedContent(value: unknown[], hint: string): boolean {
  const role = roleOf([localName(hint)]);
  if (!(role === 'paragraph' || role === 'heading' || (role && INLINE_ROLES.has(role)))) return false;
  if (!value.some((v) => typeof v === 'string')) return false;
  return value.every(
    (v) =>
      typeof v === 'string' ||
      typeof v === 'number' ||
      (isObject(v) && INLINE_ROLES.has(roleOf(elementNames(v, undefined)) as Role)) ||
      (isObject(v) && Object.keys(v).length === 1 && INLINE_ROLES.has(roleOf([localName(Object.keys(v)[0])]) as Role)),
  );
}

/** Whether an element belongs in running text: an inline role, or unknown with only inline content. */
export function isInlineElement(element: Element): boolean {
  if (element.role) return INLINE_ROLES.has(element.role);
  // STS `<fn-group>`: the footnotes' bodies, whose markers are in the text already.
  if (element.names.includes(FOOTNOTE_GROUP)) return false;
  if (element.fields.some((f) => f.local === 'title' || f.local === 'heading')) return false;
  return element.fields.every(
    (f) => ((f.local.startsWith('@') || TECHNICAL_KEYS.has(f.local)) && !CONTENT_KEYS.has(f.local)) || isInlineValue(f.value, 1, f.key),
  );
}

export function isInlineValue(value: unknown, depth: number, hint?: string): boolean {
  if (value === null || typeof value !== 'object') {
    const role = hint ? roleOf([localName(hint)]) : undefined;
    return !role || INLINE_ROLES.has(role);
  }
  if (depth > 3) return false;
  if (Array.isArray(value)) return value.length <= 200 && value.every((v) => isInlineValue(v, depth + 1, hint));
  const object = value as JsonObject;
  if (isNodeReference(object) || languageMapText(object) !== undefined) return true;
  return isInlineElementShallow(readElement(object, hint), depth);
}

export function isInlineElementShallow(element: Element, depth: number): boolean {
  if (element.role) return INLINE_ROLES.has(element.role);
  if (element.fields.some((f) => f.local === 'title' || f.local === 'heading')) return false;
  return element.fields.every(
    (f) => ((f.local.startsWith('@') || TECHNICAL_KEYS.has(f.local)) && !CONTENT_KEYS.has(f.local)) || isInlineValue(f.value, depth + 1, f.key),
  );
}
