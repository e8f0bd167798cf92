/**
 * Property tests of the document model on generated clause bodies: one vocabulary-free tree, written out in each
 * vocabulary (Metanorma, STS/JATS, HTML, DocBook, corext) with identifiers, anchors and flags sprinkled in.
 * Every prose string of a body must appear in the model's text, no identifier may, and deep nesting never throws.
 * FUZZ_RUNS sets the number of runs (default 200).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildDocument, documentText } from '../../src/core/document/index';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200) || 200;

type GInline = { t: 'text'; text: string } | { t: 'em' | 'strong'; children: GInline[] } | { t: 'xref'; target: string; children: GInline[] };
type GBlock =
  | { t: 'p'; content: GInline[] }
  | { t: 'section'; id: string; title: string; children: GBlock[] }
  | { t: 'list'; ordered: boolean; items: GBlock[][] }
  | { t: 'table'; caption: string; head: string[]; rows: string[][] }
  | { t: 'note'; children: GBlock[] }
  | { t: 'term'; preferred: string; definition: string }
  | { t: 'unknown'; id: string; remark: string; children: GBlock[] }
  /** Already written out (to build deep bodies level by level without recursion). */
  | { t: 'raw'; json: unknown };

const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'sierra',
  'tango',
  'uniform',
  'victor',
  'whiskey',
  'xray',
  'yankee',
  'zulu',
  'éclair',
  'Größe',
  'ångström',
  '42',
  '3.5 %',
];
export const prose = fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 5 }).map((words) => words.join(' '));
const identifier = fc.oneof(
  fc.uuid().map((u) => `_${u}`),
  fc.uuid().map((u) => `#_${u}`),
  fc.uuid(),
  fc.uuid().map((u) => `urn:uuid:${u}`),
);

export const { block } = fc.letrec<{ inline: GInline; block: GBlock }>((tie) => ({
  inline: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    prose.map((text): GInline => ({ t: 'text', text })),
    fc.record({ t: fc.constantFrom<'em' | 'strong'>('em', 'strong'), children: fc.array(tie('inline'), { minLength: 1, maxLength: 3 }) }),
    fc.record({
      t: fc.constant<'xref'>('xref'),
      target: identifier,
      children: fc.array(
        prose.map((text): GInline => ({ t: 'text', text })),
        { minLength: 1, maxLength: 2 },
      ),
    }),
  ),
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ t: fc.constant<'p'>('p'), content: fc.array(tie('inline'), { minLength: 1, maxLength: 5 }) }),
    fc.record({ t: fc.constant<'section'>('section'), id: identifier, title: prose, children: fc.array(tie('block'), { maxLength: 4 }) }),
    fc.record({
      t: fc.constant<'list'>('list'),
      ordered: fc.boolean(),
      items: fc.array(fc.array(tie('block'), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({
      t: fc.constant<'table'>('table'),
      caption: prose,
      head: fc.array(prose, { minLength: 1, maxLength: 3 }),
      rows: fc.array(fc.array(prose, { minLength: 1, maxLength: 3 }), { maxLength: 4 }),
    }),
    fc.record({ t: fc.constant<'note'>('note'), children: fc.array(tie('block'), { minLength: 1, maxLength: 2 }) }),
    fc.record({ t: fc.constant<'term'>('term'), preferred: prose, definition: prose }),
    fc.record({ t: fc.constant<'unknown'>('unknown'), id: identifier, remark: prose, children: fc.array(tie('block'), { maxLength: 2 }) }),
  ),
}));

/** `mn`: Metanorma in the real nesting (`mn:` names, children in `mn:content`); `sts`: NISO STS the same way. */
export type Vocabulary = 'metanorma' | 'mn' | 'jats' | 'sts' | 'html' | 'docbook' | 'corext';
export const VOCABULARIES: Vocabulary[] = ['metanorma', 'mn', 'jats', 'sts', 'html', 'docbook', 'corext'];

/** An element as XML turned into JSON-LD writes it: `@type` the element name, attributes, children in order. */
function xml(vocabulary: 'mn' | 'sts', name: string, attributes: Record<string, unknown>, children: unknown[]): Record<string, unknown> {
  // STS names carry no prefix but TBX's (`tbx:termEntry`); Metanorma's all carry `mn:`.
  if (vocabulary === 'sts') return { '@type': name, ...attributes, content: children };
  return { '@type': `mn:${name}`, ...attributes, 'mn:content': children };
}

export interface Collected {
  prose: string[];
  ids: string[];
}

