/**
 * The sandbox's third clause vocabulary (`--vocabulary sts`): the same generated text as the corext blocks, as a
 * NISO STS full text turned into JSON-LD (element name as `@type`, attributes as keys, children in `content`; STS
 * names unprefixed, TBX's and MathML's with `tbx:` / `mml:`). The shapes follow real converter output —
 * metanorma/mnconvert's rice-en.final.sts.xml (ISO 7301 as STS), metanorma/sts-ruby's iso_sts/feature_doc.xml and
 * ISO_13849-1_2008-12_en_TBX.xml:
 *
 * - `sec` with `label` and `title` (the scope `sec-type="scope"`, the foreword and introduction without a label),
 *   annexes as `app` with `label` "Annex A", `annex-type` "(informative)" and `content-type="inform-annex"`;
 * - `ref-list` of `ref`s holding `std` (`std-ref`, then ", " and `title`), now and then inside a `mixed-citation`
 *   with the title as text after it; bibliography entries labelled "[1]"…;
 * - `disp-formula` (label, `mml:math`) followed by its key, `def-list list-type="formula-index"` labelled "where";
 * - `table-wrap` with `label` and `caption > title` — for one table in two the converter's "Table 3 — Title",
 *   the label written again in the caption;
 * - `term-sec` > `tbx:termEntry` > `tbx:langSet` (definition, notes, source, one `tbx:tig` per designation), a
 *   definition mentioning an earlier entry as `tbx:entailedTerm target="term_3.1">paddy ()` with its number empty;
 * - `non-normative-note` / `non-normative-example` with their labels, `fig` with a key as `def-list`, footnotes as
 *   `xref ref-type="fn"` in the text and an `fn-group` at the end of the clause.
 */
import type { ClauseEntry } from './catalogue';
import type { Json } from './content';
import { hash32, type Random } from './random';
import { FORMULA_SYMBOLS, NOUNS } from './words';

type Obj = { [key: string]: Json };

export const STS_CONTEXT: Obj = {
  '@vocab': 'https://www.niso.org/schemas/sts/',
  tbx: 'urn:iso:std:iso:30042:ed-2',
  mml: 'http://www.w3.org/1998/Math/MathML',
  xlink: 'http://www.w3.org/1999/xlink',
};

