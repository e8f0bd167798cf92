/**
 * Clause bodies: nested JSON-LD blocks (paragraphs, sections, lists, notes, examples, tables, term entries,
 * references, and now and then a block type a client will not know), made deterministically per request.
 * The shapes are documented in sandbox/README.md.
 */
import type { Catalogue, ClauseEntry, StandardEntry } from './catalogue';
import { type MetanormaForm, MetanormaWriter, clauseAnchor } from './metanorma';
import { type Random, hash32, randomFor } from './random';
import { STS_CONTEXT, StsWriter, numberedTitle, stsAnchor, stsListsNumbers } from './sts';
import { ADJECTIVES, FORMULA_SYMBOLS, NOUNS, SUBJECTS, VERBS } from './words';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Inline = string | Json[];
type Block = { [key: string]: Json };

export const CONTEXT: { [key: string]: Json } = {
  dcterms: 'http://purl.org/dc/terms/',
  corext: 'https://sandbox.standards.example/ns/corext#',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};

/** Everything a body needs to say about where it sits. */
export interface ClauseContext {
  catalogue: Catalogue;
  standard: StandardEntry;
  clauses: ClauseEntry[];
  clause: ClauseEntry;
  /** `@id` of a clause of this standard. */
  clauseUri(clause: ClauseEntry): string;
  /** Which vocabulary bodies are written in; default 'mixed'. */
  vocabulary?: Vocabulary;
  /** How many times the clause was revised (POST /__sandbox/revise-clause): each revision adds a sentence. */
  revision?: number;
}

/**
 * `corext`: the sandbox's own; `metanorma`: Metanorma-like JSON-LD (metanorma.ts); `sts`: NISO STS full texts
 * (sts.ts), with clause list titles that carry their numbers; `mixed`: one standard in three Metanorma.
 */
export type Vocabulary = 'corext' | 'metanorma' | 'sts' | 'mixed';
export const VOCABULARIES: readonly Vocabulary[] = ['corext', 'metanorma', 'sts', 'mixed'];

/** The vocabulary of one standard's clause bodies: fixed by the option, or by the seed and the standard. */
export function vocabularyOf(seed: number, standard: StandardEntry, vocabulary: Vocabulary = 'mixed'): 'corext' | 'metanorma' | 'sts' {
  if (vocabulary !== 'mixed') return vocabulary;
  return hash32(`${seed}|vocabulary|${standard.canonical}`) % 3 === 0 ? 'metanorma' : 'corext';
}

/** Which form a Metanorma standard's bodies take: the real nesting, or for one standard in three the older keyed form. */
export function metanormaFormOf(seed: number, standard: StandardEntry): MetanormaForm {
  return hash32(`${seed}|metanorma-form|${standard.canonical}`) % 3 === 0 ? 'keyed' : 'nested';
}

/** A clause's title and number in an STS standard's clause list: the number in the title, the field for one standard in two. */
export function stsListing(seed: number, standard: StandardEntry, clause: ClauseEntry): { title: string; number?: string } {
  return { title: numberedTitle(clause), number: stsListsNumbers(seed, standard.canonical) ? clause.number : undefined };
}

/** Whether a clause is a general one (not foreword, scope, terms, bibliography, annex…): its first paragraph may get a formula. */
function isGeneral(clause: ClauseEntry): boolean {
  return !clause.types.some((t) => /Foreword|Introduction|Scope|NormativeReferences|TermsAndDefinitions|Bibliography|Annex/.test(t));
}

/**
 * Tables, figures and formulas in the clauses before this one (STS numbers them through the document, annexes on
 * their own): the earlier clauses' blocks made again from their own seeds and counted.
 */
