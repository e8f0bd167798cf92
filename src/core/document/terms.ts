/**
 * Term entries (ISO 10241-1, TBX, Metanorma, NISO STS): designations, domain, definition, examples, notes to
 * entry, source. The parts come under their own keys (`"preferred": {…}`) or as the elements of a content array
 * in document order (`"mn:content": [{"@type": "mn:preferred", …}]`, the real Metanorma nesting
 * `term > preferred > expression > name`); NISO STS nests `term-sec > tbx:termEntry > tbx:langSet > tbx:tig >
 * tbx:term`. Numbers and labels the source leaves out are given by the numbering pass (numbering.ts).
 */
import { isObject } from '../service/jsonld';
import type { Builder } from './builder';
import { type Element, type FlowItem, NOTHING, attribute, childItems, isElementName, plainText, readElement, restOf, textOf } from './elements';
import { clean, trimFlow } from './flowText';
import { labelled } from './lists';
import { type Block, type Inline, MAX_DEPTH, type TermEntry } from './model';
import { localName, roleOf } from './names';
import { CONTENT_KEYS, TECHNICAL_KEYS } from './keys';
import { isProse } from './identifiers';
import { localityText } from './inline';

const TERM_NUMBER_KEYS: ReadonlySet<string> = new Set(['number', 'label', 'termnumber', 'fmtname']);
/** Parts of a designation that say how it is used, not what it is: grammar, pronunciation, its own source. */
const DESIGNATION_SKIP: ReadonlySet<string> = new Set([
  'grammar',
  'abbreviationtype',
  'pronunciation',
  'source',
  'termsource',
  'partofspeech',
  'normativeauthorization',
  'administrativestatus',
  'termtype',
  'gender',
  'geographicarea',
  'absent',
  'isinternational',
]);
/** A designation's field of application or usage note, shown after it in angle brackets. */
const DESIGNATION_QUALIFIERS: ReadonlySet<string> = new Set(['fieldofapplication', 'usageinfo']);
const STATUS_PARTS: ReadonlySet<string> = new Set(['normativeauthorization', 'administrativestatus']);
const ENTRY_GROUPS: ReadonlySet<string> = new Set(['langset', 'tig', 'ntig', 'termgrp', 'langsec', 'termentry', 'termsec', 'conceptentry']);
/** Source statuses printed after the origin (ISO prints "modified" for adapted text too). */
const MODIFIED_STATUSES: ReadonlySet<string> = new Set(['modified', 'adapted']);

export function* term(b: Builder, element: Element, out: Block[], depth: number): Generator<void, void> {
  const number = textOf(element, TERM_NUMBER_KEYS);
  const entry: TermEntry = {
    kind: 'term',
    number: number && /\d/.test(number) && number.length <= 20 ? number : undefined,
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
  if (!entry.number) b.implicit.add(entry);
  b.termDepth++;
  try {
    yield* termParts(b, element, entry, out, depth + 1);
  } finally {
    b.termDepth--;
  }
}

/** Reads the parts of `element` into `entry`; a term nested in it (a sub-entry) goes to `out` after it. */
function* termParts(b: Builder, element: Element, entry: TermEntry, out: Block[], depth: number): Generator<void, void> {
  if (depth > MAX_DEPTH) return;
  // A TBX tig/ntig: its term's status is given beside it.
  const status = termStatus(element);
  for (const field of element.fields) {
    const { local, value, key } = field;
    if (TERM_NUMBER_KEYS.has(local) || local.startsWith('@') || (TECHNICAL_KEYS.has(local) && !CONTENT_KEYS.has(local))) continue;
    if (CONTENT_KEYS.has(local) || !PART_OF.has(local)) {
      // Parts as the elements of a content array (real Metanorma), or keys we do not know: each by its own name.
      for (const item of Array.isArray(value) ? value : [value]) {
        if (b.tick()) yield;
        if (isObject(item)) yield* part(b, readElement(item, CONTENT_KEYS.has(local) ? undefined : key), entry, out, status, depth + 1);
        else if ((typeof item === 'string' || typeof item === 'number') && String(item).trim() && (CONTENT_KEYS.has(local) || isElementName(local)))
          entry.definition.push({ kind: 'paragraph', content: [clean(String(item)).trim()] });
        else if (typeof item === 'string' && isProse(item)) entry.definition.push({ kind: 'paragraph', content: [clean(item).trim()] });
      }
      continue;
    }
    // A part under its own key ("preferred": …, "termsource": [text, ref, text]): the whole value is that part.
    const kind = PART_OF.get(local) as PartKind;
    if (kind === 'source') {
      addSource(entry, isObject(value) ? sourceOf(b, readElement(value, key), depth + 1) : b.inlines([{ value, loose: false }], depth + 1));
      continue;
    }
    if (kind === 'domain' && !isObject(value)) {
      entry.domain.push(...trimFlow(b.inlines([{ value, loose: false }], depth + 1)));
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isObject(item)) yield* part(b, readElement(item, key), entry, out, status, depth + 1, local);
      else if ((typeof item === 'string' || typeof item === 'number') && String(item).trim()) textPart(entry, local, clean(String(item)).trim(), status);
    }
  }
}

