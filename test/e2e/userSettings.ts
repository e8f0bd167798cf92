/**
 * Endpoint settings a user wrote before VS Code started count in a remote window. code-server is one (the workbench
 * runs in the browser, the extension host on the server, as with Remote-SSH, WSL or a container): the base URL goes
 * into the User settings file and the token URL into the Remote settings file (where Sign In wrote endpoints in a
 * remote window while they were `machine`-scoped: values stored then must still count). Sign In must then ask for the
 * client credentials only, and the Standards view must list the sandbox's standards.
 *
 * Runs in the current VS Code and in the `engines.vscode` minimum, with the extension installed from the VSIX and a
 * sandbox started here (its credentials typed as a person would). Prints "user settings: N passed, N failed".
 * Run: npm run compile && npm run package && node out/test/e2e/userSettings.js
 */
import { existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { startSandbox } from '../../sandbox/index';
import { launchBrowser } from '../harness/browser';
import { startCodeServer } from '../harness/codeServer';
import { REPO, checkTools, editors, type Editor } from '../harness/tools';
import { STEP_TIMEOUT, runScript, signInWithSettingsAlreadyThere } from './workbench';

const RESULTS = path.join(REPO, 'test-results');
const VSIX = path.join(REPO, 'dist', 'standards-explorer.vsix');

async function runIn(editor: Editor): Promise<boolean> {
  checkTools(editor);
  const sandbox = await startSandbox({ standards: 40, seed: 5 });
  const server = await startCodeServer({
    vsix: VSIX,
    editor,
    settings: { 'standardsExplorer.baseUrl': sandbox.baseUrl },
    remoteSettings: { 'standardsExplorer.tokenUrl': sandbox.tokenUrl },
  });
  const browser = await launchBrowser();
  const shot = path.join(RESULTS, `user-settings-${editor.name}.png`);
  const started = Date.now();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
    try {
      await server.login(page.context());
      await page.goto(server.workbenchUrl());
      await page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT });
      await signInWithSettingsAlreadyThere(page, sandbox);
      await page.screenshot({ path: shot });
      console.log(
        `  ✔ Sign In in code-server ${editor.codeServerVersion} asks only for the credentials; the tree lists standards (${Date.now() - started} ms)`,
      );
      return true;
    } catch (error) {
      await page.screenshot({ path: shot.replace('.png', '-FAILED.png') }).catch(() => undefined);
      console.log(`  ✘ code-server ${editor.codeServerVersion}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      console.log(`    screenshot in ${RESULTS}, code-server log ${server.logFile}`);
      return false;
    }
  } finally {
    await browser.close();
    await server.stop();
    await sandbox.close();
  }
}

async function main(): Promise<number> {
  if (!existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package first`);
  mkdirSync(RESULTS, { recursive: true });
  // Both VS Codes at the same time: each its own sandbox, code-server and browser; both mostly wait on the workbench.
  const results = await Promise.all([editors.current, editors.minimum].map((editor) => runIn(editor)));
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`user settings: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

runScript('user settings', main);
