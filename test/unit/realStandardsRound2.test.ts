/**
 * Issue 52, "Real standards, round two": what real ISO documents lost on the page. The bodies are small excerpts in
 * the shapes the real grammars give them once XML is turned into JSON-LD (element name as `@type`, attributes as
 * keys, children in `content` / `mn:content`):
 * - NISO STS after metanorma/mnconvert's src/test/resources/rice-en.final.sts.xml (ISO 17301-1 converted: the
 *   `<ref-list>` of `<ref><label/><std><std-ref/>, <title/></std></ref>`, `<table-wrap><label/><caption><title/>`,
 *   `<disp-formula>` with its key after it) and metanorma/sts-ruby's spec/fixtures/iso_sts/feature_doc.xml
 *   (`<def-list list-type="formula-index"><label>where</label>…`) and ISO_13849-1_2008-12_en_TBX.xml
 *   (`<mixed-citation><std><std-id-group>…</std-id-group>IEC 61000-4-4</std>, title</mixed-citation>`);
 * - TBX in STS after sts-ruby's tbx-nisosts-0.2.xml (`<tbx:entailedTerm>domain (3.1.2)</tbx:entailedTerm>`);
 * - Metanorma after metanorma-iso's formula specs (`<formula><stem/><dl><dt><stem/></dt><dd><p/></dd></dl>`).
 * Expected text follows ISO/IEC Directives Part 2 and the published ISO layout.
 */
import * as assert from 'node:assert/strict';
import { buildDocument, documentText, flowText, type Block, type ClauseDocument } from '../../src/core/document/index';
import { clauseMarkdown } from '../../src/core/document/clauseMarkdown';

/** A Metanorma element as XML turned into JSON-LD writes it. */
function mn(name: string, attributes: Record<string, unknown> = {}, ...children: unknown[]): Record<string, unknown> {
  return { '@type': `mn:${name}`, ...attributes, 'mn:content': children };
}

/** An STS element the same way (STS names unprefixed, TBX's and MathML's with their prefix). */
function sts(name: string, attributes: Record<string, unknown> = {}, ...children: unknown[]): Record<string, unknown> {
  return { '@type': name, ...attributes, content: children };
}

const mi = (text: string): unknown => sts('mml:mi', {}, text);
const msub = (base: string, index: string): unknown => sts('mml:msub', {}, mi(base), mi(index));
const math = (...children: unknown[]): unknown => sts('mml:math', {}, ...children);

function blocksOf<K extends Block['kind']>(document: ClauseDocument, kind: K): Array<Extract<Block, { kind: K }>> {
  const found: Block[] = [];
  const visit = (blocks: readonly Block[]): void => {
    for (const block of blocks) {
      if (block.kind === kind) found.push(block);
      if (block.kind === 'section') visit(block.children);
      if (block.kind === 'formula') visit(block.where);
      if (block.kind === 'term') visit([...block.definition, ...block.notes, ...block.examples]);
    }
  };
  visit(document.blocks);
  return found as Array<Extract<Block, { kind: K }>>;
}

