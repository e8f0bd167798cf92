/**
 * A loopback page whose one script is a module bundled for the browser (an IIFE under `globalName`, as esbuild makes
 * it with `platform: 'browser'`: a Node built-in anywhere in what it imports fails the build): what the Chromium tests
 * of the fetch transport and of CORS load, then call through `window[globalName]`.
 */
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { startOddServer, type OddServer } from '../oddServer';

const REPO = path.resolve(__dirname, '../../../..');

export interface ScriptSite {
  bundle: esbuild.BuildResult & { metafile: esbuild.Metafile; outputFiles: esbuild.OutputFile[] };
  site: OddServer;
}

export async function scriptSite(entry: string, globalName: string): Promise<ScriptSite> {
  const bundle = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: REPO,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0].text;
  const site = await startOddServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><script>${script}</script>`);
  });
  return { bundle, site };
}
