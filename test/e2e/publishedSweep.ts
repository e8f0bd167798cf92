/**
 * Issue 52's sweep through the real clause page in Chromium: every clause of 10 STS and 10 Metanorma standards of
 * the sandbox, rendered one after another in one tab by the bundled page script (dist/webview/clause.js) under the
 * page's real HTML and CSP (served as clausePage.ts serves it), with its clause list as the host posts it. Checked
 * on what the page shows (main#page's innerText and its DOM), with the measure of the model sweep
 * (test/harness/publishedText.ts): no formula without its key, no bibliography entry without identifier and title,
 * no number, label, obligation, caption label or list item label twice (its own "a)" and the list's "1."), no term reference "()", no clause under 97 % of its source
 * text. Saves a screenshot of one swept clause with a formula per vocabulary under test-results/.
 * Run on its own: npm run compile && node esbuild.js --only=webview && node out/test/e2e/publishedSweep.js
 */
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSandbox } from '../../sandbox/index';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom } from '../../src/core/service/index';
import { launchBrowser } from '../harness/browser';
import { coverage, shownTextFindings, sourceText, type Json } from '../harness/publishedText';
import { REPO } from '../harness/tools';
import { servePage } from './clausePage';

const RESULTS = path.join(REPO, 'test-results');
const STANDARDS = 10;

/** What one rendered clause shows: its text and what its DOM has of formulas, references, annexes and terms. */
interface Shown {
  text: string;
  formulas: number;
  formulasWithoutKey: string[];
  references: number;
  entriesWithoutIdentifierOrTitle: string[];
  /** Entries whose identifier is not a link to the catalogue (by its URN, or looked up by its text). */
  entriesNotLinked: string[];
  /** What clicking the first entry's identifier posted to the host. */
  entryClicked?: { type: string; urn?: string; citation?: string };
  /** List items with a label of their own ("a)") that the list numbers too ("1."): the label twice. */
  itemsLabelledTwice: string[];
  annex: boolean;
  terms: number;
}

/** Reads what the page shows, in the page (a string: the strict CSP refuses functions compiled in the page). */
const READ_SHOWN = `(() => {
  const article = document.querySelector('main#page article');
  const text = (element) => (element?.textContent ?? '').trim();
  const formulas = [...article.querySelectorAll('div.formula')];
  const entries = [...article.querySelectorAll('ul.references > li')];
  return {
    text: document.querySelector('main#page').innerText,
    formulas: formulas.length,
    formulasWithoutKey: formulas.filter((f) => !f.querySelector(':scope > p.formula-where')).map((f) => text(f.querySelector('.formula-label')) || text(f).slice(0, 60)),
    references: entries.length,
    entriesWithoutIdentifierOrTitle: entries.filter((li) => !text(li.querySelector(':scope > .citation, :scope > a.link')) || !text(li.querySelector(':scope > em'))).map((li) => text(li).slice(0, 80)),
    entriesNotLinked: entries.filter((li) => !li.querySelector(':scope > a.link')).map((li) => text(li).slice(0, 80)),
    entryClicked: (() => {
      const link = entries[0]?.querySelector(':scope > a.link');
      if (!link) return undefined;
      const before = window.posted.length;
      link.click();
      return window.posted.slice(before)[0];
    })(),
    itemsLabelledTwice: [...article.querySelectorAll('li')].filter((li) => li.querySelector(':scope > .item-label') && getComputedStyle(li).listStyleType !== 'none').map((li) => text(li).slice(0, 60)),
    annex: document.querySelector('main#page h1').classList.contains('annex'),
    terms: article.querySelectorAll('.term').length,
  };
})()`;

/** Posts one clause as the host does and resolves once the page says it rendered it (or rejects after 30 s). */
function renderClause(tab: Page, message: unknown): Promise<unknown> {
  return tab.evaluate(`new Promise((resolve, reject) => {
    const before = window.posted.filter((m) => m.type === 'rendered').length;
    const deadline = Date.now() + 30000;
    window.postMessage(${JSON.stringify(message)}, '*');
    const tick = () => {
      if (window.posted.filter((m) => m.type === 'rendered').length > before) resolve(true);
      else if (Date.now() > deadline) reject(new Error('the page did not render the clause within 30 s'));
      else setTimeout(tick, 5);
    };
    tick();
  })`);
}

