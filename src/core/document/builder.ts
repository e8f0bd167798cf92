/**
 * The builder's state (footnotes, anchors, citations waiting for the bibliography) and the flow of blocks: what
 * each element becomes in block context. The parts live in their own modules (tables, terms, lists…).
 */
import { NEVER_SHOWN, inlineElement, inlines } from './inline';
import { isObject } from '../service/jsonld';
import {
  type Element,
  type FlowItem,
  HEADER_KEYS,
  LABEL_KEY,
  NOTHING,
  TAG_KEYS,
  anchorOf,
  anchorsOf,
  attribute,
  flowOf,
  hasTitle,
  isNodeReference,
  isUnnumbered,
  languageMapText,
  obligation,
  plainText,
  primitiveText,
  readElement,
  restOf,
  textOf,
} from './elements';
import { bibitem, figure } from './figures';
import { liftTitle, trimFlow } from './flowText';
import { formula } from './formulas';
import { FOOTNOTE_GROUP, isInlineElement, isMixedContent, isPlainInline } from './inlineChecks';
import { definitions, labelled, list } from './lists';
import { type Block, type Definition, type Footnote, type Inline, type InlineElement, type LinkTarget, MAX_DEPTH, type TermEntry } from './model';
import { INLINE_ROLES, localName, roleOf } from './names';
import { NUMBER_KEYS, TITLE_KEYS } from './keys';
import { clauseNumberText, withoutShown } from './shownOnce';
import { isIdentifier } from './identifiers';
import { table } from './tables';
import { term } from './terms';

const FOOTNOTE_MARKER_KEYS: ReadonlySet<string> = new Set(['reference', 'label', 'marker', 'number', 'symbol']);
const ATTRIBUTION_KEYS: ReadonlySet<string> = new Set(['attribution', 'source', 'author']);

const YIELD_EVERY = 64;
/** Sections that are never numbered (ISO/IEC Directives Part 2): foreword, introduction, bibliography… */
const UNNUMBERED_SECTIONS: ReadonlySet<string> = new Set([
  'foreword',
  'introduction',
  'abstract',
  'acknowledgements',
  'acknowledgments',
  'bibliography',
  'preface',
  'executivesummary',
  'backmatter',
  'references',
  'refsection',
  'reflist',
]);

export class Builder {
  private work = 0;
  footnoteCount = 0;
  readonly footnotes: Footnote[] = [];
  /** Citations to resolve once every bibliography entry is known: bibliography anchor → links waiting. */
  readonly citations: Array<{ link: { target: LinkTarget }; anchor: string }> = [];
  readonly bibliography = new Map<string, string>();
  /** Anchors on this page → the block, to name cross-references that come without text. */
  readonly anchors = new Map<string, Block>();
  /** Cross-references that came without text, named once every block and number is known. */
  readonly unnamed: Array<{ link: Extract<InlineElement, { kind: 'link' }>; refType: string }> = [];
  /** Mentions of a term whose number is to be filled from the entry they point at (termMentions.ts). */
  readonly termMentions: Array<{ link: Extract<InlineElement, { kind: 'link' }>; append: boolean }> = [];
  /** Blocks whose number or label the source left to the renderer (numbering.ts gives them). */
  readonly implicit = new WeakSet<object>();
  /** Tables, figures and formulas the source marks as not numbered. */
  readonly unnumbered = new WeakSet<object>();
  /** A term entry nested in another (3.1.1 under 3.1) → the entry it is under. */
  readonly termParent = new WeakMap<TermEntry, TermEntry>();
  /** How many term entries the builder is inside (concepts read differently there). */
  termDepth = 0;

  /** Counts a unit of work; true every YIELD_EVERY units, where a caller may pause. */
  tick(): boolean {
    return ++this.work % YIELD_EVERY === 0;
  }

