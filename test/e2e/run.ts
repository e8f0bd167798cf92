/**
 * A person's path through the extension in a real VS Code (code-server) and a real browser (Debian Chromium via
 * playwright-core), with the extension installed from the VSIX that `npm run package` builds and the sandbox the
 * extension itself starts. Every step saves a screenshot under test-results/; a failing step saves one more and
 * the code-server log. Prints "e2e: N passed, N failed" and exits non-zero on a failure.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { Catalogue } from '../../sandbox/catalogue';
import { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { launchBrowser } from '../harness/browser';
import { startCodeServer, stopExtensionSandbox, type CodeServer } from '../harness/codeServer';
import { PROBE_COMMAND_TITLE, buildProbeVsix, type ProbeReport } from './exportsProbe';
import { REPO, checkTools } from '../harness/tools';
import { clauseFrame, frameWith } from './frames';
import { hostileContentStep } from './hostile';
import { checkClausePages } from './clausePage';
import { checkPublishedPages } from './publishedSweep';
import { STEP_TIMEOUT, closeQuickInput, hoverUntil, labelled, openWorkbench, quickOpen, runCommand, runScript, treeRow, view } from './workbench';

const RESULTS = path.join(REPO, 'test-results');
const VSIX = path.join(REPO, 'dist', 'standards-explorer.vsix');

interface Step {
  name: string;
  run(page: Page): Promise<void>;
}

/** Opens the extension's walkthrough from the palette; resolves with the number of its steps. */
async function openWalkthrough(page: Page): Promise<number> {
  await runCommand(page, 'Standards: Get Started');
  const steps = page.locator('.getting-started-step');
  await steps.first().waitFor({ timeout: STEP_TIMEOUT });
  return steps.count();
}

/** An action of the active editor group's title bar, by the start of its label. */
function titleAction(page: Page, label: string) {
  return page.locator(`.editor-group-container.active .editor-actions .action-label[aria-label^="${label}"]`).first();
}

/** The reading tabs of the first standard's clauses ("ISO 11831:1988 · 2 Normative references"), in every group. */
const clauseTabs = (page: Page) => page.locator('.tabs-container .tab', { hasText: `${standardLabel} · ` });

async function expectClauseTabs(page: Page, count: number, when: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  let found = await clauseTabs(page).count();
  while (found !== count && Date.now() < deadline) {
    await page.waitForTimeout(200);
    found = await clauseTabs(page).count();
  }
  if (found !== count) throw new Error(`${found} clause tabs ${when}, expected ${count}`);
}

/** Opens a clause from the tree and waits for its page to show its heading. */
async function openFromTree(page: Page, row: ReturnType<typeof treeRow>): Promise<string> {
  const label = (await row.locator('.label-name').innerText()).trim();
  await row.click();
  // The reading tab's title names the standard and the clause ("ISO 11831:1988 · Annex A Typical values").
  const tab = page.locator('.tabs-container .tab.active', { hasText: `${standardLabel} · ${label}` }).first();
  await labelled(`the tab of "${label}"`, tab.waitFor({ timeout: STEP_TIMEOUT }));
  await (await clauseFrame(page)).locator('main#page article').first().waitFor({ timeout: STEP_TIMEOUT });
  return label;
}

/**
 * Whether the page's heading leaves `before` within `ms` (read through the page's DOM from outside: the strict CSP
 * refuses code evaluated in the page).
 */
