/**
 * A person's path through the extension in a real VS Code (code-server) and a real browser (Debian Chromium via
 * playwright-core), with the extension installed from the VSIX that `npm run package` builds and the sandbox the
 * extension itself starts. Every step saves a screenshot under test-results/; a failing step saves one more and
 * the code-server log. Prints "e2e: N passed, N failed" and exits non-zero on a failure.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { Catalogue } from '../../sandbox/catalogue';
import { CatalogueIndex } from '../../src/catalogue/catalogueIndex';
import { launchBrowser } from '../harness/browser';
import { startCodeServer, type CodeServer } from '../harness/codeServer';
import { REPO, checkTools } from '../harness/tools';
import { hostileContentStep } from './hostile';

const RESULTS = path.join(REPO, 'test-results');
const VSIX = path.join(REPO, 'dist', 'standards-explorer.vsix');
const STEP_TIMEOUT = 60_000;

interface Step {
  name: string;
  run(page: Page): Promise<void>;
}

const view = (page: Page) => page.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: 'Standards' }) }).first();
const treeRow = (page: Page, text: string | RegExp) => view(page).locator('.monaco-list-row', { hasText: text }).first();

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input').first();
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await input.fill(`>${title}`);
  // The row whose label is exactly the title (not "File: Compare New Untitled…" and the like).
  const row = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) })
    .first();
  await row.waitFor({ timeout: STEP_TIMEOUT });
  await row.click();
}

/** The webview frame that shows the clause page (code-server nests it in two iframes). */
async function clauseFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + STEP_TIMEOUT;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const has = await frame.locator('main#page h1').count().catch(() => 0);
      if (has > 0) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('no clause page frame with a heading');
}

let clauseTitle = '';
let standardLabel = '';
let sandboxUrl = '';
let profile = '';

