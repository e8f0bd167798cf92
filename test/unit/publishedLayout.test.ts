/**
 * Real standards read like the published page: term entries, numbers and cross-reference labels as ISO prints
 * them, from small bodies written the way the real grammars write them — Metanorma semantic XML turned into
 * JSON-LD (`@type` the element name with `mn:`, attributes as keys, children in `mn:content`), after the samples of
 * metanorma-iso's spec/isodoc/terms_spec.rb and the standoc grammar; NISO STS after the TBX-in-STS examples and
 * the ISO 13849-1 STS file in metanorma/sts-ruby's fixtures. Expected layouts follow ISO/IEC Directives Part 2
 * and isodoc's ISO output.
 */
import * as assert from 'node:assert/strict';
import { buildDocument, documentText, flowText, type Block, type ClauseDocument, type Inline } from '../../src/core/document/index';
import { clauseMarkdown } from '../../src/core/document/clauseMarkdown';
import { fallbackLabel } from '../../src/core/document/xrefLabels';

/** A Metanorma element as XML turned into JSON-LD writes it. */
function mn(name: string, attributes: Record<string, unknown> = {}, ...children: unknown[]): Record<string, unknown> {
  return { '@type': `mn:${name}`, ...attributes, 'mn:content': children };
}

/** An STS element the same way (STS names unprefixed, TBX's with `tbx:`). */
function sts(name: string, attributes: Record<string, unknown> = {}, ...children: unknown[]): Record<string, unknown> {
  return { '@type': name, ...attributes, content: children };
}

const designation = (kind: string, name: string, ...more: unknown[]): unknown => mn(kind, {}, mn('expression', {}, mn('name', {}, name), ...more));
const definition = (...flow: unknown[]): unknown => mn('definition', {}, mn('verbal-definition', {}, mn('p', { id: '_d' }, ...flow)));
const origin = (citeas: string, clause?: string): unknown =>
  mn(
    'origin',
    { bibitemid: 'ISO7301', type: 'inline', citeas },
    ...(clause ? [mn('localityStack', {}, mn('locality', { type: 'clause' }, mn('referenceFrom', {}, clause)))] : []),
  );

/** The terms clause of metanorma-iso's "processes IsoXML terms", in the real nesting. */
const riceTerms = mn(
  'terms',
  { id: '_a1b2c3d4-0000-4000-8000-000000000001', anchor: 'terms_and_definitions', obligation: 'normative' },
  mn('title', {}, 'Terms and definitions'),
  mn('p', { id: '_p' }, 'For the purposes of this document, the following terms and definitions apply.'),
  mn(
    'term',
    { id: '_b1', anchor: 'paddy' },
    designation('preferred', 'paddy'),
    designation('admitted', 'paddy rice'),
    designation('admitted', 'rough rice'),
    designation('deprecates', 'cargo rice'),
    mn('domain', {}, 'rice'),
    definition('rice retaining its husk after threshing'),
    mn('termnote', { id: '_n1' }, mn('p', {}, 'The starch of waxy rice consists almost entirely of amylopectin.')),
    mn('termexample', { id: '_e1' }, mn('p', {}, 'Foreign seeds, husks, bran, sand, dust.')),
    mn(
      'source',
      { status: 'modified', type: 'authoritative' },
      origin('ISO 7301:2011', '3.1'),
      mn('modification', {}, mn('p', {}, 'The term "cargo rice" is shown as deprecated, and Note 1 to entry is not included here')),
    ),
  ),
  mn(
    'term',
    { id: '_b2', anchor: 'husked_rice' },
    designation('preferred', 'husked rice', mn('grammar', {}, mn('isNoun', {}, 'true'))),
    definition(
      mn('concept', {}, mn('refterm', {}, 'paddy'), mn('renderterm', {}, 'paddy'), mn('xref', { target: 'paddy' })),
      ' from which the husk only has been removed',
    ),
    mn('termnote', {}, mn('p', {}, 'First note.')),
    mn('termnote', {}, mn('p', {}, 'Second note.')),
    mn('source', { status: 'identical', type: 'authoritative' }, origin('ISO 7301:2011', '3.2')),
    mn(
      'term',
      { id: '_b3', anchor: 'brown_rice' },
      designation('preferred', 'brown rice'),
      mn('preferred', {}, mn('letter-symbol', {}, mn('name', {}, 'BR'))),
      definition('husked rice that has been sorted'),
    ),
  ),
);

