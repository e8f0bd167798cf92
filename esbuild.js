// Bundles what the VSIX runs: the extension host code, the parts it loads on first use (src/extension/**/*.lazy.ts), the index
// worker, the pages' scripts (clause page, Connection Doctor) and the local sandbox.
// `--production` minifies (no sourcemaps); otherwise linked sourcemaps for debugging.
// `--watch` rebuilds on change; `--only=extension,service,features,worker,webview,cli,action,sandbox,web` limits the targets.
// Type checking is `tsc` (npm run compile); esbuild only strips types.
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const args = process.argv.slice(2);
const production = args.includes('--production');
const watch = args.includes('--watch');
const onlyArg = args.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : undefined;

/** Prints errors in the shape the `$esbuild-watch` problem matcher reads. */
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/**
 * axios' Node build without what costs every load but is never used (scripts/bundle-shims/README.md says
 * why): its browser (XMLHttpRequest) adapter, its proxy environment helper, its fetch adapter, and the `FormData`
 * global it reads at load time (the last two load Node's fetch implementation, undici, ~20 ms). Fails the build if axios changed under the patch, rather than bundling it unpatched.
 */
const leanAxiosPlugin = {
  name: 'lean-axios',
  setup(build) {
    const inAdapters = (shim) => (args) =>
      /axios[\\/]lib[\\/]adapters$/.test(args.resolveDir) ? { path: path.join(__dirname, 'scripts/bundle-shims', shim) } : undefined;
    build.onResolve({ filter: /^\.\/fetch\.js$/ }, inAdapters('axios-fetch.js'));
    build.onResolve({ filter: /^\.\/xhr\.js$/ }, inAdapters('axios-xhr.js'));
    build.onResolve({ filter: /^\.\.\/helpers\/shouldBypassProxy\.js$/ }, inAdapters('env-proxy.js'));
    build.onLoad({ filter: /axios[\\/]lib[\\/]utils\.js$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      const probe = "const FormDataCtor = typeof G.FormData !== 'undefined' ? G.FormData : undefined;";
      if (!text.includes(probe)) throw new Error(`${args.path} changed: review the lean-axios plugin in esbuild.js`);
      return { contents: text.replace(probe, 'const FormDataCtor = undefined;'), loader: 'js' };
    });
  },
};

/** Packages axios' Node build loads but the extension never uses (scripts/bundle-shims/README.md says why). */
const shims = {
  'form-data': './scripts/bundle-shims/form-data.js',
  'follow-redirects': './scripts/bundle-shims/follow-redirects.js',
  'https-proxy-agent': './scripts/bundle-shims/https-proxy-agent.js',
  'proxy-from-env': './scripts/bundle-shims/env-proxy.js',
  http2: './scripts/bundle-shims/http2.js',
};

/**
 * Parts of the extension loaded on first use: each `src/extension/<folder>/<name>.lazy.ts` (and the document model's
 * math typesetters, src/core/document/mathTypeset.lazy.ts) is a bundle of its own, dist/features/<name>.js, which the file that uses it `require`s on its first call (through core/lifecycle's
 * onFirstUse). `service` (the HTTP client) is built apart, with axios' shims.
 */
const LAZY = ['extension', 'core/document']
  .flatMap((folder) =>
    fs.readdirSync(path.join(__dirname, 'src', folder), { recursive: true }).map((file) => `src/${folder}/${String(file).split(path.sep).join('/')}`),
  )
  .filter((file) => file.endsWith('.lazy.ts'))
  .sort()
  .map((file) => ({ in: file, out: path.basename(file, '.lazy.ts') }));
const SERVICE = LAZY.find((entry) => entry.out === 'service');
const FEATURES = LAZY.filter((entry) => entry !== SERVICE);
for (const entry of LAZY)
  if (LAZY.filter((other) => other.out === entry.out).length > 1) throw new Error(`two parts loaded on first use are named ${entry.out}.lazy.ts: rename one`);
/** Service modules the main bundle keeps and gives to every other bundle, never a copy: SHARED in src/extension/sharedModules.ts. */
const MAIN_SHARED = [
  'service/addresses',
  'service/backoff',
  'service/blockText',
  'service/deadline',
  'service/displayText',
  'service/errors',
  'service/jsonld',
  'service/localFiles',
  'service/privateFiles',
  'service/redact',
  'service/sections',
  'service/sha256',
  'service/timeSlicer',
  'service/urn',
  'service/wholeFile',
  'service/yieldNow',
];
/** Service modules that come with the HTTP client (dist/features/service.js); other features take them from it. */
const SERVICE_SHARED = ['service/auth', 'service/defaultTransport'];

