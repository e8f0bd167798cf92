/**
 * The sandbox's second clause vocabulary: the same generated text as the corext blocks, written the way
 * XML-derived Metanorma JSON-LD looks — `clause`/`p`/`ul`/`ol`/`li`/`table`/`tr`/`td`/`note`/`example`/
 * `admonition`/`term`/`formula` with `stem` (MathML, AsciiMath, LaTeX)/`figure`/`fn`/`eref`/`xref`/`bibitem`,
 * mixed content as arrays of strings and inline elements, `_uuid` anchors, `obligation`, `inline-header` and
 * `displayorder` hints — so every test layer sees a body that is not ours. Documented in sandbox/README.md.
 */
import type { Json } from './content';
import { hash32, type Random } from './random';
import { FORMULA_SYMBOLS, NOUNS, VERBS } from './words';

type Obj = { [key: string]: Json };

/** A small SVG, embedded: figures show an image without a second request. */
const FIGURE_SVG = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="90" viewBox="0 0 240 90"><rect x="5" y="20" width="90" height="50" rx="6" fill="none" stroke="#888" stroke-width="3"/><circle cx="160" cy="45" r="28" fill="none" stroke="#888" stroke-width="3"/><path d="M95 45h37" stroke="#888" stroke-width="3"/><text x="50" y="15" font-size="12" fill="#888">1</text><text x="160" y="12" font-size="12" fill="#888">2</text></svg>',
).toString('base64')}`;

export class MetanormaWriter {
  private display = 0;
  private footnotes = 0;

  constructor(private readonly random: Random) {}

  /** The content of a clause: corext blocks → Metanorma elements, with some formulas, warnings and footnotes added. */
  blocks(blocks: readonly Json[], general: boolean): Json[] {
    const out: Json[] = [];
    for (const [i, block] of blocks.entries()) {
      out.push(this.block(block));
      if (general && i === 0) {
        if (this.random.chance(0.5))
          out.push(
            this.formula(
              this.random.pick(FORMULA_SYMBOLS),
              this.random.pick(FORMULA_SYMBOLS),
              this.random.pick(FORMULA_SYMBOLS),
              `(${this.random.int(1, 9)})`,
              [],
            ),
          );
        if (this.random.chance(0.2))
          out.push(
            this.element('admonition', {
              type: 'caution',
              content: [this.p(`Take care: the ${this.random.pick(NOUNS)} ${this.random.pick(VERBS)} the ${this.random.pick(NOUNS)}.`)],
            }),
          );
      }
    }
    return out;
  }

  private anchor(): string {
    return `_${this.random.uuid()}`;
  }

  private element(type: string, fields: Obj): Obj {
    return { '@type': type, id: this.anchor(), displayorder: ++this.display, ...fields };
  }

  private p(content: Json): Obj {
    return this.element('p', { content });
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
            this.element('fn', { reference: String(++this.footnotes), content: [this.p(`The ${this.random.pick(NOUNS)} is given for information only.`)] }),
          );
          return this.p(parts);
        }
        return this.p(text);
      }
      case 'Section':
        return this.element('clause', {
          'inline-header': false,
          obligation: 'normative',
          title: block['dcterms:title'] ?? '',
          ...(block['corext:number'] ? { number: block['corext:number'] } : {}),
          content: content('corext:content'),
        });
      case 'List': {
        const items = Array.isArray(block['corext:items']) ? block['corext:items'] : [];
        return this.element(block['corext:ordered'] ? 'ol' : 'ul', {
          content: items.map((item) =>
            this.element('li', { content: isObj(item) && Array.isArray(item['corext:content']) ? item['corext:content'].map((b) => this.block(b)) : [] }),
          ),
        });
      }
      case 'Note':
        return this.element('note', { content: content('corext:content') });
      case 'Example':
        return this.element('example', { content: content('corext:content') });
      case 'Table': {
        const row = (cells: Json, cell: 'th' | 'td'): Obj => ({
          '@type': 'tr',
          content: (Array.isArray(cells) ? cells : [cells]).map((c) => ({ '@type': cell, content: this.inline(c) })),
        });
        const head = Array.isArray(block['corext:head']) ? block['corext:head'] : [];
        const body = Array.isArray(block['corext:body']) ? block['corext:body'] : [];
        return this.element('table', { name: block['dcterms:title'] ?? '', thead: head.map((r) => row(r, 'th')), tbody: body.map((r) => row(r, 'td')) });
      }
      case 'TermEntry': {
        const term: Obj = { preferred: [{ expression: { name: block['corext:term'] ?? '' } }] };
        if (Array.isArray(block['corext:admitted'])) term.admitted = block['corext:admitted'].map((a) => ({ expression: { name: a } }));
        term.definition = [{ 'verbal-definition': { '@type': 'p', id: this.anchor(), content: this.inline(block['corext:definition']) } }];
        if (Array.isArray(block['corext:notes']))
          term.termnote = block['corext:notes'].map((n) => ({
            id: this.anchor(),
            content: isObj(n) && Array.isArray(n['corext:content']) ? n['corext:content'].map((b) => this.block(b)) : [],
          }));
        const source = block['corext:source'];
        if (Array.isArray(source)) {
          const ref = source.find(isObj);
          const locality = source.find((s): s is string => typeof s === 'string' && /\d/.test(s))?.replace(/^[,\s]+/, '');
          if (ref)
            term.termsource = {
              status: 'identical',
              type: 'authoritative',
              origin: { ...this.eref(ref), ...(locality ? { localityStack: { locality: { type: 'clause', referenceFrom: locality } } } : {}) },
            };
        }
        return { '@type': 'term', id: `term-${text(block['corext:term']).replace(/\W+/g, '-')}`, ...term };
      }
      case 'Reference':
        return {
          '@type': 'bibitem',
          id: `ref_${hash32(text(block['corext:target'])).toString(36)}`,
          type: 'standard',
          docidentifier: [
            { type: 'ISO', primary: true, content: block['dcterms:identifier'] ?? '' },
            { type: 'URN', content: block['corext:target'] ?? '' },
          ],
          title: [{ type: 'main', format: 'text/plain', language: 'en', content: block['dcterms:title'] ?? '' }],
        };
      case 'Formula': {
        const expression = text(block['corext:expression']);
        const [lhs, rest] = expression.split(' = ');
        const [numerator, denominator] = (rest ?? '').split(' / ');
        const where = Array.isArray(block['corext:where'])
          ? block['corext:where'].filter(isObj).map((w) => [text(w['corext:symbol']), text(w['corext:meaning'])] as [string, string])
          : [];
        return this.formula(lhs, numerator || 'x', denominator || 'y', text(block['corext:label']), where);
      }
      case 'Figure': {
        const key = isObj(block['corext:key']) ? Object.entries(block['corext:key']) : [];
        return this.element('figure', {
          name: block['dcterms:title'] ?? '',
          image: { id: this.anchor(), src: FIGURE_SVG, mimetype: 'image/svg+xml', alt: text(block['dcterms:title']), height: 'auto', width: 'auto' },
          ...(key.length
            ? {
                dl: {
                  '@type': 'dl',
                  key: true,
                  content: key.flatMap(([k, v]) => [
                    { '@type': 'dt', content: k },
                    { '@type': 'dd', content: [this.p(text(v))] },
                  ]),
                },
              }
            : {}),
        });
      }
      default:
        return block;
    }
  }

  /** A formula `lhs = numerator / denominator`, as MathML, AsciiMath or LaTeX, with its "where" list. */
  private formula(lhs: string, numerator: string, denominator: string, label: string, where: Array<[string, string]>): Obj {
    const notation = this.random.pick(['MathML', 'MathML', 'AsciiMath', 'LaTeX'] as const);
    const mi = (text: string): Obj => ({ '@type': 'mi', content: text });
    const stem: Obj =
      notation === 'MathML'
        ? {
            type: 'MathML',
            content: { '@type': 'math', content: [mi(lhs), { '@type': 'mo', content: '=' }, { '@type': 'mfrac', content: [mi(numerator), mi(denominator)] }] },
          }
        : notation === 'AsciiMath'
          ? { type: 'AsciiMath', content: `${lhs} = (${numerator})/(${denominator})` }
          : { type: 'LaTeX', content: `${lhs} = \\frac{${numerator}}{${denominator}}` };
    const formula = this.element('formula', { stem: { '@type': 'stem', ...stem } });
    if (label) formula.name = label;
    if (where.length)
      formula.dl = {
        '@type': 'dl',
        content: where.flatMap(([symbol, meaning]) => [
          { '@type': 'dt', content: { '@type': 'stem', type: 'AsciiMath', content: symbol } },
          { '@type': 'dd', content: [this.p(meaning)] },
        ]),
      };
    return formula;
  }

  private eref(ref: Obj): Obj {
    const label = text(ref['corext:label']);
    return {
      '@type': 'eref',
      type: 'inline',
      bibitemid: `ref_${hash32(text(ref['corext:target'])).toString(36)}`,
      citeas: label,
      urn: ref['corext:target'] ?? '',
    };
  }

  /** Corext INLINE → Metanorma mixed content. */
  private inline(value: Json | undefined): Json {
    if (value === undefined) return '';
    if (Array.isArray(value)) return value.map((part) => this.inline(part));
    if (!isObj(value)) return value;
    const type = text(value['@type']).replace(/^corext:/, '');
    if (type === 'Emphasis') return { '@type': 'em', content: value['corext:text'] ?? '' };
    if (type === 'XRef') return { '@type': 'xref', target: value['corext:target'] ?? '', style: 'short', content: value['corext:label'] ?? '' };
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