/** One part of a term entry, by the name it has (or the key it came under). */
function* part(
  b: Builder,
  element: Element,
  entry: TermEntry,
  out: Block[],
  status: TermStatus | undefined,
  depth: number,
  key?: string,
): Generator<void, void> {
  const name = element.names.find((n) => PART_NAMES.has(n)) ?? key ?? element.names[0] ?? '';
  // A term built like an entry inside an entry is a sub-entry (Metanorma), not a designation (TBX `tbx:term`).
  switch (element.role === 'term' && element.names.includes('term') ? 'entry' : (PART_OF.get(name) ?? (element.role === 'term' ? 'entry' : undefined))) {
    case 'designation':
      entry[designationKind(name, status, entry)].push(designation(b, element, depth + 1));
      break;
    case 'domain':
      entry.domain.push(...trimFlow(b.inlines(restOf(element, NOTHING), depth + 1)));
      break;
    case 'definition': {
      const type = attribute(element, 'type') ?? '';
      if (name !== 'descrip' || /definition/i.test(type)) yield* b.blocks(restOf(element, NOTHING), entry.definition, depth + 1);
      else if (/subject/i.test(type)) entry.domain.push(...trimFlow(b.inlines(restOf(element, NOTHING), depth + 1)));
      break;
    }
    case 'note':
      // TBX writes a term's status as a termNote ("preferredTerm-admn-sts"): read by termStatus, not a note.
      if (
        isStatusText(
          plainText(
            restOf(element, NOTHING).map((i) => i.value),
            0,
          ),
        )
      )
        break;
      if (roleOf(element.names) === 'note' && !element.names.includes('termnote') && !element.names.includes('note'))
        yield* b.block(element, entry.notes, depth + 1);
      else yield* labelled(b, { ...element, names: ['termnote', ...element.names] }, 'note', entry.notes, depth + 1);
      break;
    case 'example':
      yield* labelled(b, { ...element, names: ['termexample', ...element.names] }, 'example', entry.examples, depth + 1);
      break;
    case 'source':
      addSource(entry, sourceOf(b, element, depth + 1));
      break;
    case 'status':
    case 'skip':
      break;
    case 'group':
      yield* termParts(b, element, entry, out, depth + 1);
      break;
    case 'entry': {
      // A sub-entry (Metanorma nests terms 3.1 → 3.1.1): its own entry, after this one.
      const at = out.length;
      yield* term(b, element, out, depth + 1);
      const child = out[at];
      if (child?.kind === 'term') b.termParent.set(child, entry);
      break;
    }
    default:
      yield* b.block(element, entry.definition, depth + 1);
  }
}

/** A part given as plain text under its key. */
function textPart(entry: TermEntry, local: string, text: string, status: TermStatus | undefined): void {
  switch (PART_OF.get(local)) {
    case 'designation':
      entry[designationKind(local, status, entry)].push([text]);
      break;
    case 'domain':
      entry.domain.push(text);
      break;
    case 'note':
      if (!isStatusText(text)) entry.notes.push(plainNote('note', text));
      break;
    case 'example':
      entry.examples.push(plainNote('example', text));
      break;
    case 'definition':
      entry.definition.push({ kind: 'paragraph', content: [text] });
      break;
    default:
      break;
  }
}

