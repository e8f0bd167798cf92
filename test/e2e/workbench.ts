/** What the e2e scripts do in the workbench as a person would: the Standards view, its rows, the command palette. */
import type { Browser, Page } from 'playwright-core';
import type { CodeServer } from '../harness/codeServer';
import type { RunningSandbox } from '../../sandbox/types';

export const STEP_TIMEOUT = 60_000;

/** A new page of `server`'s workbench at 1400×900 (the size issue 51 measured), logged in and loaded. */
export async function openWorkbench(browser: Browser, server: CodeServer): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await server.login(page.context());
  await page.goto(server.workbenchUrl());
  await page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT });
  return page;
}

/** Shows the Standards Explorer side bar: its activity bar icon clicked unless it is already open (a click closes it then). */
export async function showStandardsExplorer(page: Page): Promise<void> {
  const icon = page.locator('.activitybar .action-item', { has: page.locator('[aria-label^="Standards Explorer"]') }).first();
  await icon.waitFor({ timeout: STEP_TIMEOUT });
  if (!/\bchecked\b/.test((await icon.getAttribute('class')) ?? '')) await icon.click({ timeout: STEP_TIMEOUT });
  await view(page).waitFor({ timeout: STEP_TIMEOUT });
}

export const view = (page: Page) =>
  page
    .locator('.pane')
    .filter({ has: page.locator('.pane-header', { hasText: 'Standards' }) })
    .first();
/** A view of the open side bar or panel by its header's text (the Standards view is `view`). */
export const pane = (page: Page, header: string | RegExp) =>
  page
    .locator('.pane')
    .filter({ has: page.locator('.pane-header', { hasText: header }) })
    .first();

/** Opens `pane`'s view by a click on its header, unless it is open already (a click folds it then). */
export async function expandPane(page: Page, header: string | RegExp): Promise<void> {
  const head = pane(page, header).locator('.pane-header').first();
  await labelled(`the header of the ${String(header)} view`, head.waitFor({ timeout: STEP_TIMEOUT }));
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
}

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
 * Opens a file of the workspace by name through Quick Open, asked again until it lists the file (a new file shows
 * there once the workspace's file watcher has seen it), and waits for its tab.
 */
export async function quickOpen(page: Page, name: string): Promise<void> {
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
  for (let attempt = 0; ; attempt++) {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input').first();
    await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    await input.fill(name);
    if (
      await row.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      )
    )
      break;
    await closeQuickInput(page);
    if (attempt === 10) throw new Error(`Quick Open never listed ${name}`);
  }
  await row.click({ timeout: STEP_TIMEOUT });
  await labelled(`the tab of ${name}`, page.locator('.tab.active', { hasText: name }).first().waitFor({ timeout: STEP_TIMEOUT }));
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

/**
 * Hovers `target` until a hover holding `text` shows (hovers appear after the mouse rests); returns its text. With
 * `word`, the mouse rests on that word of the target's text (a token may hold a whole line: monospace, so by columns).
 */
export async function hoverUntil(page: Page, target: ReturnType<Page['locator']>, text: string | RegExp, what: string, word?: string): Promise<string> {
  const hover = page.locator('.monaco-hover', { hasText: text }).first();
  const rest = async (): Promise<void> => {
    const box = word ? await target.boundingBox() : null;
    const line = word ? await target.innerText() : '';
    const at = word ? line.indexOf(word) : -1;
    if (!box || at < 0) return target.hover();
    const column = box.width / line.length;
    await page.mouse.move(box.x + (at + word!.length / 2) * column, box.y + box.height / 2);
  };
  for (const deadline = Date.now() + STEP_TIMEOUT; !(await hover.isVisible());) {
    if (Date.now() > deadline) {
      const shown = await page.locator('.monaco-hover:visible').allInnerTexts();
      throw new Error(`no hover with ${String(text)} over ${what} (shown: ${JSON.stringify(shown).slice(0, 300)})`);
    }
    await page.mouse.move(0, 0);
    await rest();
    await page.waitForTimeout(1500);
  }
  return hover.innerText();
}

/** The Sign In input box whose title has `step` ("(2/3)"): its title and its prompt. */
export async function signInInput(page: Page, step: string): Promise<{ title: string; prompt: string }> {
  const widget = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: step }) }).first();
  await labelled(`Sign In's input ${step}`, widget.waitFor({ state: 'visible', timeout: STEP_TIMEOUT }));
  const title = (await widget.locator('.quick-input-title').innerText()).trim();
  const prompt = (await widget.locator('.quick-input-message').innerText()).trim();
  return { title, prompt };
}

/** Types `value` into the open input box and presses Enter. */
export async function answer(page: Page, value: string): Promise<void> {
  const input = page.locator('.quick-input-widget input').first();
  await input.fill(value);
  await input.press('Enter');
}

/**
 * Sign In with the endpoints already in the settings: the questions are the client credentials only (client ID, secret,
 * API key, answered as a person types them); the Standards view then lists the service's standards.
 */
export async function signInWithSettingsAlreadyThere(page: Page, sandbox: Pick<RunningSandbox, 'clientId' | 'clientSecret'>): Promise<void> {
  await showStandardsExplorer(page);
  await runCommand(page, 'Standards: Sign In…');
  // Three questions: client ID, secret, API key. With the endpoints unread it would be five, starting with the base URL.
  const first = await signInInput(page, '(1/');
  if (!/\(1\/3\)$/.test(first.title) || !/Client ID/.test(first.prompt))
    throw new Error(`Sign In asked "${first.prompt}" as "${first.title}": the endpoints in the User and Remote settings were not read`);
  await answer(page, sandbox.clientId);
  const second = await signInInput(page, '(2/3)');
  if (!/Client secret/.test(second.prompt)) throw new Error(`the second question is "${second.prompt}"`);
  await answer(page, sandbox.clientSecret);
  const third = await signInInput(page, '(3/3)');
  if (!/API key/.test(third.prompt)) throw new Error(`the third question is "${third.prompt}"`);
  await answer(page, '');
  await labelled('a standard in the Standards view', treeRow(page, /^(ISO|IEC|EN)\b/).waitFor({ timeout: STEP_TIMEOUT }));
}
