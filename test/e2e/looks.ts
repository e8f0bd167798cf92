/**
 * What the extension looks like in a real VS Code (code-server) with the VSIX installed: in German (`--locale de`,
 * so `vscode.env.language` is `de` and our bundle l10n/bundle.l10n.de.json and package.nls.de.json apply; VS Code's
 * own words may stay English without a language pack), and the clause page under VS Code's light, dark and
 * high-contrast themes, each with its body text checked for contrast against the page background (read from the
 * computed colours in the webview frame); and the extension's own page in the Extensions view, as the installed VSIX
 * shows it: the README with every picture loaded, and the Features tab's commands and settings with their words.
 * Every run fails on a Content Security Policy violation logged by a webview (the clause page, the Doctor's page): the
 * pages set no inline style. The clause page starts with its heading and text (its actions are in the title bar).
 * Screenshots in test-results/looks-*.png.
 * Run: npm run compile && npm run package && node out/test/e2e/looks.js. Prints "looks: N passed, N failed".
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { startCodeServer, stopExtensionSandbox, type CodeServer } from '../harness/codeServer';
import { REPO, checkTools } from '../harness/tools';
import { runScript } from './workbench';
import { frameWith } from './frames';
import { linksOf } from '../unit/markdownLinks';
import { packageStaged } from '../harness/stagedVsix';

const RESULTS = path.join(REPO, 'test-results');
const VSIX = path.join(REPO, 'dist', 'standards-explorer.vsix');
const TIMEOUT = 60_000;
const de = JSON.parse(readFileSync(path.join(REPO, 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>;
const nlsDe = JSON.parse(readFileSync(path.join(REPO, 'package.nls.de.json'), 'utf8')) as Record<string, string>;

/** VS Code's own themes as the theme picker names them (VS Code 1.139 stores these names in workbench.colorTheme; older versions "Default Light Modern"…). */
const THEMES = ['Light Modern', 'Dark Modern', 'Dark High Contrast'];

/** WCAG relative luminance of an `rgb(a)` CSS colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function clauseFrame(page: Page): Promise<Frame> {
  return frameWith(page, 'main#page article p', 'clause page with a paragraph', TIMEOUT);
}

/** Text and background colour of the clause page's first paragraph (the first opaque background up the tree). */
async function colours(frame: Frame): Promise<{ text: string; background: string; heading: string }> {
  // A string, so the page code needs no DOM types here.
  return frame.evaluate(`(() => {
    const p = document.querySelector('main#page article p');
    let background = 'rgb(255, 255, 255)';
    for (let el = p; el; el = el.parentElement) {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg && !/rgba\\(\\d+, \\d+, \\d+, 0\\)|transparent/.test(bg)) { background = bg; break; }
    }
    return { text: getComputedStyle(p).color, background, heading: getComputedStyle(document.querySelector('main#page h1')).color };
  })()`);
}

async function openFirstClause(page: Page, connectLabel: string, viewName: string): Promise<Frame> {
  await page.locator('.activitybar [aria-label^="Standards Explorer"]').first().click({ timeout: TIMEOUT });
  const view = page
    .locator('.pane')
    .filter({ has: page.locator('.pane-header', { hasText: viewName }) })
    .first();
  await view.getByRole('button', { name: connectLabel }).click({ timeout: TIMEOUT });
  const first = view.locator('.monaco-list-row', { hasText: /^(ISO|IEC|EN)\b/ }).first();
  await first.waitFor({ timeout: TIMEOUT });
  await first.click();
  await first.press('ArrowRight');
  const clause = view.locator('.monaco-list-row', { hasText: /^1 / }).first();
  await clause.waitFor({ timeout: TIMEOUT });
  await clause.click();
  return clauseFrame(page);
}

/**
 * A user setting as the settings file holds it now; undefined while VS Code is writing the file (read half-written,
 * it is not JSON yet: a CI run failed on "Unexpected end of JSON input").
 */
function storedSetting(file: string, key: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[key];
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Preferences: Color Theme from the palette, as a person switches themes. */
async function pickTheme(page: Page, theme: string): Promise<void> {
  const input = page.locator('.quick-input-widget input').first();
  await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible', timeout: TIMEOUT });
  await input.fill('>Preferences: Color Theme');
  await page
    .locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: /^Preferences: Color Theme$/ }) })
    .first()
    .click({ timeout: TIMEOUT });
  const label = theme;
  await input.fill(label);
  await page
    .locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) })
    .first()
    .click({ timeout: TIMEOUT });
  await input.waitFor({ state: 'hidden', timeout: TIMEOUT });
}