function inlineJson(node: GInline, v: Vocabulary, c: Collected): unknown {
  if (node.t === 'text') {
    c.prose.push(node.text);
    return node.text;
  }
  const children = node.children.map((child) => inlineJson(child, v, c));
  if (node.t === 'xref') {
    c.ids.push(node.target);
    switch (v) {
      case 'metanorma':
        return { '@type': 'xref', target: node.target, content: children };
      case 'mn':
        return xml('mn', 'xref', { target: node.target, style: 'short' }, children);
      case 'sts':
        return xml('sts', 'xref', { 'ref-type': 'sec', rid: node.target }, children);
      case 'jats':
        return { '@type': 'xref', 'ref-type': 'sec', rid: node.target, content: children };
      case 'html':
        return { '@type': 'a', href: node.target.startsWith('#') ? node.target : `#${node.target}`, content: children };
      case 'docbook':
        return { link: { linkend: node.target, content: children } };
      case 'corext':
        return {
          '@type': 'corext:XRef',
          'corext:target': `http://127.0.0.1:9/preprod/v1/standards/urn:iso:std:iso:1/clauses/${node.target.replace(/^\W+|^urn:uuid:/g, '')}`,
          'corext:label': children,
        };
    }
  }
  const strong = node.t === 'strong';
  switch (v) {
    case 'mn':
      return xml('mn', strong ? 'strong' : 'em', {}, children);
    case 'sts':
      return xml('sts', strong ? 'bold' : 'italic', {}, children);
    case 'metanorma':
    case 'html':
      return { '@type': strong ? 'strong' : 'em', content: children };
    case 'jats':
      return { '@type': strong ? 'bold' : 'italic', content: children };
    case 'docbook':
      return { emphasis: strong ? { role: 'bold', content: children } : { content: children } };
    case 'corext':
      return { '@type': 'corext:Emphasis', 'corext:text': children };
  }
}

