/**
 * Clause as Markdown (src/documents/clauseMarkdown.ts): the shapes a reader expects (numbered headings, lists,
 * notes, Markdown tables, term entries, references as links), and the no-text-dropped property: every prose
 * string of generated bodies in five vocabularies (the document model's generators) and every shown string of
 * the sandbox's bodies of both vocabularies, served over HTTP, is in the Markdown.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { buildDocument, documentText, isIdentifier } from '../../src/core/document/index';
import { clauseMarkdown } from '../../src/core/document/clauseMarkdown';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom } from '../../src/core/service/index';
import { VOCABULARIES, block, body, prose } from './documentProperties.test';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200) || 200;

/** The Markdown as plain text for "is this string in it": escapes, quote markers and whitespace runs off. */
function readable(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => line.replace(/^\s*(>\s?)+/, ''))
    .join('\n')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ');
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

function allStrings(value: unknown, into: string[] = [], depth = 0): string[] {
  if (depth > 200) return into;
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, into, depth + 1);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) allStrings(v, into, depth + 1);
  return into;
}

describe('clause as Markdown', () => {
  const corext = {
    '@id': 'http://127.0.0.1:9/preprod/v1/standards/urn:iso:std:iso:9001/clauses/c3',
    '@type': ['corext:Clause', 'corext:TermsAndDefinitions'],
    'dcterms:title': 'Terms and definitions',
    'corext:number': '3',
    'dcterms:isPartOf': { '@id': 'urn:iso:std:iso:9001', 'dcterms:identifier': 'ISO 9001:2015', 'dcterms:title': 'Quality management systems' },
    'corext:content': [
      {
        '@type': 'corext:Paragraph',
        'corext:text': [
          'For the purposes of this document, see ',
          { '@type': 'corext:XRef', 'corext:target': 'http://127.0.0.1:9/preprod/v1/standards/urn:iso:std:iso:9001/clauses/c1', 'corext:label': 'Clause 1' },
          ' and *stars* [brackets].',
        ],
      },
      {
        '@type': 'corext:Section',
        'corext:number': '3.1',
        'dcterms:title': 'General',
        'corext:content': [
          {
            '@type': 'corext:List',
            'corext:ordered': true,
            'corext:items': [
              { 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'first item' }] },
              { 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': ['second ', { '@type': 'corext:Emphasis', 'corext:text': 'item' }] }] },
            ],
          },
          { '@type': 'corext:Note', 'corext:label': 'NOTE', 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'A note.' }] },
          {
            '@type': 'corext:Table',
            'corext:label': 'Table 1',
            'dcterms:title': 'Limits',
            'corext:head': [['Quantity', 'Limit']],
            'corext:body': [
              ['length | width', '3 m'],
              ['mass', '5 kg'],
            ],
          },
        ],
      },
      {
        '@type': 'corext:TermEntry',
        'corext:number': '3.2',
        'corext:term': 'quality',
        'corext:admitted': 'grade',
        'corext:definition': 'degree to which a set of inherent characteristics fulfils requirements',
        'corext:notes': ['Quality can be poor.'],
        'corext:source': 'ISO 9000:2015, 3.6.2',
      },
      {
        '@type': 'corext:Reference',
        'corext:target': 'urn:iso:std:iso:9000',
        'dcterms:identifier': 'ISO 9000:2015',
        'dcterms:title': 'Fundamentals and vocabulary',
      },
    ],
  };

  it('writes headings with numbers, lists, notes, tables, term entries, references as links and cross-references as their labels', () => {
    const markdown = clauseMarkdown(buildDocument(corext));
    assert.match(markdown, /^# 3 Terms and definitions\n\n\*ISO 9001:2015 — Quality management systems\*\n/);
    assert.match(markdown, /see Clause 1 and /, 'a cross-reference to another clause reads as its label');
    assert.doesNotMatch(markdown, /https?:\/\/|\/clauses\//, 'no service URL where the reader reads (issue 51)');
    assert.match(markdown, / and \\\*stars\\\* \\\[brackets\\\]\./, 'Markdown characters of the text are escaped');
    assert.match(markdown, /\n## 3\.1 General\n/);
    assert.match(markdown, /\n1\. first item\n2\. second \*item\*\n/);
    assert.match(markdown, /\n> \*\*NOTE\*\* A note\.\n/);
    assert.match(markdown, /\*\*Table 1 — Limits\*\*\n\n\| Quantity \| Limit \|\n\| --- \| --- \|\n\| length \\\| width \| 3 m \|\n\| mass \| 5 kg \|/);
    assert.match(
      markdown,
      /\n## 3\.2\n\n\*\*quality\*\*\n\ngrade\n\ndegree to which a set of inherent characteristics fulfils requirements\n/,
      'the published layout: number, preferred term in bold, admitted term, definition',
    );
    assert.match(markdown, /Quality can be poor\./);
    assert.match(markdown, /\\\[SOURCE: ISO 9000:2015, 3\.6\.2\\\]/);
    assert.match(markdown, /\n- \[ISO 9000:2015\]\(<urn:iso:std:iso:9000>\), \*Fundamentals and vocabulary\*/);
    assert.doesNotMatch(markdown, /corext|@type|dcterms/, 'no vocabulary names');
  });

  it('makes a cross-reference into the same clause a link to the heading', () => {
    const markdown = clauseMarkdown(
      buildDocument({
        '@type': 'clause',
        id: '_root',
        title: 'Requirements',
        number: '5',
        content: [
          { '@type': 'clause', id: '_sub', number: '5.1', title: 'Leadership', content: [{ '@type': 'p', content: 'Lead.' }] },
          { '@type': 'p', content: ['See ', { '@type': 'xref', target: '_sub', content: '5.1' }, '.'] },
        ],
      }),
    );
    assert.match(markdown, /See \[5\.1\]\(<#51-leadership>\)\./);
    assert.doesNotMatch(markdown, /_sub/);
  });

  it('escapes what would start a heading, list or quote, and fences code', () => {
    const markdown = clauseMarkdown(
      buildDocument({
        '@type': 'clause',
        title: 'X',
        content: [
          { '@type': 'p', content: '# not a heading' },
          { '@type': 'p', content: '1. not a list' },
          { '@type': 'sourcecode', content: 'a ``` b' },
        ],
      }),
    );
    assert.match(markdown, /\n\\# not a heading\n/);
    assert.match(markdown, /\n1\\\. not a list\n/);
    assert.match(markdown, /\n````\na ``` b\n````\n/);
  });

  it(`keeps every prose string of generated bodies, in every vocabulary, and no identifier outside link targets (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 6 }), prose, fc.constantFrom(...VOCABULARIES), (blocks, title, vocabulary) => {
        const { json, collected } = body(blocks, title, vocabulary);
        const markdown = clauseMarkdown(buildDocument(json));
        const text = readable(markdown);
        for (const string of collected.prose)
          assert.ok(text.includes(squash(string)), `prose "${string}" missing from the ${vocabulary} Markdown:\n${markdown}`);
        const withoutTargets = readable(markdown.replace(/\]\(<[^>]*>\)/g, ']'));
        for (const id of collected.ids) {
          const bare = id.replace(/^#|^urn:uuid:/, '').replace(/^_/, '');
          assert.ok(!withoutTargets.includes(bare), `identifier ${id} shown in the ${vocabulary} Markdown:\n${markdown}`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  describe('on the sandbox bodies over HTTP', function () {
    this.timeout(120_000);
    const started: RunningSandbox[] = [];
    after(() => Promise.all(started.map((s) => s.close())));

    for (const vocabulary of ['metanorma', 'corext'] as const) {
      it(`keeps every string the model shows, for every ${vocabulary} clause of 12 standards`, async () => {
        const sandbox = await startSandbox({ vocabulary, standards: 200 });
        started.push(sandbox);
        const service = createStandardsService(serviceOptionsFrom(sandbox));
        let checked = 0;
        for (const standard of (await service.listStandards({ limit: 12, offset: 0 })).items) {
          for (const clause of await service.listClauses(standard.urn)) {
            const json = await service.getClause(standard.urn, clause.clauseId);
            const document = buildDocument(json);
            const shown = squash(documentText(document));
            const markdown = clauseMarkdown(document);
            const text = readable(markdown);
            for (const string of allStrings(json)) {
              const needle = squash(string);
              if (!needle || isIdentifier(needle) || !shown.includes(needle)) continue;
              assert.ok(text.includes(needle), `"${needle}" of ${standard.reference} ${clause.title} missing from the Markdown`);
              checked++;
            }
          }
        }
        assert.ok(checked > 500, `only ${checked} strings checked`);
      });
    }
  });
});
