/**
 * The command line's reference page (docs/cli.md) and its `--help` come from one table of options (src/cli/options.ts):
 * the page is as scripts/cli-docs.ts writes it, and every option the command line takes is in both. `--version` names
 * the formats the build reads. The command line runs as a user runs it, a process of the bundle esbuild.js makes.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI_MARKERS, CLI_PAGE, cliReference, withCliReference } from '../../scripts/cli-docs';
import { COMMANDS, OPTIONS, parseArgsOptions } from '../../src/cli/options';
import { INDEX_FILE_VERSION } from '../../src/core/catalogue/indexFile';
import { buildCli } from './cliBundle';

const REPO = path.resolve(__dirname, '../../..');

describe('command line reference (docs/cli.md) and --help', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir, env: { PATH: process.env.PATH ?? '' } });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-cli-docs-'));
    cli = await buildCli(dir);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('docs/cli.md holds the reference as scripts/cli-docs.ts writes it from the options (npm run readme)', () => {
    const page = fs.readFileSync(path.join(REPO, CLI_PAGE), 'utf8');
    assert.ok(withCliReference(page) === page, `${CLI_PAGE} is out of date with src/cli/options.ts: run npm run readme`);
    assert.match(page, /npx standards-explorer/);
    assert.match(page, /npm i -g standards-explorer/);
    assert.throws(() => withCliReference(page.replace(CLI_MARKERS[1], '')), /docs\/cli\.md has no cli markers/);
  });

  it('names every command and every option the command line takes, in --help and in docs/cli.md', () => {
    const help = run('--help');
    assert.equal(help.status, 0, help.stderr);
    const page = fs.readFileSync(path.join(REPO, CLI_PAGE), 'utf8');
    const reference = cliReference();
    for (const command of COMMANDS) {
      assert.match(help.stdout, new RegExp(`standards-explorer ${command}\\b`), command);
      assert.ok(page.includes(`\`standards-explorer ${command}`), `${command} in ${CLI_PAGE}`);
    }
    const taken = [...Object.keys(parseArgsOptions()), 'stdio'];
    assert.deepEqual(new Set(taken), new Set([...OPTIONS.map((o) => o.name), 'help']));
    for (const name of taken.filter((n) => n !== 'help')) {
      assert.match(help.stdout, new RegExp(`^\\s+--${name}\\b`, 'm'), `--${name} in --help`);
      assert.ok(reference.includes(`\`--${name}`), `--${name} in ${CLI_PAGE}`);
    }
    // An option the table does not have is refused, pointing at --help.
    const unknown = run('check', '--no-such-option');
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /--no-such-option.*Run standards-explorer --help for the options\./);
  });

  it('--version names the version, the catalogue file format and the index format it reads', () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = run(flag);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(
        result.stdout,
        `standards-explorer ${version}\n` +
          'catalogue file: JSON Lines of {"urn", "reference", "title", "status"}, plain or gzipped\n' +
          `catalogue index file: format ${INDEX_FILE_VERSION} (an index of another format is built again)\n`,
      );
    }
  });
});
