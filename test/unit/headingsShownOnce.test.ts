/**
 * Issue 52, point 3: a clause's number, annex label and obligation are shown once wherever they come from (the
 * clause list's title as real services and ISO's online browsing platform send it — "1 Scope", "Annex A
 * (informative) Example …" —, its number field, the body's `<label>`/`<annex-type>`), and a body whose clause list
 * gives the number only in the title, or nowhere (semantic Metanorma), is numbered from it. Bodies in the shapes of
 * metanorma/mnconvert's rice-en.final.sts.xml (`<sec><label>1</label><title>Scope</title>`, `<app
 * content-type="inform-annex"><label>Annex B</label><annex-type>(informative)</annex-type><title>…`) and of
 * semantic Metanorma (`terms > term`, `formula`, untitled numbers), inside the service's JSON-LD envelope.
 */
import * as assert from 'node:assert/strict';
import { buildDocument, documentText, type Block, type ClauseContext, type ClauseDocument } from '../../src/core/document/index';
import { clauseMarkdown } from '../../src/core/document/clauseMarkdown';
import { listedNumbers, shownHeading } from '../../src/core/document/listedNumbers';
import { headingOnce } from '../../src/core/document/shownOnce';

const sts = (name: string, attributes: Record<string, unknown> = {}, ...children: unknown[]): Record<string, unknown> => ({
  '@type': name,
  ...attributes,
  content: children,
});
const mn = (name: string, attributes: Record<string, unknown> = {}, ...children: unknown[]): Record<string, unknown> => ({
  '@type': `mn:${name}`,
  ...attributes,
  'mn:content': children,
});

/** The service's envelope around a clause body: its title (as the clause list gives it), number when given, standard. */
function envelope(types: string, title: string, number: string | undefined, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    '@context': { dcterms: 'http://purl.org/dc/terms/', corext: 'https://sandbox.standards.example/ns/corext#' },
    '@id': 'https://sandbox.standards.example/v1/standards/urn:iso:std:iso:7301:ed-4:en/clauses/c1',
    '@type': types,
    'dcterms:title': title,
    ...(number ? { 'corext:number': number } : {}),
    'dcterms:isPartOf': { '@id': 'urn:iso:std:iso:7301:ed-4:en', 'dcterms:identifier': 'ISO 7301:2021', 'dcterms:title': 'Rice — Specification' },
    ...fields,
  };
}

function blocksOf<K extends Block['kind']>(document: ClauseDocument, kind: K): Array<Extract<Block, { kind: K }>> {
  const found: Block[] = [];
  const visit = (blocks: readonly Block[]): void => {
    for (const block of blocks) {
      if (block.kind === kind) found.push(block);
      if (block.kind === 'section' || block.kind === 'note' || block.kind === 'example') visit(block.children);
      if (block.kind === 'term') visit([...block.definition, ...block.notes, ...block.examples]);
    }
  };
  visit(document.blocks);
  return found as Array<Extract<Block, { kind: K }>>;
}

/** What a reader sees: the text view's lines, and the Markdown, neither with a number, label or obligation twice. */
function assertShownOnce(document: ClauseDocument): string[] {
  const lines = documentText(document).split('\n');
  const all = `${lines.join('\n')}\n${clauseMarkdown(document)}`;
  assert.doesNotMatch(all, /\b(\d+(?:\.\d+)*) \1 /, 'a number twice');
  assert.doesNotMatch(all, /Annex ([A-Z])\b.{0,4}Annex \1\b/s, 'an annex label twice');
  assert.equal(lines.filter((l) => /^\((?:in)?formative\)$|^\(normative\)$/.test(l)).length <= 1, true, `an obligation twice in ${JSON.stringify(lines)}`);
  return lines;
}

const term = (name: string, definition: string): unknown =>
  mn(
    'term',
    { id: `_${name}` },
    mn('preferred', {}, mn('expression', {}, mn('name', {}, name))),
    mn('definition', {}, mn('verbal-definition', {}, mn('p', {}, definition))),
  );

