/**
 * Every relative link of the README, CONTRIBUTING.md and docs/**.md leads somewhere: the file (or folder) exists, and
 * a `#anchor` is a heading of that file as GitHub names its anchors. Every picture the README shows exists, every
 * picture in docs/images is shown by some document.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { anchorsOf, githubSlug, linksOf } from './markdownLinks';

const REPO = path.resolve(__dirname, '../../..');

/** The documents checked, from the repository's root. */
function documents(): string[] {
  const docs = fs
    .readdirSync(path.join(REPO, 'docs'), { recursive: true })
    .map((file) => `docs/${String(file).split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.md'));
  return ['README.md', 'CONTRIBUTING.md', ...docs.sort()];
}

/** What is wrong with each relative link of `file` (from the repository's root); empty when they all resolve. */
export function brokenLinks(file: string, read = (f: string): string => fs.readFileSync(path.join(REPO, f), 'utf8')): string[] {
  const problems: string[] = [];
  for (const link of linksOf(read(file))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) continue; // https:, mailto:, command:
    const [pathPart, anchor] = link.target.split('#', 2) as [string, string | undefined];
    const where = `${file}:${link.line}: ${link.target}`;
    const target = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(pathPart)));
    if (target.startsWith('../') || !fs.existsSync(path.join(REPO, target))) {
      problems.push(`${where}: no such file ${target}`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (!target.endsWith('.md')) {
      problems.push(`${where}: an anchor into a file that is not Markdown`);
      continue;
    }
    if (!anchorsOf(read(target)).has(anchor)) problems.push(`${where}: ${target} has no heading whose anchor is #${anchor}`);
  }
  return problems;
}

describe('documentation links', () => {
  it('resolve in README.md, CONTRIBUTING.md and docs/**/*.md: files, and #anchors as GitHub names headings', () => {
    const files = documents();
    assert.ok(files.length >= 12, `the user guides are in docs/ (found ${files.join(', ')})`);
    const problems = files.flatMap((file) => brokenLinks(file));
    assert.deepEqual(problems, []);
  });

  it('name anchors as GitHub does, a repeated heading numbered', () => {
    assert.equal(githubSlug('Checking citations in CI: `standards-explorer check`'), 'checking-citations-in-ci-standards-explorer-check');
    assert.equal(githubSlug('Compliance coverage: which clauses the project addresses'), 'compliance-coverage-which-clauses-the-project-addresses');
    assert.equal(githubSlug('Agents: language-model tools and an MCP server'), 'agents-language-model-tools-and-an-mcp-server');
    assert.deepEqual([...anchorsOf('# A\n\n## Notes\n\n```\n# not a heading\n```\n\n## Notes\n')], ['a', 'notes', 'notes-1']);
  });

  it('see a missing file, a missing anchor and a link in code as no link', () => {
    const pages: Record<string, string> = {
      'README.md':
        '[ok](docs/security.md#restricted-mode) [gone](docs/nowhere.md) [bad anchor](CONTRIBUTING.md#no-such-heading) `[code](x.md)`\n\n```\n[fenced](y.md)\n```\n![pic](docs/images/none.png)\n',
    };
    const problems = brokenLinks('README.md', (file) => pages[file] ?? fs.readFileSync(path.join(REPO, file), 'utf8'));
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.match(problems[0], /README\.md:1: docs\/nowhere\.md: no such file/);
    assert.match(problems[1], /no heading whose anchor is #no-such-heading/);
    assert.match(problems[2], /README\.md:6: docs\/images\/none\.png: no such file/);
  });

  it('leave no picture unused: every image in docs/images is shown by a document, and every README picture exists', () => {
    const shown = new Set(
      documents().flatMap((file) =>
        linksOf(fs.readFileSync(path.join(REPO, file), 'utf8'))
          .filter((link) => link.image)
          .map((link) => path.posix.normalize(path.posix.join(path.posix.dirname(file), link.target))),
      ),
    );
    const images = fs.readdirSync(path.join(REPO, 'docs', 'images')).map((name) => `docs/images/${name}`);
    assert.deepEqual(
      images.filter((image) => !shown.has(image)),
      [],
      'pictures no document shows',
    );
    const readmePictures = linksOf(fs.readFileSync(path.join(REPO, 'README.md'), 'utf8')).filter((link) => link.image);
    assert.ok(readmePictures.length >= 4, 'the README shows its features');
    for (const picture of readmePictures) assert.ok(fs.existsSync(path.join(REPO, picture.target)), `README.md:${picture.line}: ${picture.target} exists`);
  });
});
