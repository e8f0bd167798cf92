/**
 * Go to Term's store (src/terms/termStore.ts) and the anchors that open a clause page at a subclause or term
 * (src/core/document/anchors.ts), on the sandbox's Terms and definitions in both vocabularies (over HTTP) and on
 * hand-written bodies.
 */
import * as assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { buildDocument, flowText } from '../../src/core/document/index';
import { createStandardsService } from '../../src/core/service/standardsService';
import { hasType, serviceOptionsFrom } from '../../src/core/service/index';
import { MAX_CLAUSES, TermStore, isTermsClause } from '../../src/core/terms/termStore';
import { findAnchor, outline, termAnchor } from '../../src/core/document/anchors';

/** The document model's readers, as the VS Code host hands them to the term store. */
const documentModel = { buildDocument, flowText, termAnchor };
import { readPageMessage } from '../../src/webview/protocol';

const body = {
  '@type': ['corext:Clause', 'corext:TermsAndDefinitions'],
  'dcterms:title': 'Terms and definitions',
  'corext:number': '3',
  'dcterms:isPartOf': { '@id': 'urn:iso:std:iso:9000', 'dcterms:identifier': 'ISO 9000:2015' },
  'corext:content': [
    { '@type': 'corext:Paragraph', 'corext:text': 'For the purposes of this document, the following terms apply.' },
    {
      '@type': 'corext:Section',
      'corext:number': '3.1',
      'dcterms:title': 'Terms related to quality',
      'corext:content': [
        {
          '@type': 'corext:TermEntry',
          '@id': 'http://x/t1',
          'corext:number': '3.1.1',
          'corext:term': 'quality',
          'corext:admitted': 'grade',
          'corext:definition': 'degree to which a set of inherent characteristics of an object fulfils requirements',
        },
        { '@type': 'corext:TermEntry', 'corext:number': '3.1.2', 'corext:term': 'requirement', 'corext:definition': 'need or expectation that is stated' },
      ],
    },
    {
      '@type': 'corext:Section',
      'corext:number': '3.2',
      'dcterms:title': 'Terms related to process',
      'corext:content': [{ '@type': 'corext:TermEntry', 'corext:term': 'process', 'corext:definition': 'set of interrelated activities' }],
    },
  ],
};

describe('anchors of a clause', () => {
  const document = buildDocument(body);

  it('finds a subclause or term by number, a term by its designation or synonym, and a block by its identifier', () => {
    const at = (anchor: string) => findAnchor(document, anchor);
    assert.equal(at('3.2')?.kind, 'section');
    const quality = at('3.1.1');
    assert.equal(quality?.kind, 'term');
    assert.equal(at('Quality'), quality);
    assert.equal(at('grade'), quality);
    assert.equal(at('PROCESS')?.kind, 'term');
    assert.equal(at('9.9'), undefined);
    assert.equal(at('  '), undefined);
  });

  it('gives each term an anchor that finds it again, and outlines subclauses and terms in order', () => {
    const entries = outline(document);
    assert.deepEqual(
      entries.map((e) => [e.level, e.text]),
      [
        [1, '3.1 Terms related to quality'],
        [2, '3.1.1 quality'],
        [2, '3.1.2 requirement'],
        [1, '3.2 Terms related to process'],
        [2, '3.2.1 process'],
      ],
    );
    for (const { block } of entries) if (block.kind === 'term') assert.equal(findAnchor(document, termAnchor(block) as string), block);
  });
});

describe('Go to Term: the term store', () => {
  it('keeps the term entries of a Terms and definitions body, with synonyms, excerpt and what opens them', () => {
    const store = new TermStore(documentModel);
    assert.equal(store.addBody({ urn: 'urn:iso:std:iso:9000', clauseId: 'c3' }, body), 3);
    const [quality, requirement, process] = store.all();
    assert.deepEqual(
      {
        term: quality.term,
        admitted: quality.admitted,
        number: quality.number,
        anchor: quality.anchor,
        standard: quality.source.standardReference,
        title: quality.source.title,
      },
      { term: 'quality', admitted: ['grade'], number: '3.1.1', anchor: '3.1.1', standard: 'ISO 9000:2015', title: 'Terms and definitions' },
    );
    assert.match(quality.excerpt, /^degree to which a set of inherent/);
    assert.equal(requirement.term, 'requirement');
    assert.equal(process.anchor, '3.2.1', 'a term the source does not number is numbered within its subclause');
  });

  it('ignores clauses that are not Terms and definitions, and replaces a clause read again', () => {
    const store = new TermStore(documentModel);
    assert.equal(store.addBody({ urn: 'u', clauseId: 'c1', types: ['corext:Scope'] }, { ...body, '@type': 'corext:Scope', 'dcterms:title': 'Scope' }), 0);
    assert.equal(isTermsClause({ title: 'Vocabulary' }, {}), true);
    store.addBody({ urn: 'u', clauseId: 'c3' }, body);
    store.addBody({ urn: 'u', clauseId: 'c3' }, body);
    assert.equal(store.size, 3);
  });

  it(`stays bounded: the ${MAX_CLAUSES} most recent clauses, newest first`, () => {
    const store = new TermStore(documentModel);
    for (let i = 0; i < MAX_CLAUSES + 10; i++) store.addBody({ urn: `urn:x:${i}`, clauseId: 'c3' }, body);
    assert.equal(store.size, MAX_CLAUSES * 3);
    assert.equal(store.all()[0].source.urn, `urn:x:${MAX_CLAUSES + 9}`);
    assert.ok(!store.has({ urn: 'urn:x:0', clauseId: 'c3' }));
  });

  describe('on the sandbox over HTTP', function () {
    this.timeout(120_000);
    const started: RunningSandbox[] = [];
    after(() => Promise.all(started.map((s) => s.close())));

    for (const vocabulary of ['metanorma', 'corext'] as const) {
      it(`collects the ${vocabulary} terms of 6 standards, each found again on its page by its anchor`, async () => {
        const sandbox = await startSandbox({ vocabulary, standards: 100 });
        started.push(sandbox);
        const service = createStandardsService(serviceOptionsFrom(sandbox));
        const store = new TermStore(documentModel);
        for (const standard of (await service.listStandards({ limit: 6, offset: 0 })).items) {
          const clause = (await service.listClauses(standard.urn)).find((c) => hasType(c, 'corext:TermsAndDefinitions'));
          assert.ok(clause, `${standard.reference} has Terms and definitions`);
          const json = await service.getClause(standard.urn, clause.clauseId);
          const added = store.addBody({ urn: standard.urn, clauseId: clause.clauseId, types: clause.types, standardReference: standard.reference }, json);
          const document = buildDocument(json);
          for (const item of store.all().slice(0, added)) {
            const block = findAnchor(document, item.anchor);
            assert.equal(block?.kind, 'term', `${item.term} (${item.anchor})`);
            assert.ok(item.excerpt.length > 0, `${item.term} has a definition`);
          }
        }
        assert.ok(store.size >= 6, `${store.size} terms`);
      });
    }
  });
});

describe('clause page messages for anchors', () => {
  it("reads a page's report of where it scrolled, and nothing malformed", () => {
    assert.deepEqual(readPageMessage({ type: 'revealed', anchor: '3.1', found: true }), { type: 'revealed', anchor: '3.1', found: true });
    assert.equal(readPageMessage({ type: 'revealed', anchor: '', found: true }), undefined);
    assert.equal(readPageMessage({ type: 'revealed', anchor: 'x'.repeat(5000), found: true }), undefined);
    assert.equal(readPageMessage({ type: 'revealed', anchor: '3.1', found: 'yes' }), undefined);
  });
});
