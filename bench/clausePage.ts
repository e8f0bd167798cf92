/**
 * How the clause page copes with a multi-megabyte clause: the bundled page script (dist/webview/clause.js) in
 * headless Debian Chromium, fed the largest annex the sandbox has through a stand-in for the webview API (a bench
 * harness, not a test). Prints time to the heading, total render time and the longest main-thread task.
 * Run: npm run compile && node esbuild.js && node out/bench/clausePage.js
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { startSandbox } from '../sandbox/index';
import { createStandardsService, serviceOptionsFrom } from '../src/service/index';
import { launchBrowser } from '../test/harness/browser';

const REPO = path.resolve(__dirname, '..', '..');

async function main(): Promise<void> {
  const sandbox = await startSandbox({});
  const service = createStandardsService(serviceOptionsFrom(sandbox));
  let body: unknown;
  let urn = '';
  let clauseId = '';
  for (let offset = 0; !body && offset < 30_000; offset += 1000) {
    for (const standard of (await service.listStandards({ limit: 1000, offset })).items) {
      const annex = (await service.listClauses(standard.urn)).find((c) => c.types.includes('corext:Annex'));
      if (!annex) continue;
      const candidate = await service.getClause(standard.urn, annex.clauseId);
      if (JSON.stringify(candidate).length > 5_000_000) {
        body = candidate;
        urn = standard.urn;
        clauseId = annex.clauseId;
        break;
      }
    }
  }
  await sandbox.close();
  if (!body) throw new Error('no clause over 5 MB in the catalogue');
  const json = JSON.stringify(body);
  const page = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/clause.css"></head><body>
<div id="toolbar"></div><main id="page"></main>
<script>
  window.longest = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration); }).observe({ type: 'longtask', buffered: true });
  window.acquireVsCodeApi = () => ({
    getState: () => undefined, setState: () => {},
    postMessage: (m) => {
      if (m.type === 'ready') fetch('/body.json').then((r) => r.text()).then((json) => {
        window.posted = performance.now();
        window.postMessage({ type: 'clause', ref: ${JSON.stringify({ urn, clauseId })}, json }, '*');
      });
      if (m.type === 'rendered') window.rendered = m;
    },
  });
</script>
<script src="/clause.js"></script></body></html>`;
  const files: Record<string, [string, string]> = {
    '/': ['text/html', page],
    '/clause.js': ['text/javascript', readFileSync(path.join(REPO, 'dist', 'webview', 'clause.js'), 'utf8')],
    '/clause.css': ['text/css', readFileSync(path.join(REPO, 'media', 'clause.css'), 'utf8')],
    '/body.json': ['application/json', json],
  };
  const server = createServer((req, res) => {
    const file = files[req.url ?? '/'];
    res.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain' });
    res.end(file?.[1] ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launchBrowser();
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await tab.waitForSelector('main#page h1', { timeout: 60_000 });
    const heading = await tab.evaluate('performance.now() - window.posted') as number;
    // Browser-side expressions as strings: this file is compiled without the DOM library.
    await tab.waitForFunction('Boolean(window.rendered)', undefined, { timeout: 120_000 });
    const result = (await tab.evaluate(
      '({ ms: window.rendered.ms, blocks: window.rendered.blocks, longest: window.longest, rows: document.querySelectorAll("tr").length })',
    )) as { ms: number; blocks: number; longest: number; rows: number };
    console.log(`clause of ${(json.length / 1e6).toFixed(1)} MB (${result.rows} table rows, ${result.blocks} blocks)`);
    console.log(`heading shown ${heading.toFixed(0)} ms after the message arrived`);
    console.log(`rendered completely in ${result.ms.toFixed(0)} ms`);
    console.log(`longest main-thread task ${result.longest.toFixed(0)} ms (PerformanceObserver longtask; target < 200 ms)`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
