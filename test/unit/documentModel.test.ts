import * as assert from 'node:assert/strict';
import {
  buildDocument,
  buildDocumentSliced,
  documentText,
  flowText,
  mathText,
  readableAsciiMath,
  readableLatex,
  type Block,
  type ClauseDocument,
  type Inline,
} from '../../src/core/document/index';

/** Every block of a document, depth first (sections, list items, notes, cells, term parts included). */
function allBlocks(document: ClauseDocument): Block[] {
  const out: Block[] = [];
  const visit = (blocks: readonly Block[]): void => {
    for (const block of blocks) {
      out.push(block);
      switch (block.kind) {
        case 'section':
        case 'note':
        case 'example':
        case 'admonition':
          visit(block.children);
          break;
        case 'list':
          block.items.forEach((item) => visit(item.blocks));
          break;
        case 'definitions':
          block.items.forEach((item) => visit(item.definition));
          break;
        case 'table':
          for (const row of [...block.head, ...block.body]) for (const cell of row) if (cell.blocks) visit(cell.content as Block[]);
          visit(block.notes);
          break;
        case 'term':
          visit(block.definition);
          visit(block.notes);
          visit(block.examples);
          break;
        case 'formula':
          visit(block.where);
          break;
        case 'figure':
        case 'quote':
          visit(block.children);
          break;
      }
    }
  };
  visit(document.blocks);
  return out;
}

function only<K extends Block['kind']>(document: ClauseDocument, kind: K): Array<Block & { kind: K }> {
  return allBlocks(document).filter((b): b is Block & { kind: K } => b.kind === kind);
}

function links(flow: readonly Inline[]): Array<Extract<Inline, { kind: 'link' }>> {
  const out: Array<Extract<Inline, { kind: 'link' }>> = [];
  for (const part of flow) {
    if (typeof part === 'string') continue;
    if (part.kind === 'link') out.push(part);
    if (part.kind === 'style' || part.kind === 'link') out.push(...links(part.children));
  }
  return out;
}

const UUID = '2153c058-7a4e-4c1b-9f0e-0d3a4b5c6d7e';

