import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { listFolder, type FolderListing } from '../../src/core/scan/folderListing';
import { ScanThread } from '../../src/core/scan/scanThread';

describe('folder listing (the References scan lists folders on disk as findFiles does)', () => {
  let root: string;
  const write = (file: string, text = 'ISO 9001:2015\n'): void => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const listed = (over: Partial<FolderListing> = {}): string[] =>
    listFolder({ root, include: ['**/*.{md,txt}'], exclude: {}, followSymlinks: true, max: 1000, ...over });

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'se-listing-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('lists what the include globs match, hidden files too, each folder in name order', () => {
    for (const file of ['b.md', 'a.txt', 'docs/z.md', 'docs/deep/y.md', '.hidden/x.md', '.notes.md', 'code.py', 'docs/image.png']) write(file);
    assert.deepEqual(listed(), ['.notes.md', 'a.txt', 'b.md', '.hidden/x.md', 'docs/z.md', 'docs/deep/y.md']);
    // A glob without "/" is the folder's own files only, as VS Code's search reads it.
    assert.deepEqual(listed({ include: ['*.md'] }), ['.notes.md', 'b.md']);
    assert.deepEqual(listed({ include: ['docs/**/*.md', '**/a.txt'] }), ['a.txt', 'docs/z.md', 'docs/deep/y.md']);
  });

  it('leaves out what files.exclude matches, a folder and all below it, and a file whose `when` sibling exists', () => {
    for (const file of ['keep.md', '.git/notes.md', 'vendor/lib/readme.md', 'out/a.md', 'out/a.txt', 'src/b.md', 'off/c.md']) write(file);
    write('out/a.ts', '');
    const exclude = { '**/.git': true, vendor: true, '**/*.md': { when: '$(basename).ts' }, 'off/**': false };
    assert.deepEqual(listed({ exclude }), ['keep.md', 'off/c.md', 'out/a.txt', 'src/b.md']);
  });

  it('reads a glob as the search does: a trailing slash names the folder, an absolute one inside the folder is made relative', () => {
    for (const file of ['a.md', 'out/b.md', 'gen/c.md', 'keep/d.md']) write(file);
    assert.deepEqual(listed({ exclude: { 'out/': true, [path.join(root, 'gen')]: true, '/elsewhere/keep': true } }), ['a.md', 'keep/d.md']);
    assert.deepEqual(listed({ include: [`${root}/keep/*.md`] }), ['keep/d.md']);
  });

  it('follows symbolic links as search.followSymlinks says, but not one back to a folder it is in', function () {
    if (process.platform === 'win32') this.skip();
    write('real/a.md');
    fs.symlinkSync(path.join(root, 'real'), path.join(root, 'linked'));
    fs.symlinkSync(root, path.join(root, 'real', 'loop'));
    fs.symlinkSync(path.join(root, 'real', 'a.md'), path.join(root, 'alias.md'));
    fs.symlinkSync(path.join(root, 'gone.md'), path.join(root, 'dangling.md'));
    assert.deepEqual(listed(), ['alias.md', 'linked/a.md', 'real/a.md']);
    assert.deepEqual(listed({ followSymlinks: false }), ['real/a.md']);
  });

  it('stops at `max` files', () => {
    for (let i = 0; i < 30; i++) write(`f${String(i).padStart(2, '0')}.md`);
    assert.equal(listed({ max: 12 }).length, 12);
    assert.deepEqual(listed({ max: 2 }), ['f00.md', 'f01.md']);
  });

  it('lists nothing, without failing, for a folder that is gone', () => {
    assert.deepEqual(listed({ root: path.join(root, 'missing') }), []);
  });

  it("is the scan worker's job: the worker lists a folder and reads files in the same process", async () => {
    write('docs/a.md', 'Per ISO 9001:2015, clause 4.\n');
    write('docs/b.txt', 'nothing cited\n');
    const thread = new ScanThread();
    try {
      const files = await thread.list({ root, include: ['**/*.md'], exclude: {}, followSymlinks: true, max: 10 });
      assert.deepEqual(files, ['docs/a.md']);
      const [found] = await thread.read([{ path: path.join(root, files[0]), name: files[0] }], undefined);
      assert.ok(found && 'citations' in found && found.citations.length === 1, JSON.stringify(found));
    } finally {
      thread.dispose();
    }
  });
});