  titleOf(element: Element, depth: number): Inline[] {
    for (const field of element.fields) {
      if (!TITLE_KEYS.has(field.local)) continue;
      const title = trimFlow(this.inlines([{ value: field.value, loose: false }], depth + 1));
      if (title.length) return title;
    }
    return [];
  }

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
      if (this.tick()) yield;
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
            if (this.tick()) yield;
            if (typeof v === 'string' || typeof v === 'number') {
              const text = primitiveText(v, loose && !strict);
              if (text !== undefined && (run.length || text.trim())) run.push(text);
              continue;
            }
            const element = isObject(v) && !isNodeReference(v) && languageMapText(v) === undefined ? readElement(v, undefined) : undefined;
            if (element && isInlineElement(element)) {
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
      const element = readElement(value, hint);
      if (isInlineElement(element)) {
        run.push(...this.inlineElement(element, depth + 1));
        continue;
      }
      flush();
      yield* this.block(element, out, depth + 1);
    }
    flush();
  }

  /** One element in block context. */
  *block(element: Element, out: Block[], depth: number): Generator<void, void> {
    if (depth > MAX_DEPTH) {
      out.push({ kind: 'tooDeep' });
      return;
    }
    if (element.names.some((n) => NEVER_SHOWN.has(n))) return;
    const anchor = anchorOf(element);
    const start = out.length;
    switch (element.role) {
      case 'section':
        yield* this.section(element, out, depth);
        break;
      case 'heading': {
        const level = /^h([1-6])$/.exec(element.names.find((n) => /^h[1-6]$/.test(n)) ?? '')?.[1];
        const content = trimFlow(this.inlines(restOf(element, NOTHING), depth + 1));
        if (content.length) out.push({ kind: 'heading', level: level ? Number(level) : 0, content });
        break;
      }
      case 'paragraph': {
        const items = restOf(element, NOTHING);
        if (items.every((item) => isPlainInline(item.value, item.hint, 0))) {
          // The common case, without the block machinery: one paragraph of running text.
          const content = trimFlow(this.inlines(items, depth + 1));
          if (content.length) out.push({ kind: 'paragraph', content });
        } else yield* this.blocks(items, out, depth + 1);
        break;
      }
      case 'list':
        yield* list(this, element, out, depth);
        break;
      case 'listItem':
        yield* this.blocks(restOf(element, NOTHING), out, depth + 1);
        break;
      case 'definitions': {
        // A list's own label ("where" before a formula's key, "Key") is said before it, not made an entry.
        const label = textOf(element, LABEL_KEY);
        const items: Definition[] = [];
        yield* definitions(this, restOf(element, LABEL_KEY), items, depth + 1);
        if (label && items.length) out.push({ kind: 'paragraph', content: [label] });
        if (items.length) out.push({ kind: 'definitions', items });
        break;
      }
      case 'table':
        yield* table(this, element, out, depth);
        break;
      case 'note':
      case 'example':
      case 'admonition':
        yield* labelled(this, element, element.role, out, depth);
        break;
      case 'term':
        yield* term(this, element, out, depth);
        break;
      case 'formula':
      case 'math':
        yield* formula(this, element, out, depth);
        break;
      case 'figure':
      case 'image':
        yield* figure(this, element, out, depth);
        break;
      case 'code':
        out.push({
          kind: 'code',
          text: plainText(
            restOf(element, NOTHING).map((i) => i.value),
            0,
          )
            .replace(/^\n+/, '')
            .trimEnd(),
          language: attribute(element, 'lang', 'language'),
        });
        break;
      case 'quote': {
        const children: Block[] = [];
        yield* this.blocks(restOf(element, ATTRIBUTION_KEYS), children, depth + 1);
        out.push({ kind: 'quote', children, source: trimFlow(this.inlines(flowOf(element, ['attribution', 'source', 'author']), depth + 1)) });
        break;
      }
      case 'bibitem':
        bibitem(this, element, out, depth);
        break;
      case 'footnote': {
        const note = this.footnote(element, depth);
        if (!this.footnotes.includes(note)) this.footnotes.push(note);
        break;
      }
      default:
        // Not ours to know: flow its children, as a section when it has a title.
        if (element.names.includes(FOOTNOTE_GROUP)) yield* this.footnoteGroup(element, out, depth);
        else if (hasTitle(element)) yield* this.section(element, out, depth);
        else yield* this.blocks(restOf(element, NOTHING), out, depth + 1);
    }
    const first = out[start];
    if (anchor && first && first.kind !== 'tooDeep' && !first.anchor) {
      first.anchor = anchor;
      // Newer Metanorma gives a GUID as `id` and the author's name as `anchor`; cross-references use the name.
      for (const name of anchorsOf(element)) if (!this.anchors.has(name)) this.anchors.set(name, first);
    }
  }

  *section(element: Element, out: Block[], depth: number): Generator<void, void> {
    const written = textOf(element, NUMBER_KEYS) || undefined;
    const number = clauseNumberText(written);
    // A title that repeats the number or annex label beside it ("4.1 General" under the label "4.1"): shown once.
    const title = number ? withoutShown(withoutShown(this.titleOf(element, depth), written), number) : this.titleOf(element, depth);
    const children: Block[] = [];
    const section: Block = { kind: 'section', number, title, label: obligation(element), children };
    out.push(section);
    yield* this.blocks(restOf(element, HEADER_KEYS), children, depth + 1);
    if (!section.title.length) {
      const lifted = liftTitle(children, (n) => (section.number ??= n));
      if (lifted) section.title = [lifted];
    }
    if (!section.number && !element.names.some((n) => UNNUMBERED_SECTIONS.has(n)) && !isUnnumbered(element)) this.implicit.add(section);
  }

  /** STS `<fn-group>`: each `<fn>` is a footnote whose marker the text has (`<xref ref-type="fn">`), not a new marker here. */
  private *footnoteGroup(element: Element, out: Block[], depth: number): Generator<void, void> {
    const rest: FlowItem[] = [];
    for (const item of restOf(element, NOTHING)) {
      for (const value of Array.isArray(item.value) ? item.value : [item.value]) {
        const child = isObject(value) ? readElement(value, item.hint) : undefined;
        if (child?.role === 'footnote') this.footnotes.push(this.footnote(child, depth + 1));
        else rest.push({ ...item, value });
      }
    }
    if (rest.length) yield* this.blocks(rest, out, depth + 1);
  }

  footnote(element: Element, depth: number): Footnote {
    const marker = attribute(element, 'reference', 'label', 'marker', 'number', 'symbol') ?? String(++this.footnoteCount);
    const blocks: Block[] = [];
    runSync(this.blocks(restOf(element, FOOTNOTE_MARKER_KEYS), blocks, depth + 1));
    return { marker: isIdentifier(marker) ? String(++this.footnoteCount) : marker, anchor: anchorOf(element), blocks };
  }

  inlines(items: FlowItem[], depth: number): Inline[] {
    return inlines(this, items, depth);
  }

  inlineElement(element: Element, depth: number): Inline[] {
    return inlineElement(this, element, depth);
  }
}

/** Notes for the numbering pass whether a table, figure or formula still needs its number, or has none by design. */
export function markNumbering(b: Builder, element: Element, block: Block, label: string | undefined): void {
  if (isUnnumbered(element)) b.unnumbered.add(block);
  else if (!label) b.implicit.add(block);
}

export function runSync(steps: Generator<void, void>): void {
  for (let step = steps.next(); !step.done; step = steps.next());
}
