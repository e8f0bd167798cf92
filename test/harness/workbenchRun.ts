/**
 * Runs a module inside a real VS Code's extension host (code-server + Debian Chromium, the workbench's development
 * options): its exported run() is called with the extension loaded from this repository, the host's console comes
 * back here, and the result is run()'s outcome. Used by the integration suite and by the in-editor benches.
 */
import * as path from 'node:path';
import * as util from 'node:util';
import { launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { REPO, checkTools, selectedEditor, type Editor } from './tools';

export interface WorkbenchRunOptions {
  /** The compiled module whose run() the extension host calls (extensionTestsPath). */
  testsPath: string;
  /** Folder opened in the window (default: an empty one). */
  workspace?: string;
  /** Environment of code-server and its extension host. */
  env?: Record<string, string>;
  timeLimitMs: number;
  /** Which VS Code (default: the one STANDARDS_EXPLORER_EDITOR selects). */
  editor?: Editor;
  /** Names what runs, in the launcher line and the timeout message. */
  what: string;
}

/** 0 when run() resolved, 1 when it rejected or did not finish in time. */
export async function runInWorkbench(options: WorkbenchRunOptions): Promise<number> {
  const editor = options.editor ?? selectedEditor();
  checkTools(editor);
  const server = await startCodeServer({ testDriver: true, workspace: options.workspace, env: options.env, editor });
  console.log(
    `${options.what} launcher: offline (code-server ${editor.codeServerVersion}, the ${editor.name} VS Code, on ${server.url}; Debian Chromium); log ${server.logFile}`,
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
      ['extensionTestsPath', remote(options.testsPath)],
    ]);
    await server.login(page.context());
    await page.goto(server.workbenchUrl({ payload }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('timeout'), options.timeLimitMs)));
    const code = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    if (code === 'timeout') {
      console.error(`${options.what}: did not finish within ${Math.round(options.timeLimitMs / 60_000)} min`);
      await page.screenshot({ path: path.join(REPO, 'test-results', `${options.what.replace(/\W+/g, '-')}-timeout.png`) }).catch(() => undefined);
      return 1;
    }
    return code === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}
