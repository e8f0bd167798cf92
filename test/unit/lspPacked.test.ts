/**
 * The language server from the package npm publishes: dist/cli.js and its parts built with esbuild.js's own options,
 * packed by `npm pack` (the repository's package.json and .npmignore), the tarball unpacked in a temporary folder with
 * no node_modules anywhere above it, and its `bin` run as `lsp --stdio` — vscode-languageserver is in the bundle, so
 * the tarball needs nothing installed beside it. Driven over stdio: initialize, a document citing a withdrawn
 * edition, its diagnostic, shutdown.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';
import { Session } from './lspSession';

const REPO = path.resolve(__dirname, '../../..');

describe('language server: the packed tarball', function () {
  this.timeout(120_000);
  let dir: string;
  let session: Session | undefined;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-lsp-packed-'));
  });

  after(() => {
    session?.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("runs `lsp --stdio` from npm pack's tarball, unpacked with nothing installed, and publishes check's diagnostics", async () => {
    const packed = path.join(dir, 'packed');
    await buildCli(path.join(packed, 'dist'));
    for (const file of ['package.json', '.npmignore', 'README.md', 'LICENSE', 'esbuild.js']) fs.copyFileSync(path.join(REPO, file), path.join(packed, file));
    fs.writeFileSync(path.join(packed, 'dist', 'extension.js'), '');
    const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: packed,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'silent' },
    });
    const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>;
    const unpacked = path.join(dir, 'unpacked');
    fs.mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', path.join(dir, filename), '-C', unpacked]);
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'package', 'package.json'), 'utf8')) as { bin: Record<string, string> };
    const bin = path.join(unpacked, 'package', manifest.bin['standards-explorer']);
    assert.ok(fs.existsSync(bin), `the bin ${manifest.bin['standards-explorer']} is in the tarball`);
    assert.ok(!fs.existsSync(path.join(unpacked, 'package', 'node_modules')), 'nothing installed beside it');

    const workspace = path.join(dir, 'ws');
    fs.mkdirSync(workspace);
    const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], {
      cwd: workspace,
      env: { PATH: process.env.PATH, STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') },
    });
    session = new Session(child);
    await session.start(workspace, { catalogue: CATALOGUE });
    const uri = await session.open(path.join(workspace, 'plan.md'), 'markdown', 'The quality system follows ISO 9001:2008.\n');
    const diagnostics = await session.published(uri);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
      [['withdrawn', 0, 27, 40]],
    );
    assert.equal(await session.stop(), 0);
    session = undefined;
  });
});
