/** Term entries (ISO 10241, TBX, Metanorma): designations, definition, notes, examples, source. */
import { isObject } from '../service/jsonld';
import type { Builder } from './builder';
import { type Element, NOTHING, attribute, elementNames, isElementName, plainText, readElement, restOf, textOf } from './elements';
import { clean, trimFlow } from './flowText';
import { labelled } from './lists';
import { type Block, type Inline, MAX_DEPTH, type TermEntry } from './model';
import { roleOf } from './names';
import { CONTENT_KEYS, TECHNICAL_KEYS } from './keys';

const TERM_NUMBER_KEYS: ReadonlySet<string> = new Set(['number', 'label', 'termnumber']);
const DESIGNATION_ATTRIBUTES: ReadonlySet<string> = new Set(['type', 'language']);
const SOURCE_ATTRIBUTES: ReadonlySet<string> = new Set(['type', 'status']);

export function* term(b: Builder, element: Element, out: Block[], depth: number): Generator<void, void> {
  const entry: TermEntry = {
    kind: 'term',
    number: textOf(element, TERM_NUMBER_KEYS) || undefined,
    preferred: [],
    admitted: [],
    deprecated: [],
    domain: [],
    definition: [],
    notes: [],
    examples: [],
    source: [],
  };
  out.push(entry);
  yield* termParts(b, element, entry, depth + 1);
}

export function* termParts(b: Builder, element: Element, entry: TermEntry, depth: number): Generator<void, void> {
  if (depth > MAX_DEPTH) return;
  // A TBX tig/ntig: its term's status is given beside it.
  const status = termStatus(element);
  for (const field of element.fields) {
    const { local, value, key } = field;
    if (['number', 'label', 'termnumber'].includes(local) || local.startsWith('@') || ['normativeauthorization', 'administrativestatus'].includes(local))
      continue;
    // TBX: a termNote that gives the term's status, read by termStatus.
    if (local === 'termnote' && /^\s*(preferred|admitted|deprecated|superseded)Term/i.test(plainText(value, 0))) continue;
    if (['source', 'termsource', 'origin', 'admin'].includes(local)) {
      if (entry.source.length) entry.source.push('; ');
      entry.source.push(...trimFlow(sourceOf(b, value, key, depth + 1)));
      continue;
    }
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const names = isObject(item) ? elementNames(item, key) : [local];
      const has = (...wanted: string[]): boolean => names.some((n) => wanted.includes(n)) || wanted.includes(local);
      if (has('preferred', 'term', 'designation', 'expression')) {
        const designation = trimFlow(
          b.inlines([{ value: isObject(item) ? restOf(readElement(item, key), DESIGNATION_ATTRIBUTES).map((i) => i.value) : item, loose: false }], depth + 1),
        );
        if (!designation.length) continue;
        const kind = has('preferred') ? 'preferred' : (status ?? (entry.preferred.length ? 'admitted' : 'preferred'));
        entry[kind].push(designation);
      } else if (has('admitted')) {
        entry.admitted.push(trimFlow(b.inlines([{ value: designationOf(item, key), loose: false }], depth + 1)));
      } else if (has('deprecates', 'deprecated', 'deprecatedterm')) {
        entry.deprecated.push(trimFlow(b.inlines([{ value: designationOf(item, key), loose: false }], depth + 1)));
      } else if (
        has('definition', 'verbaldefinition', 'def') ||
        (has('descrip') && /definition/i.test(isObject(item) ? (attribute(readElement(item, key), 'type') ?? '') : ''))
      ) {
        yield* b.blocks(isObject(item) ? restOf(readElement(item, key), NOTHING) : [{ value: item, loose: false }], entry.definition, depth + 1);
      } else if (has('note', 'notes', 'termnote', 'notetoentry')) {
        if (isObject(item) && roleOf(elementNames(item, undefined)) === 'note') yield* b.block(readElement(item, undefined), entry.notes, depth + 1);
        else if (isObject(item)) yield* labelled(b, readElement(item, 'termnote'), 'note', entry.notes, depth + 1);
        else if (typeof item === 'string' && item.trim())
          entry.notes.push({ kind: 'note', label: 'Note to entry', children: [{ kind: 'paragraph', content: [clean(item)] }] });
      } else if (has('example', 'examples', 'termexample')) {
        if (isObject(item)) yield* labelled(b, readElement(item, 'example'), 'example', entry.examples, depth + 1);
        else if (typeof item === 'string' && item.trim())
          entry.examples.push({ kind: 'example', label: 'EXAMPLE', children: [{ kind: 'paragraph', content: [clean(item)] }] });
      } else if (has('source', 'termsource', 'origin', 'admin')) {
        if (entry.source.length) entry.source.push('; ');
        entry.source.push(...trimFlow(sourceOf(b, item, key, depth + 1)));
      } else if (has('domain', 'subjectfield')) {
        entry.domain.push(...trimFlow(b.inlines([{ value: item, loose: false }], depth + 1)));
      } else if (has('langset', 'tig', 'ntig', 'termgrp', 'langsec', 'termentry', 'termsec', 'conceptentry') && isObject(item)) {
        yield* termParts(b, readElement(item, key), entry, depth + 1);
      } else if (CONTENT_KEYS.has(local) && isObject(item)) {
        const inner = readElement(item, undefined);
        if (inner.role === 'term' || inner.names.some((n) => ['langset', 'tig', 'ntig', 'termgrp'].includes(n))) yield* termParts(b, inner, entry, depth + 1);
        else yield* b.block(inner, entry.definition, depth + 1);
      } else if (!TECHNICAL_KEYS.has(local) || CONTENT_KEYS.has(local)) {
        yield* b.blocks(
          [{ value: item, hint: isElementName(local) ? key : undefined, loose: !CONTENT_KEYS.has(local) && !isElementName(local) }],
          entry.definition,
          depth + 1,
        );
      }
    }
  }
}

