/**
 * Standards in the browser (issue 56): the extension from the VSIX the other e2e steps use, run in a real browser's
 * **web worker extension host** — as vscode.dev and github.dev run it — offline: code-server with the extension forced
 * to the browser side (test/harness/webHost.ts), Debian Chromium, and a sandbox on 127.0.0.1 started here (a web
 * extension cannot start one). First a fixture extension with one file for both entries shows the harness really
 * moves an extension into the web worker (it says so from inside, and the workbench lists it there); then Standards
 * Explorer walks sign-in, the tree, a clause page, Find Standard, a citation's hover in a workspace file, a pin for
 * offline reading, the Connection Doctor (HTTP over fetch; DNS, TCP, TLS and the proxy not available there), the
 * References view (a file no editor has open, read through VS Code's file API) and a withdrawn edition's warning in
 * the Problems panel. Screenshots at 1400×900 in test-results/e2e-web/. Prints "web: N passed, N failed".
 * Run: npm run compile && npm run package && node out/test/e2e/web.js
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { Catalogue } from '../../sandbox/catalogue';
import { startSandbox } from '../../sandbox/index';
import { REPO, checkTools } from '../harness/tools';
import { WEB_PROBE_ID, buildWebProbeVsix, closeRunningExtensions, probeSays, runningHost, startWebHost, type RunningHost } from '../harness/webHost';
import { clauseFrame, frameWith } from './frames';
import {
  STEP_TIMEOUT,
  closeQuickInput,
  expandPane,
  hoverUntil,
  labelled,
  pane,
  quickOpen,
  runCommand,
  runScript,
  showStandardsExplorer,
  signInWithSettingsAlreadyThere,
  treeRow,
  view,
} from './workbench';

const RESULTS = path.join(REPO, 'test-results', 'e2e-web');
const VSIX = path.join(REPO, 'dist', 'standards-explorer.vsix');
const EXTENSION_ID = 'standards-explorer.standards-explorer';
const CATALOGUE = { standards: 40, seed: 5 };

interface Step {
  name: string;
  run(page: Page): Promise<void>;
}

/** The manifest packaged in the VSIX (what code-server installs), not the repository's. */
function packagedManifest(vsix: string): { browser?: string; main?: string } {
  return JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' })) as { browser?: string; main?: string };
}

/** Fails unless the workbench lists the extension in the browser's web worker extension host. */
async function expectWebWorker(page: Page, displayName: string): Promise<void> {
  const host: RunningHost = await runningHost(page, displayName);
  if (host.icon !== 'globe' || host.label !== 'web worker')
    throw new Error(`Running Extensions lists "${displayName}" in "${host.label}" (${host.icon}), not in the web worker extension host`);
}

/** Fails if the command palette lists a command titled exactly `title` (it lists the matches or says there are none). */
async function paletteLacks(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input').first();
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await input.fill(`>${title}`);
  const answered = page.locator('.quick-input-list .monaco-list-row, .quick-input-widget .quick-input-message:has-text("No matching commands")').first();
  await labelled(`the palette's answer to "${title}"`, answered.waitFor({ timeout: STEP_TIMEOUT }));
  const labels = (await page.locator('.quick-input-list .monaco-list-row .label-name').allInnerTexts()).map((l) => l.trim());
  await closeQuickInput(page);
  if (labels.includes(title)) throw new Error(`the command palette offers "${title}" in the browser`);
}

let sandboxCredentials = { clientId: '', clientSecret: '' };
let workspaceDir = '';
let standardLabel = '';
let clauseTitle = '';
let sandboxBaseUrl = '';
/** A withdrawn edition of the sandbox's catalogue, with no current one. */
let withdrawnLabel = '';