function isStatusText(text: string): boolean {
  return (
    /^\s*(?:preferred|admitted|deprecated|superseded)Term\b/i.test(text) || /^\s*(?:preferred|admitted|deprecated|superseded)term-admn-sts\s*$/i.test(text)
  );
}

type PartKind = 'designation' | 'domain' | 'definition' | 'note' | 'example' | 'source' | 'status' | 'skip' | 'group' | 'entry';

const PART_OF = new Map<string, PartKind>([
  ...['preferred', 'admitted', 'deprecates', 'deprecated', 'deprecatedterm', 'term', 'designation', 'expression', 'lettersymbol', 'graphicalsymbol'].map(
    (n) => [n, 'designation'] as const,
  ),
  ...['domain', 'subjectfield'].map((n) => [n, 'domain'] as const),
  ...['definition', 'verbaldefinition', 'nonverbalrepresentation', 'def', 'descrip'].map((n) => [n, 'definition'] as const),
  ...['termnote', 'note', 'notes', 'notetoentry'].map((n) => [n, 'note'] as const),
  ...['termexample', 'example', 'examples'].map((n) => [n, 'example'] as const),
  ...['termsource', 'source', 'origin', 'admin'].map((n) => [n, 'source'] as const),
  ...['normativeauthorization', 'administrativestatus', 'partofspeech', 'termtype'].map((n) => [n, 'status'] as const),
  // Related terms are not printed in ISO's layout; a subject is a classification, not text.
  ...['related', 'subject', 'grammar', 'xreftext'].map((n) => [n, 'skip'] as const),
  ...[...ENTRY_GROUPS].map((n) => [n, 'group'] as const),
]);
const PART_NAMES: ReadonlySet<string> = new Set(PART_OF.keys());

function designationKind(name: string, status: TermStatus | undefined, entry: TermEntry): TermStatus {
  if (name === 'preferred') return 'preferred';
  if (name === 'admitted') return 'admitted';
  if (name === 'deprecates' || name === 'deprecated' || name === 'deprecatedterm') return 'deprecated';
  // A bare designation (TBX tig/tbx:term): its status beside it, else the first is preferred.
  return status ?? (entry.preferred.length ? 'admitted' : 'preferred');
}

/** A designation's text: the name in its expression or letter symbol, qualifiers after it in angle brackets. */
function designation(b: Builder, element: Element, depth: number): Inline[] {
  const text: Inline[] = [];
  const qualifiers: Inline[][] = [];
  const visit = (items: FlowItem[], level: number): void => {
    if (level > MAX_DEPTH) return;
    for (const item of items) {
      if (Array.isArray(item.value)) {
        visit(
          (item.value as unknown[]).map((v) => ({ value: v, hint: item.hint, loose: item.loose })),
          level + 1,
        );
        continue;
      }
      if (!isObject(item.value)) {
        const hint = item.hint ? localName(item.hint) : '';
        if (DESIGNATION_SKIP.has(hint) || STATUS_PARTS.has(hint)) continue;
        if (DESIGNATION_QUALIFIERS.has(hint)) qualifiers.push([clean(String(item.value)).trim()]);
        else text.push(...b.inlines([item], level + 1));
        continue;
      }
      const child = readElement(item.value, item.hint);
      if (child.names.some((n) => DESIGNATION_SKIP.has(n) || STATUS_PARTS.has(n))) continue;
      if (child.names.some((n) => DESIGNATION_QUALIFIERS.has(n))) qualifiers.push(trimFlow(b.inlines(restOf(child, NOTHING), level + 1)));
      else if (child.role && child.role !== 'term' && child.role !== 'figure') text.push(...b.inlineElement(child, level + 1));
      else visit(restOf(child, NOTHING), level + 1);
    }
  };
  visit(restOf(element, NOTHING), depth);
  const flow = trimFlow(text);
  for (const qualifier of qualifiers) if (qualifier.length) flow.push(', <', ...qualifier, '>');
  return flow;
}