describe('document model: vocabularies', () => {
  it('reads the sandbox corext vocabulary', () => {
    const doc = buildDocument({
      '@context': { corext: 'https://sandbox.standards.example/ns/corext#' },
      '@id': `http://127.0.0.1:1/preprod/v1/standards/urn:iso:std:iso:1/clauses/${UUID}`,
      '@type': ['corext:Scope', 'corext:Clause'],
      'dcterms:title': 'Scope',
      'corext:number': '1',
      'dcterms:isPartOf': { '@id': 'urn:iso:std:iso:1', 'dcterms:identifier': 'ISO 1:2020', 'dcterms:title': 'Things' },
      'corext:content': [
        {
          '@type': 'corext:Paragraph',
          'corext:text': [
            'See ',
            { '@type': 'corext:XRef', 'corext:target': `http://127.0.0.1:1/preprod/v1/standards/urn:iso:std:iso:1/clauses/${UUID}`, 'corext:label': '4.2' },
            ' and ',
            { '@type': 'corext:StandardRef', 'corext:target': 'urn:iso:std:iso:9001', 'corext:label': 'ISO 9001' },
            ' with ',
            { '@type': 'corext:Emphasis', 'corext:text': 'care' },
            '.',
          ],
        },
        {
          '@type': 'corext:List',
          'corext:ordered': true,
          'corext:items': [
            { 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'first' }] },
            { 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'second' }] },
          ],
        },
        { '@type': 'corext:Note', 'corext:label': 'NOTE 1', 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'A note.' }] },
        {
          '@type': 'corext:Section',
          'corext:number': '1.1',
          'dcterms:title': 'General',
          'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'Inside.' }],
        },
        {
          '@type': 'corext:Table',
          'corext:label': 'Table 1',
          'dcterms:title': 'Values',
          'corext:head': [['A', 'B']],
          'corext:body': [['1', ['x ', { '@type': 'corext:Emphasis', 'corext:text': 'y' }]]],
        },
        {
          '@type': 'corext:TermEntry',
          'corext:number': '3.1',
          'corext:term': 'lamp',
          'corext:admitted': ['light'],
          'corext:definition': 'device that emits light',
          'corext:notes': [
            { '@type': 'corext:Note', 'corext:label': 'Note 1 to entry', 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'Lamps glow.' }] },
          ],
          'corext:source': ['SOURCE: ', { '@type': 'corext:StandardRef', 'corext:target': 'urn:iso:std:iso:2', 'corext:label': 'ISO 2' }],
        },
        { '@type': 'corext:Reference', 'corext:target': 'urn:iso:std:iso:3', 'dcterms:identifier': 'ISO 3:2001', 'dcterms:title': 'Other things' },
        {
          '@type': 'corext:Formula',
          'corext:label': '(1)',
          'corext:expression': 'v = s / t',
          'corext:where': [{ 'corext:symbol': 'v', 'corext:meaning': 'the velocity' }],
        },
        {
          '@type': 'corext:Figure',
          'corext:label': 'Figure 1',
          'dcterms:title': 'Schematic of the pump',
          'corext:key': { '1': 'spring', '2': 'housing' },
          'corext:graphic': { 'corext:mediaType': 'image/svg+xml', 'corext:available': false },
        },
      ],
    });
    assert.equal(doc.title, 'Scope');
    assert.equal(doc.number, '1');
    assert.deepEqual(doc.standard, { urn: 'urn:iso:std:iso:1', reference: 'ISO 1:2020', title: 'Things' });
    const [paragraph] = only(doc, 'paragraph');
    assert.equal(flowText(paragraph.content), 'See 4.2 and ISO 9001 with care.');
    const [xref, standard] = links(paragraph.content);
    assert.deepEqual(xref.target, { kind: 'clause', target: `http://127.0.0.1:1/preprod/v1/standards/urn:iso:std:iso:1/clauses/${UUID}` });
    assert.deepEqual(standard.target, { kind: 'standard', urn: 'urn:iso:std:iso:9001' });
    const [list] = only(doc, 'list');
    assert.equal(list.ordered, true);
    assert.equal(list.items.length, 2);
    assert.equal(only(doc, 'note')[0].label, 'NOTE 1');
    const [section] = only(doc, 'section');
    assert.equal(section.number, '1.1');
    assert.equal(flowText(section.title), 'General');
    const [table] = only(doc, 'table');
    assert.equal(table.label, 'Table 1');
    assert.equal(flowText(table.caption), 'Values');
    assert.equal(table.head[0][0].header, true);
    assert.equal(flowText(table.body[0][1].content as Inline[]), 'x y');
    const [term] = only(doc, 'term');
    assert.equal(term.number, '3.1');
    assert.deepEqual(term.preferred, [['lamp']]);
    assert.deepEqual(term.admitted, [['light']]);
    assert.equal(flowText(term.source), 'SOURCE: ISO 2');
    assert.equal(term.notes.length, 1);
    const [reference] = only(doc, 'reference');
    assert.deepEqual([reference.citation, reference.urn, flowText(reference.title)], ['ISO 3:2001', 'urn:iso:std:iso:3', 'Other things']);
    const [formula] = only(doc, 'formula');
    assert.deepEqual(formula.math, { notation: 'text', source: 'v = s / t' });
    assert.equal(formula.label, '(1)');
    assert.equal(documentText({ title: '', blocks: formula.where, footnotes: [] }), 'v\nthe velocity');
    const [figure] = only(doc, 'figure');
    assert.equal(flowText(figure.caption), 'Schematic of the pump');
    assert.deepEqual(figure.images, []);
    assert.match(documentText(doc), /spring[\s\S]*housing/);
    assert.doesNotMatch(documentText(doc), new RegExp(`${UUID}|urn:|image/svg|false`));
  });

  it('reads Metanorma: clauses, mixed content, erefs, terms, stem, dl, admonitions, footnotes, bibitems', () => {
    const doc = buildDocument({
      '@type': 'clause',
      id: `_${UUID}`,
      'inline-header': false,
      obligation: 'normative',
      displayorder: 3,
      title: 'Requirements',
      content: [
        {
          '@type': 'p',
          id: '_p1',
          content: [
            'Specimens shall be conditioned as in ',
            {
              '@type': 'eref',
              type: 'inline',
              bibitemid: 'ISO712',
              citeas: 'ISO 712:2009',
              localityStack: { locality: { type: 'clause', referenceFrom: '3.1' } },
            },
            ' (see ',
            { '@type': 'xref', target: '_sub' },
            ').',
            { '@type': 'fn', reference: '1', content: { '@type': 'p', content: 'Footnote text.' } },
          ],
        },
        {
          '@type': 'clause',
          id: '_sub',
          title: ['Sub', { '@type': 'em', content: 'clause' }],
          content: [
            { '@type': 'ol', type: 'alphabet', content: [{ '@type': 'li', content: { '@type': 'p', content: 'one' } }] },
            {
              '@type': 'dl',
              content: [
                { '@type': 'dt', content: 'm' },
                { '@type': 'dd', content: { '@type': 'p', content: 'the mass' } },
              ],
            },
            { '@type': 'admonition', type: 'warning', content: { '@type': 'p', content: 'Hot surfaces.' } },
            { '@type': 'example', content: { '@type': 'p', content: 'An example.' } },
            {
              '@type': 'formula',
              id: '_f1',
              stem: {
                type: 'MathML',
                content: {
                  '@type': 'math',
                  content: [
                    { '@type': 'mi', content: 'x' },
                    { '@type': 'mo', content: '=' },
                    {
                      '@type': 'mfrac',
                      content: [
                        { '@type': 'mn', content: '1' },
                        { '@type': 'mn', content: '2' },
                      ],
                    },
                  ],
                },
              },
            },
            { '@type': 'formula', stem: { type: 'AsciiMath', content: 'sum_(i=1)^n i' } },
            { '@type': 'p', content: ['Inline ', { '@type': 'stem', type: 'LaTeX', content: '\\alpha + \\beta' }, ' math.'] },
            { '@type': 'sourcecode', lang: 'json', content: '{\n  "a": 1\n}' },
          ],
        },
        {
          '@type': 'terms',
          title: 'Terms',
          content: [
            {
              '@type': 'term',
              id: 'term-lamp',
              preferred: [{ expression: { name: 'lamp' } }],
              admitted: [{ expression: { name: 'light source' } }],
              deprecates: { expression: { name: 'bulb' } },
              definition: [{ 'verbal-definition': { '@type': 'p', content: 'device that emits light' } }],
              termnote: [{ content: { '@type': 'p', content: 'Used indoors.' } }],
              termexample: { content: { '@type': 'p', content: 'A desk lamp.' } },
              termsource: {
                status: 'modified',
                origin: { bibitemid: 'ISO712', citeas: 'ISO 712:2009' },
                modification: { '@type': 'p', content: 'wording changed' },
              },
            },
          ],
        },
        {
          '@type': 'references',
          title: 'Normative references',
          content: [
            {
              '@type': 'bibitem',
              id: 'ISO712',
              docidentifier: [
                { type: 'ISO', content: 'ISO 712:2009' },
                { type: 'URN', content: 'urn:iso:std:iso:712:ed-3' },
              ],
              title: [{ type: 'main', content: 'Cereals — Determination of moisture content' }],
            },
          ],
        },
      ],
    });
    assert.equal(doc.title, 'Requirements');
    assert.equal(doc.label, undefined, 'obligation of a normal clause is not shown');
    const text = documentText(doc);
    assert.doesNotMatch(text, /_p1|_sub|2153c058|inline|alphabet|normative|MathML|AsciiMath|ISO712|displayorder/);
    const first = only(doc, 'paragraph')[0];
    assert.equal(first.anchor, '_p1');
    assert.equal(flowText(first.content), 'Specimens shall be conditioned as in ISO 712:2009, 3.1 (see Subclause).[1]');
    const [eref, xref] = links(first.content);
    assert.deepEqual(eref.target, { kind: 'standard', urn: 'urn:iso:std:iso:712:ed-3' }, 'the eref resolves to the bibitem URN');
    assert.deepEqual(xref.target, { kind: 'clause', target: '_sub' });
    assert.equal(doc.footnotes.length, 1);
    assert.equal(doc.footnotes[0].marker, '1');
    const sections = only(doc, 'section');
    assert.deepEqual(
      sections.map((s) => flowText(s.title)),
      ['Subclause', 'Terms', 'Normative references'],
    );
    assert.equal(sections[0].anchor, '_sub');
    assert.equal(only(doc, 'list')[0].ordered, true);
    assert.equal(flowText(only(doc, 'definitions')[0].items[0].term), 'm');
    assert.equal(only(doc, 'admonition')[0].label, 'WARNING');
    assert.equal(only(doc, 'example')[0].label, 'EXAMPLE');
    const formulas = only(doc, 'formula');
    assert.equal(formulas[0].math.notation, 'mathml');
    assert.equal(
      formulas[0].math.notation === 'mathml' && formulas[0].math.root.children.map((c) => (typeof c === 'string' ? c : c.name)).join(','),
      'mi,mo,mfrac',
    );
    // AsciiMath is typeset as MathML like the formula beside it, its source kept (the page's tooltip).
    const ascii = formulas[1].math;
    assert.ok(ascii.notation === 'mathml' && ascii.source, 'AsciiMath becomes MathML');
    assert.deepEqual(ascii.source, { notation: 'asciimath', text: 'sum_(i=1)^n i' });
    assert.deepEqual(
      ascii.root.children.map((c) => (typeof c === 'string' ? c : c.name)),
      ['munderover', 'mi'],
    );
    assert.equal(mathText(ascii.root), '∑i=1ni');
    assert.match(text, /Inline α \+ β math\./, 'LaTeX reads as text');
    // …and is typeset as MathML on the page, like the MathML formula beside it.
    const inline = JSON.stringify(doc.blocks);
    assert.match(inline, /"source":\{"notation":"latex","text":"\\\\alpha \+ \\\\beta"\}/);
    assert.equal(only(doc, 'code')[0].text, '{\n  "a": 1\n}');
    const [term] = only(doc, 'term');
    assert.deepEqual([term.preferred, term.admitted, term.deprecated], [[['lamp']], [['light source']], [['bulb']]]);
    assert.equal(flowText(term.source), 'ISO 712:2009, modified — wording changed');
    assert.equal(term.notes.length + term.examples.length, 2);
    const [bib] = only(doc, 'reference');
    assert.deepEqual([bib.citation, bib.urn, flowText(bib.title)], ['ISO 712:2009', 'urn:iso:std:iso:712:ed-3', 'Cereals — Determination of moisture content']);
  });

  it('reads NISO STS / JATS: sec, label + title, list, table-wrap, xref, std, non-normative notes, term-sec with TBX, disp-formula, ref-list', () => {
    const doc = buildDocument({
      '@type': 'sec',
      '@id': 'sec_5',
      'sec-type': 'clause',
      label: '5',
      title: 'Test method',
      p: [
        [
          'The procedure of ',
          { '@type': 'std', 'std-id': 'urn:iso:std:iso:712', 'std-ref': 'ISO 712' },
          ' applies; see ',
          { '@type': 'xref', 'ref-type': 'table', rid: 'tab_1', content: 'Table 1' },
          ' and ',
          { '@type': 'ext-link', 'xlink:href': 'https://www.iso.org/obp', content: 'the OBP' },
          '.',
        ],
        { content: ['Second paragraph with ', { '@type': 'italic', content: 'italic' }, ' and ', { '@type': 'bold', content: 'bold' }, '.'] },
      ],
      sec: {
        '@id': 'sec_5.1',
        label: '5.1',
        title: 'Apparatus',
        list: {
          'list-type': 'bullet',
          'list-item': [
            { label: '—', p: 'a balance;' },
            { label: '—', p: 'an oven.' },
          ],
        },
      },
      'non-normative-note': { label: 'NOTE', p: 'Notes are informative.' },
      'non-normative-example': { p: 'For example, wheat.' },
      'table-wrap': {
        '@id': 'tab_1',
        label: 'Table 1',
        caption: { title: 'Moisture limits' },
        table: {
          thead: { tr: { th: ['Cereal', 'Limit'] } },
          tbody: { tr: [{ td: ['Wheat', '14 %'] }, { td: [{ colspan: '2', content: 'No other limits apply.' }] }] },
        },
      },
      'term-sec': {
        '@id': 'sec_3.1',
        label: '3.1',
        'tbx:termEntry': {
          '@id': 'te_3.1',
          'tbx:langSet': {
            'xml:lang': 'en',
            'tbx:definition': 'amount of water in a sample',
            'tbx:tig': [
              { 'tbx:term': 'moisture content', 'tbx:normativeAuthorization': { value: 'preferredTerm' } },
              { 'tbx:term': 'water content', 'tbx:normativeAuthorization': { value: 'admittedTerm' } },
            ],
            'tbx:note': 'Expressed as a percentage.',
            'tbx:source': 'ISO 712:2009, 3.1',
          },
        },
      },
      'disp-formula': {
        '@id': 'eq_1',
        label: '(1)',
        alternatives: { 'mml:math': { 'mml:mrow': [{ 'mml:mi': 'w' }, { 'mml:mo': '=' }, { 'mml:mi': 'm' }] }, 'tex-math': 'w = m' },
      },
      'ref-list': {
        title: 'Bibliography',
        ref: [{ '@id': 'ref_1', label: '[1]', 'mixed-citation': ['ISO 6540, ', { '@type': 'italic', content: 'Maize — Determination of moisture content' }] }],
      },
    });
    assert.equal(doc.number, '5');
    assert.equal(doc.title, 'Test method');
    const paragraphs = only(doc, 'paragraph');
    assert.equal(flowText(paragraphs[0].content), 'The procedure of ISO 712 applies; see Table 1 and the OBP.');
    assert.deepEqual(
      links(paragraphs[0].content).map((l) => l.target),
      [
        { kind: 'standard', urn: 'urn:iso:std:iso:712' },
        { kind: 'clause', target: 'tab_1' },
        { kind: 'external', href: 'https://www.iso.org/obp' },
      ],
    );
    assert.equal(flowText(paragraphs[1].content), 'Second paragraph with italic and bold.');
    const [sub] = only(doc, 'section');
    assert.deepEqual([sub.number, flowText(sub.title)], ['5.1', 'Apparatus']);
    const [list] = only(doc, 'list');
    assert.equal(list.ordered, false);
    assert.deepEqual(
      list.items.map((i) => i.label),
      ['—', '—'],
    );
    assert.equal(only(doc, 'note')[0].label, 'NOTE');
    assert.equal(only(doc, 'example').length, 1);
    const [table] = only(doc, 'table');
    assert.deepEqual([table.anchor, table.label, flowText(table.caption)], ['tab_1', 'Table 1', 'Moisture limits']);
    assert.equal(table.head[0].length, 2);
    assert.equal(table.body[1][0].colspan, 2);
    const [term] = only(doc, 'term');
    assert.deepEqual([term.number, term.preferred, term.admitted], ['3.1', [['moisture content']], [['water content']]]);
    assert.match(documentText(doc), /amount of water in a sample[\s\S]*Expressed as a percentage\.[\s\S]*ISO 712:2009, 3\.1/);
    const [formula] = only(doc, 'formula');
    assert.equal(formula.math.notation, 'mathml', 'MathML is preferred over the TeX alternative');
    assert.equal(formula.label, '(1)');
    const [ref] = only(doc, 'reference');
    assert.deepEqual([ref.label, ref.citation], ['[1]', ''], 'the label is the label, not the identifier');
    assert.equal(flowText(ref.details), 'ISO 6540, Maize — Determination of moisture content');
    assert.doesNotMatch(documentText(doc), /sec_|tab_1|te_3|preferredTerm|admittedTerm|bullet|xml:lang/);
  });

  it('reads HTML: headings, sections, p, ul/ol, table with spans, em/strong/sub/sup, a', () => {
    const doc = buildDocument({
      '@type': 'section',
      content: [
        { '@type': 'h2', content: 'Scope' },
        {
          '@type': 'p',
          content: [
            'Water is H',
            { '@type': 'sub', content: '2' },
            'O and area is m',
            { '@type': 'sup', content: '2' },
            '; ',
            { '@type': 'strong', content: 'shall' },
            ' ',
            { '@type': 'a', href: '#other', content: 'see' },
            '.',
          ],
        },
        { '@type': 'ul', li: ['one', 'two'] },
        { '@type': 'ol', li: [{ content: 'first' }] },
        { '@type': 'table', caption: 'Sizes', tr: [{ th: ['Size', 'Mass'] }, { td: [{ rowspan: 2, content: 'S' }, '1 kg'] }, { td: ['2 kg'] }] },
        { '@type': 'section', h3: 'Details', p: 'More.' },
      ],
    });
    assert.equal(only(doc, 'heading')[0].level, 2);
    assert.equal(flowText(only(doc, 'paragraph')[0].content), 'Water is H2O and area is m2; shall see.');
    const [ul, ol] = only(doc, 'list');
    assert.deepEqual([ul.ordered, ul.items.length, ol.ordered], [false, 2, true]);
    const [table] = only(doc, 'table');
    assert.equal(table.body[0][0].header, true);
    assert.equal(table.body[1][0].rowspan, 2);
    assert.equal(flowText(table.caption), 'Sizes');
    assert.match(documentText(doc), /Details\nMore\./);
  });

  it('reads DocBook: section, para, itemizedlist, orderedlist, informaltable with tgroup, emphasis, link, variablelist', () => {
    const doc = buildDocument({
      section: {
        'xml:id': 'd1e22',
        title: 'Marking',
        para: ['Each unit ', { emphasis: { role: 'bold', content: 'shall' } }, ' be marked (see ', { link: { linkend: 'tab2', content: 'the table' } }, ').'],
        itemizedlist: { listitem: [{ para: 'the name' }, { para: 'the year' }] },
        orderedlist: { listitem: { para: 'first' } },
        informaltable: {
          tgroup: {
            cols: 2,
            thead: { row: { entry: ['Mark', 'Meaning'] } },
            tbody: { row: [{ entry: [{ morerows: '1', content: 'CE' }, 'conformity'] }, { entry: 'second' }] },
          },
        },
        variablelist: { varlistentry: [{ term: 'UV', listitem: { para: 'ultraviolet' } }] },
      },
    });
    assert.equal(doc.title, 'Marking');
    const [paragraph] = only(doc, 'paragraph');
    assert.equal(flowText(paragraph.content), 'Each unit shall be marked (see the table).');
    assert.deepEqual(paragraph.content[1], { kind: 'style', style: 'strong', children: ['shall'] });
    const [itemized, ordered] = only(doc, 'list');
    assert.deepEqual([itemized.ordered, itemized.items.length, ordered.ordered], [false, 2, true]);
    const [table] = only(doc, 'table');
    assert.equal(table.head[0][1].header, true);
    assert.equal(table.body[0][0].rowspan, 2);
    const [definitions] = only(doc, 'definitions');
    assert.equal(flowText(definitions.items[0].term), 'UV');
    assert.doesNotMatch(documentText(doc), /d1e22|tab2|bold/);
  });

  it("prefers a URN among a link's targets, whatever the key order", () => {
    const doc = buildDocument({
      '@type': 'p',
      content: [
        { '@type': 'eref', bibitemid: 'ISO712', citeas: 'ISO 712', urn: 'urn:iso:std:iso:712' },
        ' and ',
        { '@type': 'xref', id: '_self', target: '_other', content: 'there' },
      ],
    });
    const [eref, xref] = links(only(doc, 'paragraph')[0].content);
    assert.deepEqual(eref.target, { kind: 'standard', urn: 'urn:iso:std:iso:712' });
    assert.deepEqual(xref.target, { kind: 'clause', target: '_other' });
  });

  it('reads expanded JSON-LD: full IRIs, @value, @list, the clause as the one node of an array or @graph', () => {
    const C = 'https://sandbox.standards.example/ns/corext#';
    const clause = {
      '@id': 'http://x/clauses/1',
      '@type': [`${C}Scope`, `${C}Clause`],
      'http://purl.org/dc/terms/title': [{ '@value': 'Scope', '@language': 'en' }],
      [`${C}number`]: [{ '@value': '1' }],
      [`${C}content`]: [
        {
          '@list': [
            {
              '@type': [`${C}Paragraph`],
              [`${C}text`]: [
                { '@list': [{ '@value': 'This applies to ' }, { '@type': [`${C}Emphasis`], [`${C}text`]: [{ '@value': 'pumps' }] }, { '@value': '.' }] },
              ],
            },
            {
              '@type': [`${C}List`],
              [`${C}ordered`]: [{ '@value': false }],
              [`${C}items`]: [{ '@list': [{ [`${C}content`]: [{ '@list': [{ '@type': [`${C}Paragraph`], [`${C}text`]: [{ '@value': 'item one' }] }] }] }] }],
            },
          ],
        },
      ],
    };
    for (const body of [[clause], { '@context': {}, '@graph': [clause] }]) {
      const doc = buildDocument(body);
      assert.deepEqual([doc.number, doc.title], ['1', 'Scope']);
      assert.equal(flowText(only(doc, 'paragraph')[0].content), 'This applies to pumps.');
      assert.equal(only(doc, 'list')[0].items.length, 1);
    }
  });

  it('reads TBX term entries with statuses', () => {
    const doc = buildDocument([
      {
        '@type': 'termEntry',
        id: 'c5',
        descrip: { type: 'subjectField', content: 'optics' },
        langSet: {
          'xml:lang': 'en',
          descrip: { type: 'definition', content: 'a curved piece of glass' },
          tig: [
            { term: 'lens', termNote: { type: 'administrativeStatus', content: 'preferredTerm-admn-sts' } },
            { term: 'glass', termNote: { type: 'administrativeStatus', content: 'deprecatedTerm-admn-sts' } },
          ],
          note: 'Used in cameras.',
          source: 'ISO 9000',
        },
      },
    ]);
    const [term] = only(doc, 'term');
    assert.deepEqual([term.preferred, term.deprecated], [[['lens']], [['glass']]]);
    const text = documentText(doc);
    assert.match(text, /a curved piece of glass/);
    assert.match(text, /Used in cameras\./);
    assert.match(text, /ISO 9000/);
    assert.doesNotMatch(text, /admn-sts|c5|administrativeStatus/);
  });

  it('flows unknown elements: inline when their content is inline, as blocks otherwise, titled ones as sections', () => {
    const doc = buildDocument({
      'x:Body': [
        { '@type': 'x:Para', 'x:words': ['Plain ', { '@type': 'x:Span', 'x:run': 'inline words' }, ' text.'] },
        {
          '@type': 'x:Box',
          title: 'Boxed',
          'x:parts': [
            { '@type': 'p', content: 'Inside a box.' },
            { '@type': 'ul', li: 'item' },
          ],
        },
        { '@type': 'x:Meta', 'x:flag': true, 'x:order': 3, 'x:ref': '_abc', 'x:comment': 'A remark in prose.' },
      ],
    });
    const paragraphs = only(doc, 'paragraph');
    assert.equal(flowText(paragraphs[0].content), 'Plain inline words text.');
    const [section] = only(doc, 'section');
    assert.equal(flowText(section.title), 'Boxed');
    assert.ok(only(doc, 'list').length === 1);
    const text = documentText(doc);
    assert.match(text, /A remark in prose\./);
    assert.doesNotMatch(text, /true|_abc|\b3\b/);
  });

  it('gives LaTeX and AsciiMath as readable text', () => {
    assert.equal(readableLatex('\\rho = \\frac{F}{\\sigma}'), 'ρ = F/σ');
    assert.equal(readableLatex('x_{0} + \\frac{a+b}{2} \\leq \\alpha^{n+1} \\cdot 10^{-3}'), 'x₀ + (a+b)/2 ≤ αⁿ⁺¹ · 10⁻³');
    assert.equal(readableLatex('\\mathrm{kg}\\,\\mathrm{m}^{-2}'), 'kg m⁻²');
    assert.equal(readableAsciiMath('sum_(i=1)^n alpha_i <= x^2 xx 3'), '∑_(i=1)^n α_i ≤ x² × 3');
    assert.equal(
      documentText(buildDocument({ '@type': 'formula', stem: { type: 'LaTeX', content: 'E = mc^2' } })),
      'E = mc²    (1)',
      'numbered, as the source gives no number',
    );
  });

  it('leaves AsciiMath with a run of letters longer than any name as source text (its parser is quadratic in such a run)', () => {
    const mathOf = (content: string) => {
      const [formula] = only(buildDocument({ '@type': 'formula', stem: { type: 'AsciiMath', content } }), 'formula');
      return formula.math;
    };
    assert.equal(mathOf('alpha_i + beta.gamma <= x^2').notation, 'mathml');
    const long = `a${'A.'.repeat(40)}!`;
    assert.deepEqual(mathOf(long), { notation: 'asciimath', source: long });
    assert.equal(mathOf(`${'A.'.repeat(32)} x`).notation, 'mathml', 'a run of 64 is still read');
  });

  it('turns MathML markup into MathML elements only', () => {
    const doc = buildDocument({
      '@type': 'formula',
      content: '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi onclick="x">a</mi><script>alert(1)</script><mo>&lt;</mo><mn>2</mn></math>',
    });
    const [formula] = only(doc, 'formula');
    assert.equal(formula.math.notation, 'mathml');
    if (formula.math.notation !== 'mathml') return;
    const names: string[] = [];
    const visit = (node: typeof formula.math.root): void => {
      names.push(node.name);
      assert.deepEqual(
        Object.keys(node.attributes).filter((a) => !['display'].includes(a)),
        [],
      );
      node.children.forEach((c) => typeof c !== 'string' && visit(c));
    };
    visit(formula.math.root);
    assert.deepEqual(names, ['math', 'mi', 'mrow', 'mo', 'mn']);
  });

  it('does not overflow on 10 000 levels of nesting, and says where it stopped', async () => {
    let body: unknown = 'the bottom';
    for (let i = 0; i < 10_000; i++) body = { '@type': i % 2 ? 'clause' : 'p', title: `level ${i}`, content: [body] };
    const doc = buildDocument(body);
    assert.match(documentText(doc), /Nested too deeply/);
    let inline: unknown = 'deep';
    for (let i = 0; i < 10_000; i++) inline = { '@type': 'em', content: [inline] };
    assert.match(documentText(buildDocument({ '@type': 'p', content: inline })), /Nested too deeply/);
    let arrays: unknown = 'x';
    for (let i = 0; i < 10_000; i++) arrays = [arrays];
    assert.doesNotThrow(() => buildDocument({ content: arrays }));
    assert.ok(await buildDocumentSliced(body, 5));
  });

  it('builds in slices that can be cancelled', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [String(i), 'value']);
    const body = { '@type': 'corext:Annex', 'corext:content': [{ '@type': 'corext:Table', 'corext:body': rows }] };
    const doc = await buildDocumentSliced(body, 1);
    assert.equal(doc && only(doc, 'table')[0].body.length, 20_000);
    let checks = 0;
    assert.equal(await buildDocumentSliced(body, 0, () => ++checks > 0), undefined);
  });
});
