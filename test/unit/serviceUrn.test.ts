import * as assert from 'node:assert/strict';
import { ServiceError } from '../../src/core/service/errors';
import { clauseIdProblem, decodeSegment, encodeSegment, isValidUrn, urnProblem, validateClauseId, validateUrn } from '../../src/core/service/urn';
import { realSample } from './realSample';

describe('service: URN and clause-id rules', () => {
  const good = [
    'urn:iso:std:iso:9001:ed-5:en',
    'urn:iso:std:iso:10524:-1:ed-2:stage-60.60:amd:2023:v1',
    'urn:iso:std:iso-iec:13818:-7:stage-95.99',
    'urn:iso:std:iso:r:285:stage-95.99',
    'urn:cen:std:en:1090:-2:2018',
    'URN:ISBN:0451450523',
    // Real IEC shapes: "|", spaces, "/" and "+".
    'urn:iec:std:iso-iec:27001:2022-10:::||amd:1:2024-02',
    'urn:iec:std:iec:62304:2006-05:::||amd:1:2015-06',
    'urn:iec:std:iec:ACEE 01:2018-07:misc::',
    'urn:iec:std:iec:60309-3:1994-02::/FRAG1::',
    'urn:iec:std:cispr:11:2015-06::csv:+amd:1:2016-06+amd:2:2019-01',
    // Odd but a URN: they are encoded into one segment, so none can traverse or inject.
    'urn:iso:std:../../etc/passwd',
    'urn:iso:std:iso:9001?x=1#frag',
    'urn:iso:std:%2e%2e:x',
  ];
  for (const urn of good) it(`accepts ${urn}`, () => assert.equal(isValidUrn(urn), true, urnProblem(urn)));

  const bad: Array<[unknown, RegExp]> = [
    ['', /empty/],
    [undefined, /undefined, not text/],
    [42, /number, not text/],
    [null, /null, not text/],
    ['urn:iso:std:iso\u0000:x', /control/],
    ['urn:iso:std:iso\n:x', /control/],
    ['urn:iso:std:iso\u0085:x', /control/],
    ['urn:iso:std:iso:\ud800x', /half a surrogate pair/],
    ['iso:std:9001', /RFC 8141/],
    ['urn:-iso:std', /RFC 8141/],
    ['urn:a:b', /RFC 8141/],
    ['urn:iso:', /RFC 8141/],
    ['urn:iso std:x', /RFC 8141/],
    [`urn:iso:${'x'.repeat(1100)}`, /longer/],
  ];
  for (const [urn, reason] of bad) {
    it(`refuses ${JSON.stringify(urn)?.slice(0, 40) ?? String(urn)}`, () => {
      assert.match(urnProblem(urn) ?? '', reason);
      assert.throws(
        () => validateUrn(urn),
        (e: unknown) => e instanceof ServiceError && e.kind === 'invalidInput' && /Not a valid standard URN/.test(e.message),
      );
    });
  }

  it('accepts every URN of the real ISO and IEC sample', () => {
    const refused = realSample().filter((r) => !isValidUrn(r.urn));
    assert.deepEqual(
      refused.map((r) => r.urn),
      [],
    );
  });

  it('accepts clause ids of any characters but control characters, "." and ".."', () => {
    for (const id of ['e2218368-75de-453d-a6a5-e65e70c1c359', 'clause_4.1', 'A.1', 'a/b', 'a b', '%2F', 'a?b#c', '...'])
      assert.equal(clauseIdProblem(id), undefined, id);
  });

  it('never throws while encoding, even half a surrogate pair', () => {
    assert.equal(encodeSegment('urn:x:\udc00'), 'urn:x:%EF%BF%BD');
  });

  for (const id of ['', '..', '.', 'a\u0007', 'x'.repeat(1100), 'a\udfff']) {
    it(`refuses clause id ${JSON.stringify(id).slice(0, 30)}`, () => {
      assert.notEqual(clauseIdProblem(id), undefined);
      assert.throws(() => validateClauseId(id), /Not a valid clause ID/);
    });
  }

  it('encodes a URN as one path segment keeping ":" and unreserved characters only', () => {
    assert.equal(encodeSegment('urn:iso:std:iso:9001:ed-5:en'), 'urn:iso:std:iso:9001:ed-5:en');
    assert.equal(encodeSegment('urn:iec:std:iso-iec:27001:2022-10:::||amd:1:2024-02'), 'urn:iec:std:iso-iec:27001:2022-10:::%7C%7Camd:1:2024-02');
    assert.equal(encodeSegment('urn:iec:std:iec:60309-3:1994-02::/FRAG1::'), 'urn:iec:std:iec:60309-3:1994-02::%2FFRAG1::');
    assert.equal(encodeSegment('urn:iec:std:iec:ACEE 01:2018-07:misc::'), 'urn:iec:std:iec:ACEE%2001:2018-07:misc::');
    assert.equal(encodeSegment('urn:x:a+b%c'), 'urn:x:a%2Bb%25c');
    assert.equal(encodeSegment("urn:x:a b'(c)!*"), 'urn:x:a%20b%27%28c%29%21%2A');
    assert.equal(encodeSegment('urn:x:a@b,c;d=e&f$g~h_i.j-k'), 'urn:x:a%40b%2Cc%3Bd%3De%26f%24g~h_i.j-k');
  });

  it('round-trips every real URN through one segment that no URL parser splits or resolves', () => {
    for (const { urn } of realSample()) {
      const segment = encodeSegment(urn);
      assert.match(segment, /^[A-Za-z0-9\-._~:%]+$/);
      assert.equal(decodeSegment(segment), urn);
      const url = new URL(`https://h/base/v1/standards/${segment}/clauses`);
      assert.equal(url.pathname.split('/').length, 6, urn);
      assert.equal(decodeSegment(url.pathname.split('/')[4]), urn);
    }
    for (const urn of ['urn:iso:std:../../etc/passwd', 'urn:x:a?b#c', 'urn:x:%2e%2e/%2e%2e']) {
      const url = new URL(`https://h/base/v1/standards/${encodeSegment(urn)}/clauses`);
      assert.equal(url.pathname.split('/')[1], 'base');
      assert.equal(url.pathname.split('/').length, 6);
      assert.equal(url.search + url.hash, '');
      assert.equal(decodeSegment(url.pathname.split('/')[4]), urn);
    }
  });

  it('says undefined for broken percent-encoding', () => {
    assert.equal(decodeSegment('%E0%A4%A'), undefined);
  });

  it('keeps control characters out of its messages', () => {
    assert.throws(
      () => validateUrn('urn:x:\u001b[31mred'),
      (e: unknown) => e instanceof Error && !e.message.includes('\u001b'),
    );
  });
});
