/**
 * `standards-explorer fix` as a user runs it: dist/cli.js and its parts built into a temporary folder (cliBundle.ts),
 * run as a Node process on a workspace of real files, against the fixture catalogue (real ISO and IEC records): an
 * LF file and a CRLF file with a byte order mark, a withdrawn edition, an old edition's amendment, citations naming
 * a clause (left), current editions (untouched), a Latin-1 file, a file over the size limit and a binary file (not
 * rewritten, said). `--dry-run`'s diff is exact and applies with git apply; `fix` writes exactly the expected files;
 * a second `fix` changes nothing.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';
import { runNode, type ProcessRun } from './nodeProcess';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';

type Run = ProcessRun;

const DESIGN = [
  '# Design',
  '',
  'The quality system follows ISO 9001:2008.',
  'Risk management: ISO 14971:2000/Amd 1:2003, with ISO 13485:2016 (current).',
  'Planning is ISO 9001:2008, clause 7.1.',
  '',
].join('\n');
const DESIGN_FIXED = DESIGN.replace('follows ISO 9001:2008', 'follows ISO 9001:2015').replace('ISO 14971:2000/Amd 1:2003', 'ISO 14971:2019');
const WINDOWS = '\uFEFFSoftware per IEC 61508-3:1998.\r\nISMS: ISO/IEC 27001:2013/Cor 2:2015 and EN ISO 13485:2003\r\nCurrent: IEC 62304:2006+AMD1:2015';
const WINDOWS_FIXED = '\uFEFFSoftware per IEC 61508-3:2010.\r\nISMS: ISO/IEC 27001:2022 and EN ISO 13485:2016\r\nCurrent: IEC 62304:2006+AMD1:2015';
/** "Qualität nach ISO 9001:2008" in Latin-1: not UTF-8, so never rewritten. */
const LATIN1 = Buffer.from('Qualit\xe4t nach ISO 9001:2008.\n', 'latin1');

const DIFF = [
  '--- a/docs/design.md',
  '+++ b/docs/design.md',
  '@@ -1,5 +1,5 @@',
  ' # Design',
  ' ',
  '-The quality system follows ISO 9001:2008.',
  '-Risk management: ISO 14971:2000/Amd 1:2003, with ISO 13485:2016 (current).',
  '+The quality system follows ISO 9001:2015.',
  '+Risk management: ISO 14971:2019, with ISO 13485:2016 (current).',
  ' Planning is ISO 9001:2008, clause 7.1.',
  '--- a/docs/windows.txt',
  '+++ b/docs/windows.txt',
  '@@ -1,3 +1,3 @@',
  '-\uFEFFSoftware per IEC 61508-3:1998.\r',
  '-ISMS: ISO/IEC 27001:2013/Cor 2:2015 and EN ISO 13485:2003\r',
  '+\uFEFFSoftware per IEC 61508-3:2010.\r',
  '+ISMS: ISO/IEC 27001:2022 and EN ISO 13485:2016\r',
  ' Current: IEC 62304:2006+AMD1:2015',
  '\\ No newline at end of file',
  '',
].join('\n');

const LEFT = [
  'docs/design.md:5:13: not rewritten: ISO 9001:2008 — it names clause 7.1, which may be numbered differently in ISO 9001:2015: compare the editions and edit it by hand.',
  'docs/latin1.txt:1:15: not rewritten: ISO 9001:2008 — the file is not UTF-8 text (or changed while read): it is left as it is.',
];

