/**
 * The browser entry (package.json `browser`, dist/web/extension.js): built with esbuild.js's own `web` options, it has no
 * Node built-in (the build stops at one, naming who imports it), no axios, each Node module replaced by its web port
 * (esbuild.js WEB_PORTS), no use of Node's globals outside the one module that checks for them, and it loads in a
 * context that has a web worker's globals and nothing of Node's. The `vscode` module is a stand-in here (no VS Code in a
 * unit test): only loading is checked; test/e2e/web.ts runs the real thing in a browser's web worker extension host.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import * as esbuild from 'esbuild';

const REPO = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.js is plain CommonJS, the build's own options
const { targets, WEB_PORTS } = require(path.join(REPO, 'esbuild.js')) as {
  targets: Record<string, esbuild.BuildOptions>;
  WEB_PORTS: Record<string, string>;
};

/** Where a use of Node's globals is allowed in the web bundle, and why. */
const NODE_GLOBALS_ALLOWED: Record<string, string> = {
  'src/core/runtime.ts': 'it asks whether `process` is there',
  'src/extension/agentTools/mcpServer.ts': 'the MCP server over stdio is registered only off the browser (inBrowser)',
};

/** Each module's source in the bundle (esbuild writes a `// path` line before each), with its lines. */
function modulesOf(bundle: string): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  let current = '(prelude)';
  for (const line of bundle.split('\n')) {
    // `// node_modules/…`, or `// ../main/node_modules/…` in a worktree whose node_modules is a link.
    const start = /^\/\/ (\S*?(?:src|node_modules)\/\S+)$/.exec(line);
    if (start) current = start[1];
    else modules.set(current, [...(modules.get(current) ?? []), line]);
  }
  return modules;
}

describe('the browser entry (dist/web/extension.js)', function () {
  this.timeout(60_000);
  let bundle: string;
  let inputs: string[];

  before(async () => {
    const { outfile: _outfile, ...options } = targets.web;
    void _outfile;
    const result = await esbuild.build({
      ...options,
      outdir: undefined,
      write: false,
      absWorkingDir: REPO,
      sourcemap: false,
      metafile: true,
      logLevel: 'silent',
    });
    bundle = result.outputFiles[0].text;
    inputs = Object.keys(result.metafile.inputs);
  });

  it('is package.json `browser`, built from the same entry as `main`', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { browser?: string; main?: string };
    assert.equal(manifest.browser, './dist/web/extension.js');
    assert.equal(targets.web.outfile, 'dist/web/extension.js');
    assert.deepEqual(targets.web.entryPoints, targets.extension.entryPoints);
  });

  it('stops the build at a Node built-in, naming the module that imports it', async () => {
    const { outfile: _outfile, entryPoints: _entries, ...options } = targets.web;
    void [_outfile, _entries];
    const importer = "import { readFileSync } from 'node:fs';\nexport const text = readFileSync;\n";
    await assert.rejects(
      esbuild.build({
        ...options,
        stdin: { contents: importer, resolveDir: path.join(REPO, 'src'), sourcefile: 'src/reader.ts', loader: 'ts' },
        write: false,
        sourcemap: false,
        logLevel: 'silent',
      }),
      (error: esbuild.BuildFailure) => {
        assert.match(error.errors[0].text, /imports node:fs, a Node built-in: the browser build has none/);
        return true;
      },
    );
  });

  it('holds each web port in place of its Node module, and no axios', () => {
    for (const [node, web] of Object.entries(WEB_PORTS)) {
      assert.ok(fs.existsSync(path.join(REPO, node)), `${node} (WEB_PORTS) does not exist`);
      assert.ok(fs.existsSync(path.join(REPO, web)), `${web} (WEB_PORTS) does not exist`);
      assert.ok(!inputs.includes(node), `${node} is in the web bundle: its port ${web} should be`);
    }
    assert.ok(inputs.includes('src/web/ports/localFiles.ts') && inputs.includes('src/core/service/fetchTransport.ts'));
    assert.ok(!inputs.some((input) => /node_modules\/axios\//.test(input)), 'axios is in the web bundle');
    // Every part loaded on first use on the desktop is in the one bundle.
    for (const lazy of targets.features.entryPoints as Array<{ in: string }>) assert.ok(inputs.includes(lazy.in), `${lazy.in} is not in the web bundle`);
  });

  it("uses none of Node's globals (Buffer, process, setImmediate, __dirname, require of a file) outside the modules allowed", () => {
    const found: string[] = [];
    for (const [module, lines] of modulesOf(bundle)) {
      if (NODE_GLOBALS_ALLOWED[module] || module.includes('node_modules/')) continue;
      for (const line of lines) {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
        const use = /\b(Buffer\.|process\.|setImmediate\(|__dirname|__filename)|\brequire\((?!"vscode"\))/.exec(line);
        if (use) found.push(`${module}: ${line.trim().slice(0, 100)}`);
      }
    }
    assert.deepEqual(found, []);
  });

  it("loads in a context with a web worker's globals and none of Node's, and exports activate", () => {
    // A stand-in for 'vscode': whatever the bundle reads of it at load time is a class.
    const Any = class {};
    const vscode = Object.create(new Proxy({}, { get: (_t, key) => (key === 'then' ? undefined : Any) })) as Record<string, unknown>;
    vscode.l10n = { t: (message: string) => message };
    const module = { exports: {} as Record<string, unknown> };
    const workerGlobals = {
      TextDecoder,
      TextEncoder,
      URL,
      URLSearchParams,
      AbortController,
      AbortSignal,
      fetch,
      Headers,
      Request,
      Response,
      crypto,
      atob,
      btoa,
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      queueMicrotask,
      structuredClone,
      performance,
      MessageChannel,
      console,
      navigator: { hardwareConcurrency: 2, userAgent: 'web worker' },
    };
    const context = vm.createContext({
      ...workerGlobals,
      module,
      exports: module.exports,
      require: (id: string) => (id === 'vscode' ? vscode : assert.fail(`the web bundle required ${id}`)),
    });
    vm.runInContext(bundle, context, { filename: 'dist/web/extension.js' });
    assert.equal(typeof module.exports.activate, 'function');
    assert.equal(vm.runInContext('typeof process', context), 'undefined');
  });
});