/**
 * The VSIX as a public gallery's package has it: the built bundles of `npm run package`, its README's pictures rewritten
 * against the repository's files (vsce --baseImagesUrl). VS Code's extension page shows a README's pictures only from
 * https URLs (vsce takes no other), so the repository's raw URL is stood in for by an HTTPS server on 127.0.0.1 that
 * serves the pictures only, with a certificate made for this run by openssl (which Debian's ca-certificates, installed by
 * scripts/install.sh, brings) and accepted by this run's browser only (ignoreHTTPSErrors).
 */
async function galleryLikeVsix(): Promise<{ vsix: string; stop(): Promise<void> }> {
  const keys = mkdtempSync(path.join(tmpdir(), 'pictures-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(keys, 'key.pem'),
      '-out',
      path.join(keys, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const tls = { key: readFileSync(path.join(keys, 'key.pem')), cert: readFileSync(path.join(keys, 'cert.pem')) };
  rmSync(keys, { recursive: true, force: true });
  const pictures = createServer(tls, (request, response) => {
    const file = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname).replace(/^\/raw\//, '');
    if (request.method !== 'GET' || !/^(docs\/images|media\/walkthrough)\/[\w.-]+\.(png|jpg)$/.test(file) || !existsSync(path.join(REPO, file))) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.endsWith('.png') ? 'image/png' : 'image/jpeg' });
    response.end(readFileSync(path.join(REPO, file)));
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  const staged = packageStaged(['--no-dependencies', '--allow-missing-repository', '--baseImagesUrl', `${base}/raw/`, '--baseContentUrl', `${base}/blob/`]);
  const stop = async (): Promise<void> => {
    staged.remove();
    await new Promise((resolve) => pictures.close(resolve));
  };
  if (staged.status !== 0) {
    await stop();
    throw new Error(`vsce package against ${base} failed: ${staged.printed}`);
  }
  return { vsix: staged.vsix, stop };
}

/** Console messages of the webviews' frames (code-server serves them from .../webview/...): what each run must not log. */
function watchWebviewConsole(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    const frame = message.location().url;
    if (process.env.TAB_DEBUG && message.type() === 'error') console.log('CONSOLE', message.text().slice(0, 300), frame.slice(0, 150));
    if (/Content Security Policy|violates the following/i.test(message.text()) && /webview/i.test(frame))
      violations.push(`${message.text().slice(0, 200)} (${frame.replace(/\?.*/, '')})`);
  });
  return violations;
}

/** Fails when the console has said a webview broke its CSP. */
function checkNoViolations(violations: readonly string[], where: string): void {
  if (violations.length) throw new Error(`${violations.length} CSP violation(s) logged by ${where}: ${violations.slice(0, 3).join(' | ')}`);
}

/** The clause page starts with its clause: its heading and first paragraph within the first 200 px, no toolbar above. */
async function checkPageStart(frame: Frame): Promise<void> {
  const top: { heading: number; paragraph: number; toolbar: boolean } = await frame.evaluate(`({
    heading: document.querySelector('main#page h1').getBoundingClientRect().top,
    paragraph: document.querySelector('main#page article p').getBoundingClientRect().top,
    toolbar: document.querySelector('#toolbar, vscode-button') !== null,
  })`);
  if (top.toolbar || top.heading > 200 || top.paragraph > 200)
    throw new Error(`the page starts with ${top.toolbar ? 'a toolbar' : 'other things'}: heading at ${top.heading} px, text at ${top.paragraph} px`);
}

interface Run {
  name: string;
  server: { args?: string[] };
  /** The browser accepts the certificate of a server this run starts on 127.0.0.1 (the pictures' HTTPS server). */
  ignoreHTTPSErrors?: boolean;
  /** A VSIX of its own to install in place of dist/standards-explorer.vsix, and what to stop after the run. */
  vsix?(): Promise<{ vsix: string; stop(): Promise<void> }>;
  /** Run in the page before the workbench loads. */
  init?: string;
  run(page: Page, server: CodeServer, violations: readonly string[]): Promise<void>;
}

const runs: Run[] = [
  {
    name: 'german',
    server: { args: ['--locale', 'de'] },
    // VS Code takes its display language from its language pack's messages script, which sets this global; code-server
    // has no German pack offline, so the page sets it as that script would. Core stays English; env.language is de.
    init: 'globalThis._VSCODE_NLS_LANGUAGE = "de";',
    async run(page, server, violations) {
      // Installed from the VSIX (not a development path): the translations came in the package.
      const extensions = path.join(server.profile, 'extensions');
      const installed = readdirSync(extensions).find((d) => d.startsWith('standards-explorer.standards-explorer-'));
      for (const file of ['dist/extension.js', 'package.nls.de.json', 'l10n/bundle.l10n.de.json'])
        if (!installed || !existsSync(path.join(extensions, installed, file))) throw new Error(`the installed VSIX lacks ${file} (in ${extensions})`);
      // The view's name, its welcome button and the clause tab's title bar actions come from our German files.
      const frame = await openFirstClause(page, de['Connect to Local Sandbox'], nlsDe['view.standards.name']);
      checkNoViolations(violations, 'the clause page');
      await checkPageStart(frame);
      await page.locator(`.editor-actions .action-label[aria-label^="${nlsDe['command.openClauseJson.title']}"]`).first().waitFor({ timeout: TIMEOUT });
      if ((await frame.locator('html').getAttribute('lang')) !== 'de') throw new Error('the clause page is not marked lang="de"');
      await page.locator('.statusbar-item', { hasText: '(Sandbox)' }).first().waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: path.join(RESULTS, 'looks-german.png') });
      // A command in German from the palette (our titles through package.nls.de.json).
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor({ state: 'visible', timeout: TIMEOUT });
      await input.fill(`>Standards: ${nlsDe['command.findStandard.title'].replace('…', '')}`);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: nlsDe['command.findStandard.title'] }).first().waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: path.join(RESULTS, 'looks-german-commands.png') });
      // The Connection Doctor's report, written by pure modules through src/core/l10n.ts, in German too.
      await page.locator('.quick-input-widget input').first().fill(`>Standards: ${nlsDe['command.connectionDoctor.title']}`);
      await page
        .locator('.quick-input-list .monaco-list-row', {
          has: page.locator('.label-name', { hasText: `Standards: ${nlsDe['command.connectionDoctor.title']}` }),
        })
        .first()
        .click({ timeout: TIMEOUT });
      // Its page: the summary line in German ("Nichts fehlgeschlagen: …").
      const doctor = await frameWith(page, 'p.summary', 'Connection Doctor report', TIMEOUT);
      const summary = (await doctor.locator('p.summary').innerText()).trim();
      const expected = de['Nothing failed: {0}'].replace('{0}', '');
      if (!summary.startsWith(expected)) throw new Error(`the report's summary says "${summary}", not "${expected}…"`);
      // Shown, not only in the DOM: a screenshot taken as the frame appears showed an empty editor.
      await doctor.locator('p.summary').waitFor({ state: 'visible', timeout: TIMEOUT });
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(RESULTS, 'looks-german-doctor.png') });
      checkNoViolations(violations, 'the clause page or the Connection Doctor');
    },
  },
  {
    name: 'themes',
    server: {},
    async run(page, server, violations) {
      // The panel's frame is found again after each switch (VS Code may recreate it).
      await checkPageStart(await openFirstClause(page, 'Connect to Local Sandbox', 'Standards'));
      await page.screenshot({ path: path.join(RESULTS, 'looks-clause-tab.png') });

      // The tab's less common actions, in its title bar's … menu.
      await page.locator('.editor-group-container.active .editor-actions .action-label[aria-label^="More Actions"]').first().click({ timeout: TIMEOUT });
      for (const action of ['Open to the Side', 'Open Clause as Text to the Side', 'Compare with Another Edition…', 'Copy Clause Link'])
        await page.locator('.monaco-menu .action-label', { hasText: action }).first().waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: path.join(RESULTS, 'looks-clause-tab-menu.png') });
      await page.keyboard.press('Escape');
      let frame: Frame;
      const seen = new Set<string>();
      for (const theme of THEMES) {
        await pickTheme(page, theme);
        // The picker writes workbench.colorTheme to the user settings (a moment later).
        for (const deadline = Date.now() + TIMEOUT; ; await page.waitForTimeout(250)) {
          const stored = storedSetting(server.settingsFile, 'workbench.colorTheme');
          if (typeof stored === 'string' && stored.replace(/^Default /, '').replace(/^High Contrast$/, 'Dark High Contrast') === theme) break;
          if (Date.now() > deadline) throw new Error(`workbench.colorTheme is ${JSON.stringify(stored)} after picking ${theme}`);
        }
        const kind = theme.includes('High Contrast') ? 'vscode-high-contrast' : theme.includes('Light') ? 'vscode-light' : 'vscode-dark';
        for (const deadline = Date.now() + TIMEOUT; ; await page.waitForTimeout(250)) {
          frame = await clauseFrame(page);
          const body =
            (await frame
              .locator('body')
              .getAttribute('class')
              .catch(() => '')) ?? '';
          if (body.split(/\s+/).includes(kind)) break;
          if (Date.now() > deadline) throw new Error(`${theme}: the page body never got the class ${kind} (has "${body}")`);
        }
        await page.waitForTimeout(500);
        const c = await colours(frame);
        const ratio = contrast(c.text, c.background);
        const headingRatio = contrast(c.heading, c.background);
        console.log(`    ${theme}: text ${c.text} on ${c.background}, contrast ${ratio.toFixed(1)}:1 (heading ${headingRatio.toFixed(1)}:1)`);
        if (ratio < 4.5 || headingRatio < 4.5) throw new Error(`${theme}: contrast ${ratio.toFixed(2)}:1 / ${headingRatio.toFixed(2)}:1 is below 4.5:1`);
        seen.add(c.background);
        await page.screenshot({ path: path.join(RESULTS, `looks-theme-${theme.replace(/\W+/g, '-').toLowerCase()}.png`) });
      }
      if (seen.size !== THEMES.length) throw new Error(`the page background did not change with the theme (${[...seen].join(', ')})`);
      // The page's context menu: Back, Forward, and Open to the Side, which opens the clause in a second tab beside.
      await (await clauseFrame(page)).locator('main#page h1').click({ button: 'right' });
      for (const action of ['Back', 'Forward'])
        await page
          .locator('.monaco-menu .action-label', { hasText: new RegExp(`^${action}$`) })
          .first()
          .waitFor({ timeout: TIMEOUT });
      await page.screenshot({ path: path.join(RESULTS, 'looks-clause-page-context-menu.png') });
      await page
        .locator('.monaco-menu .action-label', { hasText: /^Open to the Side$/ })
        .first()
        .click({ timeout: TIMEOUT });
      const tabs = page.locator('.editor-group-container .tab', { hasText: ' · 1 ' });
      for (const deadline = Date.now() + TIMEOUT; (await tabs.count()) < 2; await page.waitForTimeout(250))
        if (Date.now() > deadline) throw new Error(`Open to the Side from the page's context menu left ${await tabs.count()} clause tab(s)`);
      checkNoViolations(violations, 'the clause page');
    },
  },
  {
    name: 'details',
    server: {},
    vsix: galleryLikeVsix,
    ignoreHTTPSErrors: true,
    async run(page) {
      // The page a person reads before using the extension: Extensions view, the installed list, a click on ours.
      await page.keyboard.press('Control+Shift+X');
      const search = page.locator('.extensions-viewlet .suggest-input-container').first();
      await search.click({ timeout: TIMEOUT });
      await page.keyboard.type('@installed Standards Explorer');
      await page.locator('.extensions-list .monaco-list-row', { hasText: 'Standards Explorer' }).first().click({ timeout: TIMEOUT });
      await page.locator('.extension-editor .header .name', { hasText: 'Standards Explorer' }).first().waitFor({ timeout: TIMEOUT });
      // The README, rendered in a webview from the installed package: every picture it shows has loaded.
      const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
      const pictures = linksOf(readme).filter((link) => link.image).length;
      const details = await frameWith(page, 'img[alt="The Standards view and a clause page"]', 'extension details (README)', TIMEOUT);
      for (const deadline = Date.now() + TIMEOUT; ; await page.waitForTimeout(250)) {
        // Each scrolled into view (a picture off screen may wait to load), then asked whether it has loaded.
        const images: Array<{ src: string; loaded: boolean }> = await details.evaluate(`[...document.querySelectorAll('img')].map((img) => {
          img.scrollIntoView({ block: 'nearest' });
          return { src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0 };
        })`);
        const unloaded = images.filter((image) => !image.loaded);
        if (images.length === pictures && unloaded.length === 0) break;
        if (Date.now() > deadline)
          throw new Error(
            `the details page shows ${images.length} of the README's ${pictures} pictures, ${unloaded.length} not loaded: ${unloaded.map((i) => i.src).join(', ')}`,
          );
      }
      await details.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: path.join(RESULTS, 'looks-details.png') });
      // The whole README, picture by picture, in one tall screenshot of its frame.
      await page.setViewportSize({ width: 1400, height: 6000 });
      await page.waitForTimeout(1000);
      await page.screenshot({ path: path.join(RESULTS, 'looks-details-full.png') });
      await page.setViewportSize({ width: 1400, height: 900 });
      // Features: the commands with their titles and the settings with their descriptions, read from package.nls.json.
      const nls = JSON.parse(readFileSync(path.join(REPO, 'package.nls.json'), 'utf8')) as Record<string, string>;
      await page
        .locator('.extension-editor .navbar .action-label', { hasText: /^Features$|^Feature Contributions$/ })
        .first()
        .click({ timeout: TIMEOUT });
      const contributes = (
        JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
          contributes: { commands: Array<{ command: string }>; configuration: { properties: Record<string, unknown> } };
        }
      ).contributes;
      for (const [kind, expected, ids] of [
        ['Commands', nls['command.findStandard.title'], contributes.commands.map((c) => c.command)],
        ['Settings', nls['config.pageSize.description'], Object.keys(contributes.configuration.properties)],
      ] as const) {
        await page
          .locator('.extension-editor .extension-feature-list-item, .extension-editor .monaco-list-row', { hasText: new RegExp(`^${kind}`) })
          .first()
          .click({ timeout: TIMEOUT });
        const shown = page.locator('.extension-editor .extension-feature-content, .extension-editor .subcontent', { hasText: expected }).first();
        await shown.waitFor({ timeout: TIMEOUT });
        const text = await shown.innerText();
        if (/%[\w.]+%/.test(text)) throw new Error(`the Features tab's ${kind} show a placeholder not put in words: ${/%[\w.]+%/.exec(text)?.[0]}`);
        const missing = ids.filter((id) => !text.includes(id));
        if (missing.length > 0) throw new Error(`the Features tab's ${kind} leave out ${missing.length} of ${ids.length}: ${missing.slice(0, 5).join(', ')}`);
        await page.screenshot({ path: path.join(RESULTS, `looks-details-${kind.toLowerCase()}.png`) });
      }
    },
  },
];