function numberedBefore(ctx: ClauseContext): { tables: number; figures: number; formulas: number } {
  const counts = { tables: 0, figures: 0, formulas: 0 };
  if (ctx.clause.section === 'corext:Annex') return counts;
  const count = (blocks: readonly Json[]): void => {
    for (const block of blocks) {
      if (typeof block !== 'object' || block === null || Array.isArray(block)) continue;
      const type = block['@type'];
      if (type === 'corext:Table') counts.tables++;
      else if (type === 'corext:Figure') counts.figures++;
      else if (type === 'corext:Formula') counts.formulas++;
      else if (type === 'corext:Section' && Array.isArray(block['corext:content'])) count(block['corext:content']);
    }
  };
  for (const earlier of ctx.clauses) {
    if (earlier.position >= ctx.clause.position) break;
    if (earlier.section === 'corext:Annex') continue;
    count(new Writer(randomFor(ctx.catalogue.seed, 'content', ctx.standard.canonical, earlier.position), { ...ctx, clause: earlier }).blocksFor(earlier));
    if (isGeneral(earlier)) counts.formulas++;
  }
  return counts;
}

/** The full JSON-LD body of one clause. */
export function clauseBody(ctx: ClauseContext): { [key: string]: Json } {
  const { catalogue, standard, clause } = ctx;
  const random = randomFor(catalogue.seed, 'content', standard.canonical, clause.position);
  const writer = new Writer(random, ctx);
  const body: { [key: string]: Json } = {
    '@context': CONTEXT,
    '@id': ctx.clauseUri(clause),
    '@type': clause.types.length === 1 ? clause.types[0] : clause.types,
    'dcterms:title': clause.title,
  };
  if (clause.number !== undefined) body['corext:number'] = clause.number;
  if (clause.annexKind) body['corext:obligation'] = clause.annexKind;
  body['dcterms:isPartOf'] = {
    '@id': standard.urn,
    'dcterms:identifier': standard.reference,
    'dcterms:title': standard.titleText,
  };
  const blocks = writer.blocksFor(clause);
  for (let revision = 1; revision <= (ctx.revision ?? 0); revision++)
    blocks.push(paragraph(`Revision ${revision}: this requirement now also applies to accessories and to software updates.`));
  const general = isGeneral(clause);
  if (vocabularyOf(catalogue.seed, standard, ctx.vocabulary) === 'sts') {
    // The envelope stays the service's JSON-LD, its title and number as the clause list gives them (the number in
    // the title; the number field for one standard in two); the clause inside is the STS element.
    const listing = stsListing(catalogue.seed, standard, clause);
    body['dcterms:title'] = listing.title;
    if (listing.number === undefined) delete body['corext:number'];
    body['@context'] = { ...CONTEXT, ...STS_CONTEXT };
    const targets = new Map(ctx.clauses.map((c) => [ctx.clauseUri(c), { anchor: stsAnchor(c) }]));
    const sts = new StsWriter(randomFor(catalogue.seed, 'sts', standard.canonical, clause.position), clause, (uri) => targets.get(uri), numberedBefore(ctx));
    body.content = [sts.clauseElement(blocks, general)];
    return body;
  }
  if (vocabularyOf(catalogue.seed, standard, ctx.vocabulary) === 'metanorma') {
    // The envelope stays the service's JSON-LD; the document inside is Metanorma-like, in the real nesting or
    // (one standard in three) the older keyed form.
    const form = metanormaFormOf(catalogue.seed, standard);
    const anchors = new Map(ctx.clauses.map((c) => [ctx.clauseUri(c), clauseAnchor(c)]));
    const metanorma = new MetanormaWriter(randomFor(catalogue.seed, 'metanorma', standard.canonical, clause.position), form, (uri) => anchors.get(uri));
    body['@context'] = { ...CONTEXT, '@vocab': 'https://www.metanorma.org/ns/standoc#', mn: 'https://www.metanorma.org/ns/standoc#' };
    body.id = `_${randomFor(catalogue.seed, 'anchor', standard.canonical, clause.position).uuid()}`;
    if (form === 'nested') {
      // Semantic Metanorma writes no numbers: the clause list's number is what a reader numbers from.
      delete body['corext:number'];
      body.anchor = clauseAnchor(clause);
    }
    body.obligation = clause.annexKind ?? 'normative';
    body['inline-header'] = false;
    Object.assign(body, metanorma.root(clause.title, blocks, general));
    return body;
  }
  body['corext:content'] = blocks;
  return body;
}

class Writer {
  constructor(
    private readonly random: Random,
    private readonly ctx: ClauseContext,
  ) {}

