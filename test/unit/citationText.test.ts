import * as assert from 'node:assert/strict';
import { asCitationTarget, escaped, linkTooltip, locatorLabel } from '../../src/core/citations/citationTarget';
import { firstParagraph } from '../../src/core/citations/clauseSummary';
import { factsOf } from '../../src/core/catalogue/standardFacts';

describe('Citations: what hovers and links say', () => {
  it('escapes server text so it shows as written in a Markdown hover', () => {
    assert.equal(escaped('See [x](command:evil) *now* <img> & $(icon)'), 'See \\[x\\]\\(command:evil\\) \\*now\\* \\<img\\> \\& \\$\\(icon\\)');
    assert.equal(escaped('1. not a list\n- nor this\n# nor a heading'), '\\1. not a list\n\\- nor this\n\\# nor a heading');
    assert.equal(escaped('ISO 17301-1:2016 — Rice'), 'ISO 17301-1:2016 — Rice');
  });

  it('takes the first paragraph of a clause body, through sections and lists, bounded', () => {
    const body = {
      'corext:content': [
        { '@type': 'corext:Note', 'corext:label': 'NOTE', 'corext:content': [] },
        {
          '@type': 'corext:Section',
          'corext:content': [
            {
              '@type': 'corext:Paragraph',
              'corext:text': [
                'This document ',
                { '@type': 'corext:Emphasis', 'corext:text': 'specifies' },
                ' requirements (',
                { '@type': 'corext:XRef', 'corext:label': '4.1' },
                ').',
              ],
            },
          ],
        },
        { '@type': 'corext:Paragraph', 'corext:text': 'Second.' },
      ],
    };
    assert.equal(firstParagraph(body), 'This document specifies requirements (4.1).');
    assert.equal(firstParagraph({ 'corext:content': [{ '@type': ['corext:Block', 'corext:Paragraph'], 'corext:text': 'x\u202E y\n z' }] }), 'x y z');
    assert.equal(firstParagraph({ 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'a'.repeat(1000) }] })?.length, 400);
    assert.equal(firstParagraph({}), undefined);
    let deep: Record<string, unknown> = { '@type': 'corext:Paragraph', 'corext:text': 'too deep' };
    for (let i = 0; i < 50; i++) deep = { '@type': 'corext:Section', 'corext:content': [deep] };
    assert.equal(firstParagraph({ 'corext:content': [deep] }), undefined);
  });

  it('names the target in link tooltips', () => {
    const entry = { position: 3, urn: 'urn:iso:std:iso:9001:ed-4', reference: 'ISO 9001:2008', title: 'QMS', status: 'withdrawn' };
    const replacedBy = { position: 4, urn: 'urn:iso:std:iso:9001:ed-5', reference: 'ISO 9001:2015', title: 'QMS', status: 'current' };
    const standard = { entry, facts: factsOf(entry.urn, entry.reference, entry.status), replacedBy };
    assert.equal(linkTooltip({ ...entry, locator: { kind: 'clause', value: '4.1' } }, standard), 'Open ISO 9001:2008, clause 4.1 (replaced by ISO 9001:2015)');
    assert.equal(linkTooltip({ ...entry }, { ...standard, replacedBy: undefined }), 'Show ISO 9001:2008 in the Standards view (withdrawn)');
    assert.equal(locatorLabel({ kind: 'annex', value: 'A' }), 'Annex A');
    assert.equal(locatorLabel({ kind: 'annex', value: 'A.2' }), 'clause A.2');
  });

  it('accepts only well-formed link arguments (a command URI can be written by anyone)', () => {
    assert.equal(asCitationTarget('urn:iso:std:iso:9001'), undefined);
    assert.equal(asCitationTarget({ urn: 'urn:iso:std:iso:9001' }), undefined);
    assert.deepEqual(asCitationTarget({ urn: 'u', position: 1, locator: { kind: 'script', value: 'x' }, extra: 1 }), { urn: 'u', position: 1 });
    assert.deepEqual(asCitationTarget({ urn: 'u', position: 1, locator: { kind: 'clause', value: '5' } }), {
      urn: 'u',
      position: 1,
      locator: { kind: 'clause', value: '5' },
    });
  });
});