function blockJson(node: GBlock, v: Vocabulary, c: Collected): unknown {
  const blocks = (list: GBlock[]): unknown[] => list.map((b) => blockJson(b, v, c));
  const id = (): string => {
    const value = `_${(0x10000000 + c.ids.length * 7919).toString(16)}-0000-4000-8000-${String(c.ids.length).padStart(12, '0')}`;
    c.ids.push(value);
    return value;
  };
  switch (node.t) {
    case 'raw':
      return node.json;
    case 'p': {
      const content = node.content.map((i) => inlineJson(i, v, c));
      if (v === 'mn' || v === 'sts') return xml(v, 'p', { id: id() }, content);
      if (v === 'corext') return { '@type': 'corext:Paragraph', 'corext:text': content };
      if (v === 'docbook') return { para: content };
      return { '@type': v === 'jats' ? 'p' : 'p', id: id(), content };
    }
    case 'section': {
      c.prose.push(node.title);
      c.ids.push(node.id);
      const children = blocks(node.children);
      if (v === 'mn')
        return xml('mn', 'clause', { id: node.id, 'inline-header': 'false', obligation: 'normative' }, [xml('mn', 'title', {}, [node.title]), ...children]);
      if (v === 'sts') return xml('sts', 'sec', { id: node.id, 'sec-type': 'clause' }, [xml('sts', 'title', {}, [node.title]), ...children]);
      if (v === 'metanorma')
        return { '@type': 'clause', id: node.id, 'inline-header': false, obligation: 'normative', displayorder: 4, title: node.title, content: children };
      if (v === 'jats') return { '@type': 'sec', '@id': node.id, 'sec-type': 'clause', title: node.title, content: children };
      if (v === 'html') return { '@type': 'section', id: node.id, content: [{ '@type': 'h3', content: node.title }, ...children] };
      if (v === 'docbook') return { section: { 'xml:id': node.id, title: node.title, content: children } };
      return {
        '@type': ['corext:Clause', 'corext:Section'].sort(() => (node.id < node.title ? -1 : 1)),
        '@id': `http://127.0.0.1:9/c/${node.id}`,
        'dcterms:title': node.title,
        'corext:content': children,
      };
    }
    case 'list': {
      const items = node.items.map(blocks);
      if (v === 'mn')
        return xml(
          'mn',
          node.ordered ? 'ol' : 'ul',
          { id: id() },
          items.map((content) => xml('mn', 'li', {}, content)),
        );
      if (v === 'sts')
        return xml(
          'sts',
          'list',
          { 'list-type': node.ordered ? 'order' : 'bullet' },
          items.map((content) => xml('sts', 'list-item', {}, content)),
        );
      if (v === 'metanorma' || v === 'html')
        return { '@type': node.ordered ? 'ol' : 'ul', id: id(), content: items.map((content) => ({ '@type': 'li', content })) };
      if (v === 'jats') return { '@type': 'list', 'list-type': node.ordered ? 'order' : 'bullet', 'list-item': items.map((content) => ({ content })) };
      if (v === 'docbook') return { [node.ordered ? 'orderedlist' : 'itemizedlist']: { listitem: items.map((content) => ({ content })) } };
      return { '@type': 'corext:List', 'corext:ordered': node.ordered, 'corext:items': items.map((content) => ({ 'corext:content': content })) };
    }
    case 'table': {
      c.prose.push(node.caption, ...node.head, ...node.rows.flat());
      const rows = node.rows.map((cells) => ({ td: cells }));
      if (v === 'mn' || v === 'sts') {
        const row = (cells: string[], cell: string): unknown =>
          xml(
            v,
            'tr',
            {},
            cells.map((text) => xml(v, cell, {}, [text])),
          );
        const table = xml(v, 'table', v === 'mn' ? { id: id() } : {}, [
          ...(v === 'mn' ? [xml(v, 'name', {}, [node.caption])] : []),
          xml(v, 'thead', {}, [row(node.head, 'th')]),
          xml(
            v,
            'tbody',
            {},
            node.rows.map((cells) => row(cells, 'td')),
          ),
        ]);
        return v === 'mn' ? table : xml(v, 'table-wrap', { id: id() }, [xml(v, 'caption', {}, [xml(v, 'title', {}, [node.caption])]), table]);
      }
      if (v === 'metanorma') return { '@type': 'table', id: id(), name: node.caption, thead: { tr: { th: node.head } }, tbody: { tr: rows } };
      if (v === 'jats')
        return { '@type': 'table-wrap', '@id': id(), caption: { title: node.caption }, table: { thead: { tr: { th: node.head } }, tbody: { tr: rows } } };
      if (v === 'html') return { '@type': 'table', caption: node.caption, tr: [{ th: node.head }, ...rows] };
      if (v === 'docbook')
        return {
          informaltable: {
            title: node.caption,
            tgroup: { cols: node.head.length, thead: { row: { entry: node.head } }, tbody: { row: node.rows.map((entry) => ({ entry })) } },
          },
        };
      return { '@type': 'corext:Table', 'corext:label': 'Table 1', 'dcterms:title': node.caption, 'corext:head': [node.head], 'corext:body': node.rows };
    }
    case 'note': {
      const children = blocks(node.children);
      if (v === 'mn') return xml('mn', 'note', { id: id() }, children);
      if (v === 'sts') return xml('sts', 'non-normative-note', { id: id() }, children);
      if (v === 'jats') return { '@type': 'non-normative-note', content: children };
      if (v === 'docbook') return { note: { content: children } };
      if (v === 'corext') return { '@type': 'corext:Note', 'corext:label': 'NOTE', 'corext:content': children };
      return { '@type': 'note', id: id(), content: children };
    }
    case 'term': {
      c.prose.push(node.preferred, node.definition);
      if (v === 'mn')
        return xml('mn', 'term', { id: id() }, [
          xml('mn', 'preferred', {}, [
            xml('mn', 'expression', {}, [xml('mn', 'name', {}, [node.preferred]), xml('mn', 'grammar', {}, [xml('mn', 'isNoun', {}, ['true'])])]),
          ]),
          xml('mn', 'definition', {}, [xml('mn', 'verbal-definition', {}, [xml('mn', 'p', { id: id() }, [node.definition])])]),
        ]);
      if (v === 'sts')
        return xml('sts', 'term-sec', { id: id() }, [
          xml('sts', 'tbx:termEntry', { id: id() }, [
            xml('sts', 'tbx:langSet', { 'xml:lang': 'en' }, [
              xml('sts', 'tbx:definition', {}, [node.definition]),
              xml('sts', 'tbx:tig', {}, [
                xml('sts', 'tbx:term', {}, [node.preferred]),
                xml('sts', 'tbx:partOfSpeech', { value: 'noun' }, []),
                xml('sts', 'tbx:normativeAuthorization', { value: 'preferredTerm' }, []),
              ]),
            ]),
          ]),
        ]);
      if (v === 'metanorma')
        return {
          '@type': 'term',
          id: id(),
          preferred: [{ expression: { name: node.preferred } }],
          definition: [{ 'verbal-definition': { '@type': 'p', id: id(), content: node.definition } }],
        };
      if (v === 'jats')
        return {
          '@type': 'term-sec',
          '@id': id(),
          'tbx:termEntry': {
            'tbx:langSet': {
              'xml:lang': 'en',
              'tbx:tig': { 'tbx:term': node.preferred, 'tbx:normativeAuthorization': { value: 'preferredTerm' } },
              'tbx:definition': node.definition,
            },
          },
        };
      if (v === 'html')
        return {
          '@type': 'dl',
          content: [
            { '@type': 'dt', content: node.preferred },
            { '@type': 'dd', content: node.definition },
          ],
        };
      if (v === 'docbook') return { variablelist: { varlistentry: { term: node.preferred, listitem: { para: node.definition } } } };
      return { '@type': 'corext:TermEntry', 'corext:term': node.preferred, 'corext:definition': node.definition };
    }
    case 'unknown': {
      c.prose.push(node.remark);
      c.ids.push(node.id);
      return { '@type': 'x:Thing', 'x:id': node.id, 'x:visible': true, 'x:rank': 7, 'x:remark': node.remark, 'x:parts': blocks(node.children) };
    }
  }
}

