import * as assert from 'node:assert/strict';
import { parseConnectionInfo, serviceOptionsFrom } from '../../src/core/service/connectionInfo';
import { lastSegment, readClause, readItems, readNext, readPrefixes, readStandard, readText, readTotal, readTypes } from '../../src/core/service/jsonld';
import { SECTION_LIST, SECTION_TYPES, hasType, sectionLabel } from '../../src/core/service/sections';

describe('service: tolerant JSON-LD readers', () => {
  const items = [{ '@id': 'urn:x:1' }, { '@id': 'urn:x:2' }];

  it('reads every envelope', () => {
    for (const body of [
      items,
      { '@graph': items },
      { 'hydra:member': items },
      { member: items },
      { items },
      { standards: items },
      { data: items },
      { data: { items } },
    ]) {
      assert.deepEqual(readItems(body), items, JSON.stringify(body).slice(0, 40));
    }
    assert.equal(readItems({ foo: items }), undefined);
    assert.equal(readItems('text'), undefined);
    assert.equal(readItems(null), undefined);
  });

  it('reads totals in their usual names and forms', () => {
    assert.equal(readTotal({ 'hydra:totalItems': 30000 }), 30000);
    assert.equal(readTotal({ totalItems: '12' }), 12);
    assert.equal(readTotal({ total: { '@value': 7 } }), 7);
    assert.equal(readTotal({ count: 3 }), 3);
    assert.equal(readTotal({ data: { total: 4, items: [] } }), 4);
    assert.equal(readTotal({ total: -1 }), undefined);
    assert.equal(readTotal(items), undefined);
  });

  it('reads next links from hydra, plain, links and HAL shapes', () => {
    assert.equal(readNext({ 'hydra:view': { 'hydra:next': 'clauses?page=2' } }), 'clauses?page=2');
    assert.equal(readNext({ 'hydra:view': { 'hydra:next': { '@id': '/a?page=2' } } }), '/a?page=2');
    assert.equal(readNext({ next: 'https://h/x' }), 'https://h/x');
    assert.equal(readNext({ links: { next: '/p2' } }), '/p2');
    assert.equal(readNext({ _links: { next: { href: '/p3' } } }), '/p3');
    assert.equal(readNext({ 'hydra:view': {} }), undefined);
    assert.equal(readNext({ next: '' }), undefined);
  });

  it('reads JSON-LD values: strings, @value, language maps and arrays', () => {
    assert.equal(readText('plain'), 'plain');
    assert.equal(readText({ '@value': 'v', '@language': 'en' }), 'v');
    assert.equal(readText({ fr: 'Français', en: 'English' }), 'English');
    assert.equal(readText({ fr: 'Français' }), 'Français');
    assert.equal(readText({ 'en-GB': 'Colour' }), 'Colour');
    assert.equal(
      readText([
        { '@value': 'Titre', '@language': 'fr' },
        { '@value': 'Title', '@language': 'en' },
      ]),
      'Title',
    );
    assert.equal(readText(['', 'second']), 'second');
    assert.equal(readText(42), '42');
    assert.equal(readText(null), '');
    assert.equal(readText({ nested: { deep: 1 } }), '');
  });

  it('reads @type as a string or an array, compacting full IRIs', () => {
    const prefixes = readPrefixes({ '@context': { corext: 'https://example.org/corext#' } });
    assert.deepEqual(readTypes({ '@type': 'corext:Scope' }), ['corext:Scope']);
    assert.deepEqual(readTypes({ '@type': ['corext:Clause', 'corext:Requirements'] }), ['corext:Clause', 'corext:Requirements']);
    assert.deepEqual(readTypes({ '@type': 'https://example.org/corext#Scope' }, prefixes), ['corext:Scope']);
    assert.deepEqual(readTypes({ type: 'https://other.example/ns/corext#Foreword' }), ['corext:Foreword']);
    assert.deepEqual(readTypes({}), []);
  });

  it('reads standards from their usual fields', () => {
    assert.deepEqual(
      { ...readStandard({ '@id': 'urn:iso:std:iso:9001', 'dcterms:title': { en: 'Quality' }, 'dcterms:identifier': 'ISO 9001:2015' }), raw: undefined },
      { urn: 'urn:iso:std:iso:9001', title: 'Quality', reference: 'ISO 9001:2015', raw: undefined },
    );
    const other = readStandard({ urn: 'urn:x:y', name: 'Name', designation: 'X 1' });
    assert.equal(other?.urn, 'urn:x:y');
    assert.equal(other?.title, 'Name');
    assert.equal(other?.reference, 'X 1');
    const noReference = readStandard({ '@id': 'urn:x:z', 'dcterms:identifier': 'urn:x:z' });
    assert.equal(noReference?.reference, undefined);
    assert.equal(noReference?.title, '');
    assert.equal(readStandard({ '@id': 'https://not-a-urn' }), undefined);
    assert.equal(readStandard('urn:x:y'), undefined);
  });

  it('reads clauses: id, last segment, types, empty titles, number, parent, level', () => {
    const clause = readClause({
      '@id': 'https://h/v1/standards/urn:x:y/clauses/e2218368-75de-453d-a6a5-e65e70c1c359',
      '@type': 'corext:Scope',
      'dcterms:title': '',
      'corext:number': '1',
      'corext:parent': { '@id': 'https://h/p' },
      'corext:level': 1,
    });
    assert.equal(clause?.clauseId, 'e2218368-75de-453d-a6a5-e65e70c1c359');
    assert.deepEqual(clause?.types, ['corext:Scope']);
    assert.equal(clause?.title, '');
    assert.equal(clause?.number, '1');
    assert.equal(clause?.parent, 'https://h/p');
    assert.equal(clause?.level, 1);
    assert.equal(readClause({ '@type': 'corext:Scope' }), undefined);
    assert.equal(lastSegment('https://h/a/b/?q=1#f'), 'b');
    assert.equal(lastSegment('https://h/a/x%20y'), 'x y');
  });

  it('labels section types, by the most specific type whatever the order', () => {
    assert.equal(SECTION_TYPES.Scope.type, 'corext:Scope');
    assert.equal(sectionLabel(['corext:NormativeReferences']), 'Normative references');
    assert.equal(sectionLabel(['corext:Requirements', 'corext:Clause']), 'Requirements');
    assert.equal(sectionLabel(['corext:Clause', 'corext:Scope']), 'Scope');
    assert.equal(sectionLabel(['corext:FooBarBaz']), 'Foo bar baz');
    assert.equal(sectionLabel([]), 'Clause');
    assert.equal(hasType({ types: ['corext:Clause', 'corext:Scope'] }, 'corext:Scope'), true);
    assert.ok(SECTION_LIST.length >= 8);
  });
});

describe('service: connection info', () => {
  it('reads a sandbox line and maps it to service options', () => {
    const info = parseConnectionInfo(
      '{"baseUrl":"http://127.0.0.1:1/p","tokenUrl":"http://127.0.0.1:1/t","clientId":"c","clientSecret":"s","apiKeyHeader":"K","apiKey":"v"}',
      'X',
    );
    assert.deepEqual(serviceOptionsFrom(info), {
      baseUrl: 'http://127.0.0.1:1/p',
      tokenUrl: 'http://127.0.0.1:1/t',
      clientId: 'c',
      clientSecret: 's',
      apiKey: { header: 'K', value: 'v' },
    });
    assert.equal(serviceOptionsFrom({ ...info, apiKey: undefined }).apiKey, undefined);
  });

  it('says what is wrong with a bad line', () => {
    assert.throws(() => parseConnectionInfo('nope', 'STANDARDS_EXPLORER_SANDBOX'), /STANDARDS_EXPLORER_SANDBOX is not JSON/);
    assert.throws(() => parseConnectionInfo('{"baseUrl":"x"}', 'The sandbox'), /The sandbox has no tokenUrl/);
  });
});