const steps: Step[] = [
  {
    name: 'the probe runs in the web worker extension host',
    async run(page) {
      // The fixture's one file is both `main` and `browser`: only the setting decides, and it says from inside.
      const says = await probeSays(page);
      if (says !== 'web-probe: web worker') throw new Error(`the probe says "${says}", not "web-probe: web worker"`);
      await expectWebWorker(page, 'Web Probe');
      await page.screenshot({ path: path.join(RESULTS, 'probe-running-extensions.png') });
      await closeRunningExtensions(page);
    },
  },
  {
    name: 'Standards Explorer runs in the web worker extension host',
    async run(page) {
      const manifest = packagedManifest(VSIX);
      if (!manifest.browser) throw new Error(`${path.relative(REPO, VSIX)} has no \`browser\` entry in its package.json: nothing can run in a web worker`);
      // The entry's file packaged too (.vscodeignore is an allowlist).
      const entry = path.posix.join('extension', manifest.browser.replace(/^\.\//, ''));
      const files = execFileSync('unzip', ['-Z1', VSIX], { encoding: 'utf8' }).split('\n');
      if (!files.includes(entry) && !files.includes(`${entry}.js`)) throw new Error(`${path.relative(REPO, VSIX)} lacks ${entry}, its \`browser\` entry`);
      // Activated by opening its view (it may still be waiting for an activation event otherwise).
      await showStandardsExplorer(page);
      await expectWebWorker(page, 'Standards Explorer');
      await page.screenshot({ path: path.join(RESULTS, 'standards-explorer-running-extensions.png') });
      await closeRunningExtensions(page);
    },
  },
  {
    name: 'no local sandbox offered in the browser',
    async run(page) {
      // A web extension cannot start a process: the welcome view offers Sign In alone, the palette has no Connect.
      await labelled('the Sign In button', view(page).getByRole('button', { name: 'Sign In…' }).waitFor({ timeout: STEP_TIMEOUT }));
      if (await view(page).getByRole('button', { name: 'Connect to Local Sandbox' }).count())
        throw new Error('the welcome view offers Connect to Local Sandbox in the browser');
      await paletteLacks(page, 'Standards: Connect to Local Sandbox');
    },
  },
  {
    name: 'sign in to the sandbox: the tree lists standards',
    async run(page) {
      await signInWithSettingsAlreadyThere(page, sandboxCredentials);
      const first = treeRow(page, /^(ISO|IEC|EN)\b/);
      standardLabel = (await first.locator('.label-name').innerText()).trim();
      await first.click();
      await first.press('ArrowRight');
      await labelled(`the clauses of ${standardLabel}`, treeRow(page, /^1 /).waitFor({ timeout: STEP_TIMEOUT }));
    },
  },
  {
    name: 'open a clause page',
    async run(page) {
      const scope = treeRow(page, /^1 /);
      clauseTitle = (await scope.locator('.label-name').innerText()).trim();
      await scope.click();
      const frame = await clauseFrame(page, STEP_TIMEOUT);
      const heading = (await frame.locator('main#page h1').innerText()).trim();
      if (heading !== clauseTitle) throw new Error(`clause page heading "${heading}", expected "${clauseTitle}"`);
      const paragraph = frame.locator('main#page article p').first();
      await labelled('the first paragraph', paragraph.waitFor({ timeout: STEP_TIMEOUT }));
      if (!(await paragraph.innerText()).trim()) throw new Error('the first paragraph is empty');
    },
  },
  {
    name: 'find standard by number',
    async run(page) {
      const number = /\d+(-\d+)?/.exec(standardLabel)?.[0];
      if (!number) throw new Error(`no number in "${standardLabel}"`);
      await runCommand(page, 'Standards: Find Standard…');
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
      await input.fill(number);
      const title = page.locator('.quick-input-widget .quick-input-title');
      for (const deadline = Date.now() + STEP_TIMEOUT; (await title.innerText().catch(() => '')).includes('still loading');) {
        if (Date.now() > deadline) throw new Error('the catalogue index did not finish loading');
        await page.waitForTimeout(200);
      }
      const pick = page.locator('.quick-input-list .monaco-list-row').first().filter({ hasText: standardLabel });
      await labelled(`"${standardLabel}" first for "${number}"`, pick.waitFor({ timeout: STEP_TIMEOUT }));
      await page.screenshot({ path: path.join(RESULTS, 'find-standard.png') });
      await page.keyboard.press('Enter');
      await labelled(
        `"${standardLabel}" revealed in the tree`,
        view(page).locator('.monaco-list-row[aria-selected="true"]', { hasText: standardLabel }).first().waitFor({ timeout: STEP_TIMEOUT }),
      );
    },
  },
  {
    name: 'hover a citation in a workspace file',
    async run(page) {
      // A file of the workspace (on the server, read through vscode.workspace.fs from the worker).
      writeFileSync(path.join(workspaceDir, 'requirements.txt'), `Requirements\n\nEvery release meets Clause 1 of ${standardLabel} and is reviewed.\n`);
      await quickOpen(page, 'requirements.txt');
      // The line's text (its one outer span), hovered on the citation's words: drawn as a link or not, by columns.
      const reference = page.locator('.monaco-editor .view-line', { hasText: 'Every release meets' }).locator('> span').first();
      await labelled('the citation in the editor', reference.waitFor({ timeout: STEP_TIMEOUT }));
      const text = await hoverUntil(page, reference, 'Open Clause', standardLabel, standardLabel);
      if (!text.includes(standardLabel)) throw new Error(`the hover says "${text}"`);
      await page.screenshot({ path: path.join(RESULTS, 'citation-hover.png') });
      await page.mouse.move(0, 0);
    },
  },
  {
    name: 'pin for offline reading',
    async run(page) {
      const row = view(page).locator('.monaco-list-row', { hasText: standardLabel }).first();
      await row.click({ button: 'right', timeout: STEP_TIMEOUT });
      // A context menu's item hovered, then Enter (a click on it is sometimes lost in code-server: quietTree.ts).
      await page.locator('.context-view .action-label', { hasText: 'Pin for Offline Reading' }).first().hover({ timeout: STEP_TIMEOUT });
      await page.keyboard.press('Enter');
      await labelled('the Pinned root', treeRow(page, /^Pinned/).waitFor({ timeout: STEP_TIMEOUT }));
      await labelled(
        `"${standardLabel}" saying "offline copy" under Pinned`,
        view(page).locator('.monaco-list-row', { hasText: standardLabel }).filter({ hasText: 'offline copy' }).first().waitFor({ timeout: STEP_TIMEOUT }),
      );
    },
  },
  {
    name: 'the Connection Doctor runs the checks fetch allows',
    async run(page) {
      await runCommand(page, 'Standards: Connection Doctor');
      const frame = await frameWith(page, 'p.summary', 'Connection Doctor report', STEP_TIMEOUT);
      const checks = await frame.locator('li.check').evaluateAll((items) =>
        items.map((item) => ({
          status: item.classList.contains('pass') ? 'pass' : item.classList.contains('skipped') ? 'skipped' : item.className,
          title: item.querySelector('.check-title')?.textContent?.trim() ?? '',
          detail: item.querySelector('.detail')?.textContent?.trim() ?? '',
        })),
      );
      const shown = checks.map((c) => `${c.status} ${c.title}`).join(' | ');
      const summary = (await frame.locator('p.summary').innerText()).trim();
      if (!summary.startsWith('Nothing failed')) throw new Error(`the report says "${summary}": ${shown}`);
      // Over fetch, as the extension's own requests: discovery, the token request and a service call passed.
      for (const title of ['OIDC discovery', 'Token request', 'Service call GET /v1/standards?limit=1']) {
        const check = checks.find((c) => c.title === title);
        if (check?.status !== 'pass') throw new Error(`"${title}" is ${check ? check.status : 'not listed'}: ${shown}`);
      }
      // Below HTTP a page has no sockets: each check listed as not available (the sandbox's host is an IP address,
      // so there is no name to look up: no DNS line, in the Node host too).
      const { host } = new URL(sandboxBaseUrl);
      const below = [`Connection ${host}`, `TLS ${host}`, 'Proxy'];
      for (const title of below) {
        const check = checks.find((c) => c.title === title);
        if (check?.status !== 'skipped' || !check.detail.startsWith('Not available in the browser'))
          throw new Error(`"${title}" is ${check ? `${check.status}: "${check.detail}"` : 'not listed'}, not "not available in the browser": ${shown}`);
      }
      await frame.locator('li.check.skipped', { hasText: 'TLS' }).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(RESULTS, 'connection-doctor.png') });
      await runCommand(page, 'View: Close All Editors');
      await page.locator('.quick-input-widget').first().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'the References view lists a citation read through the file API and opens it at its line',
    async run(page) {
      // A file no editor has open: the scan reads it through vscode.workspace.fs (the browser has no scan worker).
      writeFileSync(path.join(workspaceDir, 'notes.md'), `# Notes\n\nDesign review.\n\nThe housing follows ${standardLabel}, clause 1.\n`);
      await showStandardsExplorer(page);
      // The Standards view folded away to make room, the References view opened.
      const standards = view(page).locator('.pane-header').first();
      if ((await standards.getAttribute('aria-expanded')) === 'true') await standards.click();
      await expandPane(page, /^References/);
      const references = pane(page, /^References/);
      const row = (level: number, name: string | RegExp) =>
        references.locator(`.monaco-list-row[aria-level="${level}"]`, { has: page.locator('.label-name', { hasText: name }) }).first();
      // The view scans the workspace as it opens; the file watcher adds a file written later.
      const standard = row(1, standardLabel);
      await labelled(`"${standardLabel}" in the References view`, standard.waitFor({ timeout: STEP_TIMEOUT }));
      await standard.click();
      if ((await standard.getAttribute('aria-expanded')) !== 'true') await standard.press('ArrowRight');
      const clause = row(2, /^\s*clause 1\s*$/);
      await labelled('its clause 1', clause.waitFor({ timeout: STEP_TIMEOUT }));
      await clause.click();
      if ((await clause.getAttribute('aria-expanded')) !== 'true') await clause.press('ArrowRight');
      const place = row(3, /^notes\.md:5$/);
      await labelled('notes.md:5 under clause 1', place.waitFor({ timeout: STEP_TIMEOUT }));
      await labelled('requirements.txt:3 under clause 1', row(3, /^requirements\.txt:3$/).waitFor({ timeout: STEP_TIMEOUT }));
      await page.screenshot({ path: path.join(RESULTS, 'references-view.png') });
      // A click opens the file at the line.
      await place.click();
      await labelled(
        'notes.md opened',
        page.locator('.editor-group-container.active .tab.active', { hasText: 'notes.md' }).first().waitFor({ timeout: STEP_TIMEOUT }),
      );
      const cursor = page.locator('.statusbar-item', { hasText: /^Ln \d+, Col \d+/ }).first();
      await labelled("the cursor's place in the status bar", cursor.waitFor({ timeout: STEP_TIMEOUT }));
      const at = (await cursor.innerText()).trim();
      if (!/^Ln 5, Col 1\b/.test(at)) throw new Error(`notes.md opened at "${at}", not at line 5`);
      await page.screenshot({ path: path.join(RESULTS, 'references-opened.png') });
    },
  },
  {
    name: 'a withdrawn edition cited in a workspace file: its warning in the Problems panel',
    async run(page) {
      writeFileSync(path.join(workspaceDir, 'legacy.txt'), `Legacy\n\nThe first products met ${withdrawnLabel}.\n`);
      await quickOpen(page, 'legacy.txt');
      await runCommand(page, 'Problems: Focus on Problems View');
      const problem = page.locator('.markers-panel .monaco-list-row', { hasText: withdrawnLabel }).first();
      await labelled(`the problem of ${withdrawnLabel}`, problem.waitFor({ timeout: STEP_TIMEOUT }));
      const text = (await problem.innerText()).replace(/\s+/g, ' ');
      if (!(await problem.locator('.codicon-warning').count())) throw new Error(`the problem is not a warning: "${text}"`);
      if (!/withdrawn/.test(text)) throw new Error(`the problem says "${text}"`);
      await page.screenshot({ path: path.join(RESULTS, 'problems-withdrawn.png') });
    },
  },
];

async function main(): Promise<number> {
  checkTools();
  if (!existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package first`);
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  const sandbox = await startSandbox(CATALOGUE);
  sandboxCredentials = { clientId: sandbox.clientId, clientSecret: sandbox.clientSecret };
  sandboxBaseUrl = sandbox.baseUrl;
  // The sandbox's catalogue as it serves it (same seed, same catalogue).
  const withdrawn = new Catalogue(CATALOGUE.seed, CATALOGUE.standards).standards.find((s) => s.status === 'withdrawn' && /^(ISO|IEC) \d/.test(s.reference));
  if (!withdrawn) throw new Error(`the sandbox's catalogue (seed ${CATALOGUE.seed}) has no withdrawn edition to cite`);
  withdrawnLabel = withdrawn.reference;
  let passed = 0;
  let failed = 0;
  try {
    const host = await startWebHost({
      vsix: [VSIX, buildWebProbeVsix()],
      webExtensions: [EXTENSION_ID, WEB_PROBE_ID],
      settings: { 'standardsExplorer.baseUrl': sandbox.baseUrl, 'standardsExplorer.tokenUrl': sandbox.tokenUrl },
    });
    workspaceDir = host.server.workspace;
    try {
      for (const [i, step] of steps.entries()) {
        const shot = path.join(RESULTS, `${String(i + 1).padStart(2, '0')}-${step.name.replace(/\W+/g, '-')}.png`);
        const started = Date.now();
        try {
          await step.run(host.page);
          await host.page.screenshot({ path: shot });
          passed++;
          console.log(`  ✔ ${step.name} (${Date.now() - started} ms)`);
        } catch (error) {
          failed++;
          await host.page.screenshot({ path: shot.replace('.png', '-FAILED.png') }).catch(() => undefined);
          copyFileSync(host.server.logFile, path.join(RESULTS, 'code-server.log'));
          console.log(`  ✘ ${step.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          console.log(`    screenshot and log kept in ${RESULTS}; later steps skipped`);
          break;
        }
      }
    } finally {
      await host.stop();
    }
  } finally {
    await sandbox.close();
  }
  console.log(`web: ${passed} passed, ${failed} failed${passed + failed < steps.length ? `, ${steps.length - passed - failed} skipped` : ''}`);
  return failed ? 1 : 0;
}

runScript('web', main);