type TermStatus = 'preferred' | 'admitted' | 'deprecated';

export function termStatus(element: Element): TermStatus | undefined {
  for (const field of element.fields) {
    if (!STATUS_PARTS.has(field.local) && field.local !== 'termnote') continue;
    const value = (isObject(field.value) ? plainText(field.value, 0) : String(field.value)).toLowerCase();
    if (field.local === 'termnote' && !/^\s*(?:preferred|admitted|deprecated|superseded)term/.test(value)) continue;
    if (value.includes('deprecated') || value.includes('superseded')) return 'deprecated';
    if (value.includes('admitted')) return 'admitted';
    if (value.includes('preferred')) return 'preferred';
  }
  for (const item of childItems(element)) {
    if (!isObject(item.value)) continue;
    const child = readElement(item.value, item.hint);
    if (child.names.some((n) => STATUS_PARTS.has(n)))
      return termStatus({
        ...child,
        fields: [{ key: 'status', local: 'normativeauthorization', value: plainText(item.value, 0) || attribute(child, 'value') || '' }],
      });
  }
  return undefined;
}

function plainNote(kind: 'note' | 'example', text: string): Block {
  return { kind, label: kind === 'note' ? 'Note to entry' : 'EXAMPLE', children: [{ kind: 'paragraph', content: [clean(text).trim()] }] };
}

function addSource(entry: TermEntry, source: Inline[]): void {
  const flow = trimFlow(source);
  if (!flow.length) return;
  if (entry.source.length) entry.source.push('; ');
  entry.source.push(...flow);
}

/**
 * A term's source as ISO prints it: the origin with its locality ("ISO 7301:2011, 3.1"), ", modified" when the
 * status says so, then " — " and the modification. Sources given as prose keep their words.
 */
export function sourceOf(b: Builder, element: Element, depth: number): Inline[] {
  const out: Inline[] = [];
  const status = (attribute(element, 'status') ?? '').toLowerCase();
  let modification: Inline[] = [];
  const names = element.names;
  if (names.includes('origin')) return origin(b, element, depth);
  for (const item of childItems(element)) {
    const name = item.hint ? localName(item.hint) : '';
    const child = isObject(item.value) ? readElement(item.value, item.hint) : undefined;
    const names = name ? [name, ...(child?.names ?? [])] : (child?.names ?? []);
    if (names.includes('origin') && child) out.push(...origin(b, child, depth + 1));
    else if (names.includes('modification')) {
      const blocks: Block[] = [];
      if (child) runBlocks(b, restOf(child, NOTHING), blocks, depth + 1);
      else blocks.push({ kind: 'paragraph', content: [clean(String(item.value))] });
      modification = blocks.flatMap((block, i) => [...(i ? [' '] : []), ...(block.kind === 'paragraph' ? block.content : [])]);
    } else if (names.some((n) => ['termsource', 'source'].includes(n)) && child) {
      if (out.length) out.push('; ');
      out.push(...sourceOf(b, child, depth + 1));
    } else out.push(...b.inlines([item], depth + 1));
  }
  if (
    MODIFIED_STATUSES.has(status) &&
    !/modified/i.test(
      plainText(
        out.filter((i) => typeof i === 'string'),
        0,
      ),
    )
  )
    out.push(', modified');
  if (modification.length) out.push(MODIFIED_STATUSES.has(status) || !status ? ' — ' : ', ', ...trimFlow(modification));
  return trimFlow(out);
}

/** The origin of a term source: a citation of a standard with its locality, as a link. */
function origin(b: Builder, element: Element, depth: number): Inline[] {
  const text = b.inlineElement({ ...element, role: element.role === 'xref' ? 'xref' : 'standardRef' }, depth + 1);
  if (text.length) return text;
  const locality = localityText(element);
  return locality ? [locality] : [];
}

function runBlocks(b: Builder, items: FlowItem[], out: Block[], depth: number): void {
  const steps = b.blocks(items, out, depth);
  for (let step = steps.next(); !step.done; step = steps.next());
}
