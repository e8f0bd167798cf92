/**
 * What activation loads: dist/extension.js holds no package, and the HTTP client (axios and the service layer over
 * it) is its own bundle, loaded with the first request. Builds the real bundles with esbuild.js's own options into a
 * temporary folder, reads esbuild's metafile, then requires them as VS Code would. The `vscode` module is a stand-in
 * here (no VS Code in a unit test): activation is not run, only loading; the integration tests run the real thing.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import Module from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import * as esbuild from 'esbuild';
import type * as DefaultTransport from '../../src/core/service/defaultTransport';

const REPO = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.js is plain CommonJS, the build's own options
const { targets } = require(path.join(REPO, 'esbuild.js')) as { targets: Record<string, esbuild.BuildOptions> };
const SHARED_KEY = Symbol.for('standardsExplorer.sharedModules');

type Inputs = Record<string, string[]>;

describe('bundles (esbuild.js)', function () {
  this.timeout(60_000);
  let dir: string;
  /** Output file name → the source files in it. */
  const inputs: Inputs = {};
  /** Output file name → the files it requires at run time (the parts loaded on first use). */
  const requires: Inputs = {};

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-bundles-'));
    for (const name of ['extension', 'service', 'features']) {
      const { outfile, outdir, ...options } = targets[name];
      const out = outdir
        ? { outdir: path.join(dir, 'features') }
        : { outfile: path.join(dir, name === 'extension' ? '' : 'features', path.basename(outfile!)) };
      const result = await esbuild.build({ ...options, ...out, absWorkingDir: REPO, sourcemap: false, metafile: true, logLevel: 'error' });
      for (const [file, output] of Object.entries(result.metafile.outputs)) {
        inputs[path.basename(file)] = Object.keys(output.inputs);
        requires[path.basename(file)] = output.imports.filter((i) => i.external).map((i) => i.path);
      }
    }
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const packagesIn = (file: string): string[] => [...new Set(inputs[file].flatMap((i) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(i)?.[1] ?? []))];

  it('keeps every package out of dist/extension.js: axios comes with the HTTP client', () => {
    assert.deepEqual(packagesIn('extension.js'), []);
    assert.ok(packagesIn('service.js').includes('axios'));
    for (const file of Object.keys(inputs).filter((f) => f !== 'service.js')) assert.ok(!packagesIn(file).includes('axios'), `${file} has a copy of axios`);
  });

  it('keeps Temml and mathup in the math typesetters alone, which the document model requires with its first AsciiMath or LaTeX formula', () => {
    const mathPackages = ['temml', 'mathup'];
    for (const file of Object.keys(inputs).filter((f) => f !== 'mathTypeset.js' && f.endsWith('.js')))
      assert.deepEqual(
        packagesIn(file).filter((p) => mathPackages.includes(p)),
        [],
        `${file} has a copy of the math typesetters`,
      );
    assert.deepEqual(packagesIn('mathTypeset.js').sort(), mathPackages.sort());
    for (const file of ['citations.js', 'agentTools.js', 'document.js'])
      assert.ok(requires[file].includes('./mathTypeset.js'), `${file} does not require ./mathTypeset.js`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle, as the document model requires it
    const typesetters = require(path.join(dir, 'features', 'mathTypeset.js')) as { asciiMathMarkup: (s: string) => string; latexMarkup: (s: string) => string };
    assert.match(typesetters.asciiMathMarkup('x^2'), /^<math[^>]*>.*<msup>/);
    assert.match(typesetters.latexMarkup('\\alpha'), /^<math[^>]*>.*α/);
  });

  it('puts each service module in one bundle only, ServiceError in the main one', () => {
    const holders = new Map<string, string[]>();
    for (const [file, sources] of Object.entries(inputs))
      for (const source of sources.filter((s) => s.startsWith('src/core/service/'))) holders.set(source, [...(holders.get(source) ?? []), file]);
    for (const [source, files] of holders) assert.equal(files.length, 1, `${source} is in ${files.join(', ')}`);
    assert.deepEqual(holders.get('src/core/service/errors.ts'), ['extension.js']);
    assert.deepEqual(holders.get('src/core/service/transport.ts'), ['service.js']);
  });

  it('loads the HTTP client only when it is first asked for, sharing one ServiceError, and it talks HTTP', async () => {
    // Module._load is Node's internal loader, not in its types: the one place a stand-in for 'vscode' can go.
    const moduleLoader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const load = moduleLoader._load;
    const before = (globalThis as Record<symbol, unknown>)[SHARED_KEY];
    // A stand-in for 'vscode': whatever the bundle reads of it at load time is a class.
    const Any = class {};
    const vscode = Object.create(new Proxy({}, { get: (_t, key) => (key === 'then' ? undefined : Any) })) as Record<string, unknown>;
    vscode.l10n = { t: (message: string) => message };
    moduleLoader._load = function (request: string, ...rest: unknown[]) {
      return request === 'vscode' ? vscode : load.call(this, request, ...rest);
    };
    try {
      const servicePath = path.join(dir, 'features', 'service.js');
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loading the built bundle is the test
      require(path.join(dir, 'extension.js'));
      assert.equal(require.cache[servicePath], undefined, 'activation loaded the HTTP client');
      const shared = (globalThis as Record<symbol, Record<string, Record<string, unknown>>>)[SHARED_KEY];
      assert.equal(typeof shared['service/defaultTransport'].createDefaultTransport, 'function');
      assert.ok(require.cache[servicePath], 'the HTTP client was not loaded when asked for');
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle, as src/extension/lazy.ts requires it
      const service = require(servicePath) as { createStandardsService: (options: { baseUrl: string }) => unknown };
      const ServiceError = shared['service/errors'].ServiceError as new () => Error;
      assert.throws(
        () => service.createStandardsService({ baseUrl: 'not a url' }),
        (error) => error instanceof ServiceError,
      );
      // The shims in place of axios' unused parts must leave a client that works: one exchange with a loopback server.
      const server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('bundled'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        // SHARED is typed loosely above; this entry is the bundled src/core/service/defaultTransport.ts.
        const transport = (shared['service/defaultTransport'] as unknown as typeof DefaultTransport).createDefaultTransport('bundles test');
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/probe`;
        const reply = await transport.exchange({ method: 'GET', url, path: '/probe', headers: {}, timeoutMs: 5_000 });
        assert.deepEqual([reply.status, reply.body], [200, 'bundled']);
      } finally {
        server.close();
      }
    } finally {
      moduleLoader._load = load;
      (globalThis as Record<symbol, unknown>)[SHARED_KEY] = before;
    }
  });
});