const steps: Step[] = [
  {
    name: 'welcome view',
    async run(page) {
      await page.locator('.activitybar [aria-label^="Standards Explorer"]').first().click({ timeout: STEP_TIMEOUT });
      await view(page).getByRole('button', { name: 'Connect to Local Sandbox' }).waitFor({ timeout: STEP_TIMEOUT });
      await view(page).getByRole('button', { name: 'Sign In…' }).waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'connect to local sandbox',
    async run(page) {
      await view(page).getByRole('button', { name: 'Connect to Local Sandbox' }).click();
      await treeRow(page, /^(ISO|IEC|EN)\b/).waitFor({ timeout: STEP_TIMEOUT });
      await page.locator('.statusbar-item', { hasText: '(sandbox)' }).first().waitFor({ timeout: STEP_TIMEOUT });
      sandboxUrl = (await page.locator('.statusbar-item', { hasText: '(sandbox)' }).first().innerText()).trim();
    },
  },
  {
    name: 'expand a standard',
    async run(page) {
      const first = view(page).locator('.monaco-list-row').first();
      standardLabel = (await first.locator('.label-name').innerText()).trim();
      await first.click();
      await first.press('ArrowRight');
      await treeRow(page, /^1 /).waitFor({ timeout: STEP_TIMEOUT });
      await treeRow(page, 'Foreword').waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'open the clause page',
    async run(page) {
      const scope = treeRow(page, /^1 /);
      clauseTitle = (await scope.locator('.label-name').innerText()).trim();
      await scope.click();
      const frame = await clauseFrame(page);
      const heading = (await frame.locator('main#page h1').innerText()).trim();
      if (heading !== clauseTitle) throw new Error(`clause page heading "${heading}", expected "${clauseTitle}"`);
      const paragraph = frame.locator('main#page article p').first();
      await paragraph.waitFor({ timeout: STEP_TIMEOUT });
      if (!(await paragraph.innerText()).trim()) throw new Error('the first paragraph is empty');
    },
  },
  {
    name: 'open JSON to the side',
    async run(page) {
      const frame = await clauseFrame(page);
      await frame.locator('vscode-button', { hasText: 'Open JSON to the Side' }).click();
      await page.locator('.tab', { hasText: '.json' }).first().waitFor({ timeout: STEP_TIMEOUT });
      await page.locator('.monaco-editor .view-lines', { hasText: '"@context"' }).first().waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'insert scope reference',
    async run(page) {
      await runCommand(page, 'File: New Untitled Text File');
      await page.locator('.tab', { hasText: 'Untitled' }).first().waitFor({ timeout: STEP_TIMEOUT });
      await page.keyboard.type('See ');
      await runCommand(page, 'Standards: Insert Scope Reference');
      // Read back from the editor: "See ISO 11831:1988, Clause 1 Scope".
      const expected = `See ${standardLabel}, Clause ${clauseTitle}`;
      await page.locator('.monaco-editor .view-lines', { hasText: expected }).first().waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'hover a reference and follow it to the clause',
    async run(page) {
      // References resolve through the catalogue index: Find Standard… builds it (closed again at once).
      await runCommand(page, 'Standards: Find Standard…');
      // The picker itself (not the command palette it replaces), then closed: the index goes on building.
      const picker = page.locator('.quick-input-widget', { has: page.locator('.quick-input-title', { hasText: 'Find Standard' }) }).first();
      await picker.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
      // The untitled file holds "See <reference>, Clause 1 <title>" (inserted above).
      await page.locator('.tab', { hasText: 'Untitled' }).first().click();
      const reference = page.locator('.monaco-editor .view-line span', { hasText: standardLabel }).first();
      await reference.waitFor({ timeout: STEP_TIMEOUT });
      const hover = page.locator('.monaco-hover', { hasText: 'Open Clause' }).first();
      const deadline = Date.now() + STEP_TIMEOUT;
      // Hovers appear after the mouse rests; move away and back until ours shows (the index may still be building).
      while (!(await hover.isVisible())) {
        if (Date.now() > deadline) throw new Error('no hover with Open Clause over the reference');
        await page.mouse.move(0, 0);
        await reference.hover();
        await page.waitForTimeout(1500);
      }
      const text = await hover.innerText();
      if (!text.includes(standardLabel) || !text.includes(clauseTitle.replace(/^1 /, ''))) throw new Error(`hover says "${text}"`);
      await page.screenshot({ path: path.join(RESULTS, 'e2e-reference-hover.png') });
      await hover.locator('a', { hasText: /^Open Clause$/ }).first().click();
      const frame = await clauseFrame(page);
      const heading = (await frame.locator('main#page h1').innerText()).trim();
      if (heading !== clauseTitle) throw new Error(`clause page heading "${heading}", expected "${clauseTitle}"`);
    },
  },
  {
    name: 'find standard keeps its ranking',
    async run(page) {
      // The catalogue the bundled sandbox serves (seed 1, 30 000), ranked as the extension ranks it: a number whose
      // best records are not in the order VS Code would sort their labels in.
      const catalogue = new Catalogue(1, 30_000);
      const index = CatalogueIndex.of(catalogue.standards.map((s, position) => ({ position, urn: s.urn, reference: s.reference, title: s.titleText, status: s.status })), 0);
      let query = '';
      let expected: string[] = [];
      for (const standard of catalogue.standards) {
        query = /\d+/.exec(standard.reference)?.[0] ?? '';
        expected = index.search(query, 4).map((e) => e.reference ?? '');
        if (expected.length === 4 && expected.join() !== [...expected].sort().join()) break;
      }
      await runCommand(page, 'Standards: Find Standard…');
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
      await input.fill(query);
      const rows = page.locator('.quick-input-list .monaco-list-row');
      await rows.first().filter({ hasText: expected[0] }).waitFor({ timeout: STEP_TIMEOUT });
      const shown: string[] = [];
      for (let i = 0; i < 4; i++) shown.push((await rows.nth(i).locator('.label-name').first().innerText()).trim());
      if (shown.join(' | ') !== expected.join(' | ')) throw new Error(`"${query}" shows ${shown.join(' | ')}; ranked ${expected.join(' | ')}`);
      await page.screenshot({ path: path.join(RESULTS, 'e2e-find-standard-ranked-list.png') });
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'find standard by title',
    async run(page) {
      await runCommand(page, 'Standards: Find Standard…');
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
      await input.fill('quality management requirements');
      // Our matching runs as the value changes: wait until the list shows it.
      const pick = page.locator('.quick-input-list .monaco-list-row').first().filter({ hasText: /Quality management/ });
      await pick.waitFor({ timeout: STEP_TIMEOUT });
      const wanted = (await pick.locator('.label-name').first().innerText()).trim();
      await page.keyboard.press('Enter');
      await view(page).locator('.monaco-list-row[aria-selected="true"]', { hasText: wanted }).first().waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'error node when the sandbox stops',
    async run(page) {
      const port = /:(\d+)/.exec(sandboxUrl)?.[1];
      if (!port) throw new Error(`no sandbox port in the status bar ("${sandboxUrl}")`);
      // The sandbox the extension started, from this run's isolated extensions folder.
      execFileSync('pkill', ['-f', `${profile}/extensions/.*/dist/sandbox.js`]);
      await runCommand(page, 'Standards: Refresh');
      await treeRow(page, /Could not reach 127\.0\.0\.1/).waitFor({ timeout: STEP_TIMEOUT });
      await treeRow(page, /^Retry$/).waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  hostileContentStep, // test/e2e/hostile.ts: hostile clause content against the real page HTML and CSP
];

async function main(): Promise<number> {
  checkTools();
  if (!existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package first`);
  mkdirSync(RESULTS, { recursive: true });
  for (const old of readdirSync(RESULTS).filter((f) => f.startsWith('e2e-'))) rmSync(path.join(RESULTS, old), { force: true });
  const server: CodeServer = await startCodeServer({ vsix: VSIX });
  profile = server.profile;
  const browser = await launchBrowser();
  let passed = 0;
  let failed = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
    await page.goto(server.workbenchUrl());
    await page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT });
    for (const [i, step] of steps.entries()) {
      const shot = path.join(RESULTS, `e2e-${String(i + 1).padStart(2, '0')}-${step.name.replace(/\W+/g, '-')}.png`);
      const started = Date.now();
      try {
        await step.run(page);
        await page.screenshot({ path: shot });
        passed++;
        console.log(`  ✔ ${step.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        await page.screenshot({ path: shot.replace('.png', '-FAILED.png') }).catch(() => undefined);
        copyFileSync(server.logFile, path.join(RESULTS, 'e2e-code-server.log'));
        console.log(`  ✘ ${step.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        console.log(`    screenshot and log kept in ${RESULTS}; later steps skipped`);
        break;
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    try {
      execFileSync('pkill', ['-f', `${server.profile}/extensions/.*/dist/sandbox.js`]);
    } catch {
      // none left
    }
  }
  console.log(`e2e: ${passed} passed, ${failed} failed${passed + failed < steps.length ? `, ${steps.length - passed - failed} skipped` : ''}`);
  return failed ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error('e2e failed to run:', error instanceof Error ? error.message : error);
    console.log('e2e: 0 passed, 1 failed');
    process.exit(2);
  });
