/**
 * core/agentTools/fileBounds.ts on real files: what check_references reads of a root, in both hosts' ways (the
 * editor's asynchronous one, the MCP server's synchronous one), and why it reads nothing of the rest.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { boundedText, boundedTextSync, MAX_FILE_BYTES, rootOf } from '../../src/core/agentTools/fileBounds';

describe('fileBounds: what check_references reads of its roots', () => {
  let dir: string;
  let root: string;
  let realRoots: string[];

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-file-bounds-'));
    root = path.join(dir, 'root');
    fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'outside'));
    fs.writeFileSync(path.join(dir, 'outside', 'secret.md'), 'ISO 13485:1996\n');
    fs.writeFileSync(path.join(root, 'docs', 'design.md'), 'ISO 9001:2008\n');
    fs.writeFileSync(path.join(root, 'docs', 'blob.md'), Buffer.from([0x49, 0x53, 0x4f, 0, 0x20]));
    // Sparse, 3 GiB: read, it would fail; its size says enough.
    fs.writeFileSync(path.join(root, 'docs', 'huge.md'), 'ISO');
    fs.truncateSync(path.join(root, 'docs', 'huge.md'), 3 * 1024 ** 3);
    fs.writeFileSync(path.join(root, 'docs', 'edge.md'), 'x'.repeat(MAX_FILE_BYTES));
    fs.symlinkSync(path.join(dir, 'outside', 'secret.md'), path.join(root, 'linked.md'));
    fs.symlinkSync(path.join(dir, 'outside'), path.join(root, 'linked-folder'));
    fs.symlinkSync(path.join(root, 'docs', 'design.md'), path.join(root, 'same.md'));
    realRoots = [fs.realpathSync.native(root)];
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cases: Array<[string, object]> = [
    ['docs/design.md', { text: 'ISO 9001:2008\n' }],
    ['same.md', { text: 'ISO 9001:2008\n' }],
    ['linked.md', { skipped: 'linkOutside' }],
    ['linked-folder/secret.md', { skipped: 'linkOutside' }],
    ['docs/huge.md', { skipped: 'tooLarge' }],
    ['docs/blob.md', { skipped: 'binary' }],
    ['docs', { skipped: 'notAFile' }],
    ['gone.md', { skipped: 'unreadable' }],
  ];

  for (const [file, expected] of cases) {
    it(`${file}: ${JSON.stringify(expected)}, the same both ways`, async () => {
      assert.deepEqual(boundedTextSync(path.join(root, file), realRoots), expected);
      assert.deepEqual(await boundedText(path.join(root, file), realRoots), expected);
    });
  }

  it(`reads a file of exactly ${MAX_FILE_BYTES} bytes whole`, async () => {
    const read = await boundedText(path.join(root, 'docs', 'edge.md'), realRoots);
    assert.equal('text' in read && read.text.length, MAX_FILE_BYTES);
  });

  it('holds a real path against the roots by whole folder names', () => {
    assert.equal(rootOf(['/a/root'], '/a/root'), '/a/root');
    assert.equal(rootOf(['/a/root'], '/a/root/x.md'), '/a/root');
    assert.equal(rootOf(['/a/root'], '/a/root-other/x.md'), undefined);
    assert.equal(rootOf(['/'], '/x.md'), '/');
  });
});
