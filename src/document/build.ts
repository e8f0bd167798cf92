/**
 * Clause JSON → ClauseDocument. Every object is read as an element: its names come from `@type` (a set: order
 * and prefixes do not matter), else the key it sat under, else a tag field; its role from those names
 * (names.ts). Fields are content (flowed in order), titles/numbers/labels (read by the element), technical
 * (dropped) or unknown (flowed: prose shows, identifiers and flags do not). Block conversion is a generator
 * that yields every few hundred elements, so a caller can spread a multi-megabyte body over time slices;
 * nesting deeper than MAX_DEPTH becomes a `tooDeep` block, so no body can exhaust the stack.
 */
import { stripBidiControls } from '../service/displayText';
import { isObject, type JsonObject } from '../service/jsonld';
import { isMathMarkup, isMathName, mathFromJson, mathFromMarkup } from './mathml';
import {
  MAX_DEPTH,
  TOO_DEEP_TEXT,
  type Block,
  type Cell,
  type ClauseDocument,
  type Definition,
  type Footnote,
  type Image,
  type Inline,
  type InlineElement,
  type InlineStyle,
  type LinkTarget,
  type ListItem,
  type Math,
  type Row,
  type TermEntry,
} from './model';
import {
  CONTENT_KEYS,
  INLINE_ROLES,
  NUMBER_KEYS,
  ROLES,
  TECHNICAL_KEYS,
  TITLE_KEYS,
  isClauseUrl,
  isIdentifier,
  isProse,
  isUrn,
  localName,
  roleOf,
  type Role,
} from './names';

interface Field {
  key: string;
  local: string;
  value: unknown;
}

/** One JSON object read as an element. */
interface Element {
  names: string[];
  role?: Role;
  fields: Field[];
}

/** A value to flow, with the key it sat under when that key names an element, and whether it is loose. */
interface FlowItem {
  value: unknown;
  hint?: string;
  /** Under a key we do not know: only prose strings show. */
  loose: boolean;
}