describe('real standards, round two (issue 52)', () => {
  describe('1. a formula keeps its key', () => {
    // rice-en A.6: w = m_D / m_s, where w is the mass fraction…; m_D is the mass, in grams, …
    const keyLines = [
      'where',
      'w',
      'is the mass fraction of grains with a particular defect in the test sample;',
      'mD',
      'is the mass, in grams, of grains with that defect;',
    ];

    function assertKey(document: ClauseDocument): void {
      const [formula] = blocksOf(document, 'formula');
      assert.ok(formula, 'a formula');
      const [key] = formula.where;
      assert.equal(key?.kind, 'definitions', 'the key is the formula’s');
      const text = documentText(document).split('\n');
      const at = text.indexOf('where');
      assert.ok(at > 0, `"where" in ${JSON.stringify(text)}`);
      assert.deepEqual(text.slice(at, at + 5), keyLines);
      assert.equal(blocksOf(document, 'definitions').length, 1, 'not also a list of its own');
      const markdown = clauseMarkdown(document);
      assert.match(markdown, /where\n\n\*\*w\*\*\n\nis the mass fraction of grains/);
      assert.match(markdown, /\*\*mD\*\*\n\nis the mass, in grams/);
      assert.doesNotMatch(text.join('\n'), /formula-index|formula_A/);
    }

    it('Metanorma: `formula > stem, dl` in one content array', () => {
      // The key as Metanorma writes it, in the formula's own content after the stem.
      const document = buildDocument(
        mn(
          'clause',
          { id: '_c' },
          mn('title', {}, 'Calculation'),
          mn(
            'formula',
            { id: '_f' },
            mn('stem', { type: 'MathML' }, math(mi('w'), sts('mml:mo', {}, '='), sts('mml:mfrac', {}, msub('m', 'D'), msub('m', 's')))),
            mn(
              'dl',
              { id: '_dl' },
              mn('dt', {}, mn('stem', { type: 'MathML' }, math(mi('w')))),
              mn('dd', {}, mn('p', { id: '_p1' }, 'is the mass fraction of grains with a particular defect in the test sample;')),
              mn('dt', {}, mn('stem', { type: 'MathML' }, math(msub('m', 'D')))),
              mn('dd', {}, mn('p', { id: '_p2' }, 'is the mass, in grams, of grains with that defect;')),
            ),
          ),
        ),
      );
      assertKey(document);
    });

    it('Metanorma presentation XML: a "where" paragraph before the `dl` is not said twice', () => {
      const document = buildDocument(
        mn(
          'formula',
          { id: '_f' },
          mn('stem', { type: 'AsciiMath' }, 'w = m_D / m_s'),
          mn('p', { 'keep-with-next': 'true' }, 'where'),
          mn(
            'dl',
            {},
            mn('dt', {}, mn('stem', { type: 'MathML' }, math(mi('w')))),
            mn('dd', {}, mn('p', {}, 'is the mass fraction of grains with a particular defect in the test sample;')),
            mn('dt', {}, mn('stem', { type: 'MathML' }, math(msub('m', 'D')))),
            mn('dd', {}, mn('p', {}, 'is the mass, in grams, of grains with that defect;')),
          ),
        ),
      );
      assertKey(document);
      assert.equal(
        documentText(document)
          .split('\n')
          .filter((l) => l === 'where').length,
        1,
      );
    });

    const stsFormula = sts(
      'disp-formula',
      { id: 'formula_A.6' },
      sts('label', {}, '(A.1)'),
      math(mi('w'), sts('mml:mo', {}, '='), sts('mml:mfrac', {}, msub('m', 'D'), msub('m', 's'))),
    );
    const defItem = (symbol: unknown, text: string): unknown => sts('def-item', {}, sts('term', {}, symbol), sts('def', {}, sts('p', {}, text)));
    const defItems = [
      defItem(math(mi('w')), 'is the mass fraction of grains with a particular defect in the test sample;'),
      defItem(math(msub('m', 'D')), 'is the mass, in grams, of grains with that defect;'),
    ];

    it('NISO STS: `<def-list list-type="formula-index"><label>where</label>` after the `<disp-formula>`', () => {
      const document = buildDocument(
        sts(
          'sec',
          { id: 'sec_A.6' },
          sts('label', {}, 'A.6'),
          sts('title', {}, 'Calculation'),
          stsFormula,
          sts('def-list', { 'list-type': 'formula-index' }, sts('label', {}, 'where'), ...defItems),
        ),
      );
      assertKey(document);
      assert.equal(blocksOf(document, 'formula')[0].label, '(A.1)');
    });

    it('NISO STS: `<p>where</p>` then a `<def-list>`, the formula inside a paragraph', () => {
      const document = buildDocument(
        sts(
          'sec',
          { id: 'sec_A.6' },
          sts('label', {}, 'A.6'),
          sts('title', {}, 'Calculation'),
          sts('p', {}, 'Express the mass fraction of each defect using Formula (A.1):', stsFormula),
          sts('p', {}, 'where'),
          sts('def-list', {}, ...defItems),
        ),
      );
      assertKey(document);
    });
  });
  describe('4. a caption label is shown once', () => {
    const table = (label: unknown[], title: string): unknown =>
      sts(
        'table-wrap',
        { id: 'tab_1', position: 'float' },
        ...label,
        sts('caption', {}, sts('title', {}, title)),
        sts('table', {}, sts('tbody', {}, sts('tr', {}, sts('td', {}, 'Husked rice'), sts('td', {}, '1,0')))),
      );

    it('STS: `<label>Table 1</label><caption><title>Table 1 — Dimensions</title></caption>`', () => {
      const document = buildDocument(
        sts(
          'sec',
          { id: 'sec_4' },
          sts('label', {}, '4'),
          sts('title', {}, 'Requirements'),
          table([sts('label', {}, 'Table 1')], 'Table 1 — Maximum permissible mass fraction of defects'),
        ),
      );
      const [block] = blocksOf(document, 'table');
      assert.deepEqual([block.label, block.caption], ['Table 1', ['Maximum permissible mass fraction of defects']]);
      assert.ok(documentText(document).split('\n').includes('Table 1 — Maximum permissible mass fraction of defects'));
      assert.match(clauseMarkdown(document), /\*\*Table 1 — Maximum permissible mass fraction of defects\*\*/);
      assert.doesNotMatch(documentText(document) + clauseMarkdown(document), /Table 1 — Table 1/);
    });

    it('a figure, a label in bold, an en dash or a colon: each shown once', () => {
      const figure = sts(
        'fig',
        { id: 'fig_1' },
        sts('label', {}, 'Figure 1'),
        sts('caption', {}, sts('title', {}, sts('bold', {}, 'Figure 1'), ' – Typical curve of gelatinization')),
        sts('graphic', { 'xlink:href': 'data:image/png;base64,AA' }),
      );
      const colon = table([sts('label', {}, 'Table 2')], 'Table  2: Sizes');
      const document = buildDocument(sts('sec', { id: 'sec_C' }, sts('label', {}, 'C.1'), sts('title', {}, 'Curves'), figure, colon));
      assert.deepEqual(
        [...blocksOf(document, 'figure'), ...blocksOf(document, 'table')].map((b) => [b.label, b.caption]),
        [
          ['Figure 1', ['Typical curve of gelatinization']],
          ['Table 2', ['Sizes']],
        ],
      );
    });

    it('a caption that starts with its number, the source giving no label apart: the number is the label, counted on', () => {
      const caption = (name: string): unknown => mn('table', { id: `_${name.length}` }, mn('name', {}, name), mn('tbody', {}, mn('tr', {}, mn('td', {}, 'x'))));
      const document = buildDocument(mn('clause', { id: '_c' }, mn('title', {}, 'Sizes'), caption('Table 3 — Dimensions'), caption('Masses')), { number: '4' });
      assert.deepEqual(
        blocksOf(document, 'table').map((b) => [b.label, b.caption]),
        [
          ['Table 3', ['Dimensions']],
          ['Table 4', ['Masses']],
        ],
      );
      // Words that only start like a label stay the caption.
      const plain = buildDocument(mn('clause', { id: '_c' }, mn('title', {}, 'Sizes'), caption('Table 1 summarizes the limits')), { number: '4' });
      assert.deepEqual(
        blocksOf(plain, 'table').map((b) => [b.label, b.caption]),
        [['Table 1', ['Table 1 summarizes the limits']]],
      );
    });
  });
  describe('5. a term mentioned in a definition shows its number', () => {
    const entry = (number: string, term: string, ...definition: unknown[]): unknown =>
      sts(
        'term-sec',
        { id: `term_${number}` },
        sts('label', {}, number),
        sts(
          'tbx:termEntry',
          { id: `te_${number}` },
          sts(
            'tbx:langSet',
            { 'xml:lang': 'en' },
            sts('tbx:tig', {}, sts('tbx:term', {}, term), sts('tbx:partOfSpeech', { value: 'noun' })),
            sts('tbx:definition', {}, ...definition),
          ),
        ),
      );
    const entailed = (target: string, text: string): unknown => sts('tbx:entailedTerm', { target }, text);
    const definitionOf = (document: ClauseDocument, number: string): string => {
      const term = blocksOf(document, 'term').find((t) => t.number === number);
      assert.ok(term, `entry ${number}`);
      return documentText({ title: '', blocks: term.definition, footnotes: [] });
    };

    it('TBX `<tbx:entailedTerm target="term_3.1.4">sample ()</tbx:entailedTerm>` reads "sample (3.1.4)", from the entry on the page or the target', () => {
      const document = buildDocument(
        sts(
          'sec',
          { id: 'sec_3.1', 'sec-type': 'terms' },
          sts('label', {}, '3.1'),
          sts('title', {}, 'Sampling'),
          entry('3.1.4', 'sample', 'quantity of material taken from a ', entailed('term_3.1.3', 'lot ()')),
          entry('3.1.5', 'subsample', 'part of a ', entailed('term_3.1.4', 'sample ()'), ' taken for analysis'),
          entry('3.1.6', 'test portion', 'part of the ', entailed('term_3.1.5', 'subsample'), ' weighed; see ', entailed('term_3.1.2', 'domain (3.1.2)')),
        ),
      );
      assert.equal(definitionOf(document, '3.1.5'), 'part of a sample (3.1.4) taken for analysis');
      assert.equal(definitionOf(document, '3.1.4'), 'quantity of material taken from a lot (3.1.3)', 'an entry of another page, by its identifier');
      assert.equal(definitionOf(document, '3.1.6'), 'part of the subsample (3.1.5) weighed; see domain (3.1.2)', 'missing: added; written: kept');
      assert.doesNotMatch(documentText(document) + clauseMarkdown(document), /\(\s*\)/);
    });

    it('the number comes from the entry even when its identifier says nothing; with no number at all, "()" goes', () => {
      const document = buildDocument(
        sts(
          'sec',
          { id: 'sec_3' },
          sts('label', {}, '3'),
          sts('title', {}, 'Terms and definitions'),
          sts(
            'term-sec',
            { id: '_x91' },
            sts('label', {}, '3.2'),
            sts('tbx:termEntry', {}, sts('tbx:langSet', {}, sts('tbx:tig', {}, sts('tbx:term', {}, 'lot')), sts('tbx:definition', {}, 'quantity of product'))),
          ),
          entry('3.3', 'sample', 'part of a ', entailed('_x91', 'lot ()'), ' or of a ', entailed('_elsewhere7', 'batch ()')),
        ),
      );
      assert.equal(definitionOf(document, '3.3'), 'part of a lot (3.2) or of a batch');
    });

    it('a Metanorma concept whose rendering was left empty shows the term and the number', () => {
      const document = buildDocument(
        mn(
          'terms',
          { id: '_t', anchor: 'terms' },
          mn('title', {}, 'Terms and definitions'),
          mn(
            'term',
            { id: '_a', anchor: 'term-sample' },
            mn('preferred', {}, mn('expression', {}, mn('name', {}, 'sample'))),
            mn('definition', {}, mn('verbal-definition', {}, mn('p', {}, 'quantity of material'))),
          ),
          mn(
            'term',
            { id: '_b', anchor: 'term-subsample' },
            mn('preferred', {}, mn('expression', {}, mn('name', {}, 'subsample'))),
            mn(
              'definition',
              {},
              mn(
                'verbal-definition',
                {},
                mn('p', {}, 'part of a ', mn('concept', {}, mn('refterm', {}, 'sample'), mn('renderterm', {}), mn('xref', { target: 'term-sample' }))),
              ),
            ),
          ),
        ),
        { number: '3' },
      );
      assert.equal(definitionOf(document, '3.2'), 'part of a sample (3.1)');
    });
  });
  describe('2. a bibliography entry shows its label, identifier and title', () => {
    const idGroup = (internal: string, fpi: string): unknown =>
      sts(
        'std-id-group',
        {},
        sts('std-id', { 'std-id-link-type': 'internal-pub-id', 'std-id-type': 'dated' }, internal),
        sts('std-id', { 'std-id-link-type': 'fpi', 'std-id-type': 'dated' }, fpi),
      );
    // rice-en's normative references and bibliography; ISO 13849-1's bibliography with its std-id-group.
    const body = sts(
      'sec',
      { id: 'sec_2', 'sec-type': 'norm-refs' },
      sts('label', {}, '2'),
      sts('title', {}, 'Normative references'),
      sts(
        'ref-list',
        { 'content-type': 'norm-refs' },
        sts(
          'ref',
          { 'content-type': 'standard', id: 'norm_ref_1' },
          sts('std', {}, sts('std-ref', {}, 'ISO 712 (all parts)'), ', ', sts('title', {}, 'Cereals and cereal products – Determination of moisture content')),
        ),
        sts(
          'ref',
          { 'content-type': 'standard', id: 'ref_1' },
          sts('label', {}, '[1]'),
          sts(
            'std',
            { 'std-id': 'urn:iso:std:iso:3696:ed-1' },
            sts('std-ref', { type: 'dated' }, 'ISO 3696:1987'),
            ', ',
            sts('title', {}, 'Water for analytical laboratory use – Specification and test methods'),
          ),
        ),
        sts(
          'ref',
          { id: 'bib-1' },
          sts('label', {}, '[2]'),
          sts(
            'mixed-citation',
            {},
            sts(
              'std',
              {},
              idGroup('x2cd56c4', '+//ISO 9070/RA::A00007::GE::DIN German Institute for Standardization::Standards//DOCUMENT IEC 61000-4-4//EN'),
              'IEC 61000-4-4',
            ),
            ', Electromagnetic compatibility (EMC) — Part 4-4: Testing and measurement techniques',
          ),
        ),
        sts(
          'ref',
          { id: 'bib-2' },
          sts('label', {}, '[3]'),
          sts('std', {}, sts('std-ref', {}, 'ISO 5725-1'), ', ', sts('title', {}, 'Accuracy of measurement methods')),
          sts('mixed-citation', {}, 'Accuracy of measurement methods'),
        ),
        sts('ref', { id: 'bib-3' }, sts('label', {}, '[4]'), sts('mixed-citation', {}, 'Quality management principles, ISO, 2001')),
      ),
    );

    it('STS `<ref>`s of `<std>` (`<std-ref>`, `<title>`) and `<mixed-citation>`: label, identifier, title — once, no internal ids', () => {
      const document = buildDocument(body);
      const refs = blocksOf(document, 'reference');
      assert.deepEqual(
        refs.map((r) => [r.label, r.citation, flowText(r.title), flowText(r.details)]),
        [
          [undefined, 'ISO 712 (all parts)', 'Cereals and cereal products – Determination of moisture content', ''],
          ['[1]', 'ISO 3696:1987', 'Water for analytical laboratory use – Specification and test methods', ''],
          ['[2]', 'IEC 61000-4-4', 'Electromagnetic compatibility (EMC) — Part 4-4: Testing and measurement techniques', ''],
          ['[3]', 'ISO 5725-1', 'Accuracy of measurement methods', ''],
          ['[4]', '', '', 'Quality management principles, ISO, 2001'],
        ],
      );
      assert.equal(refs[1].urn, 'urn:iso:std:iso:3696:ed-1', 'a URN the source gives links the entry to the catalogue');
      const text = documentText(document);
      assert.match(text, /^\[1\] ISO 3696:1987, Water for analytical laboratory use/m);
      assert.match(text, /^\[2\] IEC 61000-4-4, Electromagnetic compatibility \(EMC\)/m);
      assert.doesNotMatch(text, /x2cd56c4|ISO 9070|DOCUMENT/);
      const markdown = clauseMarkdown(document);
      assert.match(markdown, /^- ISO 712 \(all parts\), \*Cereals and cereal products/m);
      assert.match(markdown, /^- \\\[1\\\] \[ISO 3696:1987\]\(<urn:iso:std:iso:3696:ed-1>\), \*Water for analytical/m);
      assert.doesNotMatch(markdown, /x2cd56c4|ISO 9070/);
    });

    it('a citation of an entry links to the standard its URN names', () => {
      const document = buildDocument(
        sts(
          'sec',
          { id: 'sec_6' },
          sts('label', {}, '6'),
          sts('title', {}, 'Reagents'),
          sts('p', {}, 'Use water of grade 3 as specified in ', sts('xref', { 'ref-type': 'bibr', rid: 'ref_1' }, '[1]'), '.'),
          body,
        ),
      );
      const [paragraph] = blocksOf(document, 'paragraph');
      const link = paragraph.content.find((part) => typeof part !== 'string' && part.kind === 'link');
      assert.deepEqual(link && typeof link !== 'string' && link.kind === 'link' ? link.target : undefined, {
        kind: 'standard',
        urn: 'urn:iso:std:iso:3696:ed-1',
      });
    });
  });
});
