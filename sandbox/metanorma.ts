/**
 * The sandbox's second clause vocabulary: the same generated text as the corext blocks, written the way
 * XML-derived Metanorma JSON-LD looks, in two forms (documented in sandbox/README.md):
 *
 * - `nested`, the real nesting: every element `{"@type": "mn:<name>", <attributes>, "mn:content": [children]}`,
 *   titles and captions as first children, no numbers at all (semantic Metanorma leaves them to the renderer),
 *   terms as `term > preferred > expression > name`, `definition > verbal-definition > p`, `termexample`,
 *   `termnote`, `source > origin (citeas, localityStack > locality > referenceFrom) + modification`, concepts
 *   (`concept > refterm, renderterm, xref`) in definitions, and cross-references with no text (`xref target`) to
 *   blocks of the clause and to other clauses' anchors (`clause_5_1`, `AnnexA`);
 * - `keyed`, the older simple form: unprefixed names, parts under their own keys, numbers and labels given.
 */
import type { Json } from './content';
import { hash32, type Random } from './random';
import { FORMULA_SYMBOLS, NOUNS, VERBS } from './words';

type Obj = { [key: string]: Json };

/** A small SVG, embedded: figures show an image without a second request. */
const FIGURE_SVG = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="90" viewBox="0 0 240 90"><rect x="5" y="20" width="90" height="50" rx="6" fill="none" stroke="#888" stroke-width="3"/><circle cx="160" cy="45" r="28" fill="none" stroke="#888" stroke-width="3"/><path d="M95 45h37" stroke="#888" stroke-width="3"/><text x="50" y="15" font-size="12" fill="#888">1</text><text x="160" y="12" font-size="12" fill="#888">2</text></svg>',
).toString('base64')}`;

export type MetanormaForm = 'nested' | 'keyed';

/** The author's anchor of a clause, as Metanorma documents name them: `clause_5_1`, `AnnexA`, `foreword`. */
export function clauseAnchor(clause: { number?: string; section: string }): string {
  const section = clause.section.replace(/^corext:/, '');
  if (section === 'Annex' && clause.number) return `Annex${clause.number}`;
  if (clause.number) return `clause_${clause.number.replace(/\./g, '_')}`;
  return section.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

export class MetanormaWriter {
  private display = 0;
  private footnotes = 0;
  /** Terms written so far in this clause (nested form): later definitions mention them as concepts. */
  private readonly terms: Array<{ anchor: string; name: string }> = [];

  constructor(
    private readonly random: Random,
    readonly form: MetanormaForm,
    /** A clause `@id` of this standard → its author's anchor (cross-references into other clauses). */
    private readonly anchorOfClause: (uri: string) => string | undefined,
  ) {}

  private get nested(): boolean {
    return this.form === 'nested';
  }

  /** The clause's root fields: the keyed form's `title`/`content`, or the nested form's `mn:content` with the title first. */
  root(title: string, blocks: readonly Json[], general: boolean): Obj {
    const content = this.blocks(blocks, general);
    if (!this.nested) return { title, content };
    return { 'mn:content': [...(title ? [this.el('title', {}, [title])] : []), ...content] };
  }

  /** The content of a clause: corext blocks → Metanorma elements, with some formulas, warnings and footnotes added. */
  blocks(blocks: readonly Json[], general: boolean): Json[] {
    const out: Json[] = [];
    for (const [i, block] of blocks.entries()) {
      const written = this.block(block);
      out.push(written);
      if (this.nested) this.mention(written, out);
      if (general && i === 0) {
        if (this.random.chance(0.5)) {
          const symbols = [this.random.pick(FORMULA_SYMBOLS), this.random.pick(FORMULA_SYMBOLS), this.random.pick(FORMULA_SYMBOLS)];
          // An ISO formula is followed by its key: each symbol and what it stands for (words chosen without a
          // further draw, so the rest of the clause stays as it was).
          const unique = [...new Set(symbols)];
          const key = unique.map((symbol, i): [string, string] => [
            symbol,
            `is the ${NOUNS[hash32(`${symbol}|${i}`) % NOUNS.length]}${i === unique.length - 1 ? '.' : ';'}`,
          ]);
          const formula = this.formula(symbols[0], symbols[1], symbols[2], `(${this.random.int(1, 9)})`, key);
          out.push(formula);
          if (this.nested) this.mention(formula, out);
        }
        if (this.random.chance(0.2))
          out.push(
            this.typed('admonition', {
              type: 'caution',
              content: [this.p(`Take care: the ${this.random.pick(NOUNS)} ${this.random.pick(VERBS)} the ${this.random.pick(NOUNS)}.`)],
            }),
          );
      }
    }
    return out;
  }

  /** Nested form: now and then a sentence that points at the table, figure or formula just written, by a bare xref. */
  private mention(block: Json, out: Json[]): void {
    if (!isObj(block) || typeof block.id !== 'string') return;
    const what = { 'mn:table': 'The values are given in ', 'mn:figure': 'The arrangement is shown in ', 'mn:formula': 'The result is calculated by ' }[
      text(block['@type'])
    ];
    if (what && this.random.chance(0.6)) out.push(this.p([what, this.xref(block.id), '.']));
  }

  private anchor(): string {
    return `_${this.random.uuid()}`;
  }

  /** An element in this writer's form. `fields` are attributes (and, keyed, the `content` key). */
  private typed(type: string, fields: Obj): Obj {
    if (!this.nested) return { '@type': type, id: this.anchor(), displayorder: ++this.display, ...fields };
    const { content, ...attributes } = fields;
    return this.el(type, { id: this.anchor(), ...attributes }, content === undefined ? [] : Array.isArray(content) ? content : [content]);
  }

  /** A nested-form element: `mn:` name, attributes, children in `mn:content`. */
  private el(type: string, attributes: Obj, children: Json[]): Obj {
    return { '@type': `mn:${type}`, ...attributes, 'mn:content': children };
  }

  private p(content: Json): Obj {
    return this.typed('p', { content });
  }

  private xref(target: string): Obj {
    return this.nested ? { '@type': 'mn:xref', target, style: 'short' } : { '@type': 'xref', target };
  }

  private block(block: Json): Json {
    if (!isObj(block)) return block;
    const type = text(block['@type']).replace(/^corext:/, '');
    const content = (key: string): Json[] => (Array.isArray(block[key]) ? block[key].map((b) => this.block(b)) : []);
    switch (type) {
      case 'Paragraph': {
        const text = this.inline(block['corext:text']);
        if (this.random.chance(0.06)) {
          const parts = Array.isArray(text) ? [...text] : [text];
          parts.push(
            this.typed('fn', { reference: String(++this.footnotes), content: [this.p(`The ${this.random.pick(NOUNS)} is given for information only.`)] }),
          );
          return this.p(parts);
        }
        return this.p(text);
      }
      case 'Section':
        if (this.nested)
          return this.el('clause', { id: this.anchor(), obligation: 'normative', 'inline-header': false }, [
            this.el('title', {}, [block['dcterms:title'] ?? '']),
            ...content('corext:content'),
          ]);
        return this.typed('clause', {
          'inline-header': false,
          obligation: 'normative',
          title: block['dcterms:title'] ?? '',
          ...(block['corext:number'] ? { number: block['corext:number'] } : {}),
          content: content('corext:content'),
        });
      case 'List': {
        const items = Array.isArray(block['corext:items']) ? block['corext:items'] : [];
        return this.typed(block['corext:ordered'] ? 'ol' : 'ul', {
          content: items.map((item) =>
            this.typed('li', { content: isObj(item) && Array.isArray(item['corext:content']) ? item['corext:content'].map((b) => this.block(b)) : [] }),
          ),
        });
      }
      case 'Note':
        return this.typed('note', { content: content('corext:content') });
      case 'Example':
        return this.typed('example', { content: content('corext:content') });
      case 'Table':
        return this.table(block);
      case 'TermEntry':
        return this.nested ? this.nestedTerm(block) : this.keyedTerm(block);
      case 'Reference':
        return this.bibitem(block);
      case 'Formula': {
        const expression = text(block['corext:expression']);
        const [lhs, rest] = expression.split(' = ');
        const [numerator, denominator] = (rest ?? '').split(' / ');
        const where = Array.isArray(block['corext:where'])
          ? block['corext:where'].filter(isObj).map((w) => [text(w['corext:symbol']), text(w['corext:meaning'])] as [string, string])
          : [];
        return this.formula(lhs, numerator || 'x', denominator || 'y', text(block['corext:label']), where);
      }
      case 'Figure':
        return this.figure(block);
      default:
        return block;
    }
  }

  private table(block: Obj): Obj {
    const cells = (values: Json, cell: 'th' | 'td'): Json[] => (Array.isArray(values) ? values : [values]).map((c) => this.cell(cell, this.inline(c)));
    const head = Array.isArray(block['corext:head']) ? block['corext:head'] : [];
    const body = Array.isArray(block['corext:body']) ? block['corext:body'] : [];
    if (this.nested)
      return this.el('table', { id: this.anchor() }, [
        this.el('name', {}, [block['dcterms:title'] ?? '']),
        this.el(
          'thead',
          {},
          head.map((r) => this.el('tr', {}, cells(r, 'th'))),
        ),
        this.el(
          'tbody',
          {},
          body.map((r) => this.el('tr', {}, cells(r, 'td'))),
        ),
      ]);
    const row = (values: Json, cell: 'th' | 'td'): Obj => ({ '@type': 'tr', content: cells(values, cell) });
    return this.typed('table', { name: block['dcterms:title'] ?? '', thead: head.map((r) => row(r, 'th')), tbody: body.map((r) => row(r, 'td')) });
  }

  private cell(type: 'th' | 'td', content: Json): Obj {
    return this.nested ? this.el(type, {}, Array.isArray(content) ? content : [content]) : { '@type': type, content };
  }

  /** The older keyed form of a term entry: parts under their own keys, the number as the source gives it. */
  private keyedTerm(block: Obj): Obj {
    const term: Obj = { preferred: [{ expression: { name: block['corext:term'] ?? '' } }] };
    if (Array.isArray(block['corext:admitted'])) term.admitted = block['corext:admitted'].map((a) => ({ expression: { name: a } }));
    term.definition = [{ 'verbal-definition': { '@type': 'p', id: this.anchor(), content: this.inline(block['corext:definition']) } }];
    if (Array.isArray(block['corext:notes']))
      term.termnote = block['corext:notes'].map((n) => ({
        id: this.anchor(),
        content: isObj(n) && Array.isArray(n['corext:content']) ? n['corext:content'].map((b) => this.block(b)) : [],
      }));
    const origin = this.origin(block['corext:source']);
    if (origin) term.termsource = { status: 'identical', type: 'authoritative', origin: { ...this.eref(origin.ref), ...origin.locality } };
    return { '@type': 'term', id: `term-${text(block['corext:term']).replace(/\W+/g, '-')}`, ...term };
  }

  /** The real nesting of a term entry, with no number: the renderer numbers it from the clause. */
  private nestedTerm(block: Obj): Obj {
    const name = text(block['corext:term']);
    const designation = (kind: string, value: Json): Obj => this.el(kind, {}, [this.el('expression', {}, [this.el('name', {}, [value])])]);
    const parts: Json[] = [designation('preferred', name)];
    if (Array.isArray(block['corext:admitted'])) for (const admitted of block['corext:admitted']) parts.push(designation('admitted', admitted));
    if (this.random.chance(0.15)) parts.push(designation('deprecates', `${this.random.pick(NOUNS)} ${name.split(' ').pop() ?? ''}`.trim()));
    if (this.random.chance(0.2)) parts.push(this.el('domain', {}, [this.random.pick(NOUNS)]));
    const definition = this.inline(block['corext:definition']);
    const flow = Array.isArray(definition) ? [...definition] : [definition];
    // ISO definitions end without a full stop (they replace the term in a sentence).
    const last = flow.length - 1;
    if (typeof flow[last] === 'string') flow[last] = flow[last].replace(/[.\s]+$/, '');
    const earlier = this.terms.length ? this.random.pick(this.terms) : undefined;
    if (earlier && this.random.chance(0.5))
      flow.push(
        ', as for ',
        this.el('concept', {}, [this.el('refterm', {}, [earlier.name]), this.el('renderterm', {}, [earlier.name]), this.xref(earlier.anchor)]),
      );
    parts.push(this.el('definition', {}, [this.el('verbal-definition', {}, [this.p(flow)])]));
    if (this.random.chance(0.15)) parts.push(this.typed('termexample', { content: [this.p(`The ${name} of the ${this.random.pick(NOUNS)}.`)] }));
    if (Array.isArray(block['corext:notes']))
      for (const note of block['corext:notes'])
        parts.push(
          this.typed('termnote', { content: isObj(note) && Array.isArray(note['corext:content']) ? note['corext:content'].map((b) => this.block(b)) : [] }),
        );
    const origin = this.origin(block['corext:source']);
    if (origin) {
      const modified = this.random.chance(0.3);
      const locality = origin.locality.localityStack;
      parts.push(
        this.el('source', { status: modified ? 'modified' : 'identical', type: 'authoritative' }, [
          { ...this.eref(origin.ref), '@type': 'mn:origin', 'mn:content': locality ? [this.localityStack(origin.number)] : [] },
          ...(modified ? [this.el('modification', {}, [this.p(`The ${this.random.pick(NOUNS)} has been added.`)])] : []),
        ]),
      );
    }
    const anchor = `term-${name.replace(/\W+/g, '-')}`;
    this.terms.push({ anchor, name });
    return this.el('term', { id: this.anchor(), anchor }, parts);
  }

  /** The referenced standard and clause of a corext term source (`["SOURCE: ", StandardRef, ", 3.4"]`). */
  private origin(source: Json | undefined): { ref: Obj; number?: string; locality: Obj } | undefined {
    if (!Array.isArray(source)) return undefined;
    const ref = source.find(isObj);
    if (!ref) return undefined;
    const number = source.find((s): s is string => typeof s === 'string' && /\d/.test(s))?.replace(/^[,\s]+/, '');
    return { ref, number, locality: number ? { localityStack: { locality: { type: 'clause', referenceFrom: number } } } : {} };
  }

  private localityStack(number: string | undefined): Obj {
    return this.el('localityStack', {}, [this.el('locality', { type: 'clause' }, [this.el('referenceFrom', {}, [number ?? ''])])]);
  }

  private bibitem(block: Obj): Obj {
    const id = `ref_${hash32(text(block['corext:target'])).toString(36)}`;
    if (this.nested)
      return this.el('bibitem', { id, type: 'standard' }, [
        this.el('title', { type: 'main', format: 'text/plain', language: 'en' }, [block['dcterms:title'] ?? '']),
        this.el('docidentifier', { type: 'ISO', primary: 'true' }, [block['dcterms:identifier'] ?? '']),
        this.el('docidentifier', { type: 'URN' }, [block['corext:target'] ?? '']),
      ]);
    return {
      '@type': 'bibitem',
      id,
      type: 'standard',
      docidentifier: [
        { type: 'ISO', primary: true, content: block['dcterms:identifier'] ?? '' },
        { type: 'URN', content: block['corext:target'] ?? '' },
      ],
      title: [{ type: 'main', format: 'text/plain', language: 'en', content: block['dcterms:title'] ?? '' }],
    };
  }

  private figure(block: Obj): Obj {
    const key = isObj(block['corext:key']) ? Object.entries(block['corext:key']) : [];
    const image = { id: this.anchor(), src: FIGURE_SVG, mimetype: 'image/svg+xml', alt: text(block['dcterms:title']), height: 'auto', width: 'auto' };
    const dl = (): Obj =>
      this.nested
        ? this.el(
            'dl',
            { key: 'true' },
            key.flatMap(([k, v]) => [this.el('dt', {}, [k]), this.el('dd', {}, [this.p(text(v))])]),
          )
        : {
            '@type': 'dl',
            key: true,
            content: key.flatMap(([k, v]) => [
              { '@type': 'dt', content: k },
              { '@type': 'dd', content: [this.p(text(v))] },
            ]),
          };
    if (this.nested)
      return this.el('figure', { id: this.anchor() }, [
        this.el('name', {}, [block['dcterms:title'] ?? '']),
        { '@type': 'mn:image', ...image },
        ...(key.length ? [dl()] : []),
      ]);
    return this.typed('figure', { name: block['dcterms:title'] ?? '', image, ...(key.length ? { dl: dl() } : {}) });
  }

  /** A formula `lhs = numerator / denominator`, as MathML, AsciiMath or LaTeX, with its "where" list. */
  private formula(lhs: string, numerator: string, denominator: string, label: string, where: Array<[string, string]>): Obj {
    const notation = this.random.pick(['MathML', 'MathML', 'AsciiMath', 'LaTeX'] as const);
    const math = (type: string, content: Json): Obj =>
      this.nested ? this.el(type, {}, Array.isArray(content) ? content : [content]) : { '@type': type, content };
    const mi = (text: string): Obj => math('mi', text);
    const source =
      notation === 'MathML'
        ? math('math', [mi(lhs), math('mo', '='), math('mfrac', [mi(numerator), mi(denominator)])])
        : notation === 'AsciiMath'
          ? `${lhs} = (${numerator})/(${denominator})`
          : `${lhs} = \\frac{${numerator}}{${denominator}}`;
    const dl = (): Json[] =>
      where.flatMap(([symbol, meaning]) => [
        this.nested
          ? this.el('dt', {}, [this.el('stem', { type: 'AsciiMath' }, [symbol])])
          : { '@type': 'dt', content: { '@type': 'stem', type: 'AsciiMath', content: symbol } },
        this.nested ? this.el('dd', {}, [this.p(meaning)]) : { '@type': 'dd', content: [this.p(meaning)] },
      ]);
    if (this.nested)
      return this.el('formula', { id: this.anchor() }, [this.el('stem', { type: notation }, [source]), ...(where.length ? [this.el('dl', {}, dl())] : [])]);
    const formula = this.typed('formula', { stem: { '@type': 'stem', type: notation, content: source } });
    if (label) formula.name = label;
    if (where.length) formula.dl = { '@type': 'dl', content: dl() };
    return formula;
  }

  private eref(ref: Obj): Obj {
    const label = text(ref['corext:label']);
    const fields: Obj = {
      type: 'inline',
      bibitemid: `ref_${hash32(text(ref['corext:target'])).toString(36)}`,
      citeas: label,
      urn: ref['corext:target'] ?? '',
    };
    return this.nested ? { '@type': 'mn:eref', ...fields, 'mn:content': [] } : { '@type': 'eref', ...fields };
  }

  /** Corext INLINE → Metanorma mixed content. */
  private inline(value: Json | undefined): Json {
    if (value === undefined) return '';
    if (Array.isArray(value)) return value.map((part) => this.inline(part));
    if (!isObj(value)) return value;
    const type = text(value['@type']).replace(/^corext:/, '');
    if (type === 'Emphasis') return this.nested ? this.el('em', {}, [value['corext:text'] ?? '']) : { '@type': 'em', content: value['corext:text'] ?? '' };
    if (type === 'XRef') {
      const target = text(value['corext:target']);
      // The real shape: no text, the other clause's anchor; the renderer names it ("Clause 5", "Annex A").
      const anchor = this.nested ? this.anchorOfClause(target) : undefined;
      if (anchor) return this.xref(anchor);
      return { '@type': this.nested ? 'mn:xref' : 'xref', target, style: 'short', [this.nested ? 'mn:content' : 'content']: value['corext:label'] ?? '' };
    }
    if (type === 'StandardRef') return this.eref(value);
    return value;
  }
}

function isObj(value: Json | undefined): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value as text: strings, numbers and booleans as they read; anything else as nothing. */
function text(value: Json | undefined): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
