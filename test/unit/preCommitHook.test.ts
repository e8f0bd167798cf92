/**
 * The hooks of .pre-commit-hooks.yaml as a user's pre-commit (Debian's package, installed by scripts/install.sh) runs
 * them: a repository of this project's files at a commit is the hook repository; a fixture repository's
 * .pre-commit-config.yaml names it by path and rev, as the README's snippet names it by URL. pre-commit installs the
 * hook as it does for any user (`language: node`): `npm install` in its clone (the `prepare` script builds
 * dist/cli.js), `npm pack`, `npm install -g` of the tarball, from the npm registry (its cache first). Then the check
 * hook passes on a current citation, fails on a staged outdated one (an unstaged file is not read), and the fix hook
 * rewrites it.
 *
 * The closest real thing, said plainly: the hook repository is HEAD's files with the working tree's
 * .pre-commit-hooks.yaml, package.json and .npmrc (in CI the two are the same; here others may be mid-edit), and its
 * package.json lists only esbuild and the packages the command line is built from: pre-commit's `npm install` of the whole development tree
 * (450 MB) takes 40–60 s from a warm cache, once per hook version for a user, too long for a unit test. The build,
 * the pack, the global install, the hooks' files, arguments and exit statuses are the real ones.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_CITING_FILES } from '../../src/core/citations/citingFiles';
import { CATALOGUE } from './cliBundle';

const REPO = path.resolve(__dirname, '../../..');
const HOOKS = path.join(REPO, '.pre-commit-hooks.yaml');

const hasPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;

describe('pre-commit hooks (.pre-commit-hooks.yaml)', function () {
  it('read the files the check reads by default: each hook’s `files` names the same extensions', () => {
    const defaults = /\{([\w,]+)\}$/.exec(DEFAULT_CITING_FILES)?.[1].split(',').sort();
    const hooks = fs.readFileSync(HOOKS, 'utf8');
    const files = [...hooks.matchAll(/^ {2}files: \\\.\(([\w|]+)\)\$$/gm)].map((m) => m[1].split('|').sort());
    const ids = [...hooks.matchAll(/^- id: (\S+)$/gm)].map((m) => m[1]);
    assert.deepEqual(ids, ['standards-explorer-check', 'standards-explorer-fix']);
    assert.equal(files.length, ids.length, 'a files pattern per hook');
    for (const extensions of files) assert.deepEqual(extensions, defaults);
    assert.match(hooks, /^ {2}entry: standards-explorer check$/m);
    assert.match(hooks, /^ {2}entry: standards-explorer fix$/m);
    assert.equal([...hooks.matchAll(/^ {2}language: node$/gm)].length, 2);
    assert.equal([...hooks.matchAll(/^ {2}pass_filenames: true$/gm)].length, 2);
  });

  describe('installed and run by pre-commit', function () {
    this.timeout(180_000);
    let dir: string;
    let fixture: string;
    let env: NodeJS.ProcessEnv;

    before(function () {
      if (!hasPreCommit) {
        console.log('    (skipped: pre-commit is not installed; scripts/install.sh installs it: apt-get install pre-commit)');
        this.skip();
      }
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-pre-commit-'));
      const hookRepo = path.join(dir, 'hooks');
      fs.mkdirSync(hookRepo);
      copyProject(hookRepo);
      for (const file of ['.pre-commit-hooks.yaml', '.npmrc']) fs.copyFileSync(path.join(REPO, file), path.join(hookRepo, file));
      const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
      // esbuild and what the command line's bundles are built from (its build names any that is missing).
      const built = [
        'esbuild',
        'axios',
        'ajv',
        '@modelcontextprotocol/sdk',
        'minimatch',
        'vscode-languageserver',
        'vscode-languageserver-textdocument',
        'mathup',
        'temml',
      ];
      manifest.devDependencies = Object.fromEntries(built.map((name) => [name, manifest.devDependencies[name]]));
      fs.writeFileSync(path.join(hookRepo, 'package.json'), JSON.stringify(manifest, null, 2));
      const git = (cwd: string, ...args: string[]): string =>
        execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
      git(hookRepo, 'init', '-q');
      git(hookRepo, 'add', '-A');
      git(hookRepo, 'commit', '-q', '-m', 'hooks');
      const rev = git(hookRepo, 'rev-parse', 'HEAD').trim();

      fixture = path.join(dir, 'project');
      fs.mkdirSync(path.join(fixture, 'docs'), { recursive: true });
      fs.copyFileSync(CATALOGUE, path.join(fixture, 'catalogue.jsonl'));
      fs.writeFileSync(path.join(fixture, 'standards.config.json'), '{ "catalogue": "catalogue.jsonl" }\n');
      fs.writeFileSync(path.join(fixture, 'docs/current.md'), 'Risk management per ISO 14971:2019.\n');
      fs.writeFileSync(
        path.join(fixture, '.pre-commit-config.yaml'),
        `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: standards-explorer-check\n      - id: standards-explorer-fix\n`,
      );
      git(fixture, 'init', '-q');
      git(fixture, 'add', '-A');
      git(fixture, 'commit', '-q', '-m', 'project');

      // pre-commit's own store in the test's folder; npm's cache first (it asks the registry only for what it lacks).
      env = { ...withoutStandards(process.env), PRE_COMMIT_HOME: path.join(dir, 'store'), STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') };
      Object.assign(env, { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' });
    });
    after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

    const preCommit = (...args: string[]) => {
      const result = spawnSync('pre-commit', ['run', '--color', 'never', ...args], { cwd: fixture, env, encoding: 'utf8', timeout: 170_000 });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    };

    it('the check hook passes on a current citation', () => {
      const { status, output } = preCommit('standards-explorer-check', '--files', 'docs/current.md');
      assert.equal(status, 0, output);
      assert.match(output, /standards citations\.+Passed/);
    });

    it('fails on a staged outdated citation, reading only the staged files', () => {
      fs.writeFileSync(path.join(fixture, 'docs/outdated.md'), 'The quality system follows ISO 9001:2008.\n');
      fs.writeFileSync(path.join(fixture, 'docs/unstaged.md'), 'Not staged: ISO 13485:2003.\n');
      execFileSync('git', ['add', 'docs/outdated.md'], { cwd: fixture });
      const { status, output } = preCommit('standards-explorer-check');
      assert.equal(status, 1, output);
      assert.match(output, /standards citations\.+Failed/);
      assert.match(output, /docs\/outdated\.md/);
      assert.match(output, /ISO 9001:2008 is withdrawn; the current edition is ISO 9001:2015/);
      assert.doesNotMatch(output, /unstaged|13485/);
    });

    it('the fix hook rewrites the staged citation (failing, as fixers do, for the change to be staged), then the check passes', () => {
      const fixed = preCommit('standards-explorer-fix');
      assert.equal(fixed.status, 1, fixed.output);
      assert.match(fixed.output, /files were modified by this hook/);
      assert.match(fixed.output, /docs\/outdated\.md:1:28: ISO 9001:2008 → ISO 9001:2015/);
      assert.equal(fs.readFileSync(path.join(fixture, 'docs/outdated.md'), 'utf8'), 'The quality system follows ISO 9001:2015.\n');
      assert.equal(fs.readFileSync(path.join(fixture, 'docs/unstaged.md'), 'utf8'), 'Not staged: ISO 13485:2003.\n');
      execFileSync('git', ['add', 'docs/outdated.md'], { cwd: fixture });
      const again = preCommit('standards-explorer-check');
      assert.equal(again.status, 0, again.output);
    });
  });
});

/** HEAD's files (git archive), or, outside a git work tree, the folder's own but what is built or installed. */
function copyProject(to: string): void {
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: REPO, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
    execFileSync('tar', ['-x', '-C', to], { input: tar });
  } catch {
    const skipped = new Set(['.git', 'node_modules', 'out', 'dist']);
    fs.cpSync(REPO, to, { recursive: true, filter: (file) => !skipped.has(path.basename(file)) && !path.basename(file).startsWith('out-') });
  }
}

/** The environment without the machine's STANDARDS_* (a service or credentials the test must not use). */
function withoutStandards(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(environment).filter(([name]) => !name.startsWith('STANDARDS_')));
}