const TAG_KEYS = ['tag', 'tagName', 'nodeName', 'localName', 'elementName'];
const YIELD_EVERY = 64;
const NOTHING: ReadonlySet<string> = new Set();
const ATTRIBUTE_BAGS: ReadonlySet<string> = new Set(['$', '@attributes', '_attributes', 'attributes', 'attrs']);
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
const HEADER_KEYS: ReadonlySet<string> = new Set([...TITLE_KEYS, ...NUMBER_KEYS]);
const OBLIGATIONS: ReadonlySet<string> = new Set(['normative', 'informative']);
const ID_KEYS: ReadonlySet<string> = new Set(['@id', 'id', 'urn']);
const IDENTIFIER_KEYS: ReadonlySet<string> = new Set(['identifier', 'reference']);
const ATTRIBUTION_KEYS: ReadonlySet<string> = new Set(['attribution', 'source', 'author']);
const LABEL_KEY: ReadonlySet<string> = new Set(['label']);
const LIST_HEADER_KEYS: ReadonlySet<string> = new Set([...TITLE_KEYS, 'label']);
const CAPTION_LABEL_KEYS: ReadonlySet<string> = new Set(['label', 'name', 'fmtname', 'title']);
const TERM_NUMBER_KEYS: ReadonlySet<string> = new Set(['number', 'label', 'termnumber']);
const DESIGNATION_ATTRIBUTES: ReadonlySet<string> = new Set(['type', 'language']);
const SOURCE_ATTRIBUTES: ReadonlySet<string> = new Set(['type', 'status']);
const FORMULA_LABEL_KEYS: ReadonlySet<string> = new Set(['label', 'number', 'name']);
const FIGURE_HEADER_KEYS: ReadonlySet<string> = new Set(['label', 'caption', 'title', 'name', 'fmtname', 'alt']);
const FOOTNOTE_MARKER_KEYS: ReadonlySet<string> = new Set(['reference', 'label', 'marker', 'number', 'symbol']);
const INLINE_LABEL_KEYS: ReadonlySet<string> = new Set([...NUMBER_KEYS, 'citeas', 'title']);
const LINK_LABEL_KEYS: ReadonlySet<string> = new Set([...NUMBER_KEYS, 'citeas', 'title', 'locality', 'localitystack']);
const TERM_PARTS: ReadonlySet<string> = new Set([
  'preferred',
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

/** Builds the whole model at once (tests, the text view, hovers). */
export function buildDocument(body: unknown): ClauseDocument {
  const steps = documentSteps(body);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * Builds the model in slices of about `sliceMs`, yielding to the event loop between them (the clause page:
 * never blocks for long, whatever the body's size).
 */
export async function buildDocumentSliced(body: unknown, sliceMs = 12, isCancelled: () => boolean = () => false): Promise<ClauseDocument | undefined> {
  const steps = documentSteps(body);
  for (;;) {
    // Yield first: the caller has usually just parsed the body, one long task already.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    if (isCancelled()) return undefined;
    const end = performance.now() + sliceMs;
    let step = steps.next();
    while (!step.done && performance.now() < end) step = steps.next();
    if (step.done) return step.value;
  }
}

/** The builder as a generator: each `yield` is a point where the caller may pause. */
export function* documentSteps(body: unknown): Generator<void, ClauseDocument> {
  return yield* new Builder().document(body);
}

class Builder {
  private work = 0;
  private footnoteCount = 0;
  private readonly footnotes: Footnote[] = [];
  /** Citations to resolve once every bibliography entry is known: bibliography anchor → links waiting. */
  private readonly citations: Array<{ link: { target: LinkTarget }; anchor: string }> = [];
  private readonly bibliography = new Map<string, string>();
  /** Anchors on this page → the block, to name cross-references that come without text. */
  private readonly anchors = new Map<string, Block>();
  private readonly unnamed: InlineElement[] = [];

  *document(body: unknown): Generator<void, ClauseDocument> {
    const document: ClauseDocument = { title: '', blocks: [], footnotes: this.footnotes };
    let root = body;
    // Expanded or flattened JSON-LD: the clause as the one node of an array or of @graph.
    if (Array.isArray(root) && root.length === 1 && isObject(root[0])) root = root[0];
    if (
      isObject(root) &&
      Array.isArray(root['@graph']) &&
      root['@graph'].length === 1 &&
      isObject(root['@graph'][0]) &&
      Object.keys(root).every((k) => k === '@graph' || k === '@context')
    )
      root = root['@graph'][0];
    // {"clause": {...}}: one element under its name.
    if (isObject(root) && !('@type' in root)) {
      const keys = Object.keys(root).filter((k) => !k.startsWith('@') && !TECHNICAL_KEYS.has(localName(k)));
      if (keys.length === 1 && isObject(root[keys[0]]) && roleOf([localName(keys[0])]) === 'section')
        root = { '@type': keys[0], ...(root[keys[0]] as JsonObject) };
    }
    if (!isObject(root)) {
      yield* this.blocks([{ value: root, loose: false }], document.blocks, 1);
    } else {
      const element = this.element(root, undefined);
      if (element.role && element.role !== 'section' && !this.hasTitle(element)) {
        yield* this.blocks([{ value: root, loose: false }], document.blocks, 1);
      } else {
        document.title = inlineText(this.titleOf(element, 1));
        const number = this.text(element, NUMBER_KEYS);
        if (number) document.number = number;
        const label = this.obligation(element);
        if (label) document.label = label;
        const part = this.field(element, ['ispartof']);
        if (isObject(part)) {
          const standard = this.element(part, undefined);
          const urn = this.text(standard, ID_KEYS);
          document.standard = {
            urn: isUrn(urn) ? urn : undefined,
            reference: this.text(standard, IDENTIFIER_KEYS) || undefined,
            title: this.text(standard, TITLE_KEYS) || undefined,
          };
        }
        yield* this.blocks(this.rest(element, HEADER_KEYS), document.blocks, 1);
        if (!document.title) document.title = liftTitle(document.blocks, (n) => (document.number ??= n));
      }
    }
    for (const link of this.unnamed) {
      if (link.kind !== 'link' || link.target.kind !== 'clause') continue;
      const block = this.anchors.get(link.target.target.replace(/^#/, ''));
      const name = block ? blockName(block) : '';
      if (name) link.children = [name];
    }
    for (const { link, anchor } of this.citations) {
      const urn = this.bibliography.get(anchor);
      if (urn) link.target = { kind: 'standard', urn };
    }
    return document;
  }

  // ---- reading elements ----

  element(value: JsonObject, hint: string | undefined): Element {
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
    const kept = tagged ? fields.filter((f) => !(['name', 'type'].includes(f.key) || TAG_KEYS.includes(f.key))) : fields;
    return { names, role: roleFor(names, kept), fields: kept };
  }

  private field(element: Element, locals: readonly string[] | ReadonlySet<string>): unknown {
    const wanted = locals instanceof Set ? locals : new Set(locals);
    return element.fields.find((f) => wanted.has(f.local) && f.value !== undefined && f.value !== null)?.value;
  }

  /** The first non-empty plain text among the fields with these local names. */
  private text(element: Element, locals: ReadonlySet<string>): string {
    for (const field of element.fields) {
      if (!locals.has(field.local)) continue;
      const text = clean(plainText(field.value, 0)).trim();
      if (text) return text;
    }
    return '';
  }

  /** The first of `locals` (in that order of preference) the element has as a plain value. */
  private attribute(element: Element, ...locals: string[]): string | undefined {
    for (const local of locals) {
      for (const field of element.fields) {
        if (field.local === local && (typeof field.value === 'string' || typeof field.value === 'number')) return String(field.value).trim();
      }
    }
    return undefined;
  }

  private anchor(element: Element): string | undefined {
    const id = this.attribute(element, '@id', 'id', 'anchor', 'xmlid');
    return id ? id.slice(0, 512) : undefined;
  }

  private hasTitle(element: Element): boolean {
    return element.fields.some((f) => (f.local === 'title' || f.local === 'heading') && plainText(f.value, 0).trim() !== '');
  }

  private titleOf(element: Element, depth: number): Inline[] {
    for (const field of element.fields) {
      if (!TITLE_KEYS.has(field.local)) continue;
      const title = trimFlow(this.inlines([{ value: field.value, loose: false }], depth + 1));
      if (title.length) return title;
    }
    return [];
  }

  /** "informative" / "normative" for annexes (as printed under an annex title); undefined elsewhere. */
  private obligation(element: Element, isAnnex = element.names.some((n) => ['annex', 'appendix', 'app'].includes(n))): string | undefined {
    const value = this.attribute(element, 'obligation', 'normativity', 'annexkind')
      ?.toLowerCase()
      .replace(/^.*[:#/]/, '');
    return value && OBLIGATIONS.has(value) && (isAnnex || value === 'informative') ? value : undefined;
  }

  /** The fields of an element to flow, in order, without those the element read itself. */
  private rest(element: Element, consumed: ReadonlySet<string>): FlowItem[] {
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

  // ---- blocks ----

  /** Flows items as blocks into `out`; strings and inline elements between blocks become paragraphs. */
  *blocks(items: FlowItem[], out: Block[], depth: number): Generator<void, void> {
    if (depth > MAX_DEPTH) {
      out.push({ kind: 'tooDeep' });
      return;
    }
    let run: Inline[] = [];
    const flush = (): void => {
      const content = trimFlow(run);
      if (content.length) out.push({ kind: 'paragraph', content });
      run = [];
    };
    for (const item of items) {
      if (++this.work % YIELD_EVERY === 0) yield;
      const { value, hint, loose } = item;
      if (Array.isArray(value)) {
        if (hint && isMixedContent(value, hint)) {
          // "p": ["text ", {"@type": "em", …}, "."]: one element's mixed content, not one element per string.
          const element: Element = { names: [localName(hint)], role: roleOf([localName(hint)]), fields: [{ key: 'content', local: 'content', value }] };
          flush();
          yield* this.block(element, out, depth + 1);
          continue;
        }
        const strict = loose && value.some((v) => isObject(v) && (v['@type'] !== undefined || TAG_KEYS.some((k) => k in v)));
        if (!hint) {
          // Mixed content in a content array continues the current paragraph.
          for (const v of value) {
            if (++this.work % YIELD_EVERY === 0) yield;
            if (typeof v === 'string' || typeof v === 'number') {
              const text = primitiveText(v, loose && !strict);
              if (text !== undefined && (run.length || text.trim())) run.push(text);
              continue;
            }
            const element = isObject(v) && !isNodeReference(v) && languageMapText(v) === undefined ? this.element(v, undefined) : undefined;
            if (element && isInlineElement(element, this)) {
              run.push(...this.inlineElement(element, depth + 2));
            } else if (element) {
              flush();
              yield* this.block(element, out, depth + 1);
            } else {
              flush();
              yield* this.blocks([{ value: v, loose: loose && !strict }], out, depth + 1);
            }
          }
          continue;
        }
        flush();
        yield* this.blocks(
          (value as unknown[]).map((v: unknown) => ({ value: Array.isArray(v) ? { '@type': hint, content: v } : v, hint, loose })),
          out,
          depth + 1,
        );
        continue;
      }
      if (!isObject(value)) {
        if (hint && roleOf([localName(hint)]) && (typeof value === 'string' || typeof value === 'number')) {
          // An identifier under an element's name ("ref": "_abc") points somewhere; it is not text.
          if (typeof value === 'string' && isIdentifier(value)) continue;
          // "p": "text" — an element given by its key with text content.
          const element: Element = { names: [localName(hint)], role: roleOf([localName(hint)]), fields: [{ key: 'content', local: 'content', value }] };
          if (element.role && INLINE_ROLES.has(element.role)) run.push(...this.inlineElement(element, depth + 1));
          else {
            flush();
            yield* this.block(element, out, depth + 1);
          }
          continue;
        }
        const text = primitiveText(value, loose);
        if (text !== undefined && (run.length || text.trim())) run.push(text);
        continue;
      }
      if (isNodeReference(value)) continue;
      const language = languageMapText(value);
      if (language !== undefined) {
        run.push(language);
        continue;
      }
      const element = this.element(value, hint);
      if (isInlineElement(element, this)) {
        run.push(...this.inlineElement(element, depth + 1));
        continue;
      }
      flush();
      yield* this.block(element, out, depth + 1);
    }
    flush();
  }

  /** One element in block context. */
  private *block(element: Element, out: Block[], depth: number): Generator<void, void> {
    if (depth > MAX_DEPTH) {
      out.push({ kind: 'tooDeep' });
      return;
    }
    const anchor = this.anchor(element);
    const start = out.length;
    switch (element.role) {
      case 'section':
        yield* this.section(element, out, depth);
        break;
      case 'heading': {
        const level = /^h([1-6])$/.exec(element.names.find((n) => /^h[1-6]$/.test(n)) ?? '')?.[1];
        const content = trimFlow(this.inlines(this.rest(element, NOTHING), depth + 1));
        if (content.length) out.push({ kind: 'heading', level: level ? Number(level) : 0, content });
        break;
      }
      case 'paragraph': {
        const items = this.rest(element, NOTHING);
        if (items.every((item) => isPlainInline(item.value, item.hint, 0))) {
          // The common case, without the block machinery: one paragraph of running text.
          const content = trimFlow(this.inlines(items, depth + 1));
          if (content.length) out.push({ kind: 'paragraph', content });
        } else yield* this.blocks(items, out, depth + 1);
        break;
      }
      case 'list':
        yield* this.list(element, out, depth);
        break;
      case 'listItem':
        yield* this.blocks(this.rest(element, NOTHING), out, depth + 1);
        break;
      case 'definitions': {
        const items: Definition[] = [];
        yield* this.definitions(this.rest(element, NOTHING), items, depth + 1);
        if (items.length) out.push({ kind: 'definitions', items });
        break;
      }
      case 'table':
        yield* this.table(element, out, depth);
        break;
      case 'note':
      case 'example':
      case 'admonition':
        yield* this.labelled(element, element.role, out, depth);
        break;
      case 'term':
        yield* this.term(element, out, depth);
        break;
      case 'formula':
      case 'math':
        yield* this.formula(element, out, depth);
        break;
      case 'figure':
      case 'image':
        yield* this.figure(element, out, depth);
        break;
      case 'code':
        out.push({
          kind: 'code',
          text: plainText(
            this.rest(element, NOTHING).map((i) => i.value),
            0,
          ).replace(/^\n+|\s+$/g, ''),
          language: this.attribute(element, 'lang', 'language'),
        });
        break;
      case 'quote': {
        const children: Block[] = [];
        yield* this.blocks(this.rest(element, ATTRIBUTION_KEYS), children, depth + 1);
        out.push({ kind: 'quote', children, source: trimFlow(this.inlines(this.flowOf(element, ['attribution', 'source', 'author']), depth + 1)) });
        break;
      }
      case 'bibitem':
        this.bibitem(element, out, depth);
        break;
      case 'footnote': {
        const note = this.footnote(element, depth);
        if (!this.footnotes.includes(note)) this.footnotes.push(note);
        break;
      }
      default:
        // Not ours to know: flow its children, as a section when it has a title.
        if (this.hasTitle(element)) yield* this.section(element, out, depth);
        else yield* this.blocks(this.rest(element, NOTHING), out, depth + 1);
    }
    const first = out[start];
    if (anchor && first && first.kind !== 'tooDeep' && !first.anchor) {
      first.anchor = anchor;
      if (!this.anchors.has(anchor)) this.anchors.set(anchor, first);
    }
  }

  private flowOf(element: Element, locals: readonly string[]): FlowItem[] {
    return element.fields.filter((f) => locals.includes(f.local)).map((f) => ({ value: f.value, loose: false }));
  }

  private *section(element: Element, out: Block[], depth: number): Generator<void, void> {
    const number = this.text(element, NUMBER_KEYS) || undefined;
    const children: Block[] = [];
    const section: Block = { kind: 'section', number, title: this.titleOf(element, depth), label: this.obligation(element), children };
    out.push(section);
    yield* this.blocks(this.rest(element, HEADER_KEYS), children, depth + 1);
    if (!section.title.length) {
      const lifted = liftTitle(children, (n) => (section.number ??= n));
      if (lifted) section.title = [lifted];
    }
  }

  private *list(element: Element, out: Block[], depth: number): Generator<void, void> {
    const style = [this.attribute(element, 'listtype', 'type', 'numeration', 'style', 'liststyletype') ?? '', ...element.names].join(' ').toLowerCase();
    const ordered =
      this.field(element, ['ordered']) === true || /\b(ol|orderedlist|order|ordered|number|arabic|alpha\w*|roman\w*|decimal|lower\w*|upper\w*)\b/.test(style);
    const items: ListItem[] = [];
    const walk = function* (this: Builder, flow: FlowItem[], level: number): Generator<void, void> {
      for (const item of flow) {
        if (++this.work % YIELD_EVERY === 0) yield;
        if (Array.isArray(item.value)) {
          if (level < MAX_DEPTH)
            yield* walk.call(
              this,
              (item.value as unknown[]).map((v: unknown) => ({ value: v, hint: item.hint, loose: item.loose })),
              level + 1,
            );
          continue;
        }
        if (typeof item.value === 'string' && !item.value.trim()) continue;
        const child = isObject(item.value) ? this.element(item.value, item.hint) : undefined;
        const blocks: Block[] = [];
        let label: string | undefined;
        if (child && (child.role === 'listItem' || child.role === undefined)) {
          label = this.text(child, LABEL_KEY) || undefined;
          yield* this.blocks(this.rest(child, LABEL_KEY), blocks, depth + 2);
        } else {
          yield* this.blocks([item], blocks, depth + 2);
        }
        if (blocks.length || label) items.push({ label, blocks });
      }
    };
    yield* walk.call(this, this.rest(element, LIST_HEADER_KEYS), depth + 1);
    const title = this.titleOf(element, depth);
    if (title.length) out.push({ kind: 'paragraph', content: [{ kind: 'style', style: 'strong', children: title }] });
    out.push({ kind: 'list', ordered, items });
  }

  /** Definition-list entries: a term (dt, term, glossterm) starts one, a definition (dd, def) completes it. */
  private *definitions(flow: FlowItem[], items: Definition[], depth: number): Generator<void, void> {
    if (depth > MAX_DEPTH) return;
    for (const item of flow) {
      if (++this.work % YIELD_EVERY === 0) yield;
      if (Array.isArray(item.value)) {
        yield* this.definitions(
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
            this.inlines(
              [{ value: isObject(item.value) ? this.rest(this.element(item.value, item.hint), NOTHING).map((i) => i.value) : item.value, loose: false }],
              depth + 1,
            ),
          ),
          definition: [],
        });
      } else if (has('dd', 'def', 'listitem', 'glossdef', 'definition', 'meaning')) {
        if (!items.length) items.push({ term: [], definition: [] });
        const target = items[items.length - 1].definition;
        if (isObject(item.value)) yield* this.blocks(this.rest(this.element(item.value, item.hint), NOTHING), target, depth + 1);
        else yield* this.blocks([{ value: item.value, loose: false }], target, depth + 1);
      } else if (isObject(item.value)) {
        // def-item, varlistentry, glossentry, or a {symbol, meaning} pair: its parts in order.
        const element = this.element(item.value, item.hint);
        yield* this.definitions(
          element.fields.filter((f) => !f.local.startsWith('@') && !TECHNICAL_KEYS.has(f.local)).map((f) => ({ value: f.value, hint: f.key, loose: false })),
          items,
          depth + 1,
        );
      } else if (typeof item.value === 'string' && item.value.trim()) {
        if (!items.length) items.push({ term: [], definition: [] });
        items[items.length - 1].definition.push({ kind: 'paragraph', content: [clean(item.value)] });
      }
    }
  }

  private *table(element: Element, out: Block[], depth: number): Generator<void, void> {
    const label = this.text(element, LABEL_KEY) || undefined;
    const caption = this.tableCaption(element, depth);
    const table: Block = { kind: 'table', label, caption, head: [], body: [], foot: [], notes: [] };
    out.push(table);
    yield* this.tableParts(element, table, 'body', depth + 1);
  }

  private tableCaption(element: Element, depth: number): Inline[] {
    for (const field of element.fields) {
      if (!['caption', 'title', 'name', 'fmtname'].includes(field.local)) continue;
      const caption = trimFlow(this.inlines([{ value: field.value, loose: false }], depth + 1));
      if (caption.length) return caption;
    }
    return [];
  }

  private *tableParts(element: Element, table: Extract<Block, { kind: 'table' }>, part: 'head' | 'body' | 'foot', depth: number): Generator<void, void> {
    if (depth > MAX_DEPTH) return;
    for (const field of element.fields) {
      const { local } = field;
      if (['caption', 'title', 'name', 'fmtname', 'label'].includes(local) || local.startsWith('@') || (TECHNICAL_KEYS.has(local) && !CONTENT_KEYS.has(local)))
        continue;
      yield* this.tablePart(
        { value: field.value, hint: CONTENT_KEYS.has(local) && local !== 'body' ? undefined : field.key, loose: false },
        table,
        part,
        depth,
      );
    }
  }

  private *tablePart(item: FlowItem, table: Extract<Block, { kind: 'table' }>, part: 'head' | 'body' | 'foot', depth: number): Generator<void, void> {
    const hint = item.hint ? localName(item.hint) : undefined;
    const section =
      hint && ['thead', 'head', 'header', 'tablehead', 'colhead'].includes(hint)
        ? 'head'
        : hint && ['tfoot', 'foot', 'tablefoot'].includes(hint)
          ? 'foot'
          : hint && ['tbody', 'body', 'rows', 'tablebody'].includes(hint)
            ? 'body'
            : part;
    if (Array.isArray(item.value)) {
      const rowsHere = hint && ['tr', 'row'].includes(hint);
      for (const value of item.value) {
        if (++this.work % YIELD_EVERY === 0) yield;
        if (Array.isArray(value) || rowsHere) table[section].push(this.row(value, section === 'head', depth + 1));
        else
          yield* this.tablePart(
            { value, hint: hint && !['thead', 'head', 'tbody', 'body', 'tfoot', 'foot', 'rows'].includes(hint) ? item.hint : undefined, loose: false },
            table,
            section,
            depth + 1,
          );
      }
      return;
    }
    if (!isObject(item.value)) {
      if (typeof item.value === 'string' && item.value.trim()) table.notes.push({ kind: 'paragraph', content: [clean(item.value)] });
      return;
    }
    const element = this.element(item.value, item.hint);
    const names = element.names;
    if (names.some((n) => ['tr', 'row'].includes(n))) table[section].push(this.row(item.value, section === 'head', depth + 1));
    else if (names.some((n) => ['thead', 'tbody', 'tfoot', 'tgroup', 'table', 'informaltable', 'colgroup'].includes(n))) {
      const inner = names.includes('thead') ? 'head' : names.includes('tfoot') ? 'foot' : names.includes('tbody') ? 'body' : section;
      yield* this.tableParts(element, table, inner, depth + 1);
    } else if (names.some((n) => ['col', 'colspec', 'spanspec'].includes(n))) {
      return;
    } else {
      // Notes, keys, footnotes and paragraphs that belong to the table.
      yield* this.block(element, table.notes, depth + 1);
    }
  }

  private row(value: unknown, header: boolean, depth: number): Row {
    const cells: Row = [];
    const add = (cellValue: unknown, hint: string | undefined): void => {
      if (typeof cellValue === 'string' || typeof cellValue === 'number') {
        cells.push({ header: header || (hint !== undefined && localName(hint) === 'th'), content: [clean(String(cellValue))], blocks: false });
        return;
      }
      if (Array.isArray(cellValue)) {
        cells.push(this.cell(cellValue, undefined, header, depth + 1));
        return;
      }
      if (isObject(cellValue)) cells.push(this.cell(cellValue, hint, header, depth + 1));
    };
    if (Array.isArray(value)) {
      for (const cell of value) add(cell, undefined);
      return cells;
    }
    if (!isObject(value)) return cells;
    const element = this.element(value, undefined);
    for (const field of element.fields) {
      if (field.local.startsWith('@') || (TECHNICAL_KEYS.has(field.local) && !CONTENT_KEYS.has(field.local))) continue;
      const items = Array.isArray(field.value) ? field.value : [field.value];
      const hint = CONTENT_KEYS.has(field.local) ? undefined : field.key;
      for (const item of items) add(item, hint);
    }
    return cells;
  }

  private cell(value: unknown, hint: string | undefined, header: boolean, depth: number): Cell {
    const element = isObject(value) ? this.element(value, hint) : undefined;
    const isCell = element?.names.some((n) => ['th', 'td', 'entry', 'cell'].includes(n));
    const cell: Cell = { header: header || Boolean(element?.names.includes('th')), content: [], blocks: false };
    if (element && isCell) {
      const colspan = spanOf(this.attribute(element, 'colspan', 'gridspan'));
      const moreRows = this.attribute(element, 'morerows');
      const rowspan = spanOf(this.attribute(element, 'rowspan')) ?? (moreRows !== undefined ? spanOf(String(Number(moreRows) + 1)) : undefined);
      if (colspan) cell.colspan = colspan;
      if (rowspan) cell.rowspan = rowspan;
    }
    const flow: FlowItem[] = element && isCell ? this.rest(element, NOTHING) : [{ value, hint, loose: false }];
    if (flow.length === 1 && (typeof flow[0].value === 'string' || typeof flow[0].value === 'number')) {
      // The usual cell: one text.
      const text = clean(String(flow[0].value)).trim();
      cell.content = text ? [text] : [];
      return cell;
    }
    if (flow.every((item) => isInlineValue(item.value, 0, this))) {
      cell.content = trimFlow(this.inlines(flow, depth + 1));
    } else {
      const blocks: Block[] = [];
      runSync(this.blocks(flow, blocks, depth + 1));
      cell.content = blocks;
      cell.blocks = true;
    }
    return cell;
  }

  private *labelled(element: Element, kind: 'note' | 'example' | 'admonition', out: Block[], depth: number): Generator<void, void> {
    const given = this.text(element, CAPTION_LABEL_KEYS);
    const typeName = this.attribute(element, 'type');
    const fallback =
      kind === 'admonition'
        ? (typeName && !isIdentifier(typeName) ? typeName : (element.names.find((n) => ROLES.admonition.has(n) && n !== 'admonition') ?? 'Note')).toUpperCase()
        : element.names.includes('termnote')
          ? 'Note to entry'
          : kind === 'note'
            ? 'NOTE'
            : 'EXAMPLE';
    const children: Block[] = [];
    out.push({ kind, label: given || fallback, children });
    yield* this.blocks(this.rest(element, CAPTION_LABEL_KEYS), children, depth + 1);
  }

  // ---- term entries ----

  private *term(element: Element, out: Block[], depth: number): Generator<void, void> {
    const entry: TermEntry = {
      kind: 'term',
      number: this.text(element, TERM_NUMBER_KEYS) || undefined,
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
    yield* this.termParts(element, entry, depth + 1);
  }

  private *termParts(element: Element, entry: TermEntry, depth: number): Generator<void, void> {
    if (depth > MAX_DEPTH) return;
    // A TBX tig/ntig: its term's status is given beside it.
    const status = this.termStatus(element);
    for (const field of element.fields) {
      const { local, value, key } = field;
      if (['number', 'label', 'termnumber'].includes(local) || local.startsWith('@') || ['normativeauthorization', 'administrativestatus'].includes(local))
        continue;
      // TBX: a termNote that gives the term's status, read by termStatus.
      if (local === 'termnote' && /^\s*(preferred|admitted|deprecated|superseded)Term/i.test(plainText(value, 0))) continue;
      if (['source', 'termsource', 'origin', 'admin'].includes(local)) {
        if (entry.source.length) entry.source.push('; ');
        entry.source.push(...trimFlow(this.sourceOf(value, key, depth + 1)));
        continue;
      }
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        const names = isObject(item) ? elementNames(item, key) : [local];
        const has = (...wanted: string[]): boolean => names.some((n) => wanted.includes(n)) || wanted.includes(local);
        if (has('preferred', 'term', 'designation', 'expression')) {
          const designation = trimFlow(
            this.inlines(
              [{ value: isObject(item) ? this.rest(this.element(item, key), DESIGNATION_ATTRIBUTES).map((i) => i.value) : item, loose: false }],
              depth + 1,
            ),
          );
          if (!designation.length) continue;
          const kind = has('preferred') ? 'preferred' : (status ?? (entry.preferred.length ? 'admitted' : 'preferred'));
          entry[kind].push(designation);
        } else if (has('admitted')) {
          entry.admitted.push(trimFlow(this.inlines([{ value: this.designationOf(item, key), loose: false }], depth + 1)));
        } else if (has('deprecates', 'deprecated', 'deprecatedterm')) {
          entry.deprecated.push(trimFlow(this.inlines([{ value: this.designationOf(item, key), loose: false }], depth + 1)));
        } else if (
          has('definition', 'verbaldefinition', 'def') ||
          (has('descrip') && /definition/i.test(isObject(item) ? (this.attribute(this.element(item, key), 'type') ?? '') : ''))
        ) {
          yield* this.blocks(isObject(item) ? this.rest(this.element(item, key), NOTHING) : [{ value: item, loose: false }], entry.definition, depth + 1);
        } else if (has('note', 'notes', 'termnote', 'notetoentry')) {
          if (isObject(item) && roleOf(elementNames(item, undefined)) === 'note') yield* this.block(this.element(item, undefined), entry.notes, depth + 1);
          else if (isObject(item)) yield* this.labelled(this.element(item, 'termnote'), 'note', entry.notes, depth + 1);
          else if (typeof item === 'string' && item.trim())
            entry.notes.push({ kind: 'note', label: 'Note to entry', children: [{ kind: 'paragraph', content: [clean(item)] }] });
        } else if (has('example', 'examples', 'termexample')) {
          if (isObject(item)) yield* this.labelled(this.element(item, 'example'), 'example', entry.examples, depth + 1);
          else if (typeof item === 'string' && item.trim())
            entry.examples.push({ kind: 'example', label: 'EXAMPLE', children: [{ kind: 'paragraph', content: [clean(item)] }] });
        } else if (has('source', 'termsource', 'origin', 'admin')) {
          if (entry.source.length) entry.source.push('; ');
          entry.source.push(...trimFlow(this.sourceOf(item, key, depth + 1)));
        } else if (has('domain', 'subjectfield')) {
          entry.domain.push(...trimFlow(this.inlines([{ value: item, loose: false }], depth + 1)));
        } else if (has('langset', 'tig', 'ntig', 'termgrp', 'langsec', 'termentry', 'termsec', 'conceptentry') && isObject(item)) {
          yield* this.termParts(this.element(item, key), entry, depth + 1);
        } else if (CONTENT_KEYS.has(local) && isObject(item)) {
          const inner = this.element(item, undefined);
          if (inner.role === 'term' || inner.names.some((n) => ['langset', 'tig', 'ntig', 'termgrp'].includes(n)))
            yield* this.termParts(inner, entry, depth + 1);
          else yield* this.block(inner, entry.definition, depth + 1);
        } else if (!TECHNICAL_KEYS.has(local) || CONTENT_KEYS.has(local)) {
          yield* this.blocks(
            [{ value: item, hint: isElementName(local) ? key : undefined, loose: !CONTENT_KEYS.has(local) && !isElementName(local) }],
            entry.definition,
            depth + 1,
          );
        }
      }
    }
  }

  private termStatus(element: Element): 'preferred' | 'admitted' | 'deprecated' | undefined {
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

  private designationOf(item: unknown, key: string): unknown {
    return isObject(item) ? this.rest(this.element(item, key), DESIGNATION_ATTRIBUTES).map((i) => i.value) : item;
  }

  /** A term's source: text, and references to standards as links. */
  private sourceOf(item: unknown, key: string, depth: number): Inline[] {
    if (Array.isArray(item))
      return item.flatMap((part, i) =>
        i && isObject(part) && this.element(part, key).names.some((n) => n === 'termsource' || n === 'source')
          ? ['; ', ...this.sourceOf(part, key, depth + 1)]
          : this.sourceOf(part, key, depth + 1),
      );
    if (!isObject(item)) return this.inlines([{ value: item, loose: false }], depth);
    const element = this.element(item, key);
    const out: Inline[] = [];
    for (const field of element.fields) {
      if (field.local === 'origin' && isObject(field.value))
        out.push(...this.inlineElement({ ...this.element(field.value, 'eref'), role: 'standardRef' }, depth + 1));
      else if (field.local === 'modification') out.push(', modified — ', ...trimFlow(this.inlines([{ value: field.value, loose: false }], depth + 1)));
      else out.push(...this.inlines(this.rest({ ...element, fields: [field] }, SOURCE_ATTRIBUTES), depth + 1));
    }
    return out;
  }

  // ---- formulas, figures, bibliography, footnotes ----

  private *formula(element: Element, out: Block[], depth: number): Generator<void, void> {
    const label = this.text(element, FORMULA_LABEL_KEYS) || undefined;
    const where: Block[] = [];
    let math: Math | undefined;
    const rest: FlowItem[] = [];
    for (const field of element.fields) {
      const { local } = field;
      if (['label', 'number', 'name'].includes(local) || local.startsWith('@') || (TECHNICAL_KEYS.has(local) && !CONTENT_KEYS.has(local) && local !== 'type'))
        continue;
      if (local === 'type') continue;
      if (!math) {
        const found = this.mathIn(field.value, field.key, local, element, depth + 1);
        if (found) {
          math = found;
          continue;
        }
      }
      if (['where', 'dl', 'key', 'legend', 'variables'].includes(local)) {
        const items: Definition[] = [];
        yield* this.definitions([{ value: field.value, hint: local === 'dl' ? undefined : 'defitem', loose: false }], items, depth + 1);
        if (items.length) where.push({ kind: 'definitions', items });
      } else rest.push({ value: field.value, hint: isElementName(local) ? field.key : undefined, loose: !CONTENT_KEYS.has(local) && !isElementName(local) });
    }
    yield* this.blocks(rest, where, depth + 1);
    if (math) out.push({ kind: 'formula', label, math, where });
    else out.push(...where);
  }

  /** The formula in a value: MathML (JSON or markup), AsciiMath or LaTeX source, or plain expression text. */
  private mathIn(value: unknown, key: string | undefined, local: string, parent: Element | undefined, depth: number): Math | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const notation = this.notation(parent, local);
    if (typeof value === 'string') {
      if (isMathMarkup(value)) return { notation: 'mathml', root: mathFromMarkup(value, MAX_DEPTH - depth) };
      if (notation && value.trim()) return { notation, source: clean(value).trim() };
      if (['expression', 'formula', 'content', 'text', 'value', 'stem'].includes(local) && value.trim())
        return { notation: notation ?? 'text', source: clean(value).trim() };
      return undefined;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = this.mathIn(item, key, local, parent, depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    if (!isObject(value)) return undefined;
    const names = elementNames(value, key);
    if (names.some((n) => n === 'math' || n === 'mmlmath') || (key && isMathName(key) && localName(key) === 'math'))
      return { notation: 'mathml', root: mathFromJson(value, key ?? 'math', 0, MAX_DEPTH - depth) };
    const element = this.element(value, key);
    const inner = this.notation(element, '');
    // alternatives (JATS), stem (Metanorma), tex-math, inline-formula: look inside, MathML first.
    let fallback: Math | undefined;
    for (const field of element.fields) {
      if (field.local.startsWith('@') || ['id', 'type', 'label'].includes(field.local)) continue;
      const found = this.mathIn(
        field.value,
        field.key,
        CONTENT_KEYS.has(field.local) ? (names[0] ?? field.local) : field.local,
        inner ? element : undefined,
        depth + 1,
      );
      if (found?.notation === 'mathml') return found;
      fallback ??= found;
    }
    if (fallback) return fallback;
    if (names.some((n) => ['texmath', 'latex', 'tex'].includes(n))) return { notation: 'latex', source: clean(plainText(value, 0)).trim() };
    if (names.includes('asciimath')) return { notation: 'asciimath', source: clean(plainText(value, 0)).trim() };
    return undefined;
  }

  private notation(element: Element | undefined, local: string): 'asciimath' | 'latex' | 'text' | undefined {
    const type = (element ? (this.attribute(element, 'type', 'notation', 'format', 'language') ?? '') : '').toLowerCase();
    const names = [local, ...(element?.names ?? [])];
    if (/latex|tex/.test(type) || names.some((n) => ['texmath', 'latex', 'tex'].includes(n))) return 'latex';
    if (/ascii/.test(type) || names.includes('asciimath')) return 'asciimath';
    return undefined;
  }

  private *figure(element: Element, out: Block[], depth: number): Generator<void, void> {
    const images: Image[] = [];
    const figure: Block = {
      kind: 'figure',
      label: this.text(element, LABEL_KEY) || undefined,
      caption: this.tableCaption(element, depth),
      images,
      children: [],
    };
    out.push(figure);
    const own = this.image(element);
    if (own) images.push(own);
    const rest: FlowItem[] = [];
    for (const item of this.rest(element, FIGURE_HEADER_KEYS)) {
      const value = item.value;
      const candidates = Array.isArray(value) ? value : [value];
      const found = candidates.map((c) => (isObject(c) ? this.imageDeep(this.element(c, item.hint), 0) : undefined));
      if (found.length && found.every(Boolean)) images.push(...(found as Image[]));
      else if (
        isObject(value) &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => typeof v === 'string') &&
        item.loose &&
        Object.keys(value).length
      ) {
        // A key as a map: {"1": "spring", "2": "housing"}.
        figure.children.push({
          kind: 'definitions',
          items: Object.entries(value).map(([term, text]) => ({ term: [clean(term)], definition: [{ kind: 'paragraph', content: [clean(String(text))] }] })),
        });
      } else rest.push(item);
    }
    yield* this.blocks(rest, figure.children, depth + 1);
  }

  private image(element: Element): Image | undefined {
    if (!element.names.some((n) => ROLES.image.has(n))) return undefined;
    const src = this.attribute(element, 'src', 'href', 'xlinkhref', 'fileref', 'url', 'uri');
    return src ? { src, alt: this.attribute(element, 'alt', 'title') ?? '' } : undefined;
  }

  private imageDeep(element: Element, depth: number): Image | undefined {
    const own = this.image(element);
    if (own || depth > 4 || !element.names.some((n) => ROLES.image.has(n))) return own;
    for (const field of element.fields) {
      if (isObject(field.value)) {
        const found = this.imageDeep(this.element(field.value, field.key), depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  }

  private bibitem(element: Element, out: Block[], depth: number): void {
    let urn: string | undefined;
    let citation = '';
    for (const field of element.fields) {
      if (
        !['docidentifier', 'identifier', 'citeas', 'reference', 'stdref', 'docnumber', 'target', 'uri', 'urn', 'href', '@id', 'id', 'std', 'label'].includes(
          field.local,
        )
      )
        continue;
      const values = Array.isArray(field.value) ? field.value : [field.value];
      for (const value of values) {
        const text = clean(plainText(value, 0)).trim();
        if (isUrn(text)) urn ??= text;
        else if (text && !citation && !isIdentifier(text) && !['@id', 'id', 'target', 'uri', 'href'].includes(field.local)) citation = text;
      }
    }
    const anchor = this.anchor(element);
    if (anchor && urn) this.bibliography.set(anchor, urn);
    const titleField = element.fields.find((f) => f.local === 'title');
    const title = titleField ? trimFlow(this.inlines([{ value: pickTitle(titleField.value), loose: false }], depth + 1)) : [];
    const details = trimFlow(
      this.inlines(
        element.fields
          .filter((f) => ['formattedref', 'mixedcitation', 'elementcitation', 'content', 'text', 'note', 'comment'].includes(f.local))
          .map((f) => ({ value: f.value, loose: false })),
        depth + 1,
      ),
    );
    out.push({ kind: 'reference', citation: citation || (urn ?? ''), urn, title, details });
  }

  private footnote(element: Element, depth: number): Footnote {
    const marker = this.attribute(element, 'reference', 'label', 'marker', 'number', 'symbol') ?? String(++this.footnoteCount);
    const blocks: Block[] = [];
    runSync(this.blocks(this.rest(element, FOOTNOTE_MARKER_KEYS), blocks, depth + 1));
    return { marker: isIdentifier(marker) ? String(++this.footnoteCount) : marker, anchor: this.anchor(element), blocks };
  }

  // ---- inline ----

  /** Flows items as inline content; block elements met here give their text. */
  inlines(items: FlowItem[], depth: number): Inline[] {
    const out: Inline[] = [];
    if (depth > MAX_DEPTH) {
      out.push(TOO_DEEP_TEXT);
      return out;
    }
    for (const { value, hint, loose } of items) {
      if (Array.isArray(value)) {
        out.push(
          ...this.inlines(
            (value as unknown[]).map((v: unknown) => ({ value: v, hint, loose })),
            depth + 1,
          ),
        );
      } else if (isObject(value)) {
        if (isNodeReference(value)) continue;
        const language = languageMapText(value);
        if (language !== undefined) out.push(language);
        else out.push(...this.inlineElement(this.element(value, hint), depth + 1));
      } else if (hint && typeof value === 'string' && isIdentifier(value) && roleOf([localName(hint)])) {
        continue;
      } else if (
        hint &&
        (typeof value === 'string' || typeof value === 'number') &&
        roleOf([localName(hint)]) &&
        INLINE_ROLES.has(roleOf([localName(hint)]) as Role)
      ) {
        out.push(
          ...this.inlineElement(
            { names: [localName(hint)], role: roleOf([localName(hint)]), fields: [{ key: 'content', local: 'content', value }] },
            depth + 1,
          ),
        );
      } else {
        const text = primitiveText(value, loose);
        if (text !== undefined) out.push(text);
      }
    }
    return out;
  }

  private inlineElement(element: Element, depth: number): Inline[] {
    if (depth > MAX_DEPTH) return [TOO_DEEP_TEXT];
    const content = (): Inline[] => this.inlines(this.rest(element, INLINE_LABEL_KEYS), depth + 1);
    switch (element.role) {
      case 'emphasis':
      case 'strong':
      case 'sub':
      case 'sup':
      case 'code_':
      case 'smallcaps':
      case 'underline':
      case 'strike': {
        const role = element.role === 'emphasis' && /bold|strong/.test(this.attribute(element, 'role', 'type') ?? '') ? 'strong' : element.role;
        return [{ kind: 'style', style: STYLES[role], children: this.inlines(this.rest(element, NOTHING), depth + 1) }];
      }
      case 'break':
        return [{ kind: 'break' }];
      case 'math': {
        const math = this.mathIn(
          element.fields.length ? Object.fromEntries(element.fields.map((f) => [f.key, f.value])) : '',
          element.names[0],
          element.names[0] ?? '',
          element,
          depth,
        );
        return math ? [{ kind: 'math', math }] : content();
      }
      case 'image': {
        const image = this.image(element);
        return image ? [{ kind: 'image', image }] : content();
      }
      case 'footnote': {
        const note = this.footnote(element, depth);
        this.footnotes.push(note);
        return [{ kind: 'footnote', marker: note.marker }];
      }
      case 'xref':
      case 'standardRef':
        return this.link(element, depth);
      default:
        return this.inlines(this.rest(element, NOTHING), depth + 1);
    }
  }

  private link(element: Element, depth: number): Inline[] {
    // A URN wins wherever it is given: a reference to a standard the tree can reveal.
    const target = this.attribute(element, 'urn', 'stdid', 'target', 'href', 'xlinkhref', 'linkend', 'rid', 'url', 'uri', 'bibitemid');
    const refType = (this.attribute(element, 'reftype') ?? '').toLowerCase();
    let children = trimFlow(this.inlines(this.rest(element, LINK_LABEL_KEYS), depth + 1));
    if (!children.length) {
      const label = trimFlow(this.inlines(this.flowOf(element, ['label', 'citeas', 'title', 'text']), depth + 1));
      if (!isIdentifier(inlineText(label))) children = label;
    }
    const locality = this.locality(element);
    if (locality) children.push(children.length ? `, ${locality}` : locality);
    if (refType === 'fn' && children.length) return [{ kind: 'footnote', marker: inlineText(children) }];
    if (!target) return children;
    const unnamed = !children.length;
    if (unnamed) children = [element.role === 'standardRef' ? 'referenced document' : 'reference'];
    const bibitem = this.attribute(element, 'bibitemid');
    let linkTarget: LinkTarget;
    if (isUrn(target)) linkTarget = { kind: 'standard', urn: target.trim() };
    else if (/^https?:\/\//i.test(target) && !isClauseUrl(target)) linkTarget = { kind: 'external', href: target };
    else if (element.role === 'standardRef' || bibitem) linkTarget = { kind: 'citation' };
    else linkTarget = { kind: 'clause', target };
    const link: InlineElement = { kind: 'link', target: linkTarget, children };
    if (unnamed && linkTarget.kind === 'clause') this.unnamed.push(link);
    if (linkTarget.kind === 'citation') this.citations.push({ link, anchor: bibitem ?? target });
    return [link];
  }

  /** "Clause 3.1" from Metanorma localities ({"locality": {"type": "clause", "referenceFrom": "3.1"}}). */
  private locality(element: Element): string | undefined {
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

function runSync(steps: Generator<void, void>): void {
  for (let step = steps.next(); !step.done; step = steps.next());
}

function typeNames(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map(localName);
}

function elementNames(value: JsonObject, hint: string | undefined): string[] {
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

function roleFor(names: string[], fields: Field[]): Role | undefined {
  // "term" is a term entry when it is built like one, else a word in running text (JATS, HTML).
  if (names.includes('term')) {
    const parts = TERM_PARTS;
    if (fields.some((f) => parts.has(f.local))) return 'term';
  }
  // A language set or a tig on its own reads as a term entry too.
  if (names.some((n) => n === 'langset' || n === 'tig')) return 'term';
  return roleOf(names);
}

/** A cheap check that a value is running text: strings, and elements typed with an inline role (no lookahead). */
function isPlainInline(value: unknown, hint: string | undefined, depth: number): boolean {
  if (typeof value === 'string' || typeof value === 'number')
    return !hint || INLINE_ROLES.has(roleOf([localName(hint)]) as Role) || roleOf([localName(hint)]) === undefined;
  if (Array.isArray(value)) return depth < 4 && value.length <= 1000 && value.every((v) => isPlainInline(v, hint, depth + 1));
  if (!isObject(value) || value['@type'] === undefined) return false;
  const role = roleOf(typeNames(value['@type']));
  return role !== undefined && INLINE_ROLES.has(role) && role !== 'footnote';
}

/** Whether an array under an element key is that element's mixed content: strings and inline elements. */
function isMixedContent(value: unknown[], hint: string): boolean {
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

function isElementName(local: string): boolean {
  return roleOf([local]) !== undefined || PART_NAMES.has(local) || isMathName(local);
}

/** `{"@id": "…"}` alone: a link to a node, not content. */
function isNodeReference(value: JsonObject): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === '@id' || keys[0] === 'id');
}

/** The English (or first) text of a language map `{"en": "…", "fr": "…"}`; undefined when not one. */
function languageMapText(value: JsonObject): string | undefined {
  const keys = Object.keys(value);
  if (!keys.length || !keys.every((k) => /^([a-z]{2,3}(-[A-Za-z0-9]+)*|@none)$/.test(k) && typeof value[k] === 'string')) return undefined;
  const key = keys.find((k) => k === 'en' || k.startsWith('en-')) ?? keys[0];
  return clean(value[key] as string);
}

function primitiveText(value: unknown, loose: boolean): string | undefined {
  if (typeof value === 'string') return !loose || isProse(value) ? clean(value) : undefined;
  if (typeof value === 'number' && !loose) return String(value);
  return undefined;
}

/** Whether an element belongs in running text: an inline role, or unknown with only inline content. */
function isInlineElement(element: Element, builder: Builder): boolean {
  if (element.role) return INLINE_ROLES.has(element.role);
  if (element.fields.some((f) => f.local === 'title' || f.local === 'heading')) return false;
  return element.fields.every(
    (f) => ((f.local.startsWith('@') || TECHNICAL_KEYS.has(f.local)) && !CONTENT_KEYS.has(f.local)) || isInlineValue(f.value, 1, builder, f.key),
  );
}

function isInlineValue(value: unknown, depth: number, builder: Builder, hint?: string): boolean {
  if (value === null || typeof value !== 'object') {
    const role = hint ? roleOf([localName(hint)]) : undefined;
    return !role || INLINE_ROLES.has(role);
  }
  if (depth > 3) return false;
  if (Array.isArray(value)) return value.length <= 200 && value.every((v) => isInlineValue(v, depth + 1, builder, hint));
  const object = value as JsonObject;
  if (isNodeReference(object) || languageMapText(object) !== undefined) return true;
  return isInlineElementShallow(builder.element(object, hint), depth, builder);
}

function isInlineElementShallow(element: Element, depth: number, builder: Builder): boolean {
  if (element.role) return INLINE_ROLES.has(element.role);
  if (element.fields.some((f) => f.local === 'title' || f.local === 'heading')) return false;
  return element.fields.every(
    (f) => ((f.local.startsWith('@') || TECHNICAL_KEYS.has(f.local)) && !CONTENT_KEYS.has(f.local)) || isInlineValue(f.value, depth + 1, builder, f.key),
  );
}

/** Server text for the page: no bidi or invisible format controls; runs of white space as one space. */
function clean(text: string): string {
  return NEEDS_CLEANING.test(text) ? stripBidiControls(text).replace(/\s+/g, ' ') : text;
}

const NEEDS_CLEANING = /[^\S ]| {2}|[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF]/;

/** A flow without leading and trailing white space, and without empty strings. */
function trimFlow(flow: Inline[]): Inline[] {
  const out = flow.includes('') ? flow.filter((part) => part !== '') : flow;
  while (typeof out[0] === 'string' && !out[0].trim()) out.shift();
  while (typeof out[out.length - 1] === 'string' && !(out[out.length - 1] as string).trim()) out.pop();
  if (typeof out[0] === 'string') out[0] = out[0].trimStart();
  const last = out.length - 1;
  if (typeof out[last] === 'string') out[last] = out[last].trimEnd();
  return out;
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

/** Text of an inline flow (titles, link labels). */
export function inlineText(flow: readonly Inline[]): string {
  let text = '';
  for (const part of flow) {
    if (typeof part === 'string') text += part;
    else if (part.kind === 'style' || part.kind === 'link') text += inlineText(part.children);
    else if (part.kind === 'footnote') text += part.marker;
    else if (part.kind === 'math') text += part.math.notation === 'mathml' ? '' : part.math.source;
  }
  return text;
}

/** A title that came as a child heading (XML-derived bodies): taken out of the children and returned. */
function liftTitle(children: Block[], setNumber: (number: string) => void): string {
  const first = children[0];
  if (first?.kind === 'heading' && first.level === 0) {
    children.shift();
    return inlineText(first.content);
  }
  if (first?.kind === 'paragraph' && children[1]?.kind === 'heading' && children[1].level === 0) {
    // JATS <label>1</label><title>Scope</title> as two children.
    const number = inlineText(first.content).trim();
    if (number.length <= 20 && /\d|^[A-Z]$/.test(number)) {
      children.shift();
      setNumber(number);
      const heading = children.shift() as Extract<Block, { kind: 'heading' }>;
      return inlineText(heading.content);
    }
  }
  return '';
}

function pickTitle(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const main = (value as unknown[]).find((v: unknown) => isObject(v) && (v.type === 'main' || v.type === 'title-main'));
  return main ?? value.find((v) => !isObject(v) || v.language === undefined || v.language === 'en') ?? value[0];
}

/** How a cross-reference without text names its target: "3.2 Title", "Table 1", "(1)". */
function blockName(block: Block): string {
  switch (block.kind) {
    case 'section':
      return [block.number, inlineText(block.title)].filter(Boolean).join(' ');
    case 'table':
    case 'figure':
      return block.label || inlineText(block.caption);
    case 'formula':
      return block.label ? `Formula ${block.label}` : '';
    case 'term':
      return [block.number, block.preferred[0] ? inlineText(block.preferred[0]) : ''].filter(Boolean).join(' ');
    case 'note':
    case 'example':
    case 'admonition':
      return block.label;
    case 'heading':
      return inlineText(block.content);
    default:
      return '';
  }
}

function spanOf(value: string | undefined): number | undefined {
  const n = value !== undefined ? Number(value) : NaN;
  return Number.isInteger(n) && n > 1 && n <= 1000 ? n : undefined;
}