export function termStatus(element: Element): 'preferred' | 'admitted' | 'deprecated' | undefined {
  for (const field of element.fields) {
    if (!['normativeauthorization', 'administrativestatus', 'termnote'].includes(field.local)) continue;
    const value = (isObject(field.value) ? plainText(field.value, 0) : String(field.value)).toLowerCase();
    if (field.local === 'termnote' && !/^\s*(preferred|admitted|deprecated|superseded)term/.test(value)) continue;
    if (value.includes('deprecated') || value.includes('superseded')) return 'deprecated';
    if (value.includes('admitted')) return 'admitted';
    if (value.includes('preferred')) return 'preferred';
  }
  return undefined;
}

export function designationOf(item: unknown, key: string): unknown {
  return isObject(item) ? restOf(readElement(item, key), DESIGNATION_ATTRIBUTES).map((i) => i.value) : item;
}

/** A term's source: text, and references to standards as links. */
export function sourceOf(b: Builder, item: unknown, key: string, depth: number): Inline[] {
  if (Array.isArray(item))
    return item.flatMap((part, i) =>
      i && isObject(part) && readElement(part, key).names.some((n) => n === 'termsource' || n === 'source')
        ? ['; ', ...sourceOf(b, part, key, depth + 1)]
        : sourceOf(b, part, key, depth + 1),
    );
  if (!isObject(item)) return b.inlines([{ value: item, loose: false }], depth);
  const element = readElement(item, key);
  const out: Inline[] = [];
  for (const field of element.fields) {
    if (field.local === 'origin' && isObject(field.value))
      out.push(...b.inlineElement({ ...readElement(field.value, 'eref'), role: 'standardRef' }, depth + 1));
    else if (field.local === 'modification') out.push(', modified — ', ...trimFlow(b.inlines([{ value: field.value, loose: false }], depth + 1)));
    else out.push(...b.inlines(restOf({ ...element, fields: [field] }, SOURCE_ATTRIBUTES), depth + 1));
  }
  return out;
}
