/**
 * Runs the integration suite (out/test/integration/index.js) inside a real VS Code extension host:
 *  - desktop VS Code through @vscode/test-electron when one can be had (VSCODE_EXECUTABLE, a previous download
 *    in .vscode-test/, or STANDARDS_EXPLORER_LAUNCHER=electron to download one);
 *  - otherwise code-server + Debian Chromium (the offline launcher), with the workbench's development options;
 *    STANDARDS_EXPLORER_EDITOR=minimum runs it in the code-server of the `engines.vscode` minimum instead.
 * Says which it used; exits non-zero when a test fails or the run does not finish in time.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { REPO, selectedEditor } from './tools';
import { runInWorkbench } from './workbenchRun';

const TESTS = path.join(REPO, 'out', 'test', 'integration', 'index.js');
const TIME_LIMIT_MS = Number(process.env.INTEGRATION_TIME_LIMIT_MS ?? 10 * 60_000);

async function runElectron(): Promise<number> {
  const { runTests } = await import('@vscode/test-electron');
  console.log(`integration launcher: desktop VS Code (@vscode/test-electron${process.env.VSCODE_EXECUTABLE ? `, ${process.env.VSCODE_EXECUTABLE}` : ''})`);
  try {
    await runTests({
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE,
      extensionDevelopmentPath: REPO,
      extensionTestsPath: TESTS,
      launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
    });
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

function runOffline(): Promise<number> {
  return runInWorkbench({ testsPath: TESTS, timeLimitMs: TIME_LIMIT_MS, what: 'integration' });
}

function electronAvailable(): boolean {
  // The minimum VS Code is a code-server of its own: always the offline launcher.
  if (process.env.STANDARDS_EXPLORER_LAUNCHER === 'offline' || selectedEditor().name === 'minimum') return false;
  return Boolean(process.env.VSCODE_EXECUTABLE) || process.env.STANDARDS_EXPLORER_LAUNCHER === 'electron' || existsSync(path.join(REPO, '.vscode-test'));
}

(electronAvailable() ? runElectron() : runOffline())
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error('integration launcher failed:', error instanceof Error ? error.message : error);
    process.exit(2);
  });