async function headingLeaves(frame: Frame, before: string, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const now = await frame
      .locator('main#page h1')
      .first()
      .innerText({ timeout: 1_000 })
      .catch(() => before);
    if (now.trim() !== before) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Where the probe extension writes what it found in our exports. */
const PROBE_OUT = path.join(os.tmpdir(), `se-exports-probe-${process.pid}.json`);
let clauseTitle = '';
let standardLabel = '';
let sandboxUrl = '';
let profile = '';
let workspaceDir = '';
/** The other edition the compare step offered first (an older one of the first standard). */
let olderEdition = '';

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
    name: 'walkthrough offered',
    async run(page) {
      // Shown once now, as on install: its steps then complete as their commands run (checked at the end).
      const steps = await openWalkthrough(page);
      if (steps < 5) throw new Error(`${steps} walkthrough steps`);
      if ((await page.locator('.getting-started-step .codicon-getting-started-step-checked').count()) !== 0)
        throw new Error('a step is done before its command ran');
      // Let the page settle (it focuses its first step), then close it from the palette.
      await page.waitForTimeout(1000);
      await runCommand(page, 'View: Close Editor');
      await page.locator('.getting-started-step').first().waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
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
      // The first standard under All standards (the roots of My Standards come first).
      const first = treeRow(page, /^(ISO|IEC|EN)\b/);
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
      // Read as a document: no identifier, anchor or flag of the JSON shows as text.
      const text = await frame.locator('main#page').innerText();
      const shown = /#_|\burn:|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-|\btrue\b|\bfalse\b/i.exec(text);
      if (shown) throw new Error(`identifier visible on the clause page: "${text.slice(Math.max(0, shown.index - 40), shown.index + 40)}"`);
    },
  },
  {
    name: 'five clauses and two cross-references in one reading tab',
    async run(page) {
      // Issue 51: as a person reads — clauses from the tree, then cross-references on the page — one reading tab.
      await expectClauseTabs(page, 1, 'after the first clause');
      const opened = [clauseTitle];
      for (const name of ['Foreword', /^2 /, /^3 /, /^4 /]) {
        opened.push(await openFromTree(page, treeRow(page, name)));
        await expectClauseTabs(page, 1, `after opening ${opened.length} clauses (${opened.join(', ')})`);
      }
      // Two cross-references, followed by clicking them on the page (a clause without one: the next from the tree).
      let followed = 0;
      for (const next of [/^5 /, /^Annex A/, /^Annex B/, 'Introduction', /^1 /, /^2 /, /^3 /, /^4 /, 'Foreword']) {
        const frame = await clauseFrame(page);
        const links = frame.locator('main#page article a.link:not([title^="urn:"])');
        for (let i = 0, n = await links.count(); i < n && followed < 2; i++) {
          const before = (await frame.locator('main#page h1').innerText()).trim();
          // A cross-reference to a place on the same page scrolls there; one to another clause replaces the page. A
          // click while the page is taking the focus may be ignored (actions come from the focused page only): twice.
          let moved = false;
          // Only a link a person can see (a long table's sizing rows hold hidden copies of its cells).
          if (!(await links.nth(i).isVisible())) continue;
          for (let attempt = 0; attempt < 2 && !moved; attempt++) {
            const clicked = await links
              .nth(i)
              .click({ timeout: 5_000 })
              .then(() => true)
              .catch(() => false);
            if (!clicked) break;
            moved = await headingLeaves(frame, before, 5_000);
          }
          if (!moved) continue;
          followed++;
          await expectClauseTabs(page, 1, `after following ${followed} cross-reference(s)`);
          break;
        }
        if (followed === 2) break;
        const row = treeRow(page, next);
        if (await row.count()) await openFromTree(page, row);
      }
      if (followed < 2) throw new Error(`followed ${followed} cross-references; the clauses read had no more`);
      await page.screenshot({ path: path.join(RESULTS, 'e2e-one-reading-tab.png') });
      // Back returns to the clause the cross-reference was followed from, in the same tab.
      const frame = await clauseFrame(page);
      const shown = (await frame.locator('main#page h1').innerText()).trim();
      await titleAction(page, 'Back').click({ timeout: STEP_TIMEOUT });
      if (!(await headingLeaves(frame, shown, STEP_TIMEOUT))) throw new Error(`Back did not leave "${shown}"`);
      await expectClauseTabs(page, 1, 'after Back');
      // A second one, on purpose: Open to the Side from the tab's … menu.
      await titleAction(page, 'More Actions').click({ timeout: STEP_TIMEOUT });
      await page.locator('.monaco-menu .action-label', { hasText: 'Open to the Side' }).first().click({ timeout: STEP_TIMEOUT });
      await expectClauseTabs(page, 2, 'after Open to the Side');
      await page.screenshot({ path: path.join(RESULTS, 'e2e-reading-tab-and-one-beside.png') });
      // Closed again (it has the focus), and Scope read again in the one tab, for the steps that follow.
      await runCommand(page, 'View: Close Editor');
      await expectClauseTabs(page, 1, 'after closing the one beside');
      await runCommand(page, 'View: Single Column Editor Layout');
      await openFromTree(page, treeRow(page, /^1 /));
      await expectClauseTabs(page, 1, 'with Scope read again');
      // The page's first 200 px show the clause's heading and its text (no toolbar above them).
      const scope = await clauseFrame(page);
      const top = (await (await scope.frameElement()).boundingBox())?.y ?? 0;
      const heading = await scope.locator('main#page h1').boundingBox();
      const text = await scope.locator('main#page article p').first().boundingBox();
      if (!heading || !text || heading.y - top > 200 || text.y - top > 200)
        throw new Error(
          `heading at ${heading ? Math.round(heading.y - top) : '?'} px, text at ${text ? Math.round(text.y - top) : '?'} px from the page's top`,
        );
    },
  },
  {
    name: 'open JSON to the side',
    async run(page) {
      await clauseFrame(page);
      // The clause tab's title bar (the page has no toolbar: issue 51).
      await titleAction(page, 'Open Clause JSON to the Side').click({ timeout: STEP_TIMEOUT });
      await page.locator('.tab', { hasText: '.json' }).first().waitFor({ timeout: STEP_TIMEOUT });
      await page.locator('.monaco-editor .view-lines', { hasText: '"@context"' }).first().waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'compare two editions side by side',
    async run(page) {
      // The sandbox's first standard (seed 1) has an older edition in the catalogue: the clause tab's title bar menu
      // lists it (newest first, with status) and opens the diff editor between the two Scope clauses as Markdown.
      const frame = await clauseFrame(page);
      // The title bar's actions are the active tab's: the reading tab made active (the JSON editor beside has the
      // focus, its tab named "1 Scope.json" now).
      const reading = `${standardLabel} · ${clauseTitle}`;
      await page.locator('.tab', { hasText: reading }).first().click();
      await frame.locator('main#page h1').click();
      await page.locator('.editor-group-container.active .tab.active', { hasText: reading }).first().waitFor({ timeout: STEP_TIMEOUT });
      await titleAction(page, 'More Actions').click({ timeout: STEP_TIMEOUT });
      await page.locator('.monaco-menu .action-label', { hasText: 'Compare with Another Edition' }).first().click({ timeout: STEP_TIMEOUT });
      const rows = page.locator('.quick-input-list .monaco-list-row');
      await rows.first().waitFor({ timeout: STEP_TIMEOUT });
      const other = (await rows.first().locator('.label-name').first().innerText()).trim();
      olderEdition = other;
      if (!/^(ISO|IEC|EN)\b/.test(other) || other === standardLabel) throw new Error(`the first edition offered is "${other}" (comparing ${standardLabel})`);
      await rows.first().click();
      await page.locator('.tab', { hasText: '↔' }).first().waitFor({ timeout: STEP_TIMEOUT });
      // One editor group, so the diff has the width to show both editions side by side.
      await runCommand(page, 'View: Single Column Editor Layout');
      const diff = page.locator('.monaco-diff-editor.side-by-side').first();
      await diff.waitFor({ timeout: STEP_TIMEOUT });
      for (const side of ['original', 'modified']) {
        await diff.locator(`.editor.${side} .view-lines`, { hasText: '# 1 ' }).first().waitFor({ timeout: STEP_TIMEOUT });
      }
      const years = [/:(\d{4})/.exec(other)?.[1], /:(\d{4})/.exec(standardLabel)?.[1]].filter(Boolean) as string[];
      for (const year of years) await diff.locator('.view-lines', { hasText: year }).first().waitFor({ timeout: STEP_TIMEOUT });
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
    name: 'hover a reference in a requirements file and follow its link to the clause',
    async run(page) {
      // References resolve through the catalogue index, which was built in the background on sign-in: no Find
      // Standard first (issue 51).
      // A plain-text requirements file of the workspace citing the standard of the steps above, the clause locator
      // first. (Plain text: a Markdown file would wait on VS Code's Markdown language server, which offline takes a minute.)
      const cited = `Clause 1 of ${standardLabel}`;
      // The older edition, cited too, shows the outdated-edition diagnostic in the picture.
      writeFileSync(
        path.join(workspaceDir, 'requirements.txt'),
        `Requirements\n\nReleases before 2020 met ${olderEdition}.\n\nEvery release meets ${cited} and is reviewed.\n`,
      );
      await page.keyboard.press('Control+P');
      const input = page.locator('.quick-input-widget input').first();
      await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
      await input.fill('requirements.txt');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'requirements.txt' }).first().click({ timeout: STEP_TIMEOUT });
      await page.locator('.tab.active', { hasText: 'requirements.txt' }).first().waitFor({ timeout: STEP_TIMEOUT });
      // The token holding the reference (the link decoration gives the citation a span of its own).
      const reference = page.locator('.monaco-editor .view-line span span', { hasText: standardLabel }).first();
      await reference.waitFor({ timeout: STEP_TIMEOUT });
      // Hovers appear after the mouse rests; move away and back until ours shows (the index may still be building).
      // A hover sends one request at most: the clause list first, its first paragraph on a later hover.
      const hover = page.locator('.monaco-hover', { hasText: 'Open Clause' }).first();
      let text = '';
      for (const deadline = Date.now() + STEP_TIMEOUT; !(await hover.isVisible()) || /Hover again/.test((text = await hover.innerText()));) {
        if (Date.now() > deadline) throw new Error(`no hover with Open Clause and a first paragraph over the reference (last: "${text}")`);
        await page.mouse.move(0, 0);
        await reference.hover();
        await page.waitForTimeout(1500);
      }
      text = await hover.innerText();
      if (!text.includes(standardLabel) || !text.includes(clauseTitle.replace(/^1 /, ''))) throw new Error(`hover says "${text}"`);
      await page.screenshot({ path: path.join(RESULTS, 'e2e-reference-hover.png') });
      // Follow the link as a person does: Ctrl+click on the reference (the link spans "Clause 1 of …").
      // Raw mouse events: holding Ctrl over a link re-renders its span, which a locator click waits on forever.
      const box = await reference.boundingBox();
      if (!box) throw new Error('the reference has no box on screen');
      await page.keyboard.down('Control');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(300);
      await page.mouse.down();
      await page.mouse.up();
      await page.keyboard.up('Control');
      await page.locator('.editor-group-container.active .tab.active', { hasText: clauseTitle }).first().waitFor({ timeout: STEP_TIMEOUT });
      const frame = await clauseFrame(page);
      const heading = (await frame.locator('main#page h1').innerText()).trim();
      if (heading !== clauseTitle) throw new Error(`clause page heading "${heading}", expected "${clauseTitle}"`);
      // Back to the Markdown file once the page has settled: a page that takes the focus late closes the next
      // step's picker.
      await page.screenshot({ path: path.join(RESULTS, 'e2e-reference-followed.png') });
      await page.waitForTimeout(1000);
      await page.locator('.tab', { hasText: 'requirements.txt' }).first().click();
      await page.locator('.editor-group-container.active .tab.active', { hasText: 'requirements.txt' }).first().waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'a Markdown file citing a current, a withdrawn and an unknown standard, without Find Standard',
    async run(page) {
      // Issue 51: a link and hover, a warning with its quick fix, and an "unresolved" hover — the index built on sign-in.
      writeFileSync(
        path.join(workspaceDir, 'design.md'),
        `# Design\n\nThe device meets ${standardLabel}, clause 1.\n\nEarlier releases met ${olderEdition}.\n\nThe archive cites ISO 99999:2020.\n`,
      );
      // Quick Open finds a new file once the workspace's file watcher has seen it: asked again until it does.
      await quickOpen(page, 'design.md');
      const token = (text: string) => page.locator('.monaco-editor .view-line span span', { hasText: text }).first();
      // The current edition: a link, and a hover with the standard and its commands.
      const current = await hoverUntil(page, token(standardLabel), 'Open Clause', standardLabel);
      if (!current.includes(standardLabel)) throw new Error(`the hover says "${current}"`);
      await page.screenshot({ path: path.join(RESULTS, 'e2e-markdown-current-hover.png') });
      const linked = page.locator('.monaco-editor .detected-link, .monaco-editor .detected-link-active').first();
      await labelled('the citation drawn as a link', linked.waitFor({ timeout: STEP_TIMEOUT }));
      // The unknown one: never silence.
      const unknown = await hoverUntil(page, token('99999'), 'not in this catalogue', 'ISO 99999:2020', '99999');
      if (!/search for it/.test(unknown)) throw new Error(`the unknown reference's hover says "${unknown}"`);
      await page.screenshot({ path: path.join(RESULTS, 'e2e-markdown-unknown-hover.png') });
      await page.mouse.move(0, 0);
      // The older edition: a warning, with the quick fix to the current one.
      await labelled('the warning on the older edition', page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: STEP_TIMEOUT }));
      await page.mouse.move(0, 0);
      await token(olderEdition).click();
      await page.keyboard.press('Control+.');
      const fix = page.locator('.action-widget, .context-view', { hasText: /Replace with|Update to/ }).first();
      await labelled('the quick fix to the current edition', fix.waitFor({ timeout: STEP_TIMEOUT }));
      await page.screenshot({ path: path.join(RESULTS, 'e2e-markdown-withdrawn-quick-fix.png') });
      await page.keyboard.press('Escape');
      await page.mouse.move(0, 0);
    },
  },
  {
    name: 'coverage of the cited standard',
    async run(page) {
      // A plan citing more of the standard: two clauses at once, one justified as not applicable, one it does not have.
      writeFileSync(
        path.join(workspaceDir, 'plan.txt'),
        [
          'Design plan',
          '',
          `Scope and normative references: ${standardLabel} clauses 1 and 2.`,
          `standards: not-applicable ${standardLabel} clause 3 — we define no terms of our own`,
          `Calibration follows ${standardLabel}, clause 42.`,
          '',
        ].join('\n'),
      );
      await runCommand(page, 'Standards: Show Coverage of a Standard…');
      // The standards the workspace cites come first.
      const cited = page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: standardLabel }) }).first();
      await labelled('the cited standard offered', cited.waitFor({ timeout: STEP_TIMEOUT }));
      await cited.click();
      const pane = page
        .locator('.pane')
        .filter({ has: page.locator('.pane-header', { hasText: /^Coverage/ }) })
        .first();
      // The Standards view folded away, as a person makes room for a long list.
      await view(page).locator('.pane-header').first().click();
      await labelled(
        'the counts above the Coverage view',
        pane.getByText(/\d+ of \d+ clauses addressed, 1 not applicable, \d+ open/).waitFor({ timeout: STEP_TIMEOUT }),
      );
      await labelled(
        'the problem of clause 42',
        pane
          .locator('.monaco-list-row', { hasText: /has no clause 42/ })
          .first()
          .waitFor({ timeout: STEP_TIMEOUT }),
      );
      await labelled(
        'the justified clause',
        pane
          .locator('.monaco-list-row', { hasText: /not applicable/ })
          .first()
          .waitFor({ timeout: STEP_TIMEOUT }),
      );
      // Click to go: the plan opens at the place that cites the clause.
      await pane.locator('.monaco-list-row', { hasText: 'plan.txt:3' }).first().click();
      await labelled('the plan opened from the view', page.locator('.tab.active', { hasText: 'plan.txt' }).first().waitFor({ timeout: STEP_TIMEOUT }));
      // A wider side bar for the picture: the sash between it and the editor dragged, as a person does.
      const sash = await page.locator('.part.sidebar').boundingBox();
      if (sash) {
        await page.mouse.move(sash.x + sash.width + 1, sash.y + sash.height / 2);
        await page.mouse.down();
        await page.mouse.move(sash.x + sash.width + 220, sash.y + sash.height / 2, { steps: 5 });
        await page.mouse.up();
        // Off the sash, which stays highlighted while the mouse rests on it.
        await page.mouse.move(sash.x + sash.width + 600, sash.y + sash.height - 40);
        await page
          .locator('.monaco-sash.active')
          .first()
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(() => undefined);
        await page.waitForTimeout(1000);
      }
      await labelled('the diagnostic on clause 42', page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: STEP_TIMEOUT }));
      await page.screenshot({ path: path.join(RESULTS, 'e2e-coverage.png') });
    },
  },
  {
    name: 'references view counts the cited standard and opens its clauses',
    async run(page) {
      const pane = page
        .locator('.pane')
        .filter({ has: page.locator('.pane-header', { hasText: /^References/ }) })
        .first();
      // The Coverage view folded away, the References view opened.
      await page
        .locator('.pane-header', { hasText: /^Coverage/ })
        .first()
        .click();
      await pane.locator('.pane-header').first().click();
      // Its first level counts each cited standard (the requirements file and the plan cite this one; the older
      // edition's row names it too, as what replaces it: a row is told by its label).
      const row = (level: number, name: string | RegExp) =>
        pane.locator(`.monaco-list-row[aria-level="${level}"]`, { has: page.locator('.label-name', { hasText: name }) }).first();
      const standard = row(1, standardLabel);
      await labelled('the cited standard with its count', standard.filter({ hasText: /[2-9] · Current/ }).waitFor({ timeout: STEP_TIMEOUT }));
      // Opened, it groups its citations by clause.
      await standard.click();
      const clause = row(2, /^\s*clause 1\s*$/);
      await labelled('its clause 1 under it', clause.waitFor({ timeout: STEP_TIMEOUT }));
      await clause.click();
      await labelled(
        'the places citing clause 1',
        pane
          .locator('.monaco-list-row[aria-level="3"]', { hasText: /requirements\.txt:5|plan\.txt:3/ })
          .first()
          .waitFor({ timeout: STEP_TIMEOUT }),
      );
      await page.screenshot({ path: path.join(RESULTS, 'e2e-references.png') });
    },
  },
  {
    name: 'find standard keeps its ranking',
    async run(page) {
      // The catalogue the bundled sandbox serves (seed 1, 30 000), ranked as the extension ranks it: a number whose
      // best records are not in the order VS Code would sort their labels in.
      const catalogue = new Catalogue(1, 30_000);
      const index = CatalogueIndex.of(
        catalogue.standards.map((s, position) => ({ position, urn: s.urn, reference: s.reference, title: s.titleText, status: s.status })),
        0,
      );
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
      // On a cold index the picker opens at once and searches what has arrived ("… still loading"): keep that
      // moment as a picture, then wait for the whole catalogue.
      const title = page.locator('.quick-input-widget .quick-input-title');
      if ((await title.innerText().catch(() => '')).includes('still loading'))
        await page.screenshot({ path: path.join(RESULTS, 'e2e-find-standard-while-loading.png') });
      for (const deadline = Date.now() + STEP_TIMEOUT; (await title.innerText().catch(() => '')).includes('still loading');) {
        if (Date.now() > deadline) throw new Error('the catalogue index did not finish loading');
        await page.waitForTimeout(200);
      }
      const rows = page.locator('.quick-input-list .monaco-list-row');
      await rows.first().filter({ hasText: expected[0] }).waitFor({ timeout: STEP_TIMEOUT });
      const shown: string[] = [];
      for (let i = 0; i < 4; i++) shown.push((await rows.nth(i).locator('.label-name').first().innerText()).trim());
      if (shown.join(' | ') !== expected.join(' | ')) throw new Error(`"${query}" shows ${shown.join(' | ')}; ranked ${expected.join(' | ')}`);
      await page.screenshot({ path: path.join(RESULTS, 'e2e-find-standard-ranked-list.png') });
      await closeQuickInput(page);
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
      const pick = page
        .locator('.quick-input-list .monaco-list-row')
        .first()
        .filter({ hasText: /Quality management/ });
      await pick.waitFor({ timeout: STEP_TIMEOUT });
      const wanted = (await pick.locator('.label-name').first().innerText()).trim();
      await page.keyboard.press('Enter');
      await view(page).locator('.monaco-list-row[aria-selected="true"]', { hasText: wanted }).first().waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'catalogue grouped by publisher',
    async run(page) {
      // The index exists (Find Standard built it): the view groups the catalogue at once, each group with its count.
      await runCommand(page, 'Standards: Group Catalogue by Publisher');
      await treeRow(page, /^ISO\/IEC\s*[\d,]+$/).waitFor({ timeout: STEP_TIMEOUT });
      await treeRow(page, /^ISO\s*[\d,]+$/).click();
      await treeRow(page, /^1–999\s*[\d,]+$/).waitFor({ timeout: STEP_TIMEOUT });
      await page.screenshot({ path: path.join(RESULTS, 'e2e-catalogue-grouped.png') });
      await runCommand(page, "Standards: Don't Group the Catalogue (Service Order)");
      await treeRow(page, /^ISO\/IEC\s*[\d,]+$/).waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'pinned section',
    async run(page) {
      // The standard read above, pinned from its item's button in Find Standard: a Pinned root appears and its
      // clauses are downloaded for offline reading (the item says so when done).
      await runCommand(page, 'Standards: Find Standard…');
      const input = page.locator('.quick-input-widget input').first();
      await labelled('the Find Standard input', input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT }));
      await input.fill(standardLabel);
      const item = page.locator('.quick-input-list .monaco-list-row').first().filter({ hasText: standardLabel });
      await labelled(`"${standardLabel}" first in Find Standard`, item.waitFor({ timeout: STEP_TIMEOUT }));
      await item.hover();
      await labelled('the pin button', item.locator('.action-label[aria-label*="Pin for Offline Reading"]').first().click({ timeout: STEP_TIMEOUT }));
      await closeQuickInput(page);
      // The pin is stored, then the view redraws: the Pinned root appears a moment later, at the top.
      await labelled('the Pinned root', treeRow(page, /^Pinned/).waitFor({ timeout: STEP_TIMEOUT }));
      // A new pin is revealed (issue 51): Pinned opens by itself and shows it, its clauses downloaded.
      await labelled(
        `"${standardLabel}" saying "offline copy" under Pinned`,
        view(page).locator('.monaco-list-row', { hasText: standardLabel }).filter({ hasText: 'offline copy' }).first().waitFor({ timeout: STEP_TIMEOUT }),
      );
      // The catalogue folded for the picture: Pinned above it, Recent below.
      const all = treeRow(page, /^All standards/, 'true');
      if (await all.count()) await all.click();
      await labelled('All standards folded', treeRow(page, /^All standards/, 'false').waitFor({ timeout: STEP_TIMEOUT }));
      await page.mouse.move(0, 0);
    },
  },
  {
    name: 'connection doctor report',
    async run(page) {
      await runCommand(page, 'Standards: Connection Doctor');
      // The report is a page of its own, rendered: a heading, the summary line, a badge per check — not Markdown
      // source in an unsaved editor. Against the sandbox nothing fails.
      const frame = await frameWith(page, 'p.summary', 'Connection Doctor report', STEP_TIMEOUT);
      const heading = (await frame.locator('h1').innerText()).trim();
      if (heading !== 'Connection Doctor') throw new Error(`the report's heading is "${heading}"`);
      const summary = (await frame.locator('p.summary').innerText()).trim();
      if (!/^Nothing failed: (\d+ warnings?, )?\d+ passed/.test(summary)) throw new Error(`the summary says "${summary}"`);
      const passed = await frame.locator('li.check.pass .badge.pass', { hasText: 'PASS' }).count();
      if (passed < 5) throw new Error(`${passed} checks shown as passed`);
      const text = await frame.locator('body').innerText();
      if (/\|\s*(PASS|FAIL)\s*\||\|---/.test(text)) throw new Error('the page shows Markdown table source');
      await page.locator('.editor-group-container.active .tab.active', { hasText: 'Connection Doctor' }).first().waitFor({ timeout: STEP_TIMEOUT });
      if (await page.locator('.tab.dirty', { hasText: 'Connection Doctor' }).count()) throw new Error('the report is an unsaved editor');
      // Copy Report: the extension copies the Markdown and the page says so beside the button.
      await frame.locator('button[data-action="copyReport"]').click();
      await labelled('the "Copied" note', frame.locator('#copied').waitFor({ state: 'visible', timeout: STEP_TIMEOUT }));
      // No notification outlives its work: the progress was in the status bar and on the page, both gone by now.
      const toasts = page.locator('.notifications-toasts .notification-toast', { hasText: /Connection Doctor|Checking/ });
      if (await toasts.count()) throw new Error(`a notification is left: "${await toasts.first().innerText()}"`);
      if (await page.locator('.statusbar-item', { hasText: 'Connection Doctor' }).count()) throw new Error('the status bar still shows the progress');
      await page.mouse.move(0, 0);
    },
  },
  {
    name: 'accounts menu shows the connected client',
    async run(page) {
      // VS Code's Accounts menu (the person icon) lists our provider's session: the sandbox's client, no secret.
      await page.locator('.activitybar .action-item .codicon-accounts-view-bar-icon, .activitybar .action-item a[aria-label^="Accounts"]').first().click();
      const account = page.locator('.monaco-menu .action-item', { hasText: /Local sandbox — / }).first();
      await account.waitFor({ timeout: STEP_TIMEOUT });
      await account.hover();
      await page
        .locator('.monaco-menu .action-item', { hasText: /^Sign Out$/ })
        .first()
        .waitFor({ timeout: STEP_TIMEOUT });
      await page.screenshot({ path: path.join(RESULTS, 'e2e-accounts-menu.png') });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'walkthrough steps completed',
    async run(page) {
      // Every step's command has run in the steps above, after the walkthrough was first shown: each is done. The
      // agents step is done once read: opened here, showing its prompt and the tools' # names.
      const steps = await openWalkthrough(page);
      await page.locator('.getting-started-step', { hasText: 'Let AI agents read clauses' }).click({ timeout: STEP_TIMEOUT });
      for (const deadline = Date.now() + STEP_TIMEOUT; ;) {
        const done = await page.locator('.getting-started-step .codicon-getting-started-step-checked').count();
        if (done === steps) break;
        if (Date.now() > deadline) throw new Error(`${done} of ${steps} walkthrough steps complete`);
        await page.waitForTimeout(250);
      }
      await page.waitForTimeout(1000);
      await page.screenshot({ path: path.join(RESULTS, 'e2e-walkthrough-agents-step.png') });
      await runCommand(page, 'View: Close Editor');
    },
  },
  {
    name: 'offline node when the sandbox stops',
    async run(page) {
      const port = /:(\d+)/.exec(sandboxUrl)?.[1];
      if (!port) throw new Error(`no sandbox port in the status bar ("${sandboxUrl}")`);
      // The sandbox the extension started, from this run's isolated extensions folder.
      stopExtensionSandbox(profile);
      await runCommand(page, 'Standards: Refresh');
      // All standards (collapsed above) shows one offline node with Retry; Pinned stays, read from stored state.
      await treeRow(page, /^All standards/).click({ timeout: STEP_TIMEOUT });
      await treeRow(page, /^All standards/).press('ArrowRight');
      await treeRow(page, /Offline: the service cannot be reached/).waitFor({ timeout: STEP_TIMEOUT });
      await treeRow(page, /^Pinned/).waitFor({ timeout: STEP_TIMEOUT });
    },
  },
  {
    name: 'offline clause page',
    async run(page) {
      // The pinned standard (the first row with its label: Pinned comes first), its Foreword opened from disk.
      const pinned = treeRow(page, standardLabel);
      await pinned.click();
      await pinned.press('ArrowRight');
      await treeRow(page, 'Foreword').click({ timeout: STEP_TIMEOUT });
      // The page that says it is an offline copy (other clause pages may be open).
      const deadline = Date.now() + STEP_TIMEOUT;
      for (let found = false; !found;) {
        for (const frame of page.frames()) {
          if (
            (await frame
              .locator('.offline-banner', { hasText: 'Offline copy from' })
              .count()
              .catch(() => 0)) > 0
          )
            found = true;
        }
        if (!found && Date.now() > deadline) throw new Error('no clause page says "Offline copy from"');
        if (!found) await page.waitForTimeout(250);
      }
    },
  },
  {
    name: 'connection doctor puts the stopped sandbox first, with its remedy',
    async run(page) {
      // The sandbox is still stopped: the report, refreshed on the same page, lists the refused connection first,
      // with the button that starts the sandbox again.
      await runCommand(page, 'Standards: Connection Doctor');
      const frame = await frameWith(page, 'p.summary.has-failures', 'Connection Doctor report with a failure', STEP_TIMEOUT);
      const first = frame.locator('li.check').first();
      const firstText = await first.innerText();
      if (!(await first.getAttribute('class'))?.includes('fail') || !/Connection 127\.0\.0\.1:\d+/.test(firstText))
        throw new Error(`the first check listed is not the refused connection: "${firstText}"`);
      if (!/FAIL/.test(firstText) || !/ECONNREFUSED/.test(firstText)) throw new Error(`the failure says "${firstText}"`);
      const remedy = first.locator('button[data-action="connectSandbox"]', { hasText: 'Connect to Local Sandbox' });
      await labelled('the remedy button', remedy.waitFor({ timeout: STEP_TIMEOUT }));
      await page.screenshot({ path: path.join(RESULTS, 'e2e-connection-doctor-failure.png') });
      // The button works: the sandbox starts again, and Run Again finds nothing failing.
      await remedy.click();
      // A new sandbox, on a new port: the status bar names it.
      const restarted = page.locator('.statusbar-item', { hasText: '(sandbox)' }).filter({ hasNotText: sandboxUrl });
      await labelled(`a sandbox other than ${sandboxUrl} in the status bar`, restarted.first().waitFor({ timeout: STEP_TIMEOUT }));
      await frame.locator('button[data-action="runAgain"]').click();
      await labelled('a report with nothing failed', frameWith(page, 'p.summary:not(.has-failures)', 'Connection Doctor report', STEP_TIMEOUT));
    },
  },
  {
    name: 'another extension gets nothing from our exports',
    async run(page) {
      // Signed in to the sandbox by now: a secret and a token exist to be reached, if exports led anywhere.
      rmSync(PROBE_OUT, { force: true });
      await runCommand(page, PROBE_COMMAND_TITLE);
      const deadline = Date.now() + STEP_TIMEOUT;
      while (!existsSync(PROBE_OUT) && Date.now() < deadline) await page.waitForTimeout(200);
      if (!existsSync(PROBE_OUT)) throw new Error('the probe extension wrote no report');
      const report = JSON.parse(readFileSync(PROBE_OUT, 'utf8')) as ProbeReport;
      if (report.type !== 'undefined' || report.paths.length || report.strings.length)
        throw new Error(`exports reach ${report.type}: ${report.paths.slice(0, 8).join(', ')}`);
    },
  },
  hostileContentStep, // test/e2e/hostile.ts: hostile clause content against the real page HTML and CSP
];

