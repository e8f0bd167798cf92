/**
 * Hostile clause content in Chromium against the clause page's real HTML and CSP (src/webview/html.ts) and the
 * built page script (dist/webview/clause.js): markup, event handlers, javascript: targets, bidi controls and huge
 * strings in every field must show as text and run nothing. The page is served from a loopback server standing in
 * for VS Code's webview resource origin; only acquireVsCodeApi (which VS Code injects) is provided, as a recorder.
 * Also checks that the page has no toolbar (its actions are the title bar's) and asks the host for nothing but links.
 *
 * Run alone: `npm run compile && npm run bundle && node out/test/e2e/hostile.js`; run.ts runs it as a step.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { displayText } from '../../src/core/service/displayText';
import { clausePageHtml } from '../../src/extension/webview/html';
import { launchBrowser } from '../harness/browser';
import { REPO } from '../harness/tools';

const RESULTS = path.join(REPO, 'test-results');
const EVIL =
  '<script>window.__pwned="script"</script><img src=x onerror="window.__pwned=\'img\'"><svg onload="window.__pwned=\'svg\'"></svg><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>';
const RLO = '\u202E';

/** A clause a hostile or broken server could send: markup and script vectors in every field the page shows. */
export function hostileClause(): unknown {
  const paragraph = (text: unknown) => ({ '@type': 'corext:Paragraph', 'corext:text': text });
  return {
    '@context': { corext: 'javascript:window.__pwned="context"' },
    '@id': 'javascript:window.__pwned="id"',
    '@type': 'corext:Clause',
    'dcterms:title': `${RLO}gnp.exe ${EVIL}`,
    'corext:number': '<b onmouseover="window.__pwned=1">1</b>',
    'dcterms:isPartOf': { '@id': 'urn:iso:std:iso:1', 'dcterms:identifier': '<img src=x onerror=window.__pwned=1>', 'dcterms:title': `\u2066${EVIL}\u2069` },
    'corext:content': [
      paragraph([
        EVIL,
        { '@type': 'corext:XRef', 'corext:target': 'javascript:window.__pwned="xref"', 'corext:label': `xref ${EVIL}` },
        { '@type': 'corext:StandardRef', 'corext:target': 'javascript:window.__pwned="sref"', 'corext:label': 'standard ref' },
        { '@type': 'corext:XRef', 'corext:target': 'command:workbench.action.terminal.new', 'corext:label': 'command link' },
        { '@type': 'corext:Emphasis', 'corext:text': EVIL },
      ]),
      { '@type': 'corext:Section', 'corext:number': '1.1', 'dcterms:title': EVIL, 'corext:content': [paragraph(`huge ${'x'.repeat(1_000_000)} end`)] },
      { '@type': 'corext:List', 'corext:ordered': false, 'corext:items': [{ 'corext:content': [paragraph(EVIL)] }, { 'corext:content': EVIL }] },
      { '@type': 'corext:Note', 'corext:label': EVIL, 'corext:content': [paragraph(EVIL)] },
      {
        '@type': 'corext:Table',
        'corext:label': EVIL,
        'dcterms:title': EVIL,
        'corext:head': [[EVIL, 'b']],
        'corext:body': [
          [EVIL, '<a href="javascript:window.__pwned=5">x</a>'],
          [{ '@type': 'corext:XRef', 'corext:target': 'javascript:window.__pwned=6', 'corext:label': 'cell link' }],
        ],
      },
      {
        '@type': 'corext:TermEntry',
        'corext:number': '3.1',
        'corext:term': EVIL,
        'corext:admitted': [EVIL],
        'corext:definition': EVIL,
        'corext:notes': [EVIL],
        'corext:source': EVIL,
      },
      { '@type': 'corext:Reference', 'corext:target': 'javascript:window.__pwned="ref"', 'dcterms:identifier': EVIL, 'dcterms:title': EVIL },
      {
        '@type': 'corext:Formula',
        'corext:mathml': '<math><mi xlink:href="javascript:window.__pwned=7">x</mi></math>',
        [`<img src=x onerror=window.__pwned=8>`]: EVIL,
      },
      { '@type': 'corext:Figure', 'corext:image': 'javascript:window.__pwned=9', 'corext:src': 'https://evil.example/x.png', 'corext:caption': EVIL },
      { '@type': EVIL, 'corext:text': EVIL, style: 'background:url(https://evil.example/leak)' },
      { '@type': 'corext:Paragraph', 'corext:text': `${RLO}${'\u2066'.repeat(1000)}${'\u202B'.repeat(1000)}` },
    ],
  };
}