/** Sweeps one vocabulary; resolves with its findings and figures. */
async function sweepVocabulary(
  browser: Browser,
  vocabulary: 'sts' | 'metanorma',
): Promise<{ problems: string[]; seen: { clauses: number; formulas: number; references: number; annexes: number; terms: number; lowest: number } }> {
  const sandbox = await startSandbox({ vocabulary, standards: 200 });
  const { server, url } = await servePage(sandbox.origin);
  const tab = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  tab.on('console', (message) => {
    // Known and not ours: the favicon request. (No inline style: any CSP violation fails the page, issue 51.)
    if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  const problems: string[] = [];
  const seen = { clauses: 0, formulas: 0, references: 0, annexes: 0, terms: 0, lowest: 1 };
  let shot = false;
  try {
    const client = createStandardsService(serviceOptionsFrom(sandbox));
    await tab.goto(url);
    await tab.evaluate(
      `new Promise((resolve) => { const tick = () => (window.posted?.some((m) => m.type === 'ready') ? resolve(true) : setTimeout(tick, 20)); tick(); })`,
    );
    for (const standard of (await client.listStandards({ limit: STANDARDS, offset: 0 })).items) {
      const clauses = await client.listClauses(standard.urn);
      for (const clause of clauses) {
        const body = (await client.getClause(standard.urn, clause.clauseId)) as Json;
        const ref = { urn: standard.urn, clauseId: clause.clauseId, id: clause.id, title: clause.title, number: clause.number, types: clause.types };
        await renderClause(tab, { type: 'clause', ref, json: JSON.stringify(body), clauses });
        const shown = (await tab.evaluate(READ_SHOWN)) as Shown;
        const where = `${standard.reference} "${clause.title}"`;
        for (const label of shown.formulasWithoutKey) problems.push(`${where}: a formula without its key: ${label}`);
        for (const entry of shown.entriesWithoutIdentifierOrTitle) problems.push(`${where}: a bibliography entry without identifier or title: ${entry}`);
        for (const entry of shown.entriesNotLinked) problems.push(`${where}: a bibliography entry whose identifier is not linked to the catalogue: ${entry}`);
        const posted = shown.entryClicked;
        if (posted && !(posted.type === 'revealStandard' || (posted.type === 'findReference' && posted.citation)))
          problems.push(`${where}: an entry's identifier posted ${JSON.stringify(posted)}`);
        for (const item of shown.itemsLabelledTwice) problems.push(`${where}: a list item numbered besides its own label: ${item}`);
        problems.push(...shownTextFindings(body, shown.text).map((f) => `${where}: ${f}`));
        if (errors.length) problems.push(`${where}: page errors: ${errors.splice(0).join('; ')}`);
        seen.clauses++;
        seen.formulas += shown.formulas;
        seen.references += shown.references;
        seen.terms += shown.terms;
        if (shown.annex) seen.annexes++;
        seen.lowest = Math.min(seen.lowest, coverage(sourceText(body).join(' '), shown.text));
        if (!shot && shown.formulas) {
          shot = true;
          await tab.screenshot({ path: path.join(RESULTS, `page-published-${vocabulary}.png`), fullPage: true });
        }
      }
    }
  } finally {
    await tab.close();
    server.close();
    await sandbox.close();
  }
  return { problems, seen };
}

/** Runs the sweep for both vocabularies; returns the checks passed and failed (each printed). */
export async function checkPublishedPages(browser?: Browser): Promise<{ passed: number; failed: number }> {
  mkdirSync(RESULTS, { recursive: true });
  const own = browser ?? (await launchBrowser());
  let passed = 0;
  let failed = 0;
  try {
    for (const vocabulary of ['sts', 'metanorma'] as const) {
      const started = Date.now();
      try {
        const { problems, seen } = await sweepVocabulary(own, vocabulary);
        if (problems.length) throw new Error(`${problems.length} findings, e.g.\n      ${problems.slice(0, 10).join('\n      ')}`);
        // The sweep met what it is for.
        for (const kind of ['formulas', 'references', 'annexes', 'terms'] as const)
          if (seen[kind] <= 5) throw new Error(`only ${seen[kind]} ${kind} shown: ${JSON.stringify(seen)}`);
        if (seen.clauses <= 100) throw new Error(`only ${seen.clauses} clauses: ${JSON.stringify(seen)}`);
        passed++;
        console.log(
          `  ✔ published pages (${vocabulary}, every clause of ${STANDARDS} standards: ${seen.clauses}; ${seen.formulas} formulas, ${seen.references} entries, ${seen.annexes} annexes, ${seen.terms} terms; lowest ${(seen.lowest * 100).toFixed(1)} % of the source text; ${((Date.now() - started) / 1000).toFixed(1)} s): no formula without key, entry without identifier, title or link, doubled number or label, "()", nor clause under 97 %`,
        );
      } catch (error) {
        failed++;
        console.log(`  ✘ published pages (${vocabulary}): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    if (!browser) await own.close();
  }
  return { passed, failed };
}

if (require.main === module) {
  checkPublishedPages()
    .then(({ passed, failed }) => {
      console.log(`published pages: ${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(2);
    });
}
