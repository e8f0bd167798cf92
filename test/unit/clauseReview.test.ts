/** A cited clause against standards.lock (core/check/review.ts), and the config's file globs (core/check/fileFilter.ts). */
import * as assert from 'node:assert/strict';
import { ConfigError, configFromText } from '../../src/core/check/checkConfig';
import { fileMatcher } from '../../src/core/check/fileFilter';
import { parseLockfile, serialiseLockfile, type Lockfile } from '../../src/core/check/lockfile';
import { markReviewed, reviewOf } from '../../src/core/check/review';
import type { Clause } from '../../src/core/service/types';

const URN = 'urn:iso:std:iso:14971:ed-3:stage-60.60';
const clause = (clauseId: string, number: string): Clause => ({
  id: `https://api.example.com/v1/standards/x/clauses/${clauseId}`,
  clauseId,
  number,
  title: 'Risk analysis',
  types: [],
  raw: {},
});
const A = `sha256:${'a'.repeat(64)}`;
const B = `sha256:${'b'.repeat(64)}`;

describe('clauses under review (standards.lock)', () => {
  const lock: Lockfile = parseLockfile(
    JSON.stringify({
      version: 1,
      standards: {
        [URN]: { reference: 'ISO 14971:2019', clauses: { c7: { id: 'x', number: '7.1', fingerprint: A, reviewed: { on: '2026-03-01', by: 'Ada' } } } },
      },
    }),
    'standards.lock',
  );

  it('tells reviewed, changed and unlocked clauses apart', () => {
    assert.equal(reviewOf(lock, URN, 'c7', A).state, 'reviewed');
    const changed = reviewOf(lock, URN, 'c7', B);
    assert.equal(changed.state, 'changed');
    assert.deepEqual(changed.state === 'changed' && changed.locked.reviewed, { on: '2026-03-01', by: 'Ada' });
    assert.equal(reviewOf(lock, URN, 'c8', A).state, 'unlocked');
    assert.equal(reviewOf(lock, 'urn:iso:std:iso:9001', 'c7', A).state, 'unlocked');
  });

  it('Mark as Reviewed replaces one entry, keeps the others and the reference, and adds a standard the lock lacked', () => {
    const marked = markReviewed(lock, { urn: URN, reference: 'ignored: the lock names it already' }, clause('c7', '7.1'), B, { on: '2026-11-26' });
    assert.deepEqual(marked.standards[URN].clauses.c7.reviewed, { on: '2026-11-26' });
    assert.equal(marked.standards[URN].clauses.c7.fingerprint, B);
    assert.equal(marked.standards[URN].reference, 'ISO 14971:2019');
    assert.equal(lock.standards[URN].clauses.c7.fingerprint, A, 'the lock given is not changed');
    const added = markReviewed(marked, { urn: 'urn:iso:std:iso:9001:ed-5', reference: 'ISO 9001:2015' }, clause('c4', '4'), A, { on: '2026-11-26', by: 'Bo' });
    assert.deepEqual(Object.keys(added.standards).sort(), ['urn:iso:std:iso:14971:ed-3:stage-60.60', 'urn:iso:std:iso:9001:ed-5']);
    // Written as `standards-explorer lock` writes it, and read back.
    assert.deepEqual(parseLockfile(serialiseLockfile(added), 'standards.lock'), JSON.parse(serialiseLockfile(added)));
  });
});

describe('the config in both hosts', () => {
  it('names the file and the key at fault', () => {
    assert.throws(
      () => configFromText('{"rules": {"chnaged": "error"}}', 'standards.config.json'),
      (error: unknown) =>
        error instanceof ConfigError && error.key === 'rules.chnaged' && /standards\.config\.json: "rules\.chnaged" is not a rule/.test(error.message),
    );
    assert.throws(() => configFromText('{', 'standards.config.json'), /standards\.config\.json is not valid JSON/);
    assert.equal(configFromText('{"name": "app"}', 'package.json', true), undefined, 'a package.json without "standards"');
    assert.deepEqual(configFromText('{"standards": {"rules": {"changed": "note"}}}', 'package.json', true)?.rules, { changed: 'note' });
  });

  it('reads the include and exclude globs the same way for the command line and the References view', () => {
    const wanted = fileMatcher({ include: ['docs/**/*.md', '*.txt'], exclude: ['docs/private/**'] });
    assert.deepEqual(['docs/a.md', 'docs/private/b.md', 'src/c.ts', 'notes.txt', 'deep/er/notes.txt'].filter(wanted), [
      'docs/a.md',
      'notes.txt',
      'deep/er/notes.txt',
    ]);
    const byDefault = fileMatcher({ exclude: ['vendor/**'] });
    assert.deepEqual(['README.md', 'vendor/x.md', 'image.png', '.github/workflows/ci.yml'].filter(byDefault), ['README.md', '.github/workflows/ci.yml']);
  });
});