/** A small SVG, embedded: figures show an image without a second request. */
const FIGURE_SVG = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80"><rect x="5" y="15" width="80" height="50" fill="none" stroke="#888" stroke-width="3"/><path d="M85 40h60" stroke="#888" stroke-width="3"/><text x="40" y="12" font-size="12" fill="#888">1</text><text x="150" y="44" font-size="12" fill="#888">2</text></svg>',
).toString('base64')}`;

/** An STS element. */
function el(name: string, attributes: Obj, ...children: Json[]): Obj {
  return { '@type': name, ...attributes, content: children };
}

/** The anchor a cross-reference to a clause names, as converters write them: `sec_5`, `sec_5.1`, `sec_A`, `sec_foreword`. */
export function stsAnchor(clause: Pick<ClauseEntry, 'number' | 'section'>): string {
  if (clause.number) return `sec_${clause.number}`;
  return `sec_${clause.section.replace(/^corext:/, '').toLowerCase()}`;
}

/**
 * A clause list title as a service that prints numbers into titles sends it: "1 Scope", "4.2 Sampling",
 * "Annex A (informative) Determination of defects"; unnumbered sections as they are.
 */
export function numberedTitle(clause: Pick<ClauseEntry, 'number' | 'title' | 'section' | 'annexKind'>): string {
  if (!clause.number) return clause.title;
  if (clause.section === 'corext:Annex') return `Annex ${clause.number} (${clause.annexKind ?? 'informative'}) ${clause.title}`.trim();
  return `${clause.number} ${clause.title}`.trim();
}

/** Whether a standard's clause list in STS keeps the number field beside the numbered title (one in two does not). */
export function stsListsNumbers(seed: number, canonical: number): boolean {
  return hash32(`${seed}|sts-numbers|${canonical}`) % 2 === 0;
}

export class StsWriter {
  private footnotes: Obj[] = [];
  private tables = 0;
  private figures = 0;
  private formulas = 0;
  private references = 0;
  private subclauses = 0;
  /** Term entries written so far in this clause: later definitions mention them. */
  private readonly terms: Array<{ anchor: string; name: string }> = [];

  constructor(
    private readonly random: Random,
    private readonly clause: ClauseEntry,
    /** A clause `@id` of this standard → its anchor and label (cross-references into other clauses). */
    private readonly targetOf: (uri: string) => { anchor: string } | undefined,
    /** Tables, figures and formulas of the clauses before (numbered through the document; annexes from 1). */
    before: { tables: number; figures: number; formulas: number } = { tables: 0, figures: 0, formulas: 0 },
  ) {
    this.tables = before.tables;
    this.figures = before.figures;
    this.formulas = before.formulas;
  }

  /** The clause as one STS element: `sec`, `app` or (the bibliography) `ref-list`, with its label, title and content. */
  clauseElement(blocks: readonly Json[], general: boolean): Obj {
    const { clause } = this;
    const content = this.blocks(blocks, general);
    const footnotes = this.footnotes.length ? [el('fn-group', {}, ...this.footnotes)] : [];
    const title = el('title', {}, clause.title);
    const annex = clause.section === 'corext:Annex';
    if (annex)
      return el(
        'app',
        { id: stsAnchor(clause), 'content-type': clause.annexKind === 'normative' ? 'normative' : 'inform-annex' },
        el('label', {}, `Annex ${clause.number ?? ''}`.trim()),
        el('annex-type', {}, `(${clause.annexKind ?? 'informative'})`),
        title,
        ...content,
        ...footnotes,
      );
    if (clause.section === 'corext:Bibliography') {
      // The bibliography is a ref-list of its own in STS's back matter: its refs directly inside, after the title.
      const refs = content.flatMap((b) => (isObj(b) && b['@type'] === 'ref-list' && Array.isArray(b.content) ? b.content : [b]));
      return el('ref-list', { 'content-type': 'bibl', id: 'sec_bibl' }, title, ...refs, ...footnotes);
    }
    const type = SEC_TYPES[clause.section];
    return el(
      'sec',
      { id: stsAnchor(clause), ...(type ? { 'sec-type': type } : {}) },
      ...(clause.number ? [el('label', {}, clause.number)] : []),
      title,
      ...content,
      ...footnotes,
    );
  }

  private blocks(blocks: readonly Json[], general: boolean): Json[] {
    const out: Json[] = [];
    let refs: Json[] = [];
    const flushRefs = (): void => {
      if (!refs.length) return;
      out.push(el('ref-list', { 'content-type': this.clause.section === 'corext:NormativeReferences' ? 'norm-refs' : 'bibl' }, ...refs));
      refs = [];
    };
    for (const [i, block] of blocks.entries()) {
      if (isObj(block) && text(block['@type']) === 'corext:Reference') {
        refs.push(this.ref(block));
        continue;
      }
      flushRefs();
      out.push(...this.block(block));
      if (general && i === 0) {
        // A formula with its key after the first paragraph of a general clause, its symbols from the words of the page.
        const [lhs, a, b] = [0, 1, 2].map((k) => FORMULA_SYMBOLS[hash32(`${this.clause.uuid}|${k}`) % FORMULA_SYMBOLS.length]);
        out.push(...this.formula(lhs, a, b, [lhs, a, b]));
      }
    }
    flushRefs();
    return out;
  }

  private block(block: Json): Json[] {
    if (!isObj(block)) return [block];
    const type = text(block['@type']).replace(/^corext:/, '');
    const children = (key: string): Json[] => (Array.isArray(block[key]) ? block[key].flatMap((b) => this.block(b)) : []);
    switch (type) {
      case 'Paragraph': {
        const flow = this.inline(block['corext:text']);
        if (this.random.chance(0.1)) flow.push(...this.footnote(`The ${this.random.pick(NOUNS)} is given for information only.`));
        return [el('p', { id: this.id() }, ...flow)];
      }
      case 'Section': {
        const number = text(block['corext:number']) || `${this.clause.number ?? '0'}.${++this.subclauses}`;
        return [el('sec', { id: `sec_${number}` }, el('label', {}, number), el('title', {}, block['dcterms:title'] ?? ''), ...children('corext:content'))];
      }
      case 'List': {
        const ordered = block['corext:ordered'] === true;
        const items = Array.isArray(block['corext:items']) ? block['corext:items'] : [];
        return [
          el(
            'list',
            { 'list-type': ordered ? 'alpha-lower' : 'dash' },
            ...items.map((item, i) =>
              el(
                'list-item',
                {},
                el('label', {}, ordered ? `${String.fromCharCode(97 + (i % 26))})` : '\u2014'),
                ...(isObj(item) && Array.isArray(item['corext:content']) ? item['corext:content'].flatMap((b) => this.block(b)) : []),
              ),
            ),
          ),
        ];
      }
      case 'Note':
        return [el('non-normative-note', { id: this.id() }, el('label', {}, text(block['corext:label']) || 'NOTE'), ...children('corext:content'))];
      case 'Example':
        return [el('non-normative-example', { id: this.id() }, el('label', {}, text(block['corext:label']) || 'EXAMPLE'), ...children('corext:content'))];
      case 'Table':
        return [this.table(block)];
      case 'TermEntry':
        return [this.term(block)];
      case 'Formula': {
        const expression = text(block['corext:expression']);
        const [lhs, rest] = expression.split(' = ');
        const [numerator, denominator] = (rest ?? '').split(' / ');
        const where = Array.isArray(block['corext:where']) ? block['corext:where'].filter(isObj).map((w) => text(w['corext:symbol'])) : [];
        return this.formula(lhs, numerator || 'x', denominator || 'y', where.length ? where : [lhs]);
      }
      case 'Figure':
        return [this.figure(block)];
      default:
        return [block];
    }
  }

  private table(block: Obj): Obj {
    const label = `Table ${this.clause.section === 'corext:Annex' ? `${this.clause.number}.` : ''}${++this.tables}`;
    const title = text(block['dcterms:title']);
    const row = (values: Json, cell: 'th' | 'td'): Obj =>
      el('tr', {}, ...(Array.isArray(values) ? values : [values]).map((c) => el(cell, {}, ...this.inline(c))));
    const head = Array.isArray(block['corext:head']) ? block['corext:head'] : [];
    const body = Array.isArray(block['corext:body']) ? block['corext:body'] : [];
    // Converters often write the label into the caption as well: "Table 3 — Title".
    const caption = hash32(`${this.clause.uuid}|caption|${this.tables}`) % 2 === 0 ? `${label} \u2014 ${title}` : title;
    return el(
      'table-wrap',
      { id: `tab_${label.slice(6)}`, position: 'float' },
      el('label', {}, label),
      el('caption', {}, el('title', {}, caption)),
      el('table', {}, el('thead', {}, ...head.map((r) => row(r, 'th'))), el('tbody', {}, ...body.map((r) => row(r, 'td')))),
    );
  }

  private term(block: Obj): Obj {
    const number = text(block['corext:number']);
    const name = text(block['corext:term']);
    const anchor = `term_${number}`;
    const definition = this.inline(block['corext:definition']);
    const last = definition.length - 1;
    // ISO definitions end without a full stop (they replace the term in a sentence).
    if (typeof definition[last] === 'string') definition[last] = definition[last].replace(/[.\s]+$/, '');
    const earlier = this.terms.length ? this.random.pick(this.terms) : undefined;
    // The published text reads "paddy (3.1)"; converters leave the number empty for the renderer to fill.
    if (earlier && this.random.chance(0.5)) definition.push(', as for the ', el('tbx:entailedTerm', { target: earlier.anchor }, `${earlier.name} ()`));
    const tig = (term: Json, status: string): Obj =>
      el('tbx:tig', {}, el('tbx:term', {}, term), el('tbx:partOfSpeech', { value: 'noun' }), el('tbx:normativeAuthorization', { value: status }));
    const notes = Array.isArray(block['corext:notes']) ? block['corext:notes'] : [];
    const source = Array.isArray(block['corext:source']) ? block['corext:source'] : undefined;
    const sourceText = source
      ?.map((part) => (typeof part === 'string' ? part : isObj(part) ? text(part['corext:label']) : ''))
      .join('')
      .replace(/^SOURCE:\s*/, '');
    this.terms.push({ anchor, name });
    return el(
      'term-sec',
      { id: `sec_${number}` },
      el('label', {}, number),
      el(
        'tbx:termEntry',
        { id: anchor },
        el(
          'tbx:langSet',
          { 'xml:lang': 'en' },
          el('tbx:definition', {}, ...definition),
          ...notes.map((note, i) =>
            el(
              'tbx:note',
              { id: `not_${number}_${i + 1}` },
              ...(isObj(note) && Array.isArray(note['corext:content']) ? note['corext:content'].flatMap((b) => this.noteText(b)) : []),
            ),
          ),
          ...(sourceText ? [el('tbx:source', {}, sourceText)] : []),
          tig(name, 'preferredTerm'),
          ...(Array.isArray(block['corext:admitted']) ? block['corext:admitted'].map((a) => tig(a, 'admittedTerm')) : []),
        ),
      ),
    );
  }

  /** A note to entry's text: TBX notes hold running text, not paragraphs. */
  private noteText(block: Json): Json[] {
    if (isObj(block) && text(block['@type']) === 'corext:Paragraph') return this.inline(block['corext:text']);
    return this.block(block);
  }

  private ref(block: Obj): Obj {
    const n = ++this.references;
    const bibliography = this.clause.section === 'corext:Bibliography';
    const std = el(
      'std',
      { 'std-id': block['corext:target'] ?? '' },
      el('std-ref', {}, block['dcterms:identifier'] ?? ''),
      ', ',
      el('title', {}, block['dcterms:title'] ?? ''),
    );
    // Now and then the converter's other shape: the std in a mixed-citation, the title as its text after it.
    const mixed = bibliography && hash32(`${this.clause.uuid}|ref|${n}`) % 3 === 0;
    const entry = mixed
      ? el('mixed-citation', {}, el('std', { 'std-id': block['corext:target'] ?? '' }, block['dcterms:identifier'] ?? ''), `, ${text(block['dcterms:title'])}`)
      : std;
    return el(
      'ref',
      { id: `${bibliography ? 'biblref' : 'ref'}_${n}`, 'content-type': 'standard' },
      ...(bibliography ? [el('label', {}, `[${n}]`)] : []),
      entry,
    );
  }

  /** `disp-formula` with its number, then its key: `def-list list-type="formula-index"` labelled "where". */
  private formula(lhs: string, numerator: string, denominator: string, symbols: readonly string[]): Json[] {
    const label = `(${this.clause.section === 'corext:Annex' ? `${this.clause.number}.` : ''}${++this.formulas})`;
    const mi = (s: string): Obj => el('mml:mi', {}, s);
    const formula = el(
      'disp-formula',
      { id: `formula_${label.slice(1, -1)}` },
      el('label', {}, label),
      el('mml:math', {}, mi(lhs), el('mml:mo', {}, '='), el('mml:mfrac', {}, mi(numerator), mi(denominator))),
    );
    const unique = [...new Set(symbols.filter(Boolean))];
    const key = el(
      'def-list',
      { 'list-type': 'formula-index' },
      el('label', {}, 'where'),
      ...unique.map((symbol, i) =>
        el(
          'def-item',
          {},
          el('term', {}, el('mml:math', {}, mi(symbol))),
          el('def', {}, el('p', {}, `is the ${NOUNS[hash32(`${symbol}|${i}`) % NOUNS.length]}${i === unique.length - 1 ? '.' : ';'}`)),
        ),
      ),
    );
    return [formula, key];
  }

  private figure(block: Obj): Obj {
    const label = `Figure ${this.clause.section === 'corext:Annex' ? `${this.clause.number}.` : ''}${++this.figures}`;
    const key = isObj(block['corext:key']) ? Object.entries(block['corext:key']) : [];
    return el(
      'fig',
      { id: `fig_${label.slice(7)}` },
      el('label', {}, label),
      el('caption', {}, el('title', {}, block['dcterms:title'] ?? '')),
      el('graphic', { 'xlink:href': FIGURE_SVG, 'mime-subtype': 'svg+xml' }),
      ...(key.length
        ? [
            el(
              'def-list',
              { 'list-type': 'key' },
              el('label', {}, 'Key'),
              ...key.map(([k, v]) => el('def-item', {}, el('term', {}, k), el('def', {}, el('p', {}, text(v))))),
            ),
          ]
        : []),
    );
  }

  /** A footnote: its marker in the text, its body in the clause's fn-group. */
  private footnote(body: string): Json[] {
    const n = this.footnotes.length + 1;
    const id = `fn_${this.clause.position}_${n}`;
    this.footnotes.push(el('fn', { id }, el('label', {}, el('sup', {}, String(n))), el('p', {}, body)));
    return [el('xref', { 'ref-type': 'fn', rid: id }, el('sup', {}, String(n)))];
  }

  private id(): string {
    return `_${this.random.uuid()}`;
  }

  /** Corext INLINE → STS mixed content. */
  private inline(value: Json | undefined): Json[] {
    if (value === undefined) return [''];
    if (Array.isArray(value)) return value.flatMap((part) => this.inline(part));
    if (!isObj(value)) return [value];
    const type = text(value['@type']).replace(/^corext:/, '');
    if (type === 'Emphasis') return [el('italic', {}, value['corext:text'] ?? '')];
    if (type === 'XRef') {
      const target = this.targetOf(text(value['corext:target']));
      // STS cross-references carry their text ("Clause 5", "Annex A"), pointing at the section's id.
      const rid = target?.anchor ?? '';
      return [el('xref', { 'ref-type': /^sec_[A-Z]$/.test(rid) ? 'app' : 'sec', rid }, value['corext:label'] ?? '')];
    }
    if (type === 'StandardRef') return [el('std', { 'std-id': value['corext:target'] ?? '' }, el('std-ref', {}, value['corext:label'] ?? ''))];
    return [value];
  }
}

const SEC_TYPES: Record<string, string> = {
  'corext:Foreword': 'foreword',
  'corext:Introduction': 'intro',
  'corext:Scope': 'scope',
  'corext:NormativeReferences': 'norm-refs',
  'corext:TermsAndDefinitions': 'terms',
};

function isObj(value: Json | undefined): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: Json | undefined): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