function lines(document: ClauseDocument): string[] {
  return documentText(document).split('\n');
}

/** A block of the model whose kind is (or may be) `K`. */
type BlockOf<K extends Block['kind']> = Extract<Block, { kind: K }> extends never ? Block & { kind: K; label: string } : Extract<Block, { kind: K }>;

function blocksOf<K extends Block['kind']>(document: ClauseDocument, kind: K): Array<BlockOf<K>> {
  const found: Block[] = [];
  const visit = (blocks: readonly Block[]): void => {
    for (const block of blocks) {
      if (block.kind === kind) found.push(block);
      if (block.kind === 'section' || block.kind === 'note' || block.kind === 'example' || block.kind === 'figure') visit(block.children);
      if (block.kind === 'list') block.items.forEach((item) => visit(item.blocks));
      if (block.kind === 'term') visit([...block.definition, ...block.examples, ...block.notes]);
      if (block.kind === 'table') visit(block.notes);
    }
  };
  visit(document.blocks);
  return found as Array<BlockOf<K>>;
}

function linksIn(flow: readonly Inline[]): Array<Extract<Inline, { kind: 'link' }>> {
  return flow.flatMap((part) =>
    typeof part === 'string' ? [] : part.kind === 'link' ? [part, ...linksIn(part.children)] : part.kind === 'style' ? linksIn(part.children) : [],
  );
}