  blocksFor(clause: ClauseEntry): Block[] {
    const type = clause.section;
    switch (type) {
      case 'corext:Foreword':
        return this.foreword();
      case 'corext:Introduction':
        return this.introduction();
      case 'corext:Scope':
        return this.scope();
      case 'corext:NormativeReferences':
        return this.references(
          'The following documents are referred to in the text in such a way that some or all of their content constitutes requirements of this document. For dated references, only the edition cited applies. For undated references, the latest edition of the referenced document (including any amendments) applies.',
          this.random.int(0, 8),
        );
      case 'corext:TermsAndDefinitions':
        return this.terms();
      case 'corext:Bibliography':
        return this.references('', this.random.int(3, 20));
      case 'corext:Annex':
        return clause.hugeBytes ? this.hugeAnnex(clause.hugeBytes) : this.annex();
      default:
        return this.clause(clause.level);
    }
  }

  private foreword(): Block[] {
    const { standard } = this.ctx;
    const committee = SUBJECTS[standard.subject].committee;
    return [
      paragraph(
        'ISO (the International Organization for Standardization) is a worldwide federation of national standards bodies (ISO member bodies). The work of preparing International Standards is normally carried out through ISO technical committees.',
      ),
      paragraph(`This document was prepared by Technical Committee ${committee}.`),
      paragraph(
        standard.edition && standard.edition > 1
          ? `This edition cancels and replaces the previous edition, which has been technically revised.`
          : 'This is the first edition of this document.',
      ),
      this.note('NOTE', [paragraph('A list of all parts in the series can be found on the publisher\u2019s website.')]),
    ];
  }

  private introduction(): Block[] {
    const blocks: Block[] = [paragraph(this.sentences(3))];
    const sections = this.random.int(1, 3);
    for (let s = 1; s <= sections; s++) {
      blocks.push(
        section(
          `0.${s}`,
          this.random.pick(NOUNS).replace(/^./, (c) => c.toUpperCase()),
          [paragraph(this.inline(3)), this.list(false)],
        ),
      );
    }
    return blocks;
  }

  private scope(): Block[] {
    const { standard } = this.ctx;
    return [
      paragraph(`This document specifies requirements for ${this.phrase()} when an organization:`),
      list(false, [
        [paragraph(`needs to demonstrate its ability to consistently provide ${this.phrase()}, and`)],
        [paragraph(`aims to enhance ${this.phrase()} through the effective application of the ${SUBJECTS[standard.subject].title.toLowerCase()}.`)],
      ]),
      paragraph(this.inline(2)),
      this.note('NOTE', [
        paragraph(`In this document, the terms \u201c${this.random.pick(NOUNS)}\u201d and \u201c${this.random.pick(NOUNS)}\u201d apply to ${this.phrase()}.`),
      ]),
    ];
  }

  private references(intro: string, count: number): Block[] {
    const blocks: Block[] = [];
    blocks.push(paragraph(intro || this.sentences(1)));
    if (count === 0) {
      blocks.push(paragraph('There are no normative references in this document.'));
      return blocks;
    }
    for (let i = 0; i < count; i++) {
      const other = this.ctx.catalogue.otherUrn(this.random, this.ctx.standard.index);
      blocks.push({
        '@type': 'corext:Reference',
        'corext:target': other.urn,
        'dcterms:identifier': other.reference,
        'dcterms:title': other.titleText,
      });
    }
    return blocks;
  }

  private terms(): Block[] {
    const blocks: Block[] = [
      paragraph('For the purposes of this document, the following terms and definitions apply.'),
      paragraph('ISO and IEC maintain terminology databases for use in standardization.'),
    ];
    const count = this.random.int(2, 14);
    for (let i = 1; i <= count; i++) {
      const term = `${this.random.pick(ADJECTIVES)} ${this.random.pick(NOUNS)}`;
      const entry: Block = {
        '@type': 'corext:TermEntry',
        'corext:number': `3.${i}`,
        'corext:term': term,
        'corext:definition': this.inline(1),
      };
      if (this.random.chance(0.2)) entry['corext:admitted'] = [`${this.random.pick(NOUNS)}`];
      if (this.random.chance(0.4)) {
        entry['corext:notes'] = [this.note('Note 1 to entry', [paragraph(this.sentences(1))])];
      }
      if (this.random.chance(0.3)) {
        const other = this.ctx.catalogue.otherUrn(this.random, this.ctx.standard.index);
        entry['corext:source'] = [
          'SOURCE: ',
          { '@type': 'corext:StandardRef', 'corext:target': other.urn, 'corext:label': other.reference },
          `, ${this.random.int(3, 9)}.${this.random.int(1, 20)}`,
        ];
      }
      blocks.push(entry);
    }
    return blocks;
  }