describe('headings shown once, bodies numbered from the clause list (issue 52, point 3)', () => {
  it('"1 Scope" in the clause list and the envelope, `<label>1</label><title>Scope</title>` in the body: "1 Scope"', () => {
    const context: ClauseContext = { title: '1 Scope', number: '1', types: ['corext:Scope'] };
    const body = envelope('corext:Scope', '1 Scope', '1', {
      content: [
        sts(
          'sec',
          { id: 'sec_1', 'sec-type': 'scope' },
          sts('label', {}, '1'),
          sts('title', {}, 'Scope'),
          sts('p', {}, 'This document specifies minimum requirements for rice.'),
        ),
      ],
    });
    const document = buildDocument(body, context);
    assert.deepEqual([document.number, document.title, document.label], ['1', 'Scope', undefined]);
    const lines = assertShownOnce(document);
    assert.deepEqual(lines, ['1 Scope', 'This document specifies minimum requirements for rice.']);
    assert.deepEqual(shownHeading(document, context), { number: '1', title: 'Scope' });
    // The page's first heading, before the body is read: the list's title alone.
    assert.deepEqual(shownHeading(undefined, context), { number: '1', title: 'Scope' });
  });

  it('"Annex B (informative) …" in the list, `<label>Annex B</label><annex-type>(informative)</annex-type>` in the body: each once', () => {
    const title = 'Annex B (informative) Determination of the waxy rice content of parboiled rice';
    const context: ClauseContext = { title, number: 'B', types: ['corext:Annex'] };
    for (const fields of [
      // The app as one element of the envelope's content, and its children flat in the envelope.
      {
        content: [
          sts(
            'app',
            { id: 'sec_B', 'content-type': 'inform-annex' },
            sts('label', {}, 'Annex B'),
            sts('annex-type', {}, '(informative)'),
            sts('title', {}, 'Determination of the waxy rice content of parboiled rice'),
            sts(
              'sec',
              { id: 'sec_B.1' },
              sts('label', {}, 'B.1'),
              sts('title', {}, 'Principle'),
              sts('p', {}, 'Waxy rice kernels have a reddish brown colour.'),
            ),
          ),
        ],
      },
      {
        'content-type': 'inform-annex',
        content: [
          sts('label', {}, 'Annex B'),
          sts('annex-type', {}, '(informative)'),
          sts('title', {}, 'Determination of the waxy rice content of parboiled rice'),
          sts('sec', { id: 'sec_B.1' }, sts('label', {}, 'B.1'), sts('title', {}, 'Principle'), sts('p', {}, 'Waxy rice kernels have a reddish brown colour.')),
        ],
      },
    ]) {
      const document = buildDocument(envelope('corext:Annex', title, undefined, fields), context);
      const lines = assertShownOnce(document);
      assert.deepEqual(lines, [
        'Annex B',
        '(informative)',
        'Determination of the waxy rice content of parboiled rice',
        'B.1 Principle',
        'Waxy rice kernels have a reddish brown colour.',
      ]);
      assert.deepEqual(shownHeading(document, context), {
        number: 'B',
        title: 'Determination of the waxy rice content of parboiled rice',
        label: 'informative',
      });
    }
    assert.deepEqual(shownHeading(undefined, { title: 'Annex A (normative) Determination of defects' }), {
      number: 'A',
      title: 'Determination of defects',
      label: 'normative',
    });
  });

  it('a subclause whose title repeats its label shows the number once', () => {
    const document = buildDocument(
      sts(
        'sec',
        { id: 'sec_4' },
        sts('label', {}, '4'),
        sts('title', {}, 'Specifications'),
        sts('sec', { id: 'sec_4.1' }, sts('label', {}, '4.1'), sts('title', {}, '4.1 General'), sts('p', {}, 'Rice shall be sound.')),
      ),
    );
    assert.deepEqual(assertShownOnce(document), ['4 Specifications', '4.1 General', 'Rice shall be sound.']);
  });

  it('a title that starts with a figure of its own and a different number keeps it', () => {
    assert.deepEqual(headingOnce({ number: '5', title: '3 mm test sieves' }), { number: '5', title: '3 mm test sieves' });
    assert.deepEqual(headingOnce({ title: 'Annexes' }), { title: 'Annexes' });
  });

  it('the number only in the list\'s title ("3 Terms and definitions"): entries, subclauses and formulas numbered from it', () => {
    const body = mn(
      'terms',
      { id: '_terms', obligation: 'normative' },
      mn('title', {}, 'Terms and definitions'),
      mn('p', {}, 'For the purposes of this document, the following terms and definitions apply.'),
      term('paddy', 'rice retaining its husk after threshing'),
      term('husked rice', 'paddy from which the husk only has been removed'),
      mn(
        'clause',
        { id: '_sub' },
        mn('title', {}, 'Defects'),
        term('heat-damaged kernel', 'kernel that has changed its normal colour'),
        mn('formula', { id: '_f' }, mn('stem', { type: 'AsciiMath' }, 'w = m_D / m_s')),
      ),
    );
    const document = buildDocument(body, { title: '3 Terms and definitions', types: ['corext:TermsAndDefinitions'] });
    assert.equal(document.number, '3');
    assert.deepEqual(
      blocksOf(document, 'term').map((t) => t.number),
      ['3.1', '3.2', '3.3.1'],
    );
    assert.deepEqual(
      blocksOf(document, 'section').map((s) => s.number),
      ['3.3'],
    );
    assert.equal(blocksOf(document, 'formula')[0]?.label, '(1)');
    assert.equal(assertShownOnce(document)[0], '3 Terms and definitions');
  });

  it("no number anywhere (semantic Metanorma, a list without numbers): the clause's place among the numbered clauses — Scope is 1", () => {
    const base = 'https://sandbox.standards.example/v1/standards/urn:iso:std:iso:7301:ed-4:en/clauses/';
    const list = [
      { id: `${base}fw`, clauseId: 'fw', title: 'Foreword', types: ['corext:Foreword'] },
      { id: `${base}in`, clauseId: 'in', title: 'Introduction', types: ['corext:Introduction'] },
      { id: `${base}sc`, clauseId: 'sc', title: 'Scope', types: ['corext:Scope'] },
      { id: `${base}nr`, clauseId: 'nr', title: 'Normative references', types: ['corext:NormativeReferences'] },
      { id: `${base}td`, clauseId: 'td', title: 'Terms and definitions', types: ['corext:TermsAndDefinitions'] },
      { id: `${base}sp`, clauseId: 'sp', title: 'Specifications', types: ['corext:Clause'] },
      { id: `${base}sp1`, clauseId: 'sp1', title: 'General', types: ['corext:Clause'], parent: `${base}sp`, level: 2 },
      { id: `${base}sp2`, clauseId: 'sp2', title: 'Physical characteristics', types: ['corext:Clause'], parent: `${base}sp`, level: 2 },
      { id: `${base}sa`, clauseId: 'sa', title: 'Sampling', types: ['corext:Clause'] },
      { id: `${base}aa`, clauseId: 'aa', title: 'Determination of defects', types: ['corext:Annex'] },
      { id: `${base}ab`, clauseId: 'ab', title: 'Waxy rice content', types: ['corext:Annex'] },
      { id: `${base}bi`, clauseId: 'bi', title: 'Bibliography', types: ['corext:Bibliography'] },
    ];
    const numbers = listedNumbers(list);
    assert.deepEqual(
      list.map((c) => numbers.get(c) ?? '-'),
      ['-', '-', '1', '2', '3', '4', '4.1', '4.2', '5', 'A', 'B', '-'],
    );
    const terms = buildDocument(
      mn('terms', { id: '_t' }, mn('title', {}, 'Terms and definitions'), term('paddy', 'rice retaining its husk'), term('cargo rice', 'husked rice')),
      {
        id: `${base}td`,
        clauseId: 'td',
        title: 'Terms and definitions',
        types: ['corext:TermsAndDefinitions'],
        clauses: list,
      },
    );
    assert.deepEqual([terms.number, ...blocksOf(terms, 'term').map((t) => t.number)], ['3', '3.1', '3.2']);
    const annex = buildDocument(
      mn(
        'annex',
        { id: '_a', obligation: 'informative' },
        mn('title', {}, 'Waxy rice content'),
        mn('clause', { id: '_a1' }, mn('title', {}, 'Principle'), mn('p', {}, 'Waxy kernels stain red.')),
        mn('formula', { id: '_f' }, mn('stem', { type: 'AsciiMath' }, 'w = m_1 / m_0')),
      ),
      { id: `${base}ab`, clauseId: 'ab', title: 'Waxy rice content', types: ['corext:Annex'], clauses: list },
    );
    assert.deepEqual([annex.number, blocksOf(annex, 'section')[0]?.number, blocksOf(annex, 'formula')[0]?.label], ['B', 'B.1', '(B.1)']);
    assert.deepEqual(assertShownOnce(annex).slice(0, 4), ['Annex B', '(informative)', 'Waxy rice content', 'B.1 Principle']);
    // The foreword keeps no number, wherever it sits.
    const foreword = buildDocument(mn('foreword', { id: '_fw' }, mn('title', {}, 'Foreword'), mn('p', {}, 'ISO is a worldwide federation.')), {
      id: `${base}fw`,
      title: 'Foreword',
      types: ['corext:Foreword'],
      clauses: list,
    });
    assert.equal(foreword.number, undefined);
  });
});
