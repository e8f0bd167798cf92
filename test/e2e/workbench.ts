/** What the e2e scripts do in the workbench as a person would: the Standards view, its rows, the command palette. */
import type { Browser, Page } from 'playwright-core';
import type { CodeServer } from '../harness/codeServer';

export const STEP_TIMEOUT = 60_000;

/** A new page of `server`'s workbench at 1400×900 (the size issue 51 measured), logged in and loaded. */
export async function openWorkbench(browser: Browser, server: CodeServer): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await server.login(page.context());
  await page.goto(server.workbenchUrl());
  await page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT });
  return page;
}

export const view = (page: Page) =>
  page
    .locator('.pane')
    .filter({ has: page.locator('.pane-header', { hasText: 'Standards' }) })
    .first();
/** The first row of the Standards view with the text; with `expanded`, only while it is open ('true') or closed ('false'). */
export const treeRow = (page: Page, text: string | RegExp, expanded?: 'true' | 'false') =>
  view(page)
    .locator(expanded ? `.monaco-list-row[aria-expanded="${expanded}"]` : '.monaco-list-row', { hasText: text })
    .first();

/** Says which wait failed: playwright's message names the call ("locator.waitFor") but not what it waited for. */
export async function labelled<T>(what: string, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Escape, and wait until the quick input has faded out: a screenshot taken meanwhile shows it half over the editor. */
export async function closeQuickInput(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').first().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
}

export async function runCommand(page: Page, title: string): Promise<void> {
  const input = page.locator('.quick-input-widget input').first();
  // F1 can be swallowed while a page (walkthrough, webview) is taking the focus, and the palette closed again as the
  // page takes it just after it opened (seen once, after the Connection Doctor's page): ask again, a few times.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    try {
      const timeout = attempt < 4 ? 5_000 : STEP_TIMEOUT;
      await input.waitFor({ state: 'visible', timeout });
      await input.fill(`>${title}`, { timeout });
      break;
    } catch (error) {
      if (attempt >= 4) throw error;
      await page.waitForTimeout(500);
    }
  }
  // The row whose label is exactly the title (not "File: Compare New Untitled…" and the like).
  const row = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) })
    .first();
  await row.waitFor({ timeout: STEP_TIMEOUT });
  await row.click();
}

/**
 * Runs an e2e script's main() as its process: exits with its code, or with 2 after a "<label>: 0 passed, 1 failed"
 * line when it could not run (test-all.sh counts that line).
 */
export function runScript(label: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${label} failed to run:`, error instanceof Error ? error.message : error);
      console.log(`${label}: 0 passed, 1 failed`);
      process.exit(2);
    },
  );
}
