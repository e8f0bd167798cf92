/**
 * A real VS Code in the browser running extensions in its **web worker extension host**, as vscode.dev and github.dev
 * run every extension: code-server (test/harness/codeServer.ts) with the extensions named forced to the browser side
 * by the user setting `remote.extensionKind` {"<publisher>.<name>": ["web"]}. code-server's workbench then picks the
 * local web worker host for an extension with a `browser` entry even when it also has `main` and is installed on the
 * server (its schema lists only "ui" and "workspace", but the workbench reads the value as given: "web" is one of
 * VS Code's own extension kinds). Without the setting such an extension runs in the server's Node extension host.
 *
 * Also: the workbench's own word on where an extension runs (Developer: Show Running Extensions), and a tiny
 * fixture extension (test/fixtures/web-probe) that says from inside which host loaded it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startCodeServer, type CodeServer, type CodeServerOptions } from './codeServer';
import { REPO } from './tools';
import { STEP_TIMEOUT, labelled, openWorkbench, runCommand } from '../e2e/workbench';

/** The fixture web extension: one file for `main` and `browser`, so only the workbench decides where it runs. */
export const WEB_PROBE_ID = 'standards-explorer-tests.web-probe';
/** The probe's status bar item: "web-probe: web worker", or "web-probe: node 22.x" in the Node extension host. */
export const WEB_PROBE_STATUS = 'web-probe:';

export interface WebHostOptions extends CodeServerOptions {
  /** Extensions (`publisher.name`) forced into the web worker extension host. */
  webExtensions: readonly string[];
}

export interface WebHost {
  server: CodeServer;
  browser: Browser;
  /** The workbench at 1400×900, logged in and loaded. */
  page: Page;
  stop(): Promise<void>;
}

/** The user setting that puts each extension named in the browser's web worker extension host. */
export function webExtensionKinds(ids: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(ids.map((id) => [id, ['web']]));
}

/** code-server with `webExtensions` in the web worker host, Chromium, and the workbench open in it. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { webExtensions, ...rest } = options;
  const server = await startCodeServer({
    ...rest,
    settings: { ...rest.settings, 'remote.extensionKind': webExtensionKinds(webExtensions) },
  });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const page = await openWorkbench(browser, server);
    const opened = browser;
    return {
      server,
      browser,
      page,
      async stop() {
        await opened.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/** Packs test/fixtures/web-probe as a VSIX in a temporary folder (vsce walks its whole folder); returns its path. */
export function buildWebProbeVsix(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'se-web-probe-'));
  cpSync(path.join(REPO, 'test', 'fixtures', 'web-probe'), dir, { recursive: true });
  const vsix = path.join(dir, 'web-probe.vsix');
  execFileSync(path.join(REPO, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '-o', vsix], {
    cwd: dir,
    stdio: 'pipe',
  });
  return vsix;
}

/** What the probe's status bar item says, once it shows. */
export async function probeSays(page: Page): Promise<string> {
  const item = page.locator('.statusbar-item', { hasText: WEB_PROBE_STATUS }).first();
  await labelled("the web probe's status bar item", item.waitFor({ timeout: STEP_TIMEOUT }));
  return (await item.innerText()).trim();
}

/** Where the workbench says an extension runs: its host as Developer: Show Running Extensions lists it. */
export interface RunningHost {
  /** The row's host text: "web worker" for the browser's web worker host, the server's address for its Node host. */
  label: string;
  /** The row's icon: the globe of the web worker host, the remote of the server's. */
  icon: 'globe' | 'remote' | 'none';
}

/**
 * Opens Developer: Show Running Extensions (the workbench's own list of what each extension host runs) and reads the
 * row of the extension shown as `displayName`, scrolling the list until it shows. The editor stays open (for a picture).
 */
export async function runningHost(page: Page, displayName: string): Promise<RunningHost> {
  await runCommand(page, 'Developer: Show Running Extensions');
  const list = page.locator('.runtime-extensions-editor .monaco-list').first();
  await labelled('the Running Extensions list', list.locator('.monaco-list-row').first().waitFor({ timeout: STEP_TIMEOUT }));
  const row = list
    .locator('.monaco-list-row', { has: page.locator('.name', { hasText: new RegExp(`^${displayName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) })
    .first();
  // The list draws only the rows in sight: moved down a page at a time until the extension's row is drawn.
  await list.locator('.monaco-list-row').first().click();
  const shown = new Set<string>();
  for (let pages = 0; !(await row.count()); pages++) {
    for (const name of await list.locator('.monaco-list-row .name').allInnerTexts()) shown.add(name);
    if (pages > 20) throw new Error(`"${displayName}" is not among the running extensions (${[...shown].join(', ')})`);
    await page.keyboard.press('PageDown');
  }
  await row.scrollIntoViewIfNeeded();
  const message = row.locator('.msg').first();
  const label = (await message.innerText()).trim();
  const icon = (await message.locator('.codicon-globe').count()) ? 'globe' : (await message.locator('.codicon-remote').count()) ? 'remote' : 'none';
  return { label, icon };
}

/** Closes the Running Extensions editor (VS Code 1.139 shows it over the workbench, closed with Escape). */
export async function closeRunningExtensions(page: Page): Promise<void> {
  const editor = page.locator('.runtime-extensions-editor').first();
  await page.keyboard.press('Escape');
  if (
    await editor.waitFor({ state: 'detached', timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    return;
  await runCommand(page, 'View: Close Editor');
  await labelled('the Running Extensions editor closed', editor.waitFor({ state: 'detached', timeout: STEP_TIMEOUT }));
}
