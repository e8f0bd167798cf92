import * as assert from 'node:assert/strict';
import { clauseHeading, documentLabel, hostOf, pageTitle, referenceLabel, standardDescription, standardLabel } from '../../src/core/labels';
import { inertText } from '../../src/core/service/displayText';

describe('labels', () => {
  const standard = { urn: 'urn:iso:std:iso:9001:ed-5', reference: 'ISO 9001:2015', title: 'Quality management systems — Requirements' };
  const scope = { title: 'Scope', number: '1', types: ['corext:Scope'] };

  it('lists a clause by number and title, or its type when the title is empty', () => {
    assert.equal(clauseHeading(scope), '1 Scope');
    assert.equal(clauseHeading({ ...scope, title: '' }), '1 Scope');
    assert.equal(clauseHeading({ title: '', types: ['corext:Foreword'] }), 'Foreword');
    assert.equal(clauseHeading({}), 'Clause');
  });

  it('keeps server text to one line without bidirectional controls', () => {
    assert.equal(clauseHeading({ number: '2\n', title: 'Normative\u202e references\r\nand more' }), '2 Normative references and more');
    assert.equal(standardLabel({ urn: 'urn:x:y', reference: ' ISO\u2066 1 ' }), 'ISO 1');
  });

  it('names a standard with its status and title beside the reference', () => {
    assert.equal(standardDescription(standard, 'withdrawn'), `(withdrawn) ${standard.title}`);
    assert.equal(standardDescription({ urn: 'urn:x:y', title: 'Only a title' }, ''), '');
  });

  it('names references, documents and clause page tabs from the same heading', () => {
    assert.equal(referenceLabel(standard, scope), 'ISO 9001:2015, Clause 1 Scope');
    assert.equal(documentLabel(scope, standard.reference), 'ISO 9001:2015 1 Scope');
    assert.equal(documentLabel(scope), '1 Scope');
    assert.equal(pageTitle(scope), '1 Scope');
    const long = pageTitle({ number: '9', title: 'x'.repeat(300) });
    assert.equal(long.length, 120);
    assert.ok(long.endsWith('…'));
  });

  it('shows the host of a URL, or the text when it is none', () => {
    assert.equal(hostOf('https://api.example.com:8443/preprod'), 'api.example.com:8443');
    assert.equal(hostOf('not a url'), 'not a url');
  });
});

describe('inert text for notifications (issue 27)', () => {
  it('shows link and icon syntax as plain characters, so quoted text never becomes a command link', () => {
    assert.equal(
      inertText('See [Fix it](command:standardsExplorer.addEnvironment?%7B%7D).'),
      'See [Fix it] (command:standardsExplorer.addEnvironment?%7B%7D).',
    );
    assert.equal(inertText('[a]  (https://x) and [b]\n(command:y)'), '[a] (https://x) and [b] (command:y)');
    assert.equal(inertText('$(terminal) run'), '$ (terminal) run');
    assert.equal(inertText('ISO 9001:2015 [withdrawn] (2008)'), 'ISO 9001:2015 [withdrawn] (2008)');
    assert.doesNotMatch(inertText('x'.repeat(10_000) + '](command:a)'.repeat(1000)), /\]\(/);
  });
});
