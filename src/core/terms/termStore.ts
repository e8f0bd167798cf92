/**
 * The defined terms Go to Term… offers: the term entries of Terms-and-definitions clauses whose bodies were
 * already fetched (opened as a page or a text/JSON document, or collected for a standard on demand), so looking up
 * a term never sends requests of its own. Bounded: the most recently added clauses win. Pure: no vscode.
 */
import type { Block, TermEntry } from '../document/index';
import type { flowText, buildDocument } from '../document/index';
import type { termAnchor } from '../document/anchors';
import { displayText } from '../service/displayText';
import { isObject } from '../service/jsonld';
import { SECTION_TYPES, localTypeName } from '../service/sections';
import { type ClauseRef, clauseContextOf } from '../model';

/** A clause whose terms are kept: enough to open its page. */
export type TermSource = Omit<ClauseRef, 'standardPosition'>;

export interface TermItem {
  /** The preferred designation(s), "; "-separated. */
  term: string;
  admitted: string[];
  /** The definition's first words. */
  excerpt: string;
  number?: string;
  /** What opens the page at this entry (anchors.ts). */
  anchor: string;
  source: TermSource;
}

export const MAX_CLAUSES = 40;
export const MAX_TERMS = 20_000;
const EXCERPT_LENGTH = 160;
/** Bodies larger than this are not read for terms on the extension host (a terms clause is far smaller). */
export const MAX_BODY_CHARS = 4_000_000;

/**
 * The document model's readers the store uses. A host passes them: the VS Code host loads the model on first use
 * (src/extension/lazy.ts), so that activation, which makes the store, does not load it.
 */
export interface DocumentReaders {
  buildDocument: typeof buildDocument;
  flowText: typeof flowText;
  termAnchor: typeof termAnchor;
}

export class TermStore {
  constructor(private readonly read: DocumentReaders) {}

  /** Clause key → its terms, least recently added first. */
  private readonly clauses = new Map<string, TermItem[]>();
  private count = 0;
  private readonly listeners = new Set<() => void>();

  /** Reads the term entries of `body` when it is a Terms-and-definitions clause; returns how many were kept. */
  addBody(source: TermSource, body: unknown): number {
    if (!isTermsClause(source, body)) return 0;
    if (JSON.stringify(body).length > MAX_BODY_CHARS) return 0;
    const document = this.read.buildDocument(body, clauseContextOf(source));
    // What the caller did not know (a document read by URI knows only the URN and clause id), from the body.
    const known: TermSource = {
      ...source,
      title: source.title || document.title || undefined,
      number: source.number || document.number,
      standardReference: source.standardReference || document.standard?.reference,
      standardTitle: source.standardTitle || document.standard?.title,
    };
    return this.add(known, termsOf(this.read, document.blocks, known));
  }

  add(source: TermSource, items: TermItem[]): number {
    const key = keyOf(source);
    this.remove(key);
    if (!items.length) return 0;
    this.clauses.set(key, items);
    this.count += items.length;
    while (this.clauses.size > MAX_CLAUSES || (this.count > MAX_TERMS && this.clauses.size > 1)) this.remove(this.clauses.keys().next().value as string);
    this.listeners.forEach((listener) => listener());
    return items.length;
  }

  /** Every kept term, most recently added clauses first. */
  all(): TermItem[] {
    return [...this.clauses.values()].reverse().flat();
  }

  /** Whether the terms of this clause are kept. */
  has(source: Pick<TermSource, 'urn' | 'clauseId'>): boolean {
    return this.clauses.has(keyOf(source));
  }

  get size(): number {
    return this.count;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private remove(key: string): void {
    const old = this.clauses.get(key);
    if (!old) return;
    this.count -= old.length;
    this.clauses.delete(key);
  }
}

/** A Terms-and-definitions clause (by type, in the ref or the body), or a clause titled like one. */
export function isTermsClause(source: Pick<TermSource, 'types' | 'title'>, body: unknown): boolean {
  const wanted = localTypeName(SECTION_TYPES.TermsAndDefinitions.type);
  const bodyTypes = isObject(body) ? [body['@type']].flat().filter((t): t is string => typeof t === 'string') : [];
  if ([...(source.types ?? []), ...bodyTypes].some((t) => localTypeName(t) === wanted)) return true;
  return /\b(?:terms|definitions|vocabulary|glossary)\b/i.test(source.title ?? '');
}

/** The term entries among `blocks`, at any depth (terms sit in subclauses, lists, tables of some bodies). */
export function termsOf(read: DocumentReaders, blocks: readonly Block[], source: TermSource): TermItem[] {
  const items: TermItem[] = [];
  const visit = (list: readonly Block[], depth: number): void => {
    if (depth > 64) return;
    for (const block of list) {
      if (block.kind === 'term') {
        const item = termItem(read, block, source);
        if (item) items.push(item);
      } else if (
        block.kind === 'section' ||
        block.kind === 'note' ||
        block.kind === 'example' ||
        block.kind === 'admonition' ||
        block.kind === 'quote' ||
        block.kind === 'figure'
      ) {
        visit(block.children, depth + 1);
      } else if (block.kind === 'list') {
        for (const item of block.items) visit(item.blocks, depth + 1);
      }
    }
  };
  visit(blocks, 0);
  return items;
}

function termItem(read: DocumentReaders, block: TermEntry & { anchor?: string }, source: TermSource): TermItem | undefined {
  const term = block.preferred
    .map((p) => displayText(read.flowText(p)))
    .filter(Boolean)
    .join('; ');
  const anchor = read.termAnchor(block);
  if (!term || !anchor) return undefined;
  const definition = displayText(block.definition.map((b) => blockText(read, b)).join(' '));
  return {
    term,
    admitted: block.admitted.map((a) => displayText(read.flowText(a))).filter(Boolean),
    excerpt: definition.length > EXCERPT_LENGTH ? `${definition.slice(0, EXCERPT_LENGTH - 1)}…` : definition,
    number: block.number ? displayText(block.number) : undefined,
    anchor,
    source,
  };
}

function blockText(read: DocumentReaders, block: Block): string {
  if (block.kind === 'paragraph' || block.kind === 'heading') return read.flowText(block.content);
  if (block.kind === 'list') return block.items.map((i) => i.blocks.map((b) => blockText(read, b)).join(' ')).join(' ');
  return '';
}

function keyOf(source: Pick<TermSource, 'urn' | 'clauseId'>): string {
  return `${source.urn}\u0000${source.clauseId}`;
}
