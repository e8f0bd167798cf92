/**
 * The extension bundle: the minified size of dist/extension.js and of each feature bundle loaded on first use
 * (src/extension/<folder>/<name>.lazy.ts → dist/features/<name>.js), what each package contributes to each (esbuild's metafile), and the time to
 * `require` the main bundle (what activation loads), alone and followed by the HTTP client's bundle (what the first
 * request adds), next to a baseline built in the same run the way it was before: one bundle with everything, axios
 * loaded with it and with all its Node dependencies (form-data, follow-redirects, https-proxy-agent, http2, its
 * fetch adapter). Also the browser entry's one bundle (dist/web/extension.js) beside the desktop's together. Options come
 * from esbuild.js itself. Prints; asserts nothing.
 * Run: npm run compile && node out/bench/bundle.js
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { record } from './results';

const REPO = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.js is plain CommonJS, the build's own options
const { targets } = require(path.join(REPO, 'esbuild.js')) as { targets: Record<string, esbuild.BuildOptions> };

interface Bundle {
  file: string;
  bytes: number;
  byPackage: Map<string, number>;
}

function byPackage(inputs: Record<string, { bytesInOutput: number }>): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const name =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ??
      (input.startsWith('scripts/bundle-shims') ? '(shims)' : input.startsWith('shared:') ? '(from the main bundle)' : '(own code)');
    sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
  }
  return sizes;
}

/** Builds `options` minified into `dir`; one Bundle per output file. */
async function build(options: esbuild.BuildOptions, dir: string): Promise<Bundle[]> {
  const out = options.outdir ? { outdir: dir } : { outfile: path.join(dir, path.basename(options.outfile ?? 'out.js')) };
  const { outfile: _outfile, outdir: _outdir, ...rest } = options;
  void _outfile;
  void _outdir;
  const result = await esbuild.build({ ...rest, ...out, absWorkingDir: REPO, minify: true, sourcemap: false, metafile: true, logLevel: 'error' });
  return Object.entries(result.metafile.outputs).map(([file, output]) => ({
    file: path.resolve(REPO, file),
    bytes: fs.statSync(path.resolve(REPO, file)).size,
    byPackage: byPackage(output.inputs),
  }));
}

const RUNS = process.argv.includes('--quick') ? 3 : 7;

/** Median of RUNS times to `require` the files in turn in fresh processes, with a stand-in for the `vscode` module. */
function requireMs(...files: string[]): number {
  const probe = `
    const Module = require('module'); const load = Module._load; const Any = class {};
    // Whatever the bundle reads of 'vscode' at load time is a class: inherited from a proxy, so esbuild's ESM
    // wrapper (which copies own names, then falls back to the prototype) finds every name.
    const stub = Object.create(new Proxy({}, { get: (t, k) => (k === 'then' ? undefined : Any) }));
    stub.l10n = { t: (s) => s };
    Module._load = function (r) { return r === 'vscode' ? stub : load.apply(this, arguments); };
    const t = process.hrtime.bigint(); for (const file of ${JSON.stringify(files)}) require(file); console.log(Number(process.hrtime.bigint() - t) / 1e6);`;
  const times = Array.from({ length: RUNS }, () => Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim()));
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

function printPackages(title: string, sizes: Map<string, number>): void {
  const rows = [...sizes].filter(([, bytes]) => bytes >= 512).sort((a, b) => b[1] - a[1]);
  console.log(`  ${title}: ${rows.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`);
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-bundle-'));
  try {
    const [main] = await build(targets.extension, path.join(dir, 'ours'));
    const [service] = await build(targets.service, path.join(dir, 'ours', 'features'));
    const features = await build(targets.features, path.join(dir, 'ours', 'features'));
    // The browser entry (package.json `browser`): everything in one bundle, fetch in place of axios (esbuild.js `web`).
    const [web] = await build(targets.web, path.join(dir, 'web'));
    const desktopBytes = main.bytes + service.bytes + features.reduce((sum, f) => sum + f.bytes, 0);
    // The HTTP client loaded with the extension, as before it was a feature of its own (the other features stay
    // behind esbuild's lazy `require` wrappers, as they were).
    const eager = "require('./src/extension/connection/service.lazy');\nmodule.exports = require('./src/extension');\n";
    const [baseline] = await build(
      {
        ...targets.extension,
        entryPoints: undefined,
        stdin: { contents: eager, resolveDir: REPO, sourcefile: 'baseline.js', loader: 'js' },
        define: targets.service.define,
        alias: {},
        plugins: [],
        outfile: 'extension.js',
      },
      path.join(dir, 'baseline'),
    );
    console.log(`dist/extension.js minified: ${kb(main.bytes)} (baseline, one bundle with all of axios' Node build: ${kb(baseline.bytes)})`);
    console.log(`  dist/features/service.js: ${kb(service.bytes)}, the HTTP client, loaded with the first request`);
    for (const f of features) console.log(`  dist/features/${path.basename(f.file)}: ${kb(f.bytes)}, loaded on first use`);
    console.log(`dist/web/extension.js minified (the browser entry, one bundle): ${kb(web.bytes)} (the desktop's bundles together: ${kb(desktopBytes)})`);
    const [oursMs, withServiceMs, baselineMs] = [requireMs(main.file), requireMs(main.file, service.file), requireMs(baseline.file)];
    console.log(`require(dist/extension.js): ${oursMs.toFixed(1)} ms (baseline ${baselineMs.toFixed(1)} ms), median of ${RUNS} fresh processes`);
    console.log(`  and then dist/features/service.js, as the first request does: ${withServiceMs.toFixed(1)} ms together`);
    console.log('what each package contributes (esbuild metafile):');
    printPackages('dist/extension.js', main.byPackage);
    printPackages('features/service.js', service.byPackage);
    for (const f of features) printPackages(`features/${path.basename(f.file)}`, f.byPackage);
    printPackages('baseline', baseline.byPackage);
    printPackages('web/extension.js', web.byPackage);
    record({
      bundleBytes: {
        what: 'dist/extension.js minified',
        unit: 'bytes',
        ours: main.bytes,
        baseline: baseline.bytes,
        baselineWhat: "one bundle, all of axios' Node build",
        ratio: main.bytes / baseline.bytes,
      },
      webBundleBytes: {
        what: 'dist/web/extension.js minified: the browser entry, everything in one bundle',
        unit: 'bytes',
        ours: web.bytes,
        baseline: desktopBytes,
        baselineWhat: "the desktop entry's bundles together (main, HTTP client, parts loaded on first use)",
        ratio: web.bytes / desktopBytes,
      },
      serviceBundleBytes: {
        what: 'dist/features/service.js minified: axios and the service layer, loaded with the first request',
        unit: 'bytes',
        ours: service.bytes,
      },
      lazyBundleBytes: {
        what: `feature bundles loaded on first use (${features.map((f) => path.basename(f.file, '.js')).join(', ')}), together`,
        unit: 'bytes',
        ours: features.reduce((sum, f) => sum + f.bytes, 0),
      },
      requireMs: {
        what: `require(dist/extension.js), median of ${RUNS} fresh processes`,
        unit: 'ms',
        ours: oursMs,
        baseline: baselineMs,
        baselineWhat: "one bundle, all of axios' Node build",
        ratio: oursMs / baselineMs,
      },
      requireWithServiceMs: {
        what: `require(dist/extension.js) and then dist/features/service.js (the first request), median of ${RUNS}`,
        unit: 'ms',
        ours: withServiceMs,
        baseline: baselineMs,
        baselineWhat: "one bundle, all of axios' Node build",
        ratio: withServiceMs / baselineMs,
      },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