async function main(): Promise<number> {
  checkTools();
  if (!existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package first`);
  mkdirSync(RESULTS, { recursive: true });
  let passed = 0;
  let failed = 0;
  const only = process.env.LOOKS_ONLY;
  for (const run of runs.filter((r) => !only || r.name === only)) {
    const own = run.vsix ? await run.vsix() : undefined;
    const server = await startCodeServer({ vsix: own?.vsix ?? VSIX, ...run.server });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, ignoreHTTPSErrors: run.ignoreHTTPSErrors ?? false });
      const violations = watchWebviewConsole(page);
      if (run.init) await page.addInitScript(run.init);
      await server.login(page.context());
      await page.goto(server.workbenchUrl());
      await page.locator('.monaco-workbench').waitFor({ timeout: TIMEOUT });
      await run.run(page, server, violations);
      passed++;
      console.log(`  ✔ ${run.name}`);
    } catch (error) {
      failed++;
      console.log(`  ✘ ${run.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} (log ${server.logFile})`);
      const pages = browser.contexts().flatMap((c) => c.pages());
      await pages[0]?.screenshot({ path: path.join(RESULTS, `looks-${run.name}-FAILED.png`) }).catch(() => undefined);
    } finally {
      await browser.close();
      await server.stop();
      stopExtensionSandbox(server.profile);
      await own?.stop();
    }
  }
  console.log(`looks: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

runScript('looks', main);