describe('command line: standards-explorer fix', function () {
  this.timeout(60_000);
  let dir: string;
  let cli: string;
  let workspace: string;
  const big = `ISO 9001:2008 ${'x'.repeat(3000)}\n`;
  // UTF-16 (a NUL byte in its first bytes): binary to the check, never read.
  const binary = Buffer.from('\uFEFFISO 9001:2008\r\n', 'utf16le');

  const run = (args: string[], cwd = workspace, extra: Record<string, string> = {}): Promise<Run> =>
    runNode(cli, args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'), ...extra } });
  const read = (file: string): Buffer => fs.readFileSync(path.join(workspace, file));
  const fixture = (folder: string): void => {
    fs.mkdirSync(path.join(folder, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'docs/design.md'), DESIGN);
    fs.writeFileSync(path.join(folder, 'docs/windows.txt'), WINDOWS);
    fs.writeFileSync(path.join(folder, 'docs/latin1.txt'), LATIN1);
    fs.writeFileSync(path.join(folder, 'docs/big.txt'), big);
    fs.writeFileSync(path.join(folder, 'docs/utf16.txt'), binary);
    fs.chmodSync(path.join(folder, 'docs/windows.txt'), 0o640);
  };
  const unchanged = (): void => {
    assert.equal(read('docs/design.md').toString('utf8'), DESIGN);
    assert.equal(read('docs/windows.txt').toString('utf8'), WINDOWS);
  };
  const untouchedOthers = (): void => {
    assert.deepEqual(read('docs/latin1.txt'), LATIN1);
    assert.equal(read('docs/big.txt').toString('utf8'), big);
    assert.deepEqual(read('docs/utf16.txt'), binary);
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-fix-'));
    cli = await buildCli(dir);
    workspace = path.join(dir, 'workspace');
    fixture(workspace);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const args = ['--catalogue', CATALOGUE, '--max-file-size', '2kB'];

  it('--dry-run prints the exact unified diff, lists what it leaves, writes nothing and exits 1', async () => {
    const { status, stdout, stderr } = await run(['fix', '--dry-run', ...args]);
    assert.equal(stdout, DIFF);
    assert.equal(
      stderr,
      [
        ...LEFT,
        'standards-explorer: docs/big.txt was not read: 3.02 kB, over the 2 kB limit (--max-file-size); its citations were not fixed.',
        '5 citations to rewrite in 2 files (--dry-run: nothing written); 2 citations left for a person (listed above); 1 file not read; 1 binary file not read.',
        '',
      ].join('\n'),
    );
    assert.equal(status, 1);
    unchanged();
    untouchedOthers();
  });

  it('its diff applies with git apply and gives what fix writes', async () => {
    const copy = path.join(dir, 'copy');
    fixture(copy);
    const { stdout } = await run(['fix', '--dry-run', ...args]);
    execFileSync('git', ['apply', '--unsafe-paths', '-p1', '-'], { cwd: copy, input: stdout });
    assert.equal(fs.readFileSync(path.join(copy, 'docs/design.md'), 'utf8'), DESIGN_FIXED);
    assert.equal(fs.readFileSync(path.join(copy, 'docs/windows.txt'), 'utf8'), WINDOWS_FIXED);
  });

  it('fix rewrites exactly the outdated references, keeping BOM, CRLF and mode; what it leaves exits 1; a second fix changes nothing', async () => {
    const first = await run(['fix', ...args]);
    assert.equal(
      first.stdout,
      [
        'docs/design.md:3:28: ISO 9001:2008 → ISO 9001:2015',
        'docs/design.md:4:18: ISO 14971:2000/Amd 1:2003 → ISO 14971:2019',
        // The byte order mark is not a column: line 1 is counted as an editor shows it (the file keeps its mark).
        'docs/windows.txt:1:14: IEC 61508-3:1998 → IEC 61508-3:2010',
        'docs/windows.txt:2:7: ISO/IEC 27001:2013/Cor 2:2015 → ISO/IEC 27001:2022',
        'docs/windows.txt:2:41: EN ISO 13485:2003 → EN ISO 13485:2016',
        ...LEFT,
        'Rewrote 5 citations in 2 files; 2 citations left for a person (listed above); 1 file not read; 1 binary file not read.',
        '',
      ].join('\n'),
    );
    assert.equal(first.status, 1);
    assert.equal(read('docs/design.md').toString('utf8'), DESIGN_FIXED);
    assert.deepEqual(read('docs/windows.txt'), Buffer.from(WINDOWS_FIXED, 'utf8'));
    assert.equal(fs.statSync(path.join(workspace, 'docs/windows.txt')).mode & 0o777, 0o640);
    untouchedOthers();
    assert.deepEqual(
      fs.readdirSync(path.join(workspace, 'docs')).sort(),
      ['big.txt', 'design.md', 'latin1.txt', 'utf16.txt', 'windows.txt'],
      'no temporary file stays',
    );

    const second = await run(['fix', ...args]);
    assert.match(second.stdout, /^Nothing to rewrite: 0 citations in 0 files; 2 citations left/m);
    assert.equal(second.status, 1);
    assert.equal(read('docs/design.md').toString('utf8'), DESIGN_FIXED);
    assert.deepEqual(read('docs/windows.txt'), Buffer.from(WINDOWS_FIXED, 'utf8'));
    const dry = await run(['fix', '--dry-run', ...args]);
    assert.equal(dry.stdout, '');
  });

  it('exits 0 when nothing is left: after fixing, and when everything cited is current; --dry-run exits 1 only while there is something to rewrite', async () => {
    const clean = path.join(dir, 'clean');
    fs.mkdirSync(clean);
    fs.writeFileSync(path.join(clean, 'a.md'), 'See ISO 9001:2008 and ISO 13485:2016.\n');
    const dry = await run(['fix', '--dry-run', '--catalogue', CATALOGUE], clean);
    assert.equal(dry.status, 1);
    const fixed = await run(['fix', '--catalogue', CATALOGUE], clean);
    assert.equal(fixed.status, 0, fixed.stderr);
    assert.equal(fixed.stdout, 'a.md:1:5: ISO 9001:2008 → ISO 9001:2015\nRewrote 1 citation in 1 file.\n');
    for (const extra of [['--dry-run'], []]) {
      const again = await run(['fix', ...extra, '--catalogue', CATALOGUE], clean);
      assert.equal(again.status, 0);
    }
    assert.equal(fs.readFileSync(path.join(clean, 'a.md'), 'utf8'), 'See ISO 9001:2015 and ISO 13485:2016.\n');
  });

  it('refuses options that are not its own, and --dry-run on another command (exit 2)', async () => {
    const format = await run(['fix', '--format', 'json', '--catalogue', CATALOGUE]);
    assert.equal(format.status, 2);
    assert.match(format.stderr, /--format: not an option of fix/);
    const check = await run(['check', '--dry-run', '--catalogue', CATALOGUE]);
    assert.equal(check.status, 2);
    assert.match(check.stderr, /--dry-run is an option of fix, not of check/);
    const nowhere = await run(['fix', 'missing', '--catalogue', CATALOGUE]);
    assert.equal(nowhere.status, 2);
    assert.match(nowhere.stderr, /missing: no such file or folder/);
  });
  describe('against the service: clause lists carry a clause into the new edition', () => {
    let sandbox: RunningSandbox;
    before(async () => {
      // corext: clause lists with numbers and titles apart (the sandbox's seed 1 and the fixture catalogue fix them).
      sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE), vocabulary: 'corext' });
    });
    after(() => sandbox.close());

    it('rewrites a renumbered clause, keeps a clause and a section found under the same number and name, and leaves what the lists do not tell', async () => {
      const folder = path.join(dir, 'service');
      fs.mkdirSync(folder);
      // In the sandbox's lists of IEC 61508-3:1998 and :2010, "Leadership" is 5.5 then 12, "Principle" 5.2 in both;
      // 1998's 6.1 and 6.2 are both "Precision", its 4.2 "Apparatus" and Annex A are not in 2010.
      const text = [
        'Per IEC 61508-3:1998, 5.5 and clause 5.2 of IEC 61508-3:1998; IEC 61508-3:1998, Scope.',
        'Not told: IEC 61508-3:1998, 6.1; IEC 61508-3:1998, 4.2; Annex A of IEC 61508-3:1998.',
        '',
      ].join('\n');
      fs.writeFileSync(path.join(folder, 'safety.md'), text);
      const service = ['--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl];
      const { status, stdout, stderr } = await run(['fix', ...service], folder, {
        STANDARDS_CLIENT_ID: sandbox.clientId,
        STANDARDS_CLIENT_SECRET: sandbox.clientSecret,
      });
      assert.equal(
        fs.readFileSync(path.join(folder, 'safety.md'), 'utf8'),
        text.replace(
          'IEC 61508-3:1998, 5.5 and clause 5.2 of IEC 61508-3:1998; IEC 61508-3:1998, Scope',
          'IEC 61508-3:2010, 12 and clause 5.2 of IEC 61508-3:2010; IEC 61508-3:2010, Scope',
        ),
        stderr,
      );
      assert.match(stdout, /^safety\.md:1:23: clause 5\.5 → 12 \(renumbered in IEC 61508-3:2010\)$/m);
      assert.match(stdout, /^Rewrote 3 citations in 1 file; 3 citations left for a person/m);
      assert.equal((stdout.match(/not rewritten: IEC 61508-3:1998 — it names/g) ?? []).length, 3);
      assert.ok(!stdout.includes(sandbox.clientSecret) && !stderr.includes(sandbox.clientSecret), 'no secret in the output');
      assert.equal(status, 1);
    });
  });
});
