/**
 * A file the person names on the command line that the check does not read by type (or the config excludes) is said
 * on standard error, never dropped without a word ("No findings; 0 files checked." alone read as a pass).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli } from './cliBundle';
import { runNode } from './nodeProcess';

const CATALOGUE = path.resolve(__dirname, '../../../test/fixtures/cli/catalogue.jsonl');

describe('command line: a named file the check does not read is said', function () {
  this.timeout(60_000);

  it('check and fix name it on standard error, with what to do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-left-out-'));
    try {
      const cli = await buildCli(dir);
      fs.writeFileSync(path.join(dir, 'notes.xyz'), 'The quality system follows ISO 9001:2008.\n');
      fs.writeFileSync(path.join(dir, 'plan.md'), 'Risk management per ISO 14971:2019.\n');
      const env = { PATH: process.env.PATH ?? '', HOME: dir, STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') };
      for (const command of ['check', 'fix']) {
        const run = await runNode(cli, [command, 'notes.xyz', 'plan.md', '--catalogue', CATALOGUE], { cwd: dir, env });
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stderr, /^standards-explorer: notes\.xyz was not checked: it is not among the files the check reads .*Add it to "include"/m);
        assert.doesNotMatch(run.stderr, /plan\.md was not checked/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
