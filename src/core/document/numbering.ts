/**
 * The numbers a source leaves to its renderer (semantic Metanorma writes none), given as ISO/IEC Directives
 * Part 2 numbers them: subclauses and term entries from the clause's own number ("4.1", "3.2", "3.1.1"; "A.1" in
 * an annex, "0.1" in an introduction), tables, figures and formulas in order ("Table 1", "Figure A.2", "(1)"),
 * notes and examples within their subdivision ("NOTE" alone, "NOTE 1" / "NOTE 2" when there are several), notes
 * to entry always numbered ("Note 1 to entry"). Numbers the source gives are kept, and later ones follow on.
 * One pass over the built tree: every renderer (page, text, Markdown, hovers, comparison) reads the result.
 */
import type { Block, ClauseDocument, TermEntry } from './model';
import { inlineText } from './flowText';
import { trailingDigitsStart } from '../service/displayText';

/** What the clause list says about the clause being built (all optional). */
export interface ClauseContext {
  /** The clause's `@id` and clause id, to find it in `clauses` (its number from its place there). */
  id?: string;
  clauseId?: string;
  /** The clause's number in the clause list: "4", "4.1", "A". */
  number?: string;
  title?: string;
  /** Local names of the clause's types ("annex", "introduction", "foreword", "clause"…). */
  types?: readonly string[];
  /** The standard's clauses, to name and link cross-references into other clauses. */
  clauses?: readonly ClauseListEntry[];
  /** Tables, figures and formulas in the clauses before this one, when known (numbered on from there). */
  before?: { tables: number; figures: number; formulas: number };
}

export interface ClauseListEntry {
  /** The clause's `@id`: what a link to it opens. */
  id?: string;
  clauseId?: string;
  number?: string;
  title?: string;
  types?: readonly string[];
  /** `@id` of the enclosing clause, for subclauses. */
  parent?: string;
  /** Nesting depth, 1 for top-level clauses. */
  level?: number;
}

/** What the builder knows about numbers: which blocks need one, which have none by design. */
export interface NumberingHints {
  implicit: WeakSet<object>;
  unnumbered: WeakSet<object>;
  termParent: WeakMap<TermEntry, TermEntry>;
}

const UNNUMBERED_TYPES = /^(?:foreword|bibliography|acknowledgements?|preface|abstract|executivesummary)$/;