describe('real standards read like the published page', () => {
  describe('term entries', () => {
    it('reads a Metanorma terms clause in the real nesting as ISO prints it', () => {
      const document = buildDocument(riceTerms, { number: '3', types: ['corext:TermsAndDefinitions'] });
      assert.deepEqual(lines(document), [
        '3 Terms and definitions',
        'For the purposes of this document, the following terms and definitions apply.',
        '3.1',
        'paddy',
        'paddy rice',
        'rough rice',
        'DEPRECATED: cargo rice',
        '<rice> rice retaining its husk after threshing',
        'EXAMPLE',
        'Foreign seeds, husks, bran, sand, dust.',
        'Note 1 to entry:',
        'The starch of waxy rice consists almost entirely of amylopectin.',
        '[SOURCE: ISO 7301:2011, 3.1, modified — The term "cargo rice" is shown as deprecated, and Note 1 to entry is not included here]',
        '3.2',
        'husked rice',
        'paddy (3.1) from which the husk only has been removed',
        'Note 1 to entry:',
        'First note.',
        'Note 2 to entry:',
        'Second note.',
        '[SOURCE: ISO 7301:2011, 3.2]',
        '3.2.1',
        'brown rice',
        'BR',
        'husked rice that has been sorted',
      ]);
      const [paddy, husked] = blocksOf(document, 'term');
      assert.deepEqual([paddy.preferred, paddy.admitted, paddy.deprecated], [[['paddy']], [['paddy rice'], ['rough rice']], [['cargo rice']]]);
      // The concept: the term once, in italics, then the entry it points at — never the term twice.
      const mention = (husked.definition[0] as Extract<Block, { kind: 'paragraph' }>).content;
      assert.deepEqual(mention[0], { kind: 'style', style: 'emphasis', children: ['paddy'] });
      assert.deepEqual(
        linksIn(mention).map((l) => [l.target, flowText(l.children)]),
        [[{ kind: 'clause', target: 'paddy' }, '3.1']],
      );
    });

    it('writes the same layout as Markdown: the number as the heading, the preferred term in bold', () => {
      const markdown = clauseMarkdown(buildDocument(riceTerms, { number: '3' }));
      assert.match(
        markdown,
        /\n## 3\.1\n\n\*\*paddy\*\*\n\npaddy rice\n\nrough rice\n\nDEPRECATED: cargo rice\n\n\\<rice\\> rice retaining its husk after threshing\n/,
      );
      assert.match(markdown, /> \*\*EXAMPLE\*\* Foreign seeds/);
      assert.match(markdown, /> \*\*Note 1 to entry:\*\* The starch of waxy rice/);
      assert.match(markdown, /\\\[SOURCE: ISO 7301:2011, 3\.1, modified — /);
      assert.match(markdown, /\n## 3\.2\.1\n\n\*\*brown rice\*\*\n\n\*\*BR\*\*\n/);
    });

    it('reads the older `termsource` and keyed parts, designations with qualifiers, and a term bank reference', () => {
      const document = buildDocument(
        mn(
          'terms',
          {},
          mn('title', {}, 'Terms and definitions'),
          mn(
            'term',
            { id: 'lamp' },
            mn(
              'preferred',
              {},
              mn('expression', { language: 'en', script: 'Latn' }, mn('name', {}, 'lamp'), mn('abbreviation-type', {}, 'acronym')),
              mn('field-of-application', {}, 'lighting'),
            ),
            mn(
              'preferred',
              { isInternational: 'true' },
              mn('graphical-symbol', {}, mn('figure', { id: '_f' }, mn('image', { src: 'data:image/svg+xml;base64,AA==', alt: 'lamp symbol' }))),
            ),
            mn('subject', {}, 'Electrical engineering'),
            definition(
              mn('concept', {}, mn('refterm', {}, 'light'), mn('renderterm', {}, 'light'), mn('termref', { base: 'IEV', target: '845-21-001' })),
              ' source',
            ),
            mn('termsource', { status: 'adapted' }, origin('IEC 60050-845:2020')),
          ),
        ),
        { number: '3' },
      );
      const [term] = blocksOf(document, 'term');
      assert.equal(term.number, '3.1');
      assert.equal(flowText(term.preferred[0]), 'lamp, <lighting>');
      assert.doesNotMatch(documentText(document), /acronym|Latn|true|Electrical engineering/, 'grammar, script, flags and subject are not text');
      assert.match(documentText(document), /light \(Termbase IEV, term ID 845-21-001\) source/);
      assert.match(documentText(document), /\[SOURCE: IEC 60050-845:2020, modified\]/, 'adapted prints as modified, as ISO does');
    });

    it('reads NISO STS term entries (term-sec > tbx:termEntry > tbx:langSet > tbx:tig) with their own labels', () => {
      // After ISO 13849-1 in STS: the entry number in `label`, "NOTE n" written into the note text.
      const document = buildDocument(
        sts(
          'sec',
          { id: 'sec_3', 'sec-type': 'terms' },
          sts('label', {}, '3'),
          sts('title', {}, 'Terms and definitions'),
          sts(
            'term-sec',
            { id: 'sub-3.1.1', 'sec-type': 'concept' },
            sts('label', {}, '3.1.1'),
            sts(
              'tbx:termEntry',
              { id: 'term_3.1.1' },
              sts(
                'tbx:langSet',
                { 'xml:lang': 'en' },
                sts('tbx:subjectField', {}, 'machinery'),
                sts('tbx:definition', {}, 'part of a control system that responds to safety-related input signals'),
                sts(
                  'tbx:note',
                  { id: 'not_3.1.1_1' },
                  'NOTE 1 The combined safety-related parts of a control system start at the points where signals are initiated.',
                ),
                sts('tbx:note', { id: 'not_3.1.1_2' }, 'NOTE 2 Monitoring systems are also considered as SRP/CS.'),
                sts('tbx:source', {}, 'ISO 12100:2010, 3.34'),
                sts(
                  'tbx:tig',
                  { id: 'tig_1' },
                  sts('tbx:term', {}, 'safety-related part of a control system'),
                  sts('tbx:partOfSpeech', { value: 'noun' }),
                  sts('tbx:normativeAuthorization', { value: 'preferredTerm' }),
                ),
                sts(
                  'tbx:tig',
                  { id: 'tig_2' },
                  sts('tbx:term', {}, 'SRP/CS'),
                  sts('tbx:termType', { value: 'abbreviation' }),
                  sts('tbx:normativeAuthorization', { value: 'admittedTerm' }),
                ),
              ),
            ),
          ),
        ),
      );
      assert.deepEqual(lines(document), [
        '3 Terms and definitions',
        '3.1.1',
        'safety-related part of a control system',
        'SRP/CS',
        '<machinery> part of a control system that responds to safety-related input signals',
        'NOTE 1',
        'The combined safety-related parts of a control system start at the points where signals are initiated.',
        'NOTE 2',
        'Monitoring systems are also considered as SRP/CS.',
        '[SOURCE: ISO 12100:2010, 3.34]',
      ]);
    });
  });

  describe('numbers the source leaves implicit', () => {
    const clause = (...content: unknown[]): unknown => mn('clause', { id: '_c' }, mn('title', {}, 'Test method'), ...content);
    const note = (text: string): unknown => mn('note', {}, mn('p', {}, text));
    const table = (caption: string, attributes: Record<string, unknown> = {}): unknown =>
      mn('table', { id: `tab-${caption}`, ...attributes }, mn('name', {}, caption), mn('tbody', {}, mn('tr', {}, mn('td', {}, 'cell'))));
    const formula = (attributes: Record<string, unknown> = {}): unknown =>
      mn('formula', { id: '_fo', ...attributes }, mn('stem', { type: 'AsciiMath' }, 'a = b'));

    it('numbers subclauses, notes, examples, tables, figures and formulas of a clause from its number', () => {
      const document = buildDocument(
        clause(
          note('Only note of the clause.'),
          table('Limits'),
          formula(),
          mn('clause', { id: '_s1' }, mn('title', {}, 'Apparatus'), note('First.'), note('Second.'), mn('example', {}, mn('p', {}, 'An example.'))),
          mn('clause', { id: '_s2' }, mn('title', {}, 'Procedure'), mn('clause', { id: '_s21' }, mn('title', {}, 'Drying')), table('Times'), formula()),
          mn('figure', { id: '_fig' }, mn('name', {}, 'Oven'), mn('image', { src: 'data:image/png;base64,AA==' })),
          formula({ unnumbered: 'true' }),
        ),
        { number: '5', title: 'Test method' },
      );
      assert.equal(document.number, '5');
      assert.deepEqual(
        blocksOf(document, 'section').map((s) => s.number),
        ['5.1', '5.2', '5.2.1'],
      );
      assert.deepEqual(
        blocksOf(document, 'note').map((n) => n.label),
        ['NOTE', 'NOTE 1', 'NOTE 2'],
        'a note alone is "NOTE"; several in one subclause are numbered',
      );
      assert.deepEqual(
        blocksOf(document, 'example').map((n) => n.label),
        ['EXAMPLE'],
      );
      assert.deepEqual(
        blocksOf(document, 'table').map((t) => t.label),
        ['Table 1', 'Table 2'],
      );
      assert.deepEqual(
        blocksOf(document, 'figure').map((t) => t.label),
        ['Figure 1'],
      );
      assert.deepEqual(
        blocksOf(document, 'formula').map((t) => t.label),
        ['(1)', '(2)', undefined],
        'an unnumbered formula stays so',
      );
    });

    it('numbers an annex as published: "Annex A", its obligation, A.1, Table A.1, (A.1)', () => {
      const document = buildDocument(
        mn(
          'annex',
          { id: '_annex', obligation: 'informative' },
          mn('title', {}, 'Typical values'),
          mn('clause', {}, mn('title', {}, 'General')),
          table('Values'),
          formula(),
        ),
        { number: 'A', types: ['corext:Annex'] },
      );
      assert.deepEqual(lines(document).slice(0, 4), ['Annex A', '(informative)', 'Typical values', 'A.1 General']);
      assert.deepEqual(
        blocksOf(document, 'table').map((t) => t.label),
        ['Table A.1'],
      );
      assert.deepEqual(
        blocksOf(document, 'formula').map((t) => t.label),
        ['(A.1)'],
      );
    });

    it("keeps the source's own numbers and follows on from them; numbers nothing in a foreword", () => {
      const document = buildDocument(
        clause(
          sts('sec', {}, sts('label', {}, '5.3'), sts('title', {}, 'Given')),
          mn('clause', {}, mn('title', {}, 'Next')),
          sts('table-wrap', {}, sts('label', {}, 'Table 4'), sts('caption', {}, sts('title', {}, 'Given'))),
          table('Next'),
        ),
        { number: '5' },
      );
      assert.deepEqual(
        blocksOf(document, 'section').map((s) => s.number),
        ['5.3', '5.4'],
      );
      assert.deepEqual(
        blocksOf(document, 'table').map((t) => t.label),
        ['Table 4', 'Table 5'],
      );
      const foreword = buildDocument(mn('foreword', {}, mn('title', {}, 'Foreword'), mn('clause', {}, mn('title', {}, 'Changes'))), {
        types: ['corext:Foreword'],
      });
      assert.deepEqual(
        blocksOf(foreword, 'section').map((s) => s.number),
        [undefined],
      );
      const introduction = buildDocument(mn('introduction', {}, mn('title', {}, 'Introduction'), mn('clause', {}, mn('title', {}, 'General'))), {
        types: ['corext:Introduction'],
      });
      assert.deepEqual(
        blocksOf(introduction, 'section').map((s) => s.number),
        ['0.1'],
      );
    });

    it('gives an embedded subclause the number the clause list gives a subclause of that title', () => {
      const document = buildDocument(clause(mn('clause', {}, mn('title', {}, 'Drying')), mn('clause', {}, mn('title', {}, 'Weighing'))), {
        number: '5',
        clauses: [
          { number: '5', title: 'Test method' },
          { number: '5.1', title: 'Weighing' },
        ],
      });
      assert.deepEqual(
        blocksOf(document, 'section').map((s) => s.number),
        ['5.2', '5.1'],
        'a subclause the list does not hold takes a number the list does not use',
      );
    });
  });

  describe('cross-references with no text', () => {
    const paragraph = (...flow: unknown[]): unknown => mn('clause', { id: '_c' }, mn('title', {}, 'Requirements'), mn('p', {}, ...flow));
    const textOf = (body: unknown, context = {}): string =>
      documentText(buildDocument(body, { number: '5', ...context }))
        .split('\n')
        .slice(1)
        .join('\n');

    it('names a target on the page by what it is: subclause, table, figure, formula, note, term', () => {
      const text = textOf(
        mn(
          'clause',
          { id: '_c' },
          mn('title', {}, 'Requirements'),
          mn(
            'p',
            {},
            'See ',
            mn('xref', { target: 'sub' }),
            ', ',
            mn('xref', { target: 'tab' }),
            ', ',
            mn('xref', { target: 'fig' }),
            ', ',
            mn('xref', { target: 'eq' }),
            ', ',
            mn('xref', { target: 'n1' }),
            ' and ',
            mn('xref', { target: '_c' }),
            '.',
          ),
          mn('note', { id: '_guid-n1', anchor: 'n1' }, mn('p', {}, 'A note.')),
          mn('note', {}, mn('p', {}, 'Another note.')),
          mn('table', { id: 'tab' }, mn('name', {}, 'Limits'), mn('tbody', {}, mn('tr', {}, mn('td', {}, 'x')))),
          mn('figure', { id: 'fig' }, mn('name', {}, 'Oven'), mn('image', { src: 'data:image/png;base64,AA==' })),
          mn('formula', { id: 'eq' }, mn('stem', { type: 'AsciiMath' }, 'a = b')),
          mn('clause', { id: 'sub' }, mn('title', {}, 'Apparatus')),
        ),
      );
      assert.match(text, /^See 5\.1, Table 1, Figure 1, Formula \(1\), Note 1 and Clause 5\.$/m);
    });

    it('names and links a target in another clause of the standard from the clause list', () => {
      const clauses = [
        { id: 'http://svc/v1/standards/urn:iso:std:iso:1/clauses/c5', clauseId: 'c5', number: '5', title: 'Requirements' },
        { id: 'http://svc/v1/standards/urn:iso:std:iso:1/clauses/c61', clauseId: 'c61', number: '6.1', title: 'General' },
        { id: 'http://svc/v1/standards/urn:iso:std:iso:1/clauses/ca', clauseId: 'ca', number: 'A', title: 'Examples', types: ['corext:Annex'] },
        { id: 'http://svc/v1/standards/urn:iso:std:iso:1/clauses/cs', clauseId: 'cs', number: '1', title: 'Scope' },
      ];
      const document = buildDocument(
        paragraph(
          mn('xref', { target: 'AnnexA' }),
          ', ',
          mn('xref', { target: 'clause_6_1' }),
          ', ',
          mn('xref', { target: 'cs' }),
          ', ',
          mn('xref', { target: 'scope' }),
        ),
        { number: '5', clauses },
      );
      const links = linksIn((blocksOf(document, 'paragraph')[0] as Extract<Block, { kind: 'paragraph' }>).content);
      assert.deepEqual(
        links.map((l) => [flowText(l.children), l.target.kind === 'clause' ? l.target.target : l.target.kind]),
        [
          ['Annex A', clauses[2].id],
          ['6.1', clauses[1].id],
          ['Clause 1', clauses[3].id],
          ['Clause 1', clauses[3].id],
        ],
      );
    });

    it('falls back on what the identifier says, never on the word "reference" or the identifier itself', () => {
      assert.deepEqual(
        [
          'AnnexB',
          'annex-c-2',
          'tab_1',
          'table_A_2',
          'fig3',
          'formula_4',
          'sec_5.1',
          'clause_7',
          'term_3.2',
          'normative_references',
          'termsAndDefinitions',
        ].map((id) => fallbackLabel(id)),
        ['Annex B', 'Clause C.2', 'Table 1', 'Table A.2', 'Figure 3', 'Formula (4)', '5.1', 'Clause 7', '3.2', 'Normative references', 'Terms and definitions'],
      );
      assert.equal(fallbackLabel('5.1', 'sec'), '5.1', 'an STS ref-type names a bare number');
      assert.equal(fallbackLabel('_7e0c9a1b-2f4d-4a8e-9b1c-0d2e3f4a5b6c'), 'another part of this document');
      assert.equal(fallbackLabel('x9f3k2', 'table'), 'a table');
      const text = textOf(
        paragraph('See ', mn('xref', { target: '_7e0c9a1b-2f4d-4a8e-9b1c-0d2e3f4a5b6c' }), ' and ', sts('xref', { 'ref-type': 'table', rid: 'tab_3' }), '.'),
      );
      assert.equal(text, 'See another part of this document and Table 3.');
      assert.doesNotMatch(text, /reference|7e0c9a1b/);
    });

    it('cites another standard with its locality, as ISO does, and shows a bare link as its address', () => {
      const eref = (citeas: string, type: string, from: string): unknown =>
        mn('eref', { type: 'inline', bibitemid: 'ISO712', citeas }, mn('localityStack', {}, mn('locality', { type }, mn('referenceFrom', {}, from))));
      const text = textOf(
        paragraph(
          eref('ISO 712', 'clause', '4.2'),
          '; ',
          eref('ISO 712', 'clause', '4'),
          '; ',
          eref('ISO 712:2009', 'table', '1'),
          '; ',
          eref('ISO 712', 'annex', 'B'),
          '; ',
          sts('std', {}, sts('std-ref', {}, 'ISO 712:2009'), ', ', sts('bold', {}, '3.1')),
          '; ',
          mn('link', { target: 'https://www.iso.org/obp' }),
          '; ',
          mn('link', { target: 'mailto:central@iso.org' }),
          '.',
        ),
      );
      assert.equal(
        text,
        'ISO 712, 4.2; ISO 712, Clause 4; ISO 712:2009, Table 1; ISO 712, Annex B; ISO 712:2009, 3.1; https://www.iso.org/obp; central@iso.org.',
      );
    });
  });

  it('shows a heading the body repeats (a first heading, or a wrapper section) once', () => {
    const repeated = buildDocument(
      { '@type': 'corext:Clause', 'dcterms:title': 'Scope', content: [{ '@type': 'h2', content: '1 Scope' }, mn('p', {}, 'This document specifies…')] },
      { number: '1', title: 'Scope' },
    );
    assert.deepEqual(lines(repeated), ['1 Scope', 'This document specifies…']);
    const wrapped = buildDocument(
      { '@type': 'corext:Clause', content: [mn('clause', {}, mn('title', {}, 'Scope'), mn('p', {}, 'This document specifies…'))] },
      { number: '1', title: 'Scope' },
    );
    assert.deepEqual(lines(wrapped), ['1 Scope', 'This document specifies…']);
  });
});
