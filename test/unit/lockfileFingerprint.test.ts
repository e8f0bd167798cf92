/** The fingerprint `standards.lock` keeps of a clause: what the source says, not how a renderer sets it. */
import * as assert from 'node:assert/strict';
import { clauseFingerprint } from '../../src/core/check/lockfile';

const body = (text: string, extra: Record<string, unknown> = {}): unknown => ({
  '@type': 'mn:clause',
  id: '_2f1c',
  ...extra,
  'mn:content': [
    { '@type': 'mn:title', 'mn:content': ['Requirements'] },
    { '@type': 'mn:p', id: '_p', displayorder: 3, 'mn:content': [text] },
  ],
});

describe('standards.lock fingerprints', () => {
  it('change with a word of the clause, and not with identifiers, display hints or white space', () => {
    const base = clauseFingerprint(body('The device shall be tested.'));
    assert.match(base, /^sha256:[0-9a-f]{64}$/);
    assert.equal(clauseFingerprint(body('The  device shall\nbe tested.', { id: '_other', displayorder: 9, anchor: 'clause_5' })), base);
    assert.notEqual(clauseFingerprint(body('The device shall be inspected.')), base);
  });
});