/** One level of emphasis around `inner`, in the vocabulary's shape. */
function wrapInline(v: Vocabulary, inner: unknown): unknown {
  if (v === 'mn' || v === 'sts') return xml(v, v === 'mn' ? 'em' : 'italic', {}, [inner]);
  if (v === 'docbook') return { emphasis: { content: [inner] } };
  if (v === 'corext') return { '@type': 'corext:Emphasis', 'corext:text': [inner] };
  return { '@type': v === 'jats' ? 'italic' : 'em', content: [inner] };
}

function wrapParagraph(v: Vocabulary, inner: unknown): unknown {
  if (v === 'mn' || v === 'sts') return xml(v, 'p', {}, [inner]);
  if (v === 'corext') return { '@type': 'corext:Paragraph', 'corext:text': [inner] };
  if (v === 'docbook') return { para: ['text ', inner] };
  return { '@type': 'p', content: [inner] };
}

export function body(root: GBlock[], title: string, v: Vocabulary): { json: unknown; collected: Collected } {
  const collected: Collected = { prose: [title], ids: [] };
  const section: GBlock = { t: 'section', id: '_00000000-1111-4222-8333-444444444444', title, children: root };
  const json = blockJson(section, v, collected);
  return { json: JSON.parse(JSON.stringify(json)), collected };
}

describe('document model: properties of generated bodies', () => {
  it(`shows every prose string and no identifier, in every vocabulary (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 6 }), prose, fc.constantFrom(...VOCABULARIES), (blocks, title, vocabulary) => {
        const { json, collected } = body(blocks, title, vocabulary);
        const text = documentText(buildDocument(json));
        for (const string of collected.prose) assert.ok(text.includes(string), `prose "${string}" missing from the ${vocabulary} text:\n${text}`);
        for (const id of collected.ids) {
          const bare = id.replace(/^#|^urn:uuid:/, '').replace(/^_/, '');
          assert.ok(!text.includes(bare), `identifier ${id} shown in the ${vocabulary} text:\n${text}`);
        }
        assert.doesNotMatch(
          text,
          /\b(true|false|normative|preferredTerm|noun|bullet|clause|sec|short|reference)\b/,
          `a flag or hint shown in the ${vocabulary} text`,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it(`never throws on deep nesting in any vocabulary (${Math.max(10, Math.floor(RUNS / 10))} runs)`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 12_000 }),
        fc.constantFrom(...VOCABULARIES),
        fc.constantFrom('section', 'p', 'em', 'list', 'note'),
        (depth, vocabulary, kind) => {
          const collected: Collected = { prose: [], ids: [] };
          let json = blockJson({ t: 'p', content: [{ t: 'text', text: 'bottom words' }] }, vocabulary, collected);
          let inline = inlineJson({ t: 'text', text: 'deep words' }, vocabulary, collected);
          for (let i = 0; i < depth; i++) {
            if (kind === 'em') {
              // One level of emphasis around what is there so far.
              inline = wrapInline(vocabulary, inline);
              continue;
            }
            const child: GBlock = { t: 'raw', json };
            if (kind === 'section') json = blockJson({ t: 'section', id: `_${i}`, title: 'level words', children: [child] }, vocabulary, collected);
            else if (kind === 'list') json = blockJson({ t: 'list', ordered: false, items: [[child]] }, vocabulary, collected);
            else if (kind === 'note') json = blockJson({ t: 'note', children: [child] }, vocabulary, collected);
            else json = blockJson({ t: 'unknown', id: `_${i}`, remark: 'some words', children: [child] }, vocabulary, collected);
          }
          if (kind === 'em') json = wrapParagraph(vocabulary, inline);
          const text = documentText(buildDocument(json));
          if (depth > 300) assert.match(text, /Nested too deeply/);
        },
      ),
      { numRuns: Math.max(10, Math.floor(RUNS / 10)) },
    );
  });
});
