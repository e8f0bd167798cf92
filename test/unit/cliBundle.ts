/** dist/cli.js and its parts (dist/cli-*.js) built with esbuild.js's own options into `dir`, as a user runs them; returns cli.js. */
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const REPO = path.resolve(__dirname, '../../..');
/** The command-line tests' catalogue file (`--catalogue`): a few real records. */
export const CATALOGUE = path.join(REPO, 'test/fixtures/cli/catalogue.jsonl');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- esbuild.js is plain CommonJS, the build's own options
const { targets } = require(path.join(REPO, 'esbuild.js')) as { targets: Record<string, esbuild.BuildOptions> };

export async function buildCli(dir: string): Promise<string> {
  const { outdir: _outdir, ...options } = targets.cli;
  await esbuild.build({ ...options, outdir: dir, absWorkingDir: REPO, sourcemap: false, logLevel: 'error' });
  return path.join(dir, 'cli.js');
}
