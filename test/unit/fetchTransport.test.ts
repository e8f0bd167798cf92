/**
 * The fetch transport where it is meant to run (issue 56): a browser. Bundled for the browser with esbuild (a Node
 * built-in anywhere in what it imports fails that build), checked to name neither Buffer nor process, then run in
 * Debian's Chromium from a page on one loopback origin against a service on another, cross-origin as vscode.dev
 * calls a service: the body decoded as the axios transport decodes it, a redirect refused in words, and a service
 * without CORS for the page told apart from nothing at all in the message.
 */
import * as assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import type { BodyText } from '../../src/core/service/blockText';
import type * as FetchTransport from '../../src/core/service/fetchTransport';
import { createAxiosTransport } from '../../src/core/service/transport';
import { startOddServer, type OddServer } from './oddServer';
import { scriptSite, type ScriptSite } from './browserPage/scriptSite';

/** Over a megabyte (so it comes as blocks), with characters of two, three and four UTF-8 bytes, after a byte order mark. */
const BIG = `\ufeff${'Maß 20 € — 😀 '.repeat(120_000)}`;

interface PageOutcome {
  status?: number;
  headers?: Record<string, string>;
  /** The body's text, and how many blocks it came in (0: a string). */
  text?: string;
  blocks?: number;
  error?: { name: string; kind?: string; message: string; remedy?: string };
}

describe('fetch transport in a browser (issue 56)', function () {
  this.timeout(60_000);
  let bundle: ScriptSite['bundle'];
  let site: OddServer;
  let service: OddServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    ({ bundle, site } = await scriptSite('src/core/service/fetchTransport.ts', 'fetchTransport'));
    const allowed = { 'Access-Control-Allow-Origin': site.origin, 'Access-Control-Expose-Headers': 'ETag' };
    service = await startOddServer((req, res) => {
      if (req.method === 'OPTIONS')
        return res.writeHead(204, { ...allowed, 'Access-Control-Allow-Headers': 'authorization, accept', 'Access-Control-Allow-Methods': 'GET, POST' }).end();
      if (req.url === '/api/big') {
        res.writeHead(200, { ...allowed, 'Content-Type': 'application/json', ETag: '"big-1"' });
        // In pieces that end inside a character, one at a time: the page reads them as separate chunks.
        const bytes = Buffer.from(BIG);
        const piece = (at: number): void => {
          if (at >= bytes.length) return void res.end();
          res.write(bytes.subarray(at, at + 300_001));
          setTimeout(() => piece(at + 300_001), 10);
        };
        return piece(0);
      }
      if (req.url === '/api/moved') return res.writeHead(302, { ...allowed, Location: '/api/big' }).end();
      if (req.url === '/api/no-cors') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      res.writeHead(404, allowed).end();
    });
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto(site.origin);
  });

  after(async () => {
    await browser?.close();
    await site?.close();
    await service?.close();
  });

  /** One exchange by the bundled fetch transport in the page. */
  const inPage = (url: string): Promise<PageOutcome> =>
    page.evaluate(async (target) => {
      // The bundle's global (format iife, globalName fetchTransport): its types are the module's.
      const made = (globalThis as unknown as { fetchTransport: typeof FetchTransport }).fetchTransport;
      try {
        const reply = await made.createFetchTransport().exchange({
          method: 'GET',
          url: target,
          path: new URL(target).pathname,
          headers: { Authorization: 'Bearer t', Accept: 'application/json' },
          timeoutMs: 10_000,
        });
        const body = reply.body;
        return { status: reply.status, headers: reply.headers, text: body.toString(), blocks: typeof body === 'string' ? 0 : body.blocks.length };
      } catch (caught) {
        const error = caught as Error & { kind?: string; remedy?: string };
        return { error: { name: error.name, kind: error.kind, message: error.message, remedy: error.remedy } };
      }
    }, url);

  it('imports web APIs only: no Node built-in, no Buffer, no process', () => {
    const inputs = Object.keys(bundle.metafile.inputs);
    assert.ok(inputs.includes('src/core/service/bodyDecoder.ts') && inputs.includes('src/core/service/httpExchange.ts'), inputs.join(', '));
    for (const input of inputs) assert.match(input, /^src\/core\/service\/[\w.]+\.ts$/, `${input}: only the service layer's own modules`);
    assert.doesNotMatch(bundle.outputFiles[0].text, /\b(Buffer|process|require)\b/);
  });

  it('reads a large body cross-origin into the same blocks as the axios transport, with the ETag the service exposes', async () => {
    const url = `${service.origin}/api/big`;
    const got = await inPage(url);
    assert.equal(got.error, undefined, got.error?.message);
    const node = await createAxiosTransport('test').exchange({ method: 'GET', url, path: '/api/big', headers: {}, timeoutMs: 10_000 });
    const blocks = (text: BodyText): number => (typeof text === 'string' ? 0 : text.blocks.length);
    assert.equal(got.status, 200);
    assert.equal(got.headers?.etag, '"big-1"');
    assert.equal(got.headers?.['content-type'], 'application/json');
    assert.ok(blocks(node.body) > 1, 'the body is large enough to come in blocks');
    assert.equal(got.blocks, blocks(node.body));
    assert.ok(got.text === node.body.toString(), 'the same text, its byte order mark dropped');
    assert.equal(got.text?.charCodeAt(0), 'M'.charCodeAt(0));
  });

  it('does not follow a redirect it cannot see, and says to set the base URL to where it leads', async () => {
    const got = await inPage(`${service.origin}/api/moved`);
    assert.equal(got.error?.name, 'ServiceError');
    assert.equal(got.error?.kind, 'badResponse');
    assert.equal(got.error?.remedy, 'baseUrl');
    assert.equal(
      got.error?.message,
      'The service redirected GET /api/moved; in the browser a redirect cannot be checked before it is followed, so it is not followed: set the base URL to the address it redirects to.',
    );
  });

  it('says a service that does not allow the page’s origin may be why it could not be reached (CORS)', async () => {
    const got = await inPage(`${service.origin}/api/no-cors`);
    assert.equal(got.error?.kind, 'network');
    assert.equal(got.error?.remedy, 'network');
    assert.match(got.error?.message ?? '', /^Could not reach 127\.0\.0\.1:\d+ for GET \/api\/no-cors\. In the browser .*origin \(CORS\)/);
  });
});
