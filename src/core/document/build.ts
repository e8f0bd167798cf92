/**
 * Clause JSON → ClauseDocument. Every object is read as an element: its names come from `@type` (a set: order
 * and prefixes do not matter), else the key it sat under, else a tag field; its role from those names
 * (names.ts). Fields are content (flowed in order), titles/numbers/labels (read by the element), technical
 * (dropped) or unknown (flowed: prose shows, identifiers and flags do not) — keys.ts. Block conversion is a
 * generator that yields every few hundred elements, so a caller can spread a multi-megabyte body over time
 * slices; nesting deeper than MAX_DEPTH becomes a `tooDeep` block, so no body can exhaust the stack.
 * Here: the entry points and the clause's header; elements.ts reads elements, builder.ts flows blocks, inline.ts
 * running text, and each part has its module (lists, tables, terms, formulas, figures).
 */
import { yieldNow } from '../service/yieldNow';
import { type JsonObject, isObject } from '../service/jsonld';
import { Builder } from './builder';
import { HEADER_KEYS, IDENTIFIER_KEYS, ID_KEYS, anchorsOf, fieldValue, hasTitle, obligation, readElement, restOf, textOf } from './elements';
import { inlineText, liftTitle } from './flowText';
import type { Block, ClauseDocument } from './model';
import { type ClauseContext, type ClauseListEntry, numberDocument } from './numbering';
import { blockLabel, clauseLabel, clauseNumberOf, fallbackLabel } from './xrefLabels';
import { localName, roleOf } from './names';
import { NUMBER_KEYS, TECHNICAL_KEYS, TITLE_KEYS } from './keys';
import { isUrn } from './identifiers';
import { eachBlockList } from './blockLists';
import { attachFormulaKeys } from './formulas';
import { type HeadingParts, headingOnce, isShown } from './shownOnce';
import { listedHeading } from './listedNumbers';
import { fillTermNumbers } from './termMentions';