  private clause(level: number): Block[] {
    const blocks: Block[] = [];
    const paragraphs = this.random.int(1, level === 1 ? 3 : 5);
    for (let i = 0; i < paragraphs; i++) blocks.push(paragraph(this.inline(this.random.int(1, 4))));
    if (this.random.chance(0.5)) blocks.push(this.list(this.random.chance(0.4)));
    if (this.random.chance(0.35)) blocks.push(this.note(`NOTE ${this.random.int(1, 3)}`, [paragraph(this.sentences(1))]));
    if (this.random.chance(0.25)) blocks.push(this.example());
    if (this.random.chance(0.2)) blocks.push(this.table(this.random.int(2, 8)));
    if (this.random.chance(0.15)) {
      const embedded = section(
        '',
        `${this.random.pick(ADJECTIVES)} ${this.random.pick(NOUNS)}`.replace(/^./, (c) => c.toUpperCase()),
        [paragraph(this.inline(2))],
      );
      // A subclause within the body only where the clause list has none of its own (they would share numbers).
      if (!this.ctx.clauses.some((c) => c.parent === this.ctx.clause.position)) blocks.push(embedded);
    }
    if (this.random.chance(0.08)) blocks.push(this.unknownBlock());
    return blocks;
  }

  private annex(): Block[] {
    return [paragraph(this.inline(2)), this.table(this.random.int(3, 12)), paragraph(this.sentences(2))];
  }

  /** A deliberately large annex: one long table of test data, built up to about `bytes` of JSON. */
  private hugeAnnex(bytes: number): Block[] {
    const rows: Json[] = [];
    let size = 0;
    for (let r = 1; size < bytes; r++) {
      const row: Json[] = [
        `${r}`,
        `${this.random.pick(ADJECTIVES)} ${this.random.pick(NOUNS)}`,
        (this.random.next() * 1000).toFixed(3),
        (this.random.next() * 10).toFixed(4),
        this.sentences(1),
      ];
      rows.push(row);
      size += JSON.stringify(row).length + 1;
    }
    return [
      paragraph('This annex gives the complete set of test data obtained in the interlaboratory comparison.'),
      {
        '@type': 'corext:Table',
        'corext:label': 'Table A.1',
        'dcterms:title': 'Interlaboratory test data',
        'corext:head': [['Run', 'Specimen', 'Value', 'Uncertainty', 'Remark']],
        'corext:body': rows,
      },
    ];
  }

  private list(ordered: boolean): Block {
    const items: Block[][] = [];
    const count = this.random.int(2, 6);
    for (let i = 0; i < count; i++) {
      const item: Block[] = [paragraph(this.inline(1))];
      if (this.random.chance(0.1)) item.push(list(false, [[paragraph(this.sentences(1))], [paragraph(this.sentences(1))]]));
      items.push(item);
    }
    return list(ordered, items);
  }

  private note(label: string, content: Block[]): Block {
    return { '@type': 'corext:Note', 'corext:label': label, 'corext:content': content };
  }

  private example(): Block {
    return {
      '@type': 'corext:Example',
      'corext:label': this.random.chance(0.5) ? 'EXAMPLE' : `EXAMPLE ${this.random.int(1, 3)}`,
      'corext:content': [paragraph(this.sentences(2))],
    };
  }