/**
 * A `require('./<name>.lazy')` stays a require, of the bundle beside (dist/features/<name>.js), run on first use;
 * importing such a file (other than `import type`, which esbuild drops) would put it into the importer's bundle.
 * `fromMain`: the main bundle, dist/extension.js, one folder above the parts.
 */
function lazyPartsPlugin(fromMain) {
  return {
    name: 'lazy-parts',
    setup(build) {
      build.onResolve({ filter: /\.lazy$/ }, (args) =>
        args.kind === 'require-call'
          ? { path: `./${fromMain ? 'features/' : ''}${path.basename(args.path)}`.replace(/\.lazy$/, '.js'), external: true }
          : {
              errors: [
                {
                  text: `${path.relative(__dirname, args.importer)} imports ${args.path}: a part loaded on first use is only required (or imported as a type)`,
                },
              ],
            },
      );
    },
  };
}

/**
 * A part loaded on first use takes the service modules from the bundles that own them (see MAIN_SHARED,
 * SERVICE_SHARED), so axios and ServiceError exist once; it never reaches src/extension/sharedModules.ts, which
 * would make a second table of its own copies. `ownsService`: the HTTP client's own bundle, which holds the service
 * modules that are not MAIN_SHARED.
 */
function sharedModulesPlugin(ownsService) {
  return {
    name: 'shared-modules',
    setup(build) {
      build.onResolve({ filter: /\/sharedModules$/ }, (args) =>
        path.resolve(args.resolveDir, args.path) === path.join(__dirname, 'src', 'extension', 'sharedModules')
          ? { errors: [{ text: `${path.relative(__dirname, args.importer)} imports src/extension/sharedModules.ts: only activation does` }] }
          : undefined,
      );
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const file = path
          .relative(path.join(__dirname, 'src', 'core'), path.resolve(args.resolveDir, args.path))
          .split(path.sep)
          .join('/');
        if (!file.startsWith('service/')) return undefined;
        if (MAIN_SHARED.includes(file) || (!ownsService && SERVICE_SHARED.includes(file))) return { path: file, namespace: 'shared' };
        if (ownsService || path.resolve(args.resolveDir).startsWith(path.join(__dirname, 'src', 'core', 'service'))) return undefined;
        return {
          errors: [
            {
              text: `${file} is used by a part loaded on first use but not shared: add it to MAIN_SHARED or SERVICE_SHARED in esbuild.js and SHARED in src/extension/sharedModules.ts`,
            },
          ],
        };
      });
      build.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        contents: `module.exports = globalThis[Symbol.for('standardsExplorer.sharedModules')][${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

/**
 * The command line's parts loaded on first use stay `require`s, each of a bundle of its own beside dist/cli.js (the
 * cli target's other entries): the MCP server, the service's catalogue (the HTTP client), the coverage command, the
 * language server, the math typesetters.
 */
const CLI_PARTS = {
  'src/cli/main.ts': {
    './mcp': './cli-mcp.js',
    './coverage': './cli-coverage.js',
    './fix': './cli-fix.js',
    './lsp': './cli-lsp.js',
    './catalogueExport': './cli-catalogue-export.js',
  },
  'src/cli/catalogue.ts': { './serviceCatalogue': './cli-service.js' },
  // Temml and mathup, with the first AsciiMath or LaTeX formula: the MCP server and the language server share one copy.
  'src/core/document/mathSourceTypeset.ts': { './mathTypeset.lazy': './cli-math.js' },
};
const cliPartsPlugin = {
  name: 'cli-parts',
  setup(build) {
    build.onResolve({ filter: /^\.\/[A-Za-z.]+$/ }, (args) => {
      if (args.kind !== 'require-call') return undefined;
      const part = CLI_PARTS[path.relative(__dirname, args.importer).split(path.sep).join('/')]?.[args.path];
      return part ? { path: part, external: true } : undefined;
    });
  },
};

/**
 * The GitHub Action (dist/action.js) is one file: it runs `check` only, so the command line's parts that `check` never
 * loads (CLI_PARTS of src/cli/main.ts: MCP, coverage…) are left out, each a module that says so if ever required; the
 * service's catalogue (the HTTP client) is bundled in.
 */
const actionPartsPlugin = {
  name: 'action-parts',
  setup(build) {
    build.onResolve({ filter: /^\.\/[A-Za-z]+$/ }, (args) =>
      args.kind === 'require-call' &&
      path.relative(__dirname, args.importer).split(path.sep).join('/') === 'src/cli/main.ts' &&
      CLI_PARTS['src/cli/main.ts'][args.path]
        ? { path: args.path, namespace: 'action-absent' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'action-absent' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not in the action: it runs check only`)});`,
      loader: 'js',
    }));
  },
};

/**
 * `import source from './x?worker'`: the bundle of ./x as text, for a page to start as a Web Worker from a blob: URI
 * (webviews load workers only from blob: or data: URIs, never from the extension's folder).
 */
const workerTextPlugin = {
  name: 'worker-text',
  setup(build) {
    build.onResolve({ filter: /\?worker$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.replace(/\?worker$/, '.ts')),
      namespace: 'worker-text',
    }));
    build.onLoad({ filter: /.*/, namespace: 'worker-text' }, async (args) => {
      const result = await esbuild.build({
        entryPoints: [args.path],
        bundle: true,
        write: false,
        minify: production,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        logLevel: 'silent',
        metafile: true,
      });
      return { contents: result.outputFiles[0].text, loader: 'text', watchFiles: Object.keys(result.metafile.inputs).map((file) => path.resolve(file)) };
    });
  },
};

/**
 * The browser build (package.json `browser`: vscode.dev, github.dev, a web worker extension host) is the desktop's own
 * source with each module below — the only ones that reach Node — replaced by its port for the web (src/web/ports/,
 * each the same exports over what a web worker has: fetch, VS Code's file API, Web Crypto). Everything else is shared.
 */
const WEB_PORTS = {
  'src/core/service/sha256.ts': 'src/web/ports/sha256.ts',
  'src/core/machine.ts': 'src/web/ports/machine.ts',
  'src/core/catalogue/utf8Bytes.ts': 'src/web/ports/utf8Bytes.ts',
  'src/core/service/localFiles.ts': 'src/web/ports/localFiles.ts',
  'src/core/service/defaultTransport.ts': 'src/web/ports/defaultTransport.ts',
  'src/core/service/textCollector.ts': 'src/web/ports/textCollector.ts',
  'src/core/catalogue/segmentThread.ts': 'src/web/ports/segmentThread.ts',
  'src/core/scan/scanThread.ts': 'src/web/ports/scanThread.ts',
  'src/core/scan/fileText.ts': 'src/web/ports/fileText.ts',
  'src/core/agentTools/fileBounds.ts': 'src/web/ports/fileBounds.ts',
  'src/core/safeGit.ts': 'src/web/ports/safeGit.ts',
  'src/core/check/lockfileHold.ts': 'src/web/ports/lockfileHold.ts',
  'src/core/doctor/platformProbes.ts': 'src/web/ports/platformProbes.ts',
  'src/extension/connection/localSandbox.ts': 'src/web/ports/localSandbox.ts',
  'src/extension/sharedModules.ts': 'src/web/ports/sharedModules.ts',
};

/** Node's built-in modules, by name with and without `node:`. */
const NODE_BUILTINS = new Set(require('node:module').builtinModules.flatMap((name) => [name, `node:${name}`]));

/**
 * The web target's resolution: a module in WEB_PORTS is its port; a part loaded on first use (`require('./x.lazy')`)
 * is bundled in (one bundle: a web worker has no `require` of files); a Node built-in stops the build, naming who
 * imports it — the web bundle has none (test/unit/webBundle.test.ts).
 */
const webPortsPlugin = {
  name: 'web-ports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (NODE_BUILTINS.has(args.path))
        return {
          errors: [
            {
              text: `${path.relative(__dirname, args.importer)} imports ${args.path}, a Node built-in: the browser build has none. Give the module a port for the web (WEB_PORTS in esbuild.js).`,
            },
          ],
        };
      if (!/^\.\.?\//.test(args.path) || args.kind === 'entry-point') return undefined;
      const target = path.resolve(args.resolveDir, args.path);
      const relative = path.relative(__dirname, target).split(path.sep).join('/');
      const port = WEB_PORTS[`${relative}.ts`];
      if (port) return { path: path.join(__dirname, port) };
      if (/\.lazy$/.test(args.path)) return { path: `${target}.ts` };
      return undefined;
    });
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  plugins: watch ? [problemMatcherPlugin] : [],
};

const targets = {
  extension: {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, lazyPartsPlugin(true)],
  },
  // The HTTP client (axios, lean: see the shims) and the service layer over it, loaded with the first request.
  service: {
    ...common,
    entryPoints: [SERVICE.in],
    outfile: 'dist/features/service.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // axios probes `navigator` to detect a browser; in VS Code's extension host that probe logs a migration
    // error. The extension host is Node: there is no navigator to find.
    define: { navigator: 'undefined' },
    alias: shims,
    plugins: [...common.plugins, leanAxiosPlugin, lazyPartsPlugin(false), sharedModulesPlugin(true)],
  },
  features: {
    ...common,
    entryPoints: FEATURES,
    outdir: 'dist/features',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, lazyPartsPlugin(false), sharedModulesPlugin(false)],
  },
  // The worker threads, each found beside the part that starts it: the catalogue index's (src/core/catalogue/segmentThread.ts)
  // and the References view scan's (src/core/scan/scanThread.ts).
  worker: {
    ...common,
    entryPoints: [
      { in: 'src/core/catalogue/segmentWorker.ts', out: 'segmentWorker' },
      { in: 'src/core/scan/scanWorker.ts', out: 'scanWorker' },
    ],
    outdir: 'dist/features',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
  // The pages' scripts: the clause page, and the Connection Doctor's report.
  webview: {
    ...common,
    entryPoints: [
      { in: 'src/webview/page/main.ts', out: 'clause' },
      { in: 'src/webview/page/doctor.ts', out: 'doctor' },
    ],
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    plugins: [...common.plugins, workerTextPlugin],
  },
  // The command line (`standards-explorer check`, package.json `bin`): the core with its HTTP client, for Node.
  cli: {
    ...common,
    // Parts of their own, loaded on first use (CLI_PARTS): `check` against a catalogue file loads none of them.
    entryPoints: [
      { in: 'src/cli.ts', out: 'cli' },
      { in: 'src/cli/mcp.ts', out: 'cli-mcp' },
      { in: 'src/cli/serviceCatalogue.ts', out: 'cli-service' },
      { in: 'src/cli/coverage.ts', out: 'cli-coverage' },
      { in: 'src/cli/fix.ts', out: 'cli-fix' },
      { in: 'src/cli/catalogueExport.ts', out: 'cli-catalogue-export' },
      { in: 'src/cli/lsp/index.ts', out: 'cli-lsp' },
      { in: 'src/core/document/mathTypeset.lazy.ts', out: 'cli-math' },
    ],
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    define: { navigator: 'undefined', CLI_VERSION: JSON.stringify(require('./package.json').version) },
    alias: shims,
    plugins: [...common.plugins, leanAxiosPlugin, cliPartsPlugin],
  },
  // The GitHub Action (action.yml): `check` in-process, the service's client included; not shipped in the VSIX or npm.
  action: {
    ...common,
    entryPoints: [{ in: 'src/action.ts', out: 'action' }],
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    define: { navigator: 'undefined', CLI_VERSION: JSON.stringify(require('./package.json').version) },
    alias: shims,
    plugins: [...common.plugins, leanAxiosPlugin, actionPartsPlugin],
  },
  // The browser entry (package.json `browser`): the same source as `extension`, with the web ports, in one bundle.
  web: {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/web/extension.js',
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
    conditions: ['worker', 'browser'],
    external: ['vscode'],
    plugins: [...common.plugins, webPortsPlugin],
  },
  sandbox: {
    ...common,
    entryPoints: ['sandbox/cli.ts'],
    outfile: 'dist/sandbox.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  },
};

async function main() {
  const names = Object.keys(targets).filter((name) => !only || only.includes(name));
  const contexts = await Promise.all(names.map((name) => esbuild.context(targets[name])));
  if (watch) {
    await Promise.all(contexts.map((ctx) => ctx.watch()));
    return;
  }
  try {
    await Promise.all(contexts.map((ctx) => ctx.rebuild()));
  } finally {
    await Promise.all(contexts.map((ctx) => ctx.dispose()));
  }
}

// Required by bench/bundle.ts for the same options; run as a script, it builds.
module.exports = { targets, FEATURES, shims, WEB_PORTS };
if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
