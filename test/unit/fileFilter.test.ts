import * as assert from 'node:assert/strict';
import { Minimatch } from 'minimatch';
import { anyGlob, fileMatcher } from '../../src/core/check/fileFilter';

describe('globs of the config and of the search (fileFilter.ts)', () => {
  const paths = [
    'a.md',
    'docs/a.md',
    'docs/deep/b.txt',
    '.git',
    'x/.git',
    'x/.gitx',
    'a/.git/b',
    'node_modules',
    'p/node_modules',
    'CVS',
    'cvs',
    'x/Thumbs.db',
    '.hidden.md',
    'a.MD',
    'noext',
    'dir.md/file',
  ];

  it('tells a path as minimatch does, where it takes a shorter way (extensions in any folder, a name in any folder)', () => {
    const sets = [['**/*.{md,txt}'], ['**/.git', '**/node_modules', '**/CVS', '**/Thumbs.db'], ['**/.git'], ['*.md'], ['docs/**', '**/.git']];
    for (const globs of sets) {
      const ours = anyGlob(globs);
      const theirs = globs.map((glob) => new Minimatch(glob, { dot: true }));
      for (const file of paths)
        assert.equal(
          ours(file),
          theirs.some((m) => m.match(file)),
          `${globs.join(' ')} on ${file}`,
        );
    }
  });

  it('a config glob without "/" names a file in any folder; the search reads it at the folder alone', () => {
    assert.equal(fileMatcher({ include: ['*.md'] })('docs/a.md'), true);
    assert.equal(anyGlob(['*.md'])('docs/a.md'), false);
    assert.equal(fileMatcher({ include: ['**/*.md'], exclude: ['drafts'] })('x/drafts'), false);
  });
});