  private table(rows: number): Block {
    const columns = this.random.int(2, 5);
    const head: Json[] = [];
    for (let c = 0; c < columns; c++) head.push(this.random.pick(NOUNS).replace(/^./, (ch) => ch.toUpperCase()));
    const body: Json[] = [];
    for (let r = 0; r < rows; r++) {
      const row: Json[] = [];
      for (let c = 0; c < columns; c++) {
        row.push(c === 0 ? `${this.random.pick(ADJECTIVES)} ${this.random.pick(NOUNS)}` : (this.random.next() * 100).toFixed(1));
      }
      body.push(row);
    }
    return {
      '@type': 'corext:Table',
      'corext:label': `Table ${this.random.int(1, 9)}`,
      'dcterms:title': `${this.random.pick(ADJECTIVES)} values of ${this.random.pick(NOUNS)}`.replace(/^./, (c) => c.toUpperCase()),
      'corext:head': [head],
      'corext:body': body,
    };
  }

  /** A block whose type and fields a client does not know, so generic rendering gets exercised. */
  private unknownBlock(): Block {
    if (this.random.chance(0.5)) {
      const symbol = this.random.pick(FORMULA_SYMBOLS);
      return {
        '@type': 'corext:Formula',
        'corext:label': `(${this.random.int(1, 9)})`,
        'corext:expression': `${symbol} = ${this.random.pick(FORMULA_SYMBOLS)} / ${this.random.pick(FORMULA_SYMBOLS)}`,
        'corext:where': [{ 'corext:symbol': symbol, 'corext:meaning': `the ${this.random.pick(NOUNS)}` }],
      };
    }
    return {
      '@type': 'corext:Figure',
      'corext:label': `Figure ${this.random.int(1, 5)}`,
      'dcterms:title': `Schematic of the ${this.random.pick(NOUNS)}`,
      'corext:key': { '1': this.random.pick(NOUNS), '2': this.random.pick(NOUNS) },
      'corext:graphic': { 'corext:mediaType': 'image/svg+xml', 'corext:available': false },
    };
  }

  /** Text with now and then emphasis, a cross-reference to another clause or a reference to a standard. */
  private inline(sentences: number): Inline {
    const parts: Json[] = [];
    for (let i = 0; i < sentences; i++) {
      parts.push(`${this.sentence()} `);
      const roll = this.random.next();
      if (roll < 0.15) {
        parts.push({ '@type': 'corext:Emphasis', 'corext:text': this.phrase() }, '. ');
      } else if (roll < 0.3) {
        const target = this.random.pick(this.ctx.clauses);
        // As a published standard words it: "Clause 5", "5.1", "Annex A", else the title.
        const label = target.number
          ? target.section === 'corext:Annex'
            ? `Annex ${target.number}`
            : target.number.includes('.')
              ? target.number
              : `Clause ${target.number}`
          : target.title || 'Foreword';
        parts.push('See ', { '@type': 'corext:XRef', 'corext:target': this.ctx.clauseUri(target), 'corext:label': label }, '. ');
      } else if (roll < 0.38) {
        const other = this.ctx.catalogue.otherUrn(this.random, this.ctx.standard.index);
        parts.push('See also ', { '@type': 'corext:StandardRef', 'corext:target': other.urn, 'corext:label': other.reference }, '. ');
      }
    }
    return parts.length === 1 && typeof parts[0] === 'string' ? parts[0].trim() : parts;
  }

  private sentences(count: number): string {
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(this.sentence());
    return out.join(' ');
  }

  private sentence(): string {
    const subject = `The ${this.random.pick(NOUNS)}`;
    const tail = this.random.chance(0.5) ? ` and the ${this.random.pick(ADJECTIVES)} ${this.random.pick(NOUNS)}` : '';
    return `${subject} ${this.random.pick(VERBS)} the ${this.phrase()}${tail}.`;
  }

  private phrase(): string {
    return `${this.random.pick(ADJECTIVES)} ${this.random.pick(NOUNS)}`;
  }
}

function paragraph(text: Inline): Block {
  return { '@type': 'corext:Paragraph', 'corext:text': text };
}

function section(number: string, title: string, content: Block[]): Block {
  const block: Block = { '@type': 'corext:Section', 'dcterms:title': title, 'corext:content': content };
  if (number) block['corext:number'] = number;
  return block;
}

function list(ordered: boolean, items: Block[][]): Block {
  return { '@type': 'corext:List', 'corext:ordered': ordered, 'corext:items': items.map((content) => ({ 'corext:content': content })) };
}
