/**
 * Issue 51 as a new user sees it at 1400×900, in a real VS Code (code-server) and Chromium with the VSIX installed:
 * the Standards view before and after opening clauses (Recent appears below the catalogue, nothing above moves),
 * a clause's JSON beside it (its tab and breadcrumbs read as names), a pin revealed, and Find Standard with no
 * match. Checks what the screen says and keeps screenshots in test-results/quiet-*.png.
 * Run: npm run compile && npm run package && node out/test/e2e/quietTree.js. Prints "quiet tree: N passed, N failed".
 */
import { existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { startCodeServer, stopExtensionSandbox } from '../harness/codeServer';
import { REPO, checkTools } from '../harness/tools';
import { STEP_TIMEOUT, closeQuickInput, labelled, openWorkbench, runCommand, runScript, treeRow, view } from './workbench';

const RESULTS = path.join(REPO, 'test-results');
const VSIX = path.join(REPO, 'dist', 'standards-explorer.vsix');
const RAW_ID = /corext:|@id|\burn:|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i;

/** The rows of the Standards view from the top, as shown. */
async function rowsShown(page: Page): Promise<string[]> {
  return view(page).locator('.monaco-list-row').allInnerTexts();
}

const steps: Array<{ name: string; run(page: Page): Promise<void> }> = [
  {
    name: 'connect, expand a standard',
    async run(page) {
      await page.locator('.activitybar [aria-label^="Standards Explorer"]').first().click({ timeout: STEP_TIMEOUT });
      await view(page).getByRole('button', { name: 'Connect to Local Sandbox' }).click({ timeout: STEP_TIMEOUT });
      const first = treeRow(page, /^(ISO|IEC|EN)\b/);
      await labelled('a standard in the tree', first.waitFor({ timeout: STEP_TIMEOUT }));
      await first.click();
      await first.press('ArrowRight');
      await labelled('its clauses', treeRow(page, /^1 /).waitFor({ timeout: STEP_TIMEOUT }));
    },
  },
  {
    name: 'open three clauses: the rows stay',
    async run(page) {
      const before = await rowsShown(page);
      for (const heading of [/^1 /, /^2 /, /^3 /]) {
        const row = treeRow(page, heading);
        const label = (await row.locator('.label-name').innerText()).trim();
        await row.click();
        // The reading tab names the standard and the clause: "ISO 11831:1988 · 2 Normative references".
        await page
          .locator('.tab.active', { hasText: ` · ${label}` })
          .first()
          .waitFor({ timeout: STEP_TIMEOUT });
      }
      await page.waitForTimeout(1500); // Recent is written after the page opens; let the view redraw if it would
      const after = await rowsShown(page);
      if (after.slice(0, before.length).join('|') !== before.join('|'))
        throw new Error(`rows moved:\n${before.slice(0, 8).join(' | ')}\n${after.slice(0, 8).join(' | ')}`);
      // Hovering a clause: its tooltip in words.
      await treeRow(page, /^2 /).hover();
      const hover = page.locator('.monaco-hover, .workbench-hover').first();
      await labelled('the clause tooltip', hover.waitFor({ timeout: STEP_TIMEOUT }));
      const text = await hover.innerText();
      if (RAW_ID.test(text)) throw new Error(`an identifier in the tooltip: ${text}`);
    },
  },
  {
    name: 'clause JSON beside: tab and breadcrumbs read names',
    async run(page) {
      await runCommand(page, 'View: Close All Editors');
      await treeRow(page, /^2 /).click({ button: 'right' });
      const item = page.locator('.context-view .action-label', { hasText: 'Open Clause JSON to the Side' }).first();
      await item.hover({ timeout: STEP_TIMEOUT });
      await page.keyboard.press('Enter');
      const tab = page.locator('.tab.active', { hasText: '.json' }).first();
      await labelled('the JSON tab', tab.waitFor({ timeout: STEP_TIMEOUT }));
      const crumbs = page.locator('.editor-group-container.active .breadcrumbs-control').first();
      await labelled('the breadcrumbs', crumbs.waitFor({ timeout: STEP_TIMEOUT }));
      const shown = `${await tab.innerText()} ${await crumbs.innerText()}`;
      if (RAW_ID.test(shown)) throw new Error(`an identifier in the tab or breadcrumbs: ${shown}`);
      // The tab's hover names the document too.
      await tab.hover();
      const hover = page.locator('.monaco-hover, .workbench-hover').first();
      await labelled('the tab hover', hover.waitFor({ timeout: STEP_TIMEOUT }));
      console.log(`    tab hover: ${await hover.innerText()}`);
      await page.screenshot({ path: path.join(RESULTS, 'quiet-3b-tab-hover.png') });
      await page.mouse.move(700, 600);
    },
  },
  {
    name: 'pin a standard far down: Pinned shows it',
    async run(page) {
      await treeRow(page, /^(ISO|IEC|EN)\b/).click();
      await page.keyboard.press('ArrowLeft');
      for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowDown');
      const focused = view(page).locator('.monaco-list-row.focused').first();
      const label = (await focused.locator('.label-name').innerText()).trim();
      await focused.click({ button: 'right' });
      // As the step above: a context menu's item hovered, then Enter (a click on it is sometimes lost in code-server).
      await page.locator('.context-view .action-label', { hasText: 'Pin for Offline Reading' }).first().hover({ timeout: STEP_TIMEOUT });
      await page.keyboard.press('Enter');
      const pinned = view(page).locator('.monaco-list-row', { hasText: label }).first();
      await labelled('the new pin in sight', pinned.waitFor({ state: 'visible', timeout: STEP_TIMEOUT }));
      await labelled('the Pinned section in sight', treeRow(page, /^Pinned/).waitFor({ state: 'visible', timeout: STEP_TIMEOUT }));
    },
  },
  {
    name: 'All standards folded: Recent below it',
    async run(page) {
      await treeRow(page, /^All standards/)
        .locator('.monaco-tl-twistie')
        .click();
      const shown = (await rowsShown(page)).map((r) => r.split('\n')[0]);
      const all = shown.findIndex((r) => r.startsWith('All standards'));
      const recent = shown.findIndex((r) => r.startsWith('Recent'));
      if (!(all >= 0 && recent > all)) throw new Error(`roots shown: ${shown.join(' | ')}`);
    },
  },
  {
    name: 'find standard with no match',
    async run(page) {
      await runCommand(page, 'Standards: Find Standard…');
      const input = page.locator('.quick-input-widget input').first();
      await input.fill('qqzx nothing like it');
      const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'No standard matches' }).first();
      await labelled('the no-match line', row.waitFor({ timeout: STEP_TIMEOUT }));
    },
  },
  {
    name: 'find standard by number',
    async run(page) {
      const input = page.locator('.quick-input-widget input').first();
      await input.fill('1');
      const rows = page.locator('.quick-input-list .monaco-list-row');
      await rows.first().waitFor({ timeout: STEP_TIMEOUT });
      const text = (await rows.allInnerTexts()).join('\n');
      if (/\burn:/i.test(text)) throw new Error(`a URN in Find Standard: ${text.slice(0, 300)}`);
    },
  },
];

async function main(): Promise<number> {
  checkTools();
  if (!existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package first`);
  mkdirSync(RESULTS, { recursive: true });
  const server = await startCodeServer({ vsix: VSIX });
  const browser = await launchBrowser();
  let passed = 0;
  let failed = 0;
  try {
    const page = await openWorkbench(browser, server);
    for (const [i, step] of steps.entries()) {
      const shot = path.join(RESULTS, `quiet-${i + 1}-${step.name.replace(/\W+/g, '-')}.png`);
      try {
        await step.run(page);
        await page.screenshot({ path: shot });
        passed++;
        console.log(`  ✔ ${step.name}`);
      } catch (error) {
        failed++;
        await page.screenshot({ path: shot.replace('.png', '-FAILED.png') }).catch(() => undefined);
        console.log(`  ✘ ${step.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        break;
      }
    }
    await closeQuickInput(page).catch(() => undefined);
  } finally {
    await browser.close();
    await server.stop();
    stopExtensionSandbox(server.profile);
  }
  console.log(`quiet tree: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

runScript('quiet tree', main);