/** Builds the whole model at once (tests, the text view, hovers). */
export function buildDocument(body: unknown, context: ClauseContext = {}): ClauseDocument {
  const steps = documentSteps(body, context);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * Builds the model in slices of about `sliceMs`, yielding to the event loop between them (the clause page:
 * never blocks for long, whatever the body's size).
 */
export async function buildDocumentSliced(
  body: unknown,
  sliceMs = 12,
  isCancelled: () => boolean = () => false,
  context: ClauseContext = {},
): Promise<ClauseDocument | undefined> {
  const steps = documentSteps(body, context);
  for (;;) {
    // Yield first: the caller has usually just parsed the body, one long task already.
    await yieldNow();
    if (isCancelled()) return undefined;
    const end = performance.now() + sliceMs;
    let step = steps.next();
    while (!step.done && performance.now() < end) step = steps.next();
    if (step.done) return step.value;
  }
}

/** The builder as a generator: each `yield` is a point where the caller may pause. */
export function* documentSteps(body: unknown, context: ClauseContext = {}): Generator<void, ClauseDocument> {
  return yield* document(new Builder(), body, context);
}

/** The clause's header (title, number, obligation, standard) and blocks; then the links its anchors and bibliography name. */
function* document(b: Builder, body: unknown, context: ClauseContext): Generator<void, ClauseDocument> {
  const document: ClauseDocument = { title: '', blocks: [], footnotes: b.footnotes };
  let rootAnchors: string[] = [];
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
    yield* b.blocks([{ value: root, loose: false }], document.blocks, 1);
  } else {
    const element = readElement(root, undefined);
    rootAnchors = anchorsOf(element);
    if (element.role && element.role !== 'section' && !hasTitle(element)) {
      yield* b.blocks([{ value: root, loose: false }], document.blocks, 1);
    } else {
      document.title = inlineText(b.titleOf(element, 1));
      const number = textOf(element, NUMBER_KEYS);
      if (number) document.number = number;
      const label = obligation(element);
      if (label) document.label = label;
      const part = fieldValue(element, ['ispartof']);
      if (isObject(part)) {
        const standard = readElement(part, undefined);
        const urn = textOf(standard, ID_KEYS);
        document.standard = {
          urn: isUrn(urn) ? urn : undefined,
          reference: textOf(standard, IDENTIFIER_KEYS) || undefined,
          title: textOf(standard, TITLE_KEYS) || undefined,
        };
      }
      yield* b.blocks(restOf(element, HEADER_KEYS), document.blocks, 1);
      if (!document.title) document.title = liftTitle(document.blocks, (n) => (document.number ??= n));
    }
  }
  const listed = listedHeading(context);
  settleHeading(document, listed);
  dropRepeatedTitle(document, context, listed);
  eachBlockList(document, attachFormulaKeys);
  numberDocument(document, { ...context, number: listed.number }, b);
  nameCrossReferences(b, document, context, rootAnchors);
  fillTermNumbers(b);
  for (const { link, anchor } of b.citations) {
    const urn = b.bibliography.get(anchor);
    if (urn) link.target = { kind: 'standard', urn };
  }
  return document;
}

/**
 * The clause's number, annex label and obligation shown once (shownOnce.ts), wherever they come from: the body's
 * number field or label ("1", "Annex B", "(informative)"), its title ("1 Scope"), the clause list's.
 */
function settleHeading(document: ClauseDocument, listed: HeadingParts): void {
  const given = document.number;
  const once = headingOnce({ number: given ?? listed.number, title: document.title, label: document.label ?? listed.label });
  document.title = once.title;
  // The list's number is the model's only where the clause has one (numberDocument decides); the body's is kept.
  if (given !== undefined || (once.number !== undefined && once.number !== listed.number)) document.number = once.number;
  if (once.label) document.label = once.label;
}

/**
 * A body that repeats the clause's own heading (a first heading or a one-section wrapper with the clause's
 * title): shown once, in the page's header.
 */
function dropRepeatedTitle(document: ClauseDocument, context: ClauseContext, listed: HeadingParts): void {
  const number = document.number ?? listed.number;
  const titles = [document.title, context.title, listed.title].filter((t): t is string => Boolean(t?.trim())).flatMap((t) => [t, `${number ?? ''} ${t}`]);
  const first = document.blocks[0];
  if (first?.kind === 'heading' && isShown(headingOnce({ number, title: inlineText(first.content) }).title, titles)) document.blocks.shift();
  else if (first?.kind === 'section') {
    const own = headingOnce({ number: first.number, title: inlineText(first.title), label: first.label });
    // Its title the clause's, or none under the clause's own number (a scope whose title was left empty).
    const same = own.number !== undefined && own.number === number;
    if (!(own.title ? isShown(own.title, titles) : same) || (own.number !== undefined && number !== undefined && !same)) return;
    document.blocks.splice(0, 1, ...first.children);
    if (own.number !== undefined && own.number !== listed.number) document.number ??= own.number;
    document.title ||= own.title;
    if (own.label) document.label ??= own.label;
  }
}

/**
 * Cross-references that came without text: named by the block they point at on this page, else by the clause
 * of the standard they point at (and then linked to it), else by what their identifier says (set when read).
 */
function nameCrossReferences(b: Builder, document: ClauseDocument, context: ClauseContext, rootAnchors: readonly string[]): void {
  for (const { link } of b.unnamed) {
    if (link.target.kind !== 'clause') continue;
    const target = link.target.target.replace(/^#/, '');
    const block: Block | undefined = b.anchors.get(target);
    const here = block ? blockLabel(block) : rootAnchors.includes(target) ? clauseLabel({ number: document.number, title: document.title }) : '';
    if (here) {
      link.children = [here];
      continue;
    }
    const clause = clauseFor(target, context.clauses ?? []);
    const label = clause ? clauseLabel({ number: clause.number, title: clause.title, annex: clause.types?.some((t) => /annex/i.test(t)) }) : '';
    if (clause && label) {
      link.children = [label];
      if (clause.id) link.target = { kind: 'clause', target: clause.id };
    }
  }
}

/** The clause of the list a target names: by its `@id` or clause id, else by the number its identifier holds. */
function clauseFor(target: string, clauses: readonly ClauseListEntry[]): ClauseListEntry | undefined {
  const byId = clauses.find((c) => c.id === target || c.clauseId === target || (c.id !== undefined && c.id.endsWith(`/${target}`)));
  if (byId) return byId;
  const number = clauseNumberOf(target);
  if (number) return clauses.find((c) => c.number === number);
  // "scope", "normative_references": an anchor made from the clause's title.
  const words = fallbackLabel(target).toLowerCase();
  return clauses.find((c) => c.title?.trim().toLowerCase() === words);
}