async function main(): Promise<number> {
  checkTools();
  if (!existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package first`);
  mkdirSync(RESULTS, { recursive: true });
  // Files only: test-results/e2e-web/ is the web step's (test/e2e/web.ts).
  for (const old of readdirSync(RESULTS, { withFileTypes: true }).filter((f) => f.isFile() && (f.name.startsWith('e2e-') || f.name.startsWith('page-'))))
    rmSync(path.join(RESULTS, old.name), { force: true });
  // The clause page alone in Chromium, for both sandbox vocabularies (clausePage.ts), before the editor starts.
  const clausePages = await checkClausePages();
  // Every clause of 10 STS and 10 Metanorma standards through the page, measured as published (publishedSweep.ts).
  const published = await checkPublishedPages();
  const pages = { passed: clausePages.passed + published.passed, failed: clausePages.failed + published.failed };
  // With a second extension that reads what ours exports (exportsProbe.ts).
  const server: CodeServer = await startCodeServer({ vsix: [VSIX, buildProbeVsix()], env: { STANDARDS_PROBE_OUT: PROBE_OUT } });
  profile = server.profile;
  workspaceDir = server.workspace;
  const browser = await launchBrowser();
  let passed = pages.passed;
  let failed = pages.failed;
  try {
    const page = await openWorkbench(browser, server);
    for (const [i, step] of steps.entries()) {
      const shot = path.join(RESULTS, `e2e-${String(i + 1).padStart(2, '0')}-${step.name.replace(/\W+/g, '-')}.png`);
      const started = Date.now();
      const shotsBefore = new Set(readdirSync(RESULTS));
      try {
        await step.run(page);
        // A step that takes its own screenshots took them at the moment its name is about; after it has cleaned up,
        // another would show the state it leaves, under its name.
        if (!readdirSync(RESULTS).some((name) => name.endsWith('.png') && !shotsBefore.has(name))) await page.screenshot({ path: shot });
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
    stopExtensionSandbox(server.profile);
  }
  const total = steps.length + pages.passed + pages.failed;
  console.log(`e2e: ${passed} passed, ${failed} failed${passed + failed < total ? `, ${total - passed - failed} skipped` : ''}`);
  return failed ? 1 : 0;
}

runScript('e2e', main);
