/**
 * CONTRIBUTING.md's map is the folder tree of src/: every folder under src/ has its line, at its depth (two spaces a
 * level), and every folder or file the map names exists. A folder added, moved or removed fails here until the map
 * says so, so a contributor can read the house from it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../..');
const MARKERS = ['<!-- map:start', '<!-- map:end -->'] as const;

/** The paths the map names under src/: each line's first word, placed under the folder of the line above it that is one level up. */
function mapPaths(document: string): { folders: string[]; files: string[] } {
  const from = document.indexOf(MARKERS[0]);
  const to = document.indexOf(MARKERS[1]);
  if (from < 0 || to < from) throw new Error(`CONTRIBUTING.md has no map markers (${MARKERS[0]} … ${MARKERS[1]})`);
  const folders: string[] = [];
  const files: string[] = [];
  const stack: string[] = [];
  for (const line of document.slice(from, to).split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match || match[2].startsWith('<!--') || match[2].startsWith('```')) continue;
    const [, indent, word] = match;
    // A continuation of the text above: a line that begins in the text column, or a word that is no path.
    if (!/^[\w.-]+\/?$/.test(word) || !/[./]/.test(word)) continue;
    const depth = indent.length / 2;
    if (!Number.isInteger(depth) || depth > stack.length) continue;
    stack.length = depth;
    const full = [...stack, word.replace(/\/$/, '')].join('/');
    if (!full.startsWith('src')) continue;
    if (word.endsWith('/')) {
      folders.push(full);
      stack.push(word.replace(/\/$/, ''));
    } else files.push(full);
  }
  return { folders, files };
}

function foldersUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(REPO, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [`${folder}/${entry.name}`, ...foldersUnder(`${folder}/${entry.name}`)]);
}

describe("CONTRIBUTING.md's map of src/", () => {
  it('names every folder under src/ at its place in the tree, and nothing that is not there', () => {
    const { folders, files } = mapPaths(fs.readFileSync(path.join(REPO, 'CONTRIBUTING.md'), 'utf8'));
    const actual = ['src', ...foldersUnder('src')].sort();
    assert.deepEqual(
      actual.filter((folder) => !folders.includes(folder)),
      [],
      'folders under src/ that CONTRIBUTING.md does not name at their place in its map: add a line each',
    );
    assert.deepEqual(
      folders.filter((folder) => !actual.includes(folder)),
      [],
      "folders CONTRIBUTING.md's map names that are not under src/: remove or move their lines",
    );
    for (const file of files) assert.ok(fs.existsSync(path.join(REPO, file)), `${file}, named in CONTRIBUTING.md's map, exists`);
  });

  it('reads the tree by depth: a folder is placed under the line above it one level up', () => {
    const map = [
      '<!-- map:start -->',
      '```',
      'src/',
      '  core/',
      '    check/',
      '  cli/      text',
      '    lsp/',
      '                a continued line',
      '```',
      '<!-- map:end -->',
    ];
    assert.deepEqual(mapPaths(map.join('\n')).folders, ['src', 'src/core', 'src/core/check', 'src/cli', 'src/cli/lsp']);
    assert.throws(() => mapPaths('no map'), /CONTRIBUTING\.md has no map markers/);
  });
});
