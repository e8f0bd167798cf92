/** Lists, definition lists, and labelled blocks (notes, examples, admonitions). */
import { isObject } from '../service/jsonld';
import type { Builder } from './builder';
import { type Element, type FlowItem, LABEL_KEY, NOTHING, attribute, elementNames, fieldValue, readElement, restOf, textOf } from './elements';
import { clean, trimFlow } from './flowText';
import { type Block, type Definition, type ListItem, MAX_DEPTH } from './model';
import { ROLES, localName } from './names';
import { TECHNICAL_KEYS, TITLE_KEYS } from './keys';
import { isIdentifier, isProse } from './identifiers';

const CAPTION_LABEL_KEYS: ReadonlySet<string> = new Set(['label', 'name', 'fmtname', 'title']);
const LIST_HEADER_KEYS: ReadonlySet<string> = new Set([...TITLE_KEYS, 'label']);

export function* list(b: Builder, element: Element, out: Block[], depth: number): Generator<void, void> {
  const style = [attribute(element, 'listtype', 'type', 'numeration', 'style', 'liststyletype') ?? '', ...element.names].join(' ').toLowerCase();
  const ordered =
    fieldValue(element, ['ordered']) === true || /\b(?:ol|orderedlist|order|ordered|number|arabic|alpha\w*|roman\w*|decimal|lower\w*|upper\w*)\b/.test(style);
  const items: ListItem[] = [];
  const walk = function* (flow: FlowItem[], level: number): Generator<void, void> {
    for (const item of flow) {
      if (b.tick()) yield;
      if (Array.isArray(item.value)) {
        if (level < MAX_DEPTH)
          yield* walk(
            (item.value as unknown[]).map((v: unknown) => ({ value: v, hint: item.hint, loose: item.loose })),
            level + 1,
          );
        continue;
      }
      if (typeof item.value === 'string' && !item.value.trim()) continue;
      const child = isObject(item.value) ? readElement(item.value, item.hint) : undefined;
      const blocks: Block[] = [];
      let label: string | undefined;
      if (child && (child.role === 'listItem' || child.role === undefined)) {
        label = textOf(child, LABEL_KEY) || undefined;
        yield* b.blocks(restOf(child, LABEL_KEY), blocks, depth + 2);
      } else {
        yield* b.blocks([item], blocks, depth + 2);
      }
      if (blocks.length || label) items.push({ label, blocks });
    }
  };
  yield* walk(restOf(element, LIST_HEADER_KEYS), depth + 1);
  const title = b.titleOf(element, depth);
  if (title.length) out.push({ kind: 'paragraph', content: [{ kind: 'style', style: 'strong', children: title }] });
  out.push({ kind: 'list', ordered, items });
}

/** Definition-list entries: a term (dt, term, glossterm) starts one, a definition (dd, def) completes it. */
export function* definitions(b: Builder, flow: FlowItem[], items: Definition[], depth: number): Generator<void, void> {
  if (depth > MAX_DEPTH) return;
  for (const item of flow) {
    if (b.tick()) yield;
    if (Array.isArray(item.value)) {
      yield* definitions(
        b,
        (item.value as unknown[]).map((v: unknown) => ({ value: v, hint: item.hint, loose: item.loose })),
        items,
        depth + 1,
      );
      continue;
    }
    const names = isObject(item.value) ? elementNames(item.value, item.hint) : item.hint ? [localName(item.hint)] : [];
    const has = (...wanted: string[]): boolean => names.some((n) => wanted.includes(n));
    if (has('dt', 'term', 'glossterm', 'defterm', 'symbol')) {
      items.push({
        term: trimFlow(
          b.inlines(
            [{ value: isObject(item.value) ? restOf(readElement(item.value, item.hint), NOTHING).map((i) => i.value) : item.value, loose: false }],
            depth + 1,
          ),
        ),
        definition: [],
      });
    } else if (has('dd', 'def', 'listitem', 'glossdef', 'definition', 'meaning')) {
      if (!items.length) items.push({ term: [], definition: [] });
      const target = items[items.length - 1].definition;
      if (isObject(item.value)) yield* b.blocks(restOf(readElement(item.value, item.hint), NOTHING), target, depth + 1);
      else yield* b.blocks([{ value: item.value, loose: false }], target, depth + 1);
    } else if (isObject(item.value)) {
      // def-item, varlistentry, glossentry, or a {symbol, meaning} pair: its parts in order.
      const element = readElement(item.value, item.hint);
      yield* definitions(
        b,
        element.fields.filter((f) => !f.local.startsWith('@') && !TECHNICAL_KEYS.has(f.local)).map((f) => ({ value: f.value, hint: f.key, loose: false })),
        items,
        depth + 1,
      );
    } else if (typeof item.value === 'string' && item.value.trim() && (!item.loose || isProse(item.value))) {
      // (A flag under a key we do not know, such as a key list's `key="true"`, is not a definition.)
      if (!items.length) items.push({ term: [], definition: [] });
      items[items.length - 1].definition.push({ kind: 'paragraph', content: [clean(item.value)] });
    }
  }
}

export function* labelled(b: Builder, element: Element, kind: 'note' | 'example' | 'admonition', out: Block[], depth: number): Generator<void, void> {
  const given = textOf(element, CAPTION_LABEL_KEYS);
  const typeName = attribute(element, 'type');
  const fallback =
    kind === 'admonition'
      ? (typeName && !isIdentifier(typeName) ? typeName : (element.names.find((n) => ROLES.admonition.has(n) && n !== 'admonition') ?? 'Note')).toUpperCase()
      : element.names.includes('termnote')
        ? 'Note to entry'
        : kind === 'note'
          ? 'NOTE'
          : 'EXAMPLE';
  const children: Block[] = [];
  const block: Extract<Block, { kind: 'note' | 'example' | 'admonition' }> = { kind, label: given || fallback, children };
  out.push(block);
  yield* b.blocks(restOf(element, CAPTION_LABEL_KEYS), children, depth + 1);
  if (given || kind === 'admonition') return;
  // Older STS writes the label into the text ("NOTE 2 If monitoring…", "Note 1 to entry: …"): it is the label.
  const first = children[0];
  const head = first?.kind === 'paragraph' && typeof first.content[0] === 'string' ? LABEL_IN_TEXT.exec(first.content[0]) : null;
  if (first?.kind === 'paragraph' && head && head[0].length < (first.content[0] as string).length) {
    block.label = head[1].trim();
    first.content = [(first.content[0] as string).slice(head[0].length), ...first.content.slice(1)];
  } else b.implicit.add(block);
}

/** A label at the start of a note's or example's text. */
const LABEL_IN_TEXT = /^\s*((?:NOTE|EXAMPLE)(?:\s+\d+)?|Note\s+\d+\s+to\s+entry:?)(?:\s*[:\u2014-]\s*|\s+)/;
