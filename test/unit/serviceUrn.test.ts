import * as assert from 'node:assert/strict';
import { clauseIdProblem, encodeSegment, isValidUrn, urnProblem, validateClauseId, validateUrn } from '../../src/service/urn';
import { ServiceError } from '../../src/service/errors';

describe('service: URN and clause-id rules', () => {
  const good = [
    'urn:iso:std:iso:9001:ed-5:en',
    'urn:iso:std:iso:10524:-1:ed-2:stage-60.60:amd:2023:v1',
    'urn:iso:std:iso-iec:13818:-7:stage-95.99',
    'urn:iso:std:iso:r:285:stage-95.99',
    'urn:cen:std:en:1090:-2:2018',
    'URN:ISBN:0451450523',
  ];
  for (const urn of good) it(`accepts ${urn}`, () => assert.equal(isValidUrn(urn), true, urnProblem(urn)));

  const bad: Array<[unknown, RegExp]> = [
    ['', /empty/],
    [undefined, /empty/],
    ['urn:iso:std:../../etc/passwd', /"\/"/],
    ['urn:iso:std:iso:9001?x=1', /"\?"/],
    ['urn:iso:std:iso:9001#frag', /"#"/],
    ['urn:iso:std:iso:9001\\x', /contains "\/"/],
    ['urn:iso:std:..:x', /".."/],
    ['urn:iso:std:%2e%2e:x', /percent/],
    ['urn:iso:std:iso\u0000:x', /control/],
    ['urn:iso:std:iso\n:x', /control/],
    ['iso:std:9001', /RFC 8141/],
    ['urn:-iso:std', /RFC 8141/],
    ['urn:a:b', /RFC 8141/],
    ['urn:iso:', /RFC 8141/],
    ['urn:iso:std iso', /RFC 8141/],
    [`urn:iso:${'x'.repeat(1100)}`, /longer/],
  ];
  for (const [urn, reason] of bad) {
    it(`refuses ${JSON.stringify(urn)?.slice(0, 40)}`, () => {
      assert.match(urnProblem(urn) ?? '', reason);
      assert.throws(() => validateUrn(urn), (e: unknown) => e instanceof ServiceError && e.kind === 'invalidInput' && /Not a valid standard URN/.test(e.message));
    });
  }

  it('accepts UUID-shaped and other plain clause ids', () => {
    for (const id of ['e2218368-75de-453d-a6a5-e65e70c1c359', 'clause_4.1', 'A.1']) assert.equal(clauseIdProblem(id), undefined, id);
  });

  for (const id of ['', '..', '.', 'a/b', 'a\\b', '%2e%2e', '%2F', 'a?b', 'a#b', 'a\u0007', 'a b', 'x'.repeat(300)]) {
    it(`refuses clause id ${JSON.stringify(id).slice(0, 30)}`, () => {
      assert.notEqual(clauseIdProblem(id), undefined);
      assert.throws(() => validateClauseId(id), /Not a valid clause ID/);
    });
  }

  it('encodes a URN as one path segment keeping ":"', () => {
    assert.equal(encodeSegment('urn:iso:std:iso:9001:ed-5:en'), 'urn:iso:std:iso:9001:ed-5:en');
    assert.equal(encodeSegment("urn:x:a b'(c)"), "urn:x:a%20b'(c)");
    assert.equal(encodeSegment('urn:x:a@b,c'), 'urn:x:a%40b%2Cc');
  });

  it('keeps control characters out of its messages', () => {
    assert.throws(() => validateUrn('urn:x:\u001b[31mred'), (e: unknown) => e instanceof Error && !e.message.includes('\u001b'));
  });
});
