/**
 * The clause page in Chromium, for both sandbox vocabularies: the bundled page script (dist/webview/clause.js)
 * and stylesheet under the page's real HTML and CSP (html.ts), fed clause bodies that the sandbox serves to the
 * real service client. Only the webview API is stood in for (acquireVsCodeApi: it records the messages the page
 * posts). Checks that paragraphs are <p>, lists <ul>/<ol>, tables <table>, subclause titles headings, formulas
 * MathML, and that no identifier is visible; saves a screenshot per clause under test-results/.
 * Run on its own: npm run compile && node esbuild.js --only=webview && node out/test/e2e/clausePage.js
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSandbox } from '../../sandbox/index';
import { BLOCK_CHARS, BlockText } from '../../src/core/service/blockText';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom, type Clause } from '../../src/core/service/index';
import { clausePageHtml } from '../../src/extension/webview/html';
import { jsonParts } from '../../src/webview/protocol';
import { launchBrowser } from '../harness/browser';
import { REPO } from '../harness/tools';

const RESULTS = path.join(REPO, 'test-results');
/** What must never be visible: anchors, URNs, UUID-shaped ids, flags and notation names. */
const VISIBLE_IDENTIFIER = /#_|\burn:|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-|\b_[0-9a-f]{8}\b|\btrue\b|\bfalse\b|inline-header|displayorder|\bMathML\b/i;

interface PageFacts {
  paragraphs: number;
  lists: number;
  tables: number;
  subclauseHeadings: number;
  math: number;
  images: number;
  text: string;
  rendered: boolean;
  headingText: string;
  terms: Array<{ first: string; number: string; name: string; nameWeight: string }>;
  /** Messages the page posted when its first cross-reference and first standard reference were clicked. */
  clicked: Array<{ type: string; target?: string; urn?: string }>;
  /**
   * Each table: whether it has the hidden rows that size its columns, its body rows, cells whose text runs over
   * their edge, cells of its third column on more than one line, and its first row's cell widths now and when the
   * table first had 100 rows (`firstWidths`, kept by the page's observer that `watch` installs).
   */
  tableLayouts: Array<{ sized: boolean; rows: number; overflowing: number; wrappedThird: number; widths: number[]; firstWidths?: number[] }>;
  /** Where the page built the document model, as its `rendered` message says: 'worker' or 'page'. */
  builtIn: string;
}

interface Picked {
  name: string;
  clause: Clause;
  urn: string;
  body: unknown;
  /** The standard's clause list, as the host sends it with the clause. */
  clauses?: Clause[];
  /** The body as JSON text, when it is one JSON.stringify cannot write (10 000 levels deep). */
  json?: string;
}

/** Clauses worth looking at: a numbered clause with subclauses, Terms, Normative references and an annex. */
async function pickClauses(
  vocabulary: 'corext' | 'metanorma',
): Promise<{ picked: Picked[]; origin: string; service: ReturnType<typeof createStandardsService>; close(): Promise<void> }> {
  const sandbox = await startSandbox({ vocabulary, standards: 400 });
  const service = createStandardsService(serviceOptionsFrom(sandbox));
  const wanted = new Map<string, (c: Clause, body: string) => boolean>([
    [
      'subclauses',
      (c, body) =>
        c.types.includes('corext:Clause') &&
        /"(corext:Section|clause)"/.test(body) &&
        /"(corext:List|ul|ol)"/.test(body) &&
        /"(corext:XRef|xref)"/.test(body) &&
        /"(corext:StandardRef|eref)"/.test(body),
    ],
    [
      'terms',
      // In the real Metanorma nesting, an entry with every part: deprecated term, example, modified source, concept.
      (c, body) =>
        c.types.includes('corext:TermsAndDefinitions') &&
        (vocabulary === 'corext' || ['"mn:deprecates"', '"mn:termexample"', '"modified"', '"mn:concept"', '"mn:domain"'].every((part) => body.includes(part))),
    ],
    ['references', (c, body) => c.types.includes('corext:NormativeReferences') && /(corext:Reference|bibitem)/.test(body)],
    ['figure', (_clause, body) => /"(corext:Figure|figure)"/.test(body)],
    ['annex', (c) => c.types.includes('corext:Annex')],
    ['table', (_clause, body) => /"(corext:Table|table)"/.test(body) && /"(corext:Formula|formula)"/.test(body)],
  ]);
  const picked: Picked[] = [];
  for (const standard of (await service.listStandards({ limit: 120, offset: 0 })).items) {
    const clauses = await service.listClauses(standard.urn);
    for (const clause of clauses) {
      for (const [name, test] of wanted) {
        const body = await service.getClause(standard.urn, clause.clauseId);
        const json = JSON.stringify(body);
        if (json.length < 200_000 && test(clause, json)) {
          picked.push({ name, clause, urn: standard.urn, body, clauses });
          wanted.delete(name);
          break;
        }
      }
      if (!wanted.size) break;
    }
    if (!wanted.size) break;
  }
  if (wanted.size) throw new Error(`the ${vocabulary} sandbox has no clause for: ${[...wanted.keys()].join(', ')}`);
  return { picked, origin: sandbox.origin, service, close: () => sandbox.close() };
}

