/**
 * A real client nobody here wrote: Debian's Neovim (0.7's built-in LSP client) runs headless with a small Lua script
 * (lspNeovim.lua) that starts `standards-explorer lsp --stdio` — dist/cli.js built with esbuild.js's own options into
 * a temporary folder — on a fixture file citing a withdrawn, a current and an unknown standard, waits for the
 * diagnostics, asks for a hover and the code actions, and writes them to a file this test reads. Skipped, saying so,
 * where nvim is not installed (scripts/install.sh installs it).
 */
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, CATALOGUE } from './cliBundle';

const REPO = path.resolve(__dirname, '../../..');
const SCRIPT = path.join(REPO, 'test/unit/lspNeovim.lua');

interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}
interface NeovimResult {
  diagnostics: Array<{ code: string; severity: number; message: string; range: Range }> | null;
  hover: { contents: { kind: string; value: string }; range: Range } | null;
  codeActions: Array<{ title: string; kind: string; edit: { changes: Record<string, Array<{ range: Range; newText: string }>> } }> | null;
  errors: string[];
}

/** Runs nvim headless to its end (at most 40 s, then killed). */
function runNeovim(cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-c', `luafile ${SCRIPT}`], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('language server in Neovim (nvim --headless, its built-in LSP client)', function () {
  this.timeout(60_000);
  let dir: string;

  before(function () {
    if (spawnSync('nvim', ['--version'], { stdio: 'ignore' }).status !== 0) {
      console.warn('    nvim is not installed: the Neovim test of the language server is skipped (apt-get install neovim).');
      this.skip();
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-lsp-nvim-'));
  });

  after(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

  it('shows the diagnostics, a hover and the fix of a withdrawn edition', async () => {
    const cli = await buildCli(path.join(dir, 'dist'));
    const workspace = path.join(dir, 'ws');
    fs.mkdirSync(workspace);
    const file = path.join(workspace, 'requirements.md');
    fs.writeFileSync(file, '# Requirements\n\nRisk management follows ISO 14971:2007, clause 4.1.\nQuality: ISO 9001:2015.\nTesting: ISO 99999:2020.\n');
    const out = path.join(dir, 'result.json');
    const state = path.join(dir, 'nvim');
    const { code, stderr } = await runNeovim(workspace, {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_CACHE_HOME: state,
      XDG_STATE_HOME: state,
      XDG_DATA_HOME: state,
      XDG_CONFIG_HOME: state,
      STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'),
      SE_NODE: process.execPath,
      SE_CLI: cli,
      SE_ROOT: workspace,
      SE_FILE: file,
      SE_CATALOGUE: CATALOGUE,
      SE_OUT: out,
    });
    assert.equal(code, 0, `nvim exited ${code}: ${stderr}`);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as NeovimResult;
    assert.deepEqual(result.errors, []);
    const at = (line: number, from: number, to: number): Range => ({ start: { line, character: from }, end: { line, character: to } });
    assert.deepEqual(
      result.diagnostics?.map((d) => [d.code, d.severity, d.range, d.message]),
      [
        ['withdrawn', 2, at(2, 24, 38), 'ISO 14971:2007 is withdrawn; the current edition is ISO 14971:2019.'],
        ['unknown', 3, at(4, 9, 23), 'ISO 99999:2020: the catalogue has no such standard.'],
      ],
    );
    assert.equal(result.hover?.contents.kind, 'markdown');
    assert.equal(
      result.hover?.contents.value,
      '**ISO 14971:2007** — Medical devices - Application of risk management to medical devices\n\nWithdrawn — replaced by ISO 14971:2019\n\n---\n\n*clause 4.1: from the catalogue only \\(no service is configured to read its heading and text\\).*',
    );
    const uri = pathToFileURL(file).href;
    assert.deepEqual(
      result.codeActions?.map((a) => [a.title, a.kind, a.edit.changes[uri]]),
      [['Replace with ISO 14971:2019', 'quickfix', [{ range: at(2, 24, 38), newText: 'ISO 14971:2019' }]]],
    );
  });
});
