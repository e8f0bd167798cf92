/**
 * Another extension, installed beside Standards Explorer in the e2e editor (the packaged VSIX, so a production
 * ExtensionMode): its one command activates Standards Explorer, walks what `getExtension(…).exports` gives
 * (every property, function results left alone) and writes what it found to a file. The e2e step reads the file:
 * nothing that leads to the session, the credentials, a secret or a token.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO } from '../harness/tools';

export const PROBE_COMMAND_TITLE = 'Exports Probe: Read Standards Explorer Exports';

/** What the probe writes: the type of the exports, every property path it reached, every string it saw. */
export interface ProbeReport {
  type: string;
  paths: string[];
  strings: string[];
}

const PROBE_SOURCE = `
const vscode = require('vscode');
const fs = require('fs');
exports.activate = (context) => {
  context.subscriptions.push(vscode.commands.registerCommand('exportsProbe.read', async () => {
    const extension = vscode.extensions.getExtension('standards-explorer.standards-explorer');
    const exported = extension ? await extension.activate() : undefined;
    const report = { type: exported === null ? 'null' : typeof exported, paths: [], strings: [] };
    const seen = new Set();
    const walk = (value, at, depth) => {
      if (typeof value === 'string') report.strings.push(value);
      if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value) || depth > 8) return;
      seen.add(value);
      let keys = [];
      try { keys = Reflect.ownKeys(value); } catch { return; }
      for (let proto = Object.getPrototypeOf(value); proto && proto !== Object.prototype && proto !== Function.prototype; proto = Object.getPrototypeOf(proto))
        keys.push(...Reflect.ownKeys(proto));
      for (const key of new Set(keys)) {
        if (typeof key !== 'string' || key === 'constructor') continue;
        report.paths.push(at + '.' + key);
        let child;
        try { child = value[key]; } catch { continue; }
        walk(child, at + '.' + key, depth + 1);
      }
    };
    walk(exported, 'exports', 0);
    fs.writeFileSync(process.env.STANDARDS_PROBE_OUT, JSON.stringify(report));
  }));
};
`;

/** Packs the probe extension as a VSIX (vsce, from the project's devDependencies); returns its path. */
export function buildProbeVsix(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'se-exports-probe-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'exports-probe',
      displayName: 'Exports Probe',
      publisher: 'standards-explorer-tests',
      version: '0.0.1',
      license: 'MIT',
      engines: { vscode: '^1.100.0' },
      main: './extension.js',
      activationEvents: ['onCommand:exportsProbe.read'],
      contributes: { commands: [{ command: 'exportsProbe.read', title: PROBE_COMMAND_TITLE }] },
    }),
  );
  writeFileSync(path.join(dir, 'extension.js'), PROBE_SOURCE);
  writeFileSync(path.join(dir, 'README.md'), 'Test-only: reads what Standards Explorer exports to other extensions.\n');
  writeFileSync(path.join(dir, 'LICENSE'), 'MIT\n');
  const vsix = path.join(dir, 'exports-probe.vsix');
  execFileSync(path.join(REPO, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '-o', vsix], {
    cwd: dir,
    stdio: 'pipe',
  });
  return vsix;
}
