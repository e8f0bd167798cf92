/**
 * The extension bundle: its minified size, what each package contributes (esbuild's metafile), and the time to
 * `require` it, next to a baseline built in the same run without the bundle shims (axios with form-data,
 * follow-redirects and https-proxy-agent, as before). Prints; asserts nothing.
 * Run: npm run compile && node out/bench/bundle.js
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { record } from './results';

const REPO = path.resolve(__dirname, '../..');
const SHIMS = ['form-data', 'follow-redirects', 'https-proxy-agent'];

async function bundle(withShims: boolean): Promise<{ bytes: number; file: string; byPackage: Map<string, number> }> {
  const file = path.join(os.tmpdir(), `se-bundle-${withShims ? 'shims' : 'plain'}-${process.pid}.js`);
  const result = await esbuild.build({
    absWorkingDir: REPO,
    entryPoints: ['src/extension.ts'],
    outfile: file,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    define: { navigator: 'undefined' },
    alias: withShims ? Object.fromEntries(SHIMS.map((name) => [name, `./scripts/bundle-shims/${name}.js`])) : {},
    metafile: true,
    logLevel: 'error',
  });
  const byPackage = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? (input.startsWith('scripts/bundle-shims') ? '(shims)' : '(own code)');
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  return { bytes: fs.statSync(file).size, file, byPackage };
}

const RUNS = process.argv.includes('--quick') ? 3 : 7;

/** Median of RUNS `require` times in fresh processes, with a stand-in for the `vscode` module. */
function requireMs(file: string): number {
  const probe = `
    const Module = require('module'); const load = Module._load; const Any = class {};
    // Whatever the bundle reads of 'vscode' at load time is a class: inherited from a proxy, so esbuild's ESM
    // wrapper (which copies own names, then falls back to the prototype) finds every name.
    const stub = Object.create(new Proxy({}, { get: (t, k) => (k === 'then' ? undefined : Any) }));
    stub.l10n = { t: (s) => s };
    Module._load = function (r) { return r === 'vscode' ? stub : load.apply(this, arguments); };
    const t = process.hrtime.bigint(); require(${JSON.stringify(file)}); console.log(Number(process.hrtime.bigint() - t) / 1e6);`;
  const times = Array.from({ length: RUNS }, () => Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim()));
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

async function main(): Promise<void> {
  const ours = await bundle(true);
  const baseline = await bundle(false);
  try {
    const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `dist/extension.js minified: ${kb(ours.bytes)} (baseline without the shims: ${kb(baseline.bytes)}, ${(baseline.bytes / ours.bytes).toFixed(2)}×)`,
    );
    const [oursMs, baselineMs] = [requireMs(ours.file), requireMs(baseline.file)];
    console.log(`require(): ${oursMs.toFixed(1)} ms (baseline ${baselineMs.toFixed(1)} ms), median of ${RUNS}`);
    record({
      bundleBytes: {
        what: 'dist/extension.js minified',
        unit: 'bytes',
        ours: ours.bytes,
        baseline: baseline.bytes,
        baselineWhat: 'axios with all its Node dependencies',
        ratio: ours.bytes / baseline.bytes,
      },
      requireMs: {
        what: 'require(dist/extension.js), median of 7 fresh processes',
        unit: 'ms',
        ours: oursMs,
        baseline: baselineMs,
        baselineWhat: 'axios with all its Node dependencies',
        ratio: oursMs / baselineMs,
      },
    });
    console.log('what each package contributes (ours | baseline):');
    const names = [...new Set([...ours.byPackage.keys(), ...baseline.byPackage.keys()])].sort(
      (a, b) => (baseline.byPackage.get(b) ?? 0) - (baseline.byPackage.get(a) ?? 0),
    );
    for (const name of names.filter((n) => (baseline.byPackage.get(n) ?? 0) + (ours.byPackage.get(n) ?? 0) >= 1024)) {
      console.log(`  ${name.padEnd(22)} ${kb(ours.byPackage.get(name) ?? 0).padStart(9)} | ${kb(baseline.byPackage.get(name) ?? 0).padStart(9)}`);
    }
  } finally {
    fs.rmSync(ours.file, { force: true });
    fs.rmSync(baseline.file, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
