/**
 * Localisation in one command.
 *   npm run l10n        moves package.json's shown text into package.nls.json (%key%), regenerates
 *                       l10n/bundle.l10n.json from src/ with @vscode/l10n-dev, then checks (as below)
 *   npm run l10n:check  lists what is missing: manifest text not in package.nls.json, text in src/ shown without
 *                       l10n.t, a stale bundle, and for each translation (package.nls.<lang>.json,
 *                       l10n/bundle.l10n.<lang>.json) the keys with no translation. Exits 1 when anything is.
 *   node out/scripts/l10n.js bundle   only regenerates the bundle (the VSIX build runs this)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { externalise, type Json } from './l10n/manifest';
import { BUNDLE, describe, extractBundle, l10nProblems, readJson } from './l10n/project';

const REPO = path.resolve(__dirname, '../..');

const writeJson = (file: string, value: unknown): void => fs.writeFileSync(path.join(REPO, file), `${JSON.stringify(value, null, 2)}\n`);

async function bundle(): Promise<void> {
  const extracted = await extractBundle(REPO);
  fs.mkdirSync(path.join(REPO, path.dirname(BUNDLE)), { recursive: true });
  writeJson(BUNDLE, extracted);
  console.log(`${BUNDLE}: ${Object.keys(extracted).length} strings`);
}

function manifest(): void {
  const pkg = readJson<{ [key: string]: Json }>(REPO, 'package.json') ?? {};
  const result = externalise(pkg, readJson<Record<string, string>>(REPO, 'package.nls.json') ?? {});
  if (result.written.length) {
    writeJson('package.json', pkg);
    writeJson('package.nls.json', result.nls);
  }
  console.log(`package.nls.json: ${result.written.length ? `added ${result.written.join(', ')}` : 'nothing new in package.json'}`);
}

async function check(): Promise<number> {
  const problems = await l10nProblems(REPO);
  if (!problems.length) {
    console.log('l10n: complete (every string localised, every translation has every key)');
    return 0;
  }
  console.log(describe(problems));
  console.log(`\nl10n: ${problems.reduce((n, p) => n + p.items.length, 0)} problems`);
  return 1;
}

async function main(): Promise<number> {
  const command = process.argv[2] ?? 'all';
  if (command === 'bundle') return bundle().then(() => 0);
  if (command === 'check') return check();
  if (command === 'all') {
    manifest();
    await bundle();
    return check();
  }
  console.error(`unknown command ${command}: all | bundle | check`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('l10n failed:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