interface Recorded {
  messages: Array<{ type: string; [key: string]: unknown }>;
  violations: string[];
  pwned: unknown;
}

/** Serves the page's real HTML (a fresh nonce, the real CSP) with the built script and stylesheet. */
async function servePage(): Promise<{ origin: string; close(): Promise<void> }> {
  const script = readFileSync(path.join(REPO, 'dist', 'webview', 'clause.js'));
  const style = readFileSync(path.join(REPO, 'media', 'clause.css'));
  let origin = '';
  const server = http.createServer((req, res) => {
    if (req.url === '/clause.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else if (req.url === '/clause.css') res.writeHead(200, { 'Content-Type': 'text/css' }).end(style);
    else if (req.url === '/') {
      // The title as the host passes it: the panel title, already one line of display text (clausePage.ts titleOf).
      const html = clausePageHtml({ cspSource: origin, scriptUri: `${origin}/clause.js`, styleUri: `${origin}/clause.css` }, displayText(`${RLO}${EVIL}`));
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// Code that runs in the page is given as text: this project's Node tsconfig has no DOM types.
async function recorded(page: Page): Promise<Recorded> {
  return page.evaluate<Recorded>('({ messages: window.__messages, violations: window.__violations, pwned: window.__pwned })');
}

function post(page: Page, message: unknown): Promise<unknown> {
  return page.evaluate(`window.postMessage(${JSON.stringify(message)}, '*')`);
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function waitFor(page: Page, what: string, test: (r: Recorded) => boolean): Promise<Recorded> {
  for (let i = 0; i < 300; i++) {
    const r = await recorded(page);
    if (test(r)) return r;
    await page.waitForTimeout(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The whole check on a new page of `browser`; throws with what went wrong. Returns the screenshots taken. */
export async function checkHostileContent(browser: Browser): Promise<string[]> {
  mkdirSync(RESULTS, { recursive: true });
  const served = await servePage();
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const shots: string[] = [];
  try {
    // What VS Code's webview host provides (acquireVsCodeApi), plus the test's recorders; injected before the page.
    await page.addInitScript(`
      window.__messages = [];
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber + ' ' + (e.sample || '').slice(0, 80)));
      let state;
      window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__messages.push(m), getState: () => state, setState: (s) => (state = s) });
    `);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const opened: string[] = [];
    page.on('popup', (popup) => opened.push(popup.url()));
    await page.goto(`${served.origin}/`);
    await waitFor(page, 'the page to say it is ready', (r) => r.messages.some((m) => m.type === 'ready'));

    const ref = { urn: 'urn:iso:std:iso:1', clauseId: 'c1', title: `${RLO}${EVIL}`, standardReference: EVIL };
    await post(page, { type: 'clause', ref, json: JSON.stringify(hostileClause()) });
    const done = await waitFor(page, 'the hostile clause to render', (r) => r.messages.some((m) => m.type === 'rendered'));
    shots.push(path.join(RESULTS, 'hostile-01-clause.png'));
    await page.screenshot({ path: shots[shots.length - 1] });

    const dom = await page.evaluate<{
      heading: string;
      subtitle: string;
      title: string;
      text: string;
      active: number;
      activeShown: string[];
      mathAttributes: string[];
      hrefs: string[];
    }>(`(() => {
      const main = document.querySelector('main#page');
      return {
        heading: document.querySelector('main#page h1')?.textContent ?? '',
        subtitle: document.querySelector('main#page .subtitle')?.textContent ?? '',
        title: document.title,
        text: main.textContent ?? '',
        active: main.querySelectorAll('script, img, svg, iframe, object, embed, style, link, [onerror], [onload], [onmouseover], [style]').length,
        activeShown: [...main.querySelectorAll('script, img, svg, iframe, object, embed, style, link, [onerror], [onload], [onmouseover], [style]')].map((e) => e.outerHTML.slice(0, 160)),
        // MathML is rendered as MathML (the document model builds it from MathML names), with no links or handlers.
        mathAttributes: [...main.querySelectorAll('math, math *')].flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => /href|^on|src|style/i.test(n)),
        hrefs: [...main.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      };
    })()`);
    check(done.pwned === undefined, `script ran: window.__pwned = ${String(done.pwned)}`);
    check(dom.active === 0, `${dom.active} active elements (script, img, svg, iframe, handlers…) in the page: ${dom.activeShown.join(' | ')}`);
    check(dom.mathAttributes.length === 0, `MathML carries ${dom.mathAttributes.join(', ')}`);
    check(dom.heading.includes('<script>window.__pwned'), `the heading shows the markup as text: ${dom.heading.slice(0, 120)}`);
    for (const [name, text] of Object.entries({ heading: dom.heading, subtitle: dom.subtitle, 'document title': dom.title })) {
      check(!/[\u202A-\u202E\u2066-\u2069]/.test(text), `bidi controls reach the ${name}`);
    }
    check(dom.text.includes('<img src=x onerror='), 'paragraph markup shows as text');
    check(dom.text.includes(' end'), 'the 1 MB paragraph is shown to its end');
    check(
      dom.hrefs.every((h) => h === '#'),
      `links point only to "#": ${dom.hrefs.join(', ')}`,
    );

    // Clicking every link sends a message for the extension to check; nothing runs, nothing opens.
    const links = page.locator('main#page a');
    const count = Math.min(await links.count(), 10);
    for (let i = 0; i < count; i++) await links.nth(i).click();
    // No toolbar: the clause's actions are the editor title bar's, run by the host on the clause it read (issue 51).
    check((await page.locator('#toolbar, vscode-button').count()) === 0, 'the page has a toolbar');
    const afterClicks = await waitFor(page, 'the clicked links to reach the host', (r) => r.messages.some((m) => m.type === 'openClause'));
    // findReference: a bibliography identifier without a URN, as text for the host to look up in the catalogue.
    const sent = afterClicks.messages
      .map((m) => String(m.type))
      .filter((type) => !['ready', 'rendered', 'openClause', 'revealStandard', 'findReference'].includes(type));
    check(sent.length === 0, `the page asked the host for ${sent.join(', ')}`);
    const lookups = afterClicks.messages.filter((m) => m.type === 'findReference');
    check(
      lookups.every((m) => typeof m.citation === 'string' && Object.keys(m).sort().join() === 'citation,type'),
      `a lookup carried more than its text: ${JSON.stringify(lookups)}`,
    );
    const targets = afterClicks.messages.filter((m) => m.type === 'openClause').map((m) => String(m.target));
    check(targets.includes('javascript:window.__pwned="xref"'), 'the javascript: cross-reference went to the host (which refuses it) and nowhere else');

    // A hostile error message and a hostile loading state show as text too.
    await post(page, { type: 'error', ref, message: `${RLO}${EVIL}` });
    await page.locator('main#page .error').waitFor({ timeout: 10_000 });
    shots.push(path.join(RESULTS, 'hostile-02-error.png'));
    await page.screenshot({ path: shots[shots.length - 1] });
    const end = await recorded(page);
    const errorText = await page.locator('main#page .error p').first().textContent();
    check(errorText?.includes('<script>'), 'the error markup shows as text');
    check(!/[\u202A-\u202E\u2066-\u2069]/.test(errorText ?? ''), 'bidi controls reach the error message');
    check(end.pwned === undefined, `script ran: window.__pwned = ${String(end.pwned)}`);
    check(dialogs.length === 0 && opened.length === 0, `dialogs ${dialogs.join()} / windows ${opened.join()} opened`);
    // None at all: the page sets no inline style (a violation would mean something tried to load, run or style).
    check(end.violations.length === 0, `CSP violations: ${end.violations.join('; ')}`);
    return shots;
  } finally {
    await page.close();
    await served.close();
  }
}

/** As an e2e step (run.ts): a new page beside the workbench's. */
export const hostileContentStep = {
  name: 'hostile clause content runs nothing',
  async run(page: Page): Promise<void> {
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    await checkHostileContent(browser);
  },
};

if (require.main === module) {
  void (async () => {
    const browser = await launchBrowser();
    try {
      const shots = await checkHostileContent(browser);
      console.log(`hostile content: passed (${shots.map((s) => path.relative(REPO, s)).join(', ')})`);
      process.exitCode = 0;
    } catch (error) {
      console.log(`hostile content: FAILED: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    } finally {
      await browser.close();
    }
  })();
}