/** The path of the page served with a CSP that allows no workers (the model is then built on the page). */
const NO_WORKERS = '/no-workers';

/** Serves the page, its script and stylesheet from one loopback origin; at NO_WORKERS, the page without workers. */
export async function servePage(imageOrigin: string): Promise<{ server: Server; url: string }> {
  const nonce = 'E2E-NONCE-0123456789abcdef';
  let origin = '';
  const server = createServer((req, res) => {
    const page = clausePageHtml(
      { cspSource: origin, scriptUri: `${origin}/clause.js`, styleUri: `${origin}/clause.css`, nonce, imageOrigin },
      'Clause',
    ).replace(
      '<script nonce',
      // The stand-in webview API, under the page's own nonce so the CSP lets it run.
      `<script nonce="${nonce}">window.posted = []; window.acquireVsCodeApi = () => ({ getState: () => undefined, setState: () => {}, postMessage: (m) => window.posted.push(m) });</script>\n<script nonce`,
    );
    const files: Record<string, [string, string]> = {
      '/': ['text/html', page],
      [NO_WORKERS]: ['text/html', page.replace('; worker-src blob:"', '"')],
      '/clause.js': ['text/javascript', readFileSync(path.join(REPO, 'dist', 'webview', 'clause.js'), 'utf8')],
      '/clause.css': ['text/css', readFileSync(path.join(REPO, 'media', 'clause.css'), 'utf8')],
    };
    const file = files[req.url ?? '/'];
    res.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain' });
    res.end(file?.[1] ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: `${origin}/` };
}

/**
 * Renders `item` in a new tab of `url`; `watch` runs in the page before the clause is posted, `interact` after it
 * rendered, before the screenshot and the facts.
 */
async function renderIn(
  browser: Browser,
  url: string,
  item: Picked,
  shot: string,
  fullPage = true,
  watch?: string,
  interact?: (tab: Page) => Promise<void>,
): Promise<PageFacts> {
  const tab = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  tab.on('console', (message) => {
    // Known and not ours: the favicon request. (No inline style: any CSP violation fails the page, issue 51.)
    // On the page whose CSP allows no workers, the refused model worker too (the page then builds the model itself).
    const known = url.endsWith(NO_WORKERS) ? /status of 404|Creating a worker from 'blob:[^']*' violates/ : /status of 404/;
    if (message.type() === 'error' && !known.test(message.text())) errors.push(message.text());
  });
  try {
    await tab.goto(url);
    await waitFor(tab, 'window.posted && window.posted.some((m) => m.type === "ready")', 20_000);
    const ref = {
      urn: item.urn,
      clauseId: item.clause.clauseId,
      id: item.clause.id,
      title: item.clause.title,
      number: item.clause.number,
      types: item.clause.types,
    };
    if (watch) await tab.evaluate(watch);
    // Posted as the extension posts it: a text past a block (a large body, read into blocks) in parts, a message each.
    const text = item.json ?? JSON.stringify(item.body);
    const parts = jsonParts(text.length > BLOCK_CHARS ? BlockText.of(text) : text);
    const last = parts.pop() ?? '';
    for (const part of parts) await tab.evaluate(`window.postMessage(${JSON.stringify({ type: 'clauseText', part })}, '*')`);
    await tab.evaluate(`window.postMessage(${JSON.stringify({ type: 'clause', ref, json: last, parts: parts.length, clauses: item.clauses })}, '*')`);
    await waitFor(tab, 'window.posted.some((m) => m.type === "rendered")', 60_000);
    await interact?.(tab);
    await tab.screenshot({ path: shot, fullPage });
    const facts = (await tab.evaluate(`(() => {
      const article = document.querySelector('main#page article');
      return {
        paragraphs: article.querySelectorAll('p').length,
        lists: article.querySelectorAll('ul:not(.references), ol').length,
        tables: article.querySelectorAll('table').length,
        subclauseHeadings: article.querySelectorAll('section > h2, section > h3, section > h4, section > h5, section > h6').length,
        math: article.querySelectorAll('math').length,
        images: article.querySelectorAll('img').length,
        text: document.querySelector('main#page').innerText,
        rendered: true,
        builtIn: window.posted.find((m) => m.type === 'rendered').builtIn,
        headingText: document.querySelector('main#page h1').innerText,
        terms: [...article.querySelectorAll('.term')].map((term) => ({
          first: term.firstElementChild?.className ?? '',
          number: term.querySelector('.term-number')?.textContent ?? '',
          name: term.querySelector('.term-name')?.textContent ?? '',
          nameWeight: term.querySelector('.term-name') ? getComputedStyle(term.querySelector('.term-name')).fontWeight : '',
        })),
        tableLayouts: [...article.querySelectorAll('table')].map((table, index) => {
          const rows = [...(table.tBodies[0]?.rows ?? [])];
          const widthsOf = (row) => (row ? [...row.cells].map((cell) => Math.round(cell.getBoundingClientRect().width)) : []);
          const lines = (cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          };
          return {
            sized: table.querySelector('tbody.sizer') !== null,
            rows: rows.length,
            overflowing: [...table.querySelectorAll('td, th')].filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length,
            wrappedThird: rows.filter((row) => row.cells[2] && lines(row.cells[2]) > 1).length,
            widths: widthsOf(rows[0]),
            firstWidths: window.firstWidths?.[index],
          };
        }),
        clicked: (() => {
          const before = window.posted.length;
          const links = [...article.querySelectorAll('a.link')];
          links.find((a) => !a.title.startsWith('urn:'))?.click();
          links.find((a) => a.title.startsWith('urn:'))?.click();
          return window.posted.slice(before);
        })(),
      };
    })()`)) as PageFacts;
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return facts;
  } finally {
    await tab.close();
  }
}

/**
 * The page's error state under its real CSP: the message and the toolkit's Retry button, which inserts its styles
 * with the page's nonce — with no console error (a refused style is one), and a click posts `retry`.
 */
async function checkErrorState(browser: Browser, url: string): Promise<void> {
  const tab = await browser.newPage({ viewport: { width: 1000, height: 600 } });
  const errors: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  tab.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  try {
    await tab.goto(url);
    await waitFor(tab, 'window.posted && window.posted.some((m) => m.type === "ready")', 20_000);
    const ref = { urn: 'urn:iso:std:iso:1:ed-1:en', clauseId: 'x', id: 'x', title: 'Scope', types: [] };
    await tab.evaluate(`window.postMessage(${JSON.stringify({ type: 'error', ref, message: 'The service did not answer in time.' })}, '*')`);
    // Defined and drawn by the toolkit: its shadow root holds the real <button>.
    await waitFor(tab, 'customElements.get("vscode-button") && document.querySelector("vscode-button")?.shadowRoot?.querySelector("button")', 10_000);
    await tab.screenshot({ path: path.join(RESULTS, 'page-error-state.png') });
    await tab.evaluate('document.querySelector("vscode-button").click()');
    await waitFor(tab, 'window.posted.some((m) => m.type === "retry")', 5_000);
    if (errors.length) throw new Error(`console errors: ${errors.join('; ')}`);
  } finally {
    await tab.close();
  }
}

/**
 * Every clause of `standards` standards, rendered one after another in one tab with their clause lists: counts
 * cross-references shown as the placeholder word "reference" or as the last-resort "another part of this
 * document", and identifiers shown.
 */
async function sweep(
  browser: Browser,
  url: string,
  service: ReturnType<typeof createStandardsService>,
  standards: number,
): Promise<{ clauses: number; placeholders: string[] }> {
  const tab = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
  const placeholders: string[] = [];
  let clauses = 0;
  try {
    await tab.goto(url);
    await waitFor(tab, 'window.posted && window.posted.some((m) => m.type === "ready")', 20_000);
    for (const standard of (await service.listStandards({ limit: standards, offset: 0 })).items) {
      const list = await service.listClauses(standard.urn);
      for (const clause of list) {
        const body = await service.getClause(standard.urn, clause.clauseId);
        const json = JSON.stringify(body);
        if (json.length > 1_000_000) continue;
        const ref = { urn: standard.urn, clauseId: clause.clauseId, id: clause.id, title: clause.title, number: clause.number, types: clause.types };
        const rendered = (await tab.evaluate('window.posted.filter((m) => m.type === "rendered").length')) as number;
        await tab.evaluate(`window.postMessage(${JSON.stringify({ type: 'clause', ref, json, clauses: list })}, '*')`);
        await waitFor(tab, `window.posted.filter((m) => m.type === "rendered").length > ${rendered}`, 30_000);
        const text = (await tab.evaluate(`document.querySelector('main#page article').innerText`)) as string;
        clauses++;
        for (const match of text.matchAll(/\breference\b|another part of this document/gi))
          placeholders.push(`${standard.reference} ${clause.number ?? clause.title}: "…${text.slice(Math.max(0, match.index - 40), match.index + 40)}…"`);
        const shown = VISIBLE_IDENTIFIER.exec(text);
        if (shown)
          placeholders.push(
            `${standard.reference} ${clause.number ?? clause.title}: identifier "${text.slice(Math.max(0, shown.index - 30), shown.index + 30)}"`,
          );
      }
    }
  } finally {
    await tab.close();
  }
  return { clauses, placeholders };
}

/**
 * Polls an expression with evaluate (CDP, outside the page's CSP): waitForFunction compiles its predicate inside
 * the page, which the strict CSP (no 'unsafe-eval') refuses.
 */
async function waitFor(tab: Page, expression: string, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await tab.evaluate(`Boolean(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A table of 2 500 rows in a clause of over a megabyte, which arrives in parts: the page shows its first 1 000 rows
 * and reads the rest a thousand at a time when asked ("Show more rows") — from the model worker, and where the CSP
 * allows no workers, from the model the page built itself.
 */
async function checkLongTableInParts(browser: Browser, url: string, base: Picked): Promise<{ passed: number; failed: number }> {
  const remark = 'within the tolerance of the method, repeated once '.repeat(8);
  const body = Array.from({ length: 2500 }, (_, i) => [String(i + 1), `Specimen ${i % 7}`, (i * 1.5).toFixed(1), remark]);
  const json = JSON.stringify({
    '@type': 'corext:Annex',
    'dcterms:title': 'Results',
    'corext:content': [{ '@type': 'corext:Table', 'corext:label': 'Table A.1', 'corext:head': [['Run', 'Specimen', 'Value', 'Remark']], 'corext:body': body }],
  });
  const rowsShown = (rows: number): string => `document.querySelector('main#page article table').tBodies[0].rows.length === ${rows}`;
  /** Clicks "Show … more rows" and waits for the rows; says what the button said. */
  const showMore = async (tab: Page, rows: number): Promise<string> => {
    await waitFor(tab, 'document.querySelector("button.more-rows")', 20_000);
    const label = (await tab.evaluate('document.querySelector("button.more-rows").textContent')) as string;
    await tab.click('button.more-rows');
    await waitFor(tab, rowsShown(rows), 30_000);
    return label;
  };
  let passed = 0;
  let failed = 0;
  for (const [where, expected] of [
    ['', 'worker'],
    [NO_WORKERS.slice(1), 'page'],
  ] as const) {
    const labels: string[] = [];
    const last: string[] = [];
    try {
      if (json.length <= BLOCK_CHARS) throw new Error('not large enough to arrive in parts');
      const facts = await renderIn(
        browser,
        `${url}${where}`,
        { ...base, name: 'long table in parts', json },
        path.join(RESULTS, `page-corext-rows-from-${expected}.png`),
        false,
        undefined,
        async (tab) => {
          await waitFor(tab, rowsShown(1000), 30_000);
          labels.push(await showMore(tab, 2000), await showMore(tab, 2500));
          await new Promise((resolve) => setTimeout(resolve, 300));
          last.push(
            ...((await tab.evaluate(
              `[...document.querySelector('main#page article table').tBodies[0].rows].filter((row, i) => i === 999 || i === 1000 || i === 2499).map((row) => row.cells[0].textContent).concat(String(document.querySelectorAll('button.more-rows').length))`,
            )) as string[]),
          );
        },
      );
      if (facts.builtIn !== expected) throw new Error(`its model was built in the ${facts.builtIn}, expected the ${expected}`);
      if (labels.join(' | ') !== 'Show 1,000 more rows (1,500 not shown) | Show 500 more rows (500 not shown)')
        throw new Error(`the buttons said: ${labels.join(' | ')}`);
      if (last.join() !== '1000,1001,2500,0') throw new Error(`rows 1000, 1001 and 2500 and the buttons left: ${last.join()}`);
      passed++;
      console.log(
        `  ✔ clause page (corext, a table of 2 500 rows in parts, model built in the ${expected}): shows 1 000 rows, then the rest as asked, in order`,
      );
    } catch (error) {
      failed++;
      console.log(`  ✘ clause page (corext, a table of 2 500 rows in parts, ${expected}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { passed, failed };
}

/** Runs the checks; returns the number of failures (each printed). */
export async function checkClausePages(browser?: Browser): Promise<{ passed: number; failed: number }> {
  mkdirSync(RESULTS, { recursive: true });
  const own = browser ?? (await launchBrowser());
  let passed = 0;
  let failed = 0;
  try {
    for (const vocabulary of ['corext', 'metanorma'] as const) {
      const { picked, origin, service, close } = await pickClauses(vocabulary);
      const { server, url } = await servePage(origin);
      try {
        if (vocabulary === 'corext') {
          try {
            await checkErrorState(own, url);
            passed++;
            console.log('  ✔ clause page (error state): the message and the toolkit Retry button, no CSP error, Retry posted');
          } catch (error) {
            failed++;
            console.log(`  ✘ clause page (error state): ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        const all: PageFacts[] = [];
        for (const item of picked) {
          const name = `page-${vocabulary}-${item.name}`;
          try {
            const facts = await renderIn(own, url, item, path.join(RESULTS, `${name}.png`));
            all.push(facts);
            const shown = VISIBLE_IDENTIFIER.exec(facts.text);
            if (shown) throw new Error(`identifier visible: "…${facts.text.slice(Math.max(0, shown.index - 60), shown.index + 60)}…"`);
            if (!facts.paragraphs && item.name !== 'references') throw new Error('no <p> on the page');
            if (item.name === 'subclauses' && !(facts.subclauseHeadings && facts.lists))
              throw new Error(`subclauses: ${facts.subclauseHeadings} subclause headings, ${facts.lists} lists`);
            if (item.name === 'table' && !facts.tables) throw new Error('no <table>');
            if (item.name === 'annex' && !/^Annex [A-Z]\s*\n?\s*\((normative|informative)\)\s*\n?\s*\S/.test(facts.headingText))
              throw new Error(`annex heading "${facts.headingText}", expected "Annex A", its obligation, its title`);
            if (item.name === 'terms') {
              // The published layout: the entry number first on its own line, the preferred term bold, a source line.
              const wrong = facts.terms.find((term) => term.first !== 'term-number' || !/^\d+(\.\d+)+$/.test(term.number) || Number(term.nameWeight) < 600);
              if (!facts.terms.length || wrong) throw new Error(`term entries not in the published layout: ${JSON.stringify(wrong ?? 'none')}`);
              if (/"(corext:source|mn:source)"/.test(JSON.stringify(item.body)) && !/\[SOURCE: /.test(facts.text)) throw new Error('no "[SOURCE: …]" line');
              if (vocabulary === 'metanorma' && !/DEPRECATED: /.test(facts.text)) throw new Error('no "DEPRECATED:" term');
            }
            if (item.name === 'figure' && vocabulary === 'metanorma' && !facts.images) throw new Error('no <img> for the figure (embedded SVG)');
            if (item.name === 'subclauses') {
              // Through the page→host messages: a cross-reference opens its clause, a standard is revealed.
              const open = facts.clicked.find((m) => m.type === 'openClause');
              const reveal = facts.clicked.find((m) => m.type === 'revealStandard');
              if (!open || !/\/clauses\/[0-9a-f-]{36}$/.test(open.target ?? '')) throw new Error(`a cross-reference posted ${JSON.stringify(facts.clicked)}`);
              if (!reveal || !/^urn:/.test(reveal.urn ?? '')) throw new Error(`a standard reference posted ${JSON.stringify(facts.clicked)}`);
            }
            if (!facts.headingText.trim()) throw new Error('no page heading');
            passed++;
            console.log(
              `  ✔ clause page (${vocabulary}, ${item.name}): ${facts.paragraphs} p, ${facts.lists} lists, ${facts.tables} tables, ${facts.subclauseHeadings} subclause headings, ${facts.math} math, ${facts.images} images`,
            );
          } catch (error) {
            failed++;
            console.log(`  ✘ clause page (${vocabulary}, ${item.name}): ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        if (vocabulary === 'metanorma') {
          // 10 000 levels of subclauses: the page renders what it can and says where it stopped.
          const levels = 10_000;
          const json = `${'{"@type":"clause","id":"_deep","title":"Level","content":['.repeat(levels)}"the bottom"${']}'.repeat(levels)}`;
          try {
            const facts = await renderIn(own, url, { ...picked[0], name: 'deep', json }, path.join(RESULTS, 'page-metanorma-deep.png'));
            if (!/nested too deeply/i.test(facts.text)) throw new Error('no "nested too deeply" notice');
            passed++;
            console.log(`  ✔ clause page (${vocabulary}, ${levels} levels deep): rendered, with the "nested too deeply" notice`);
          } catch (error) {
            failed++;
            console.log(`  ✘ clause page (${vocabulary}, ${levels} levels deep): ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        if (vocabulary === 'corext') {
          // A very large clause (3 MB of paragraphs): the page says so above the clause, and still renders it.
          const paragraphs = Array.from({ length: 12_000 }, (_, i) => ({
            '@type': 'corext:Paragraph',
            'corext:text': `Paragraph ${i} ${'of a very large clause '.repeat(10)}`,
          }));
          const json = JSON.stringify({ '@type': 'corext:Annex', 'dcterms:title': 'Large', 'corext:content': paragraphs });
          try {
            const facts = await renderIn(own, url, { ...picked[0], name: 'large', json }, path.join(RESULTS, 'page-corext-large.png'), false);
            if (!/This clause is very large \(\d+\.\d MB\)/.test(facts.text)) throw new Error('no "very large" notice');
            if (!facts.text.includes('Paragraph 11999')) throw new Error('the last paragraph is missing');
            if (json.length <= 3 * BLOCK_CHARS) throw new Error('not large enough to arrive in parts');
            if (facts.builtIn !== 'worker') throw new Error(`its model was built in the ${facts.builtIn}, not in the worker`);
            passed++;
            console.log(
              `  ✔ clause page (${vocabulary}, ${(json.length / 1e6).toFixed(1)} MB): says it is very large, builds its model in a worker, renders to the end`,
            );
          } catch (error) {
            failed++;
            console.log(`  ✘ clause page (${vocabulary}, large): ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        if (vocabulary === 'corext') {
          // A long table: hidden rows of its widest texts give its columns their widths from its first rows on (so a
          // later, wider cell does not lay out every row again); its figures never break across lines; a short
          // table has no such rows.
          const row = (i: number): string[] => [String(i + 1), `Specimen ${i % 7}`, (i * 1.5).toFixed(1), '0.25', 'Within tolerance.'];
          const long = Array.from({ length: 1200 }, (_, i) => row(i));
          long[600][4] = 'Outside tolerance: the run was repeated with a fresh specimen and the result replaced the first one.';
          long[700][1] = 'Specimen_with_an_identifier_much_longer_than_its_column_is_wide_0123456789';
          const head = [['Run', 'Specimen', 'Value', 'Uncertainty', 'Remark']];
          const json = JSON.stringify({
            '@type': 'corext:Annex',
            'dcterms:title': 'Tables',
            'corext:content': [
              { '@type': 'corext:Table', 'corext:label': 'Table A.1', 'dcterms:title': 'Long', 'corext:head': head, 'corext:body': long },
              { '@type': 'corext:Table', 'corext:label': 'Table A.2', 'dcterms:title': 'Short', 'corext:head': head, 'corext:body': long.slice(0, 8) },
            ],
          });
          // Each table's first row's widths, read when the table first has 100 rows: its first rows are on the page
          // (and the hidden rows after them), most of its rows are still to come.
          const watch = `window.firstWidths = [];
            new MutationObserver(() => document.querySelectorAll('main#page article table').forEach((table, index) => {
              const row = table.tBodies[0]?.rows[0];
              if (table.tBodies[0]?.rows.length >= 100 && !window.firstWidths[index]) window.firstWidths[index] = [...row.cells].map((cell) => Math.round(cell.getBoundingClientRect().width));
            })).observe(document.getElementById('page'), { childList: true, subtree: true });`;
          try {
            const facts = await renderIn(own, url, { ...picked[0], name: 'long table', json }, path.join(RESULTS, 'page-corext-long-table.png'), false, watch);
            const [longTable, shortTable] = facts.tableLayouts;
            if (!longTable?.sized || longTable.rows !== 1000) throw new Error(`the long table is not shown as expected: ${JSON.stringify(longTable)}`);
            if (longTable.firstWidths?.join() !== longTable.widths.join())
              throw new Error(`the long table's columns changed width after its first rows: ${longTable.firstWidths?.join()} → ${longTable.widths.join()}`);
            if (longTable.overflowing || longTable.wrappedThird)
              throw new Error(`the long table's cells run over or its figures break: ${JSON.stringify(longTable)}`);
            if (!shortTable || shortTable.sized || shortTable.rows !== 8)
              throw new Error(`the short table is laid out otherwise: ${JSON.stringify(shortTable)}`);
            if (!facts.text.includes('Show 200 more rows (200 not shown)')) throw new Error('no "Show 200 more rows" button');
            if (facts.text.includes('0123456789\n0123456789')) throw new Error('the hidden rows are read as text');
            passed++;
            console.log(
              "  ✔ clause page (corext, a table of 1 200 rows): its columns' widths hold from its first rows, its figures stay whole, a short table has no sizing rows",
            );
          } catch (error) {
            failed++;
            console.log(`  ✘ clause page (corext, long table): ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        if (vocabulary === 'corext') {
          const result = await checkLongTableInParts(own, url, picked[0]);
          passed += result.passed;
          failed += result.failed;
        }
        try {
          const { clauses, placeholders } = await sweep(own, url, service, 4);
          if (placeholders.length)
            throw new Error(`${placeholders.length} unnamed cross-references or identifiers, e.g. ${placeholders.slice(0, 3).join('; ')}`);
          passed++;
          console.log(`  ✔ clause pages (${vocabulary}, every clause of 4 standards: ${clauses}): no "reference" placeholder, no unnamed cross-reference`);
        } catch (error) {
          failed++;
          console.log(`  ✘ clause pages (${vocabulary}, sweep): ${error instanceof Error ? error.message : String(error)}`);
        }
        if (vocabulary === 'metanorma' && !all.some((f) => f.math > 0)) {
          failed++;
          console.log('  ✘ clause page (metanorma): no MathML formula rendered on any page');
        }
      } finally {
        server.close();
        await close();
      }
    }
  } finally {
    if (!browser) await own.close();
  }
  return { passed, failed };
}

if (require.main === module) {
  checkClausePages()
    .then(({ passed, failed }) => {
      console.log(`clause pages: ${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(2);
    });
}
