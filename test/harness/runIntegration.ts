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
import * as util from 'node:util';
import { launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { REPO, checkTools, selectedEditor } from './tools';

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

async function runOffline(): Promise<number> {
  const editor = selectedEditor();
  checkTools(editor);
  const server = await startCodeServer({ testDriver: true, editor });
  console.log(
    `integration launcher: offline (code-server ${editor.codeServerVersion}, the ${editor.name} VS Code, on ${server.url}; Debian Chromium); log ${server.logFile}`,
  );
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    let finish: (code: number | string) => void = () => undefined;
    const exited = new Promise<number | string>((resolve) => (finish = resolve));
    // The workbench forwards the extension host's console here and calls codeAutomationExit(code) at the end.
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const line = util.format(...(args ?? []));
      if (/^%c/.test(line) || /ENOTFOUND|open-vsx|vsda|ERR_NAME_NOT_RESOLVED/.test(line)) return;
      // The workbench's own connection chatter.
      if (/^(Resolving connection token|Resolved connection token|Creating a socket|\[AgentHost|\[AccountPolicyGate)/.test(line)) return;
      if (type === 'error' || type === 'warn' || type === 'log' || type === 'info') console.log(line);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => finish(code));
    const remote = (p: string): string => `vscode-remote://${server.host}${p}`;
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remote(REPO)],
      ['extensionTestsPath', remote(TESTS)],
    ]);
    await page.goto(server.workbenchUrl({ payload }));
    const timer = new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), TIME_LIMIT_MS));
    const code = await Promise.race([exited, timer]);
    if (code === 'timeout') {
      console.error(`integration: the suite did not finish within ${TIME_LIMIT_MS / 60_000} min`);
      await page.screenshot({ path: path.join(REPO, 'test-results', 'integration-timeout.png') }).catch(() => undefined);
      return 1;
    }
    return code === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await server.stop();
  }
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
