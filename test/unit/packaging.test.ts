/**
 * The VSIX: `vsce ls` lists exactly what runs (the bundles the build makes, the manifest's media), `npm run package`'s
 * vsce command prints no warning and ships that list; packaged against a base URL, the README shows every picture
 * from it; a package for a public gallery is refused, saying what to set, while repository, bugs and homepage are not set.
 * The first three need the bundles (`npm run package`, as `npm test` builds before this layer): without them they are
 * pending, saying so.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { galleryProblems, linksFrom, underGalleryPublish } from '../../scripts/publish-check';
import { linksOf } from './markdownLinks';
import { packageStaged, vsceLs } from '../harness/stagedVsix';

const REPO = path.resolve(__dirname, '../../..');
const PUBLISH_CHECK = path.join(__dirname, '..', '..', 'scripts', 'publish-check.js');

interface Manifest {
  main: string;
  browser?: string;
  bin: Record<string, string>;
  icon: string;
  scripts: Record<string, string>;
  contributes: {
    walkthroughs?: Array<{ steps: Array<{ media: { image?: string; markdown?: string } }> }>;
    viewsContainers?: Record<string, Array<{ icon: string }>>;
    views?: Record<string, Array<{ icon?: string }>>;
  };
}

const manifest = (): Manifest => JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Manifest;
const built = (): boolean => fs.existsSync(path.join(REPO, 'dist', 'extension.js')) && fs.existsSync(path.join(REPO, 'dist', 'cli.js'));

/** Why `file` (from the repository's root) belongs in the VSIX, or undefined when nothing that runs needs it. */
function whyShipped(file: string, m: Manifest): string | undefined {
  const lazyParts = ['extension', path.join('core', 'document')]
    .flatMap((folder) => fs.readdirSync(path.join(REPO, 'src', folder), { recursive: true }).map(String))
    .filter((name) => name.endsWith('.lazy.ts'))
    .map((name) => path.basename(name, '.lazy.ts'));
  const esbuild = fs.readFileSync(path.join(REPO, 'esbuild.js'), 'utf8');
  const walkthroughMedia = (m.contributes.walkthroughs ?? []).flatMap((w) => w.steps.flatMap((s) => [s.media.image, s.media.markdown]));
  const icons = [...Object.values(m.contributes.viewsContainers ?? {}), ...Object.values(m.contributes.views ?? {})].flat().map((v) => v.icon);
  const webview = /^dist\/webview\/(\w+)\.js$/.exec(file)?.[1] ?? /^media\/(\w+)\.css$/.exec(file)?.[1];
  if (['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].includes(file)) return 'the package itself';
  if (/^package\.nls(\.[a-z-]+)?\.json$/.test(file) || /^l10n\/bundle\.l10n(\.[a-z-]+)?\.json$/.test(file)) return 'translations';
  if (`./${file}` === m.main || file === m.main) return 'main';
  if (`./${file}` === m.browser || file === m.browser) return 'browser';
  if (Object.values(m.bin).includes(file)) return 'bin';
  if (file === m.icon || icons.includes(file) || walkthroughMedia.includes(file)) return 'package.json names it';
  const feature = /^dist\/features\/(\w+)\.js$/.exec(file)?.[1];
  if (feature && lazyParts.includes(feature)) return `src/{extension/**,core/document}/${feature}.lazy.ts`;
  if (feature && esbuild.includes(`out: '${feature}'`)) return 'a worker esbuild.js builds';
  const cliPart = /^dist\/(cli-[\w-]+)\.js$/.exec(file)?.[1];
  if (cliPart && esbuild.includes(`out: '${cliPart}'`)) return 'a part of the command line esbuild.js builds';
  if (webview && esbuild.includes(`out: '${webview}'`) && fs.existsSync(path.join(REPO, 'media', `${webview}.css`))) return 'a webview page and its stylesheet';
  if (file === 'dist/sandbox.js' && esbuild.includes("outfile: 'dist/sandbox.js'")) return 'Connect to Local Sandbox runs it';
  return undefined;
}

const readmePictures = (readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8')): string[] =>
  linksOf(readme)
    .filter((link) => link.image && !/^[a-z]+:/i.test(link.target))
    .map((link) => link.target);

describe('the VSIX', function () {
  this.timeout(120_000);

  it('vsce ls lists exactly what runs: every file has a reason to ship, and everything that runs is there', function () {
    if (!built()) this.skip(); // no bundles: npm run package first (npm test builds before this layer)
    const m = manifest();
    const files = vsceLs();
    const unexplained = files.filter((file) => whyShipped(file, m) === undefined);
    assert.deepEqual(unexplained, [], 'files in the VSIX that nothing runs (.vscodeignore is an allowlist)');
    const needed = [
      m.main.replace(/^\.\//, ''),
      (m.browser ?? 'package.json has no browser entry').replace(/^\.\//, ''),
      ...Object.values(m.bin),
      m.icon,
      'dist/sandbox.js',
      'dist/webview/clause.js',
      'media/clause.css',
      'l10n/bundle.l10n.json',
      'package.nls.json',
    ];
    assert.deepEqual(
      needed.filter((file) => !files.includes(file)),
      [],
      'files that run but are not in the VSIX',
    );
  });

  it('npm run package prints no warning and ships what vsce ls lists', function () {
    if (!built()) this.skip();
    const command = manifest().scripts.package.split(/\s+/);
    assert.deepEqual(command.slice(0, 2), ['vsce', 'package']);
    const args = command.slice(2);
    args.splice(args.indexOf('-o'), 2);
    const staged = packageStaged(args);
    try {
      assert.equal(staged.status, 0, staged.printed);
      assert.doesNotMatch(staged.printed, /WARN|ERROR/i, staged.printed);
      // vsce names the README, changelog and licence its own way inside the package.
      const asListed = (entry: string): string =>
        entry
          .replace(/^extension\//, '')
          .replace(/^readme\.md$/, 'README.md')
          .replace(/^changelog\.md$/, 'CHANGELOG.md')
          .replace(/^LICENSE\.txt$/, 'LICENSE');
      assert.deepEqual(
        staged.entries
          .filter((entry) => entry.startsWith('extension/'))
          .map(asListed)
          .sort(),
        vsceLs(),
      );
    } finally {
      staged.remove();
    }
  });

  it("packaged against a base URL, as for a gallery, the README shows every picture from that URL: VS Code's details page shows no other", function () {
    if (!built()) this.skip();
    // VS Code's extension page renders a README's pictures only from http(s) URLs (its sanitizer drops relative ones),
    // so a gallery package has them rewritten against the repository; here a base URL stands in for it.
    const staged = packageStaged([
      '--no-dependencies',
      '--allow-missing-repository',
      '--baseImagesUrl',
      'https://example.invalid/raw/',
      '--baseContentUrl',
      'https://example.invalid/blob/',
    ]);
    try {
      assert.equal(staged.status, 0, staged.printed);
      const pictures = readmePictures();
      assert.ok(pictures.length >= 4, 'the README shows its features');
      const packaged = linksOf(staged.readme).filter((link) => link.image);
      assert.deepEqual(
        packaged.map((link) => link.target),
        pictures.map((picture) => `https://example.invalid/raw/${picture}`),
      );
      for (const picture of pictures) {
        const size = fs.statSync(path.join(REPO, picture)).size;
        assert.ok(size <= 100 * 1024, `${picture} is ${Math.round(size / 1024)} KB: compress it (pngquant, or a JPEG)`);
      }
    } finally {
      staged.remove();
    }
  });
});

describe('packaging for a public gallery', () => {
  it('is refused, saying what to set, while package.json has no repository, bugs and homepage', () => {
    const run = spawnSync(process.execPath, [PUBLISH_CHECK], { cwd: REPO, encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /Not packaging for a public gallery/);
    assert.match(run.stderr, /package\.json has no "repository".*npm run set-repository -- https:\/\/github\.com\/OWNER\/NAME/s);
    assert.match(run.stderr, /npm run package/);
  });

  it('is refused under `vsce publish` (vscode:prepublish), and lets a local package through', () => {
    const underPublish = spawnSync('bash', ['-c', `"${process.execPath}" "${PUBLISH_CHECK}" --if-publishing; exit $?`, 'vsce', 'publish'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    assert.equal(underPublish.status, 1, underPublish.stderr);
    assert.match(underPublish.stderr, /Not packaging for a public gallery/);
    const underPackage = spawnSync('bash', ['-c', `"${process.execPath}" "${PUBLISH_CHECK}" --if-publishing; exit $?`, 'vsce', 'package'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    assert.equal(underPackage.status, 0, underPackage.stderr);
    assert.equal(underGalleryPublish([['node', '/x/node_modules/@vscode/vsce/vsce', 'publish', '--no-dependencies']]), true);
    assert.equal(underGalleryPublish([['node', '/x/node_modules/.bin/ovsx', 'publish']]), true);
    assert.equal(
      underGalleryPublish([
        ['npm', 'run', 'package'],
        ['node', '/x/node_modules/.bin/vsce', 'package'],
      ]),
      false,
    );
  });

  it('takes repository, bugs and homepage from one URL, and sees them disagree', () => {
    const links = linksFrom('https://github.com/example-org/standards-explorer.git/');
    assert.deepEqual(links, {
      repository: { type: 'git', url: 'https://github.com/example-org/standards-explorer' },
      bugs: { url: 'https://github.com/example-org/standards-explorer/issues' },
      homepage: 'https://github.com/example-org/standards-explorer#readme',
    });
    assert.deepEqual(galleryProblems(links), []);
    const problems = galleryProblems({ ...links, homepage: 'https://elsewhere.example' });
    assert.match(problems.join('\n'), /"homepage" is "https:\/\/elsewhere\.example", not "https:\/\/github\.com\/example-org\/standards-explorer#readme"/);
    assert.match(galleryProblems({ repository: 'git@github.com:o/n.git' }).join('\n'), /must be the repository's https URL/);
  });
});