export function numberDocument(document: ClauseDocument, context: ClauseContext, hints: NumberingHints): void {
  const types = (context.types ?? []).map((t) => t.toLowerCase().replace(/^.*[:#/]/, ''));
  if (!document.number && context.number && !types.some((t) => UNNUMBERED_TYPES.test(t))) document.number = context.number;
  const annex = types.includes('annex') || /^[A-Z](?:\.|$)/.test(document.number ?? '');
  const prefix = document.number ?? (types.includes('introduction') ? '0' : undefined);
  const counters = new Counters(annex ? (document.number ?? '').split('.')[0] : '', context.before);
  const numbering = new Numbering(hints, counters, context);
  numbering.subdivision(document.blocks, prefix, true);
}

class Counters {
  tables: number;
  figures: number;
  formulas: number;

  constructor(
    /** "A" in an annex: its tables are Table A.1, A.2… */
    readonly annex: string,
    before: ClauseContext['before'],
  ) {
    this.tables = annex ? 0 : (before?.tables ?? 0);
    this.figures = annex ? 0 : (before?.figures ?? 0);
    this.formulas = annex ? 0 : (before?.formulas ?? 0);
  }

  next(kind: 'tables' | 'figures' | 'formulas'): string {
    return `${this.annex ? `${this.annex}.` : ''}${++this[kind]}`;
  }

  /** A number the source gave ("Table 3", "(A.4)"): later implicit ones follow on from it. */
  follow(kind: 'tables' | 'figures' | 'formulas', label: string): void {
    // /(\d+)\)?\s*$/ read from the end: as an expression it is tried from every digit of a long run (quadratic).
    const text = label.trimEnd();
    const end = text.endsWith(')') ? text.length - 1 : text.length;
    const start = trailingDigitsStart(text, end);
    if (start < end) this[kind] = Math.max(this[kind], Number(text.slice(start, end)));
  }
}

class Numbering {
  constructor(
    private readonly hints: NumberingHints,
    private readonly counters: Counters,
    private readonly context: ClauseContext,
  ) {}

  /**
   * One subdivision (the clause, or a subclause in it): its subclauses and term entries numbered under
   * `prefix`, its notes and examples counted together, then each subclause in turn.
   */
  subdivision(blocks: Block[], prefix: string | undefined, top = false): void {
    let count = 0;
    const notes: Block[] = [];
    const examples: Block[] = [];
    const entries = new Map<TermEntry, number>();
    const listed = top ? this.listedSubclauses(prefix) : new Map<string, string>();
    const taken = new Set(listed.values());
    const visit = (list: Block[]): void => {
      for (const block of list) {
        switch (block.kind) {
          case 'section': {
            if (this.hints.implicit.has(block) && prefix !== undefined) {
              block.number = listed.get(inlineText(block.title).trim().toLowerCase()) ?? this.nextFree(prefix, () => ++count, taken);
            }
            count = Math.max(count, lastNumber(block.number, prefix));
            this.subdivision(block.children, block.number);
            break;
          }
          case 'term': {
            const parent = this.hints.termParent.get(block);
            if (this.hints.implicit.has(block)) {
              if (parent?.number) {
                const n = (entries.get(parent) ?? 0) + 1;
                entries.set(parent, n);
                block.number = `${parent.number}.${n}`;
              } else if (prefix !== undefined) block.number = `${prefix}.${++count}`;
            } else if (!parent) count = Math.max(count, lastNumber(block.number, prefix));
            this.term(block);
            break;
          }
          case 'note':
            notes.push(block);
            visit(block.children);
            break;
          case 'example':
            examples.push(block);
            visit(block.children);
            break;
          case 'table':
            this.numberTable(block);
            this.subdivision(block.notes, undefined);
            break;
          case 'figure':
            this.caption(block, 'figures', 'Figure');
            this.subdivision(block.children, undefined);
            break;
          case 'formula':
            if (this.hints.implicit.has(block)) block.label = `(${this.counters.next('formulas')})`;
            else if (block.label && !this.hints.unnumbered.has(block)) this.counters.follow('formulas', block.label);
            visit(block.where);
            break;
          case 'list':
            for (const item of block.items) visit(item.blocks);
            break;
          case 'definitions':
            for (const item of block.items) visit(item.definition);
            break;
          case 'quote':
          case 'admonition':
            visit(block.children);
            break;
          default:
            break;
        }
      }
    };
    visit(blocks);
    this.label(notes, 'NOTE');
    this.label(examples, 'EXAMPLE');
  }

  /** A term entry's examples ("EXAMPLE" or "EXAMPLE 1", "EXAMPLE 2") and notes ("Note 1 to entry", always numbered). */
  private term(entry: TermEntry): void {
    this.label(entry.examples, 'EXAMPLE');
    let n = 0;
    for (const note of entry.notes) {
      n++;
      if (note.kind === 'note' && this.hints.implicit.has(note)) note.label = `Note ${n} to entry:`;
    }
    for (const block of [...entry.definition, ...entry.examples, ...entry.notes]) {
      if (block.kind === 'table') this.numberTable(block);
      else if (block.kind === 'figure') this.caption(block, 'figures', 'Figure');
      else if (block.kind === 'formula' && this.hints.implicit.has(block)) block.label = `(${this.counters.next('formulas')})`;
    }
  }

  private numberTable(block: Extract<Block, { kind: 'table' }>): void {
    this.caption(block, 'tables', 'Table');
  }

  private caption(block: Extract<Block, { kind: 'table' | 'figure' }>, kind: 'tables' | 'figures', word: string): void {
    if (this.hints.implicit.has(block)) block.label = `${word} ${this.counters.next(kind)}`;
    else if (block.label && !this.hints.unnumbered.has(block)) this.counters.follow(kind, block.label);
  }

  /** Notes or examples of one subdivision: the word alone when there is one, numbered when there are several. */
  private label(blocks: Block[], word: 'NOTE' | 'EXAMPLE'): void {
    const several = blocks.length > 1;
    blocks.forEach((block, i) => {
      if ((block.kind === 'note' || block.kind === 'example') && this.hints.implicit.has(block)) block.label = several ? `${word} ${i + 1}` : word;
    });
  }

  /** The next number under `prefix` that no listed subclause holds. */
  private nextFree(prefix: string, next: () => number, taken: ReadonlySet<string>): string {
    let number = `${prefix}.${next()}`;
    for (let tries = 0; taken.has(number) && tries < 10_000; tries++) number = `${prefix}.${next()}`;
    return number;
  }

  /** The clause's subclauses in the clause list, by title: an embedded subclause takes the number the list gives it. */
  private listedSubclauses(prefix: string | undefined): Map<string, string> {
    const listed = new Map<string, string>();
    if (!prefix) return listed;
    for (const clause of this.context.clauses ?? []) {
      const number = clause.number;
      if (!number || !clause.title || !number.startsWith(`${prefix}.`) || number.slice(prefix.length + 1).includes('.')) continue;
      listed.set(clause.title.trim().toLowerCase(), number);
    }
    return listed;
  }
}

/** The last part of a number under `prefix` ("4.3" under "4" → 3); 0 when it is not one. */
function lastNumber(number: string | undefined, prefix: string | undefined): number {
  if (!number || prefix === undefined || !number.startsWith(`${prefix}.`)) return 0;
  const rest = number.slice(prefix.length + 1);
  return /^\d+$/.test(rest) ? Number(rest) : 0;
}
