import * as assert from 'node:assert/strict';
import type { Supplement, WrittenReference } from '../../src/core/citations/recognise';
import { KEYED, referenceKey, withSharedParts } from '../../src/core/scan/sharedParts';
import { textCitations } from '../../src/core/scan/textCitations';

describe('References scan: citations share their parts', () => {
  it('makes citations of one reference share its object, and of one locator, without changing any', () => {
    const texts = ['ISO 9001:2015 clause 7.5 and ISO 9001:2015 clause 8.1; IEC 62304:2006 5.1.\n', 'See ISO 9001:2015, clause 7.5. Also ISO 9001:2008.\n'];
    const found = texts.map((text, i) => textCitations(text, `f${i}.md`, undefined));
    const before = structuredClone(found);
    withSharedParts(found);
    assert.deepEqual(found, before, 'every citation reads as before');
    const refs = found.flatMap((f) => f?.citations ?? []).filter((c) => c.kind === 'reference');
    const of = (text: string) => refs.filter((c) => c.text.startsWith(text));
    const iso2015 = of('ISO 9001:2015');
    assert.equal(iso2015.length, 3);
    assert.ok(
      iso2015.every((c) => c.reference === iso2015[0].reference),
      'one object for ISO 9001:2015, across files',
    );
    assert.notEqual(of('ISO 9001:2008')[0].reference, iso2015[0].reference, 'another edition keeps its own');
    const at75 = iso2015.filter((c) => c.locator?.value === '7.5');
    assert.equal(at75.length, 2);
    assert.equal(at75[0].locator, at75[1].locator, 'one object for clause 7.5');
    assert.notEqual(iso2015.find((c) => c.locator?.value === '8.1')?.locator, at75[0].locator);
    // What a worker's answer becomes in the host: shared once, still shared.
    const copied = structuredClone(found)
      .flatMap((f) => f?.citations ?? [])
      .filter((c) => c.kind === 'reference' && c.text.startsWith('ISO 9001:2015'));
    assert.ok(copied.length === 3 && copied.every((c) => c.kind === 'reference' && c.reference === (copied[0].kind === 'reference' && copied[0].reference)));
  });

  it('keys a reference by every field: references that differ in any one are not shared', () => {
    const supplement: Supplement = { text: '/Amd 1:2021', kind: 'amd', number: '1', year: '2021', joined: '/' };
    const base: WrittenReference = { publisher: 'ISO', number: '9001', part: '', supplements: [supplement] };
    const changed: Record<string, unknown> = {
      publisher: 'IEC',
      number: '9002',
      part: '-1',
      year: '2015',
      variant: 'CSV',
      informal: true,
      hyphenYear: true,
      supplements: [],
    };
    for (const field of Object.keys(KEYED.reference)) {
      assert.ok(field in changed, `a change of ${field} is tried`);
      assert.notEqual(referenceKey({ ...base, [field]: changed[field] }), referenceKey(base), field);
    }
    const changedSupplement: Record<string, unknown> = { text: '/Amd 2:2021', kind: 'cor', number: '2', year: '2022', joined: '+' };
    for (const field of Object.keys(KEYED.supplement))
      assert.notEqual(
        referenceKey({ ...base, supplements: [{ ...supplement, [field]: changedSupplement[field] }] }),
        referenceKey(base),
        `supplement ${field}`,
      );
    assert.equal(referenceKey({ ...base, supplements: [{ ...supplement }] }), referenceKey(base), 'equal references, one key');
  });
});
