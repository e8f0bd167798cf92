/**
 * The sandbox answers CORS (issue 56), so that the extension in a browser can use it: in Debian's Chromium, a page
 * on another loopback origin runs the service layer's sign-in and clause reads over the fetch transport (preflights
 * for Authorization, the API-key header and If-None-Match; ETag read back), and a page of an origin the sandbox does
 * not allow gets nothing. The Connection Doctor's browser checks run there too, and say which it was. The raw
 * preflights show what is granted and what is not.
 */
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../harness/browser';
import { tools } from '../harness/tools';
import type { CheckResult } from '../../src/core/doctor/checks';
import { parseArgs } from '../../sandbox/cli';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import type * as WebService from './browserPage/webService';
import type { OddServer } from './oddServer';
import { scriptSite, type ScriptSite } from './browserPage/scriptSite';

/** A host name the browser resolves to 127.0.0.1: a page of an origin the sandbox does not allow, still on loopback. */
const OTHER_HOST = 'elsewhere.test';

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** One request as a browser's preflight would send it (node:http: fetch would not let a caller set Origin). */
function raw(url: string, method: string, headers: Record<string, string>): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const preflight = (url: string, origin: string, method: string, headers: string): Promise<RawReply> =>
  raw(url, 'OPTIONS', { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers });

describe('sandbox CORS (issue 56)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let clauseUrl: string;

  before(async () => {
    sandbox = await startSandbox({ standards: 20, apiKey: 'key-for-cors', apiKeyHeader: 'Ocp-Apim-Subscription-Key' });
    clauseUrl = `${sandbox.baseUrl}/v1/standards?limit=1`;
  });
  after(() => sandbox?.close());

  describe('preflights', () => {
    it('grants the editor origins the methods and headers the extension sends, for a while', async () => {
      const origins = [
        'http://127.0.0.1:8080',
        'http://localhost:3000',
        'http://0a1b2c.localhost:3000',
        'https://vscode.dev',
        'https://github.dev',
        'https://1a2b3c.vscode-cdn.net',
      ];
      for (const origin of origins) {
        const reply = await preflight(clauseUrl, origin, 'GET', 'authorization,ocp-apim-subscription-key,if-none-match');
        assert.equal(reply.status, 204, origin);
        assert.equal(reply.headers['access-control-allow-origin'], origin);
        assert.equal(reply.headers['access-control-allow-methods'], 'GET, HEAD, POST');
        assert.equal(reply.headers['access-control-allow-headers'], 'Authorization, Accept, Content-Type, If-None-Match, Ocp-Apim-Subscription-Key');
        assert.equal(reply.headers['access-control-max-age'], '7200');
        assert.equal(reply.headers['access-control-allow-credentials'], undefined, 'bearer tokens, never cookies');
        assert.match(String(reply.headers.vary), /Origin/);
      }
      const token = await preflight(sandbox.tokenUrl, 'https://vscode.dev', 'POST', 'content-type,accept');
      assert.equal(token.status, 204);
      assert.equal(token.headers['access-control-allow-origin'], 'https://vscode.dev');
      const discovery = await preflight(`${sandbox.origin}/oidc/.well-known/openid-configuration`, 'https://vscode.dev', 'GET', 'accept');
      assert.equal(discovery.headers['access-control-allow-origin'], 'https://vscode.dev');
    });

    it('answers Chromium’s question before a public page reaches a loopback address (Private Network Access)', async () => {
      const reply = await raw(clauseUrl, 'OPTIONS', {
        Origin: 'https://vscode.dev',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Private-Network': 'true',
      });
      assert.equal(reply.headers['access-control-allow-private-network'], 'true');
    });

    it('grants nothing to any other origin, nor to the test routes', async () => {
      for (const origin of [
        'https://evil.example',
        'http://vscode.dev',
        'https://vscode.dev.evil.example',
        'https://x.vscode-cdn.net.evil.example',
        'http://localhost.evil.example',
        'null',
      ]) {
        for (const url of [clauseUrl, sandbox.tokenUrl, `${sandbox.origin}/oidc/.well-known/openid-configuration`]) {
          const reply = await preflight(url, origin, 'GET', 'authorization');
          assert.equal(reply.status, 403, `${origin} ${url}`);
          assert.equal(reply.headers['access-control-allow-origin'], undefined, `${origin} ${url}`);
        }
        // Discovery, which the identity provider on its own would grant to any origin.
        const got = await raw(`${sandbox.origin}/oidc/.well-known/openid-configuration`, 'GET', { Origin: origin });
        assert.equal(got.status, 200);
        assert.equal(got.headers['access-control-allow-origin'], undefined, origin);
      }
      const control = await preflight(`${sandbox.origin}/__sandbox/stats`, 'http://127.0.0.1:8080', 'GET', 'x-sandbox-control');
      assert.equal(control.headers['access-control-allow-origin'], undefined);
    });

    it('exposes the headers the client reads on answers, errors included', async () => {
      const refused = await raw(clauseUrl, 'GET', { Origin: 'https://github.dev' });
      assert.equal(refused.status, 401);
      assert.equal(refused.headers['access-control-allow-origin'], 'https://github.dev');
      assert.equal(refused.headers['access-control-expose-headers'], 'ETag, Retry-After, WWW-Authenticate');
    });

    it('takes more origins on the command line, exactly as given', async () => {
      const other = await startSandbox({ standards: 5, allowOrigins: ['http://my-host:8080'] });
      try {
        assert.equal((await preflight(`${other.baseUrl}/v1/standards`, 'http://my-host:8080', 'GET', 'authorization')).status, 204);
        assert.equal((await preflight(`${other.baseUrl}/v1/standards`, 'http://my-host:8081', 'GET', 'authorization')).status, 403);
      } finally {
        await other.close();
      }
      await assert.rejects(startSandbox({ allowOrigins: ['http://my-host:8080/path'] }), /Bad origin "http:\/\/my-host:8080\/path"/);
      assert.deepEqual(parseArgs(['--allow-origin', 'http://a:1', '--allow-origin=https://b.example']).allowOrigins, ['http://a:1', 'https://b.example']);
    });
  });

  describe('in Chromium', () => {
    let site: OddServer;
    let browser: Browser;
    let page: Page;
    let bundle: ScriptSite['bundle'];

    before(async () => {
      ({ bundle, site } = await scriptSite('test/unit/browserPage/webService.ts', 'webService'));
      // The other host name leads to the same loopback server: a different origin, not a different network.
      browser = await chromium.launch({
        executablePath: tools.chromium,
        headless: true,
        args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${OTHER_HOST} 127.0.0.1`],
      });
      page = await browser.newPage();
    });

    after(async () => {
      await browser?.close();
      await site?.close();
    });

    const connection = () => {
      const { baseUrl, tokenUrl, clientId, clientSecret, apiKeyHeader, apiKey } = sandbox;
      return { baseUrl, tokenUrl, clientId, clientSecret, apiKeyHeader, apiKey };
    };
    const readFrom = async (origin: string): Promise<WebService.ReadOutcome> => {
      await page.goto(origin);
      return page.evaluate(
        // The bundle's global (format iife, globalName webService): its types are the module's.
        (info) => (globalThis as unknown as { webService: typeof WebService }).webService.signInAndReadClause(info),
        connection(),
      );
    };
    const doctorFrom = async (origin: string): Promise<CheckResult[]> => {
      await page.goto(origin);
      return page.evaluate(
        // The bundle's global, as above.
        (info) => (globalThis as unknown as { webService: typeof WebService }).webService.doctorInBrowser(info),
        connection(),
      );
    };
    const line = (results: CheckResult[], title: RegExp): CheckResult => {
      const found = results.find((r) => title.test(r.title));
      assert.ok(found, `a check named ${title}: ${results.map((r) => r.title).join(', ')}`);
      return found;
    };
    const otherOrigin = (): string => `http://${OTHER_HOST}:${new URL(site.origin).port}`;

    it('bundles the Connection Doctor with its web port for the browser: no Node built-in, Buffer or process (its Node probes left out)', () => {
      const inputs = Object.keys(bundle.metafile.inputs);
      assert.ok(inputs.includes('src/core/doctor/checks.ts') && inputs.includes('src/web/ports/platformProbes.ts'), inputs.join(', '));
      assert.ok(!inputs.includes('src/core/doctor/nodeProbes.ts') && !inputs.includes('src/core/doctor/platformProbes.ts'));
      // Used, not named: a comment may well say "process".
      assert.doesNotMatch(bundle.outputFiles[0].text, /\b(?:Buffer|process)\.|\brequire\(/);
    });

    it('signs in and reads a clause from a page on another loopback origin, revalidating it by its ETag', async () => {
      const got = await readFrom(site.origin);
      assert.notEqual(new URL(site.origin).port, new URL(sandbox.origin).port, 'cross-origin: another port');
      assert.equal(got.error, undefined, got.error?.message);
      assert.equal(got.signedIn, true);
      assert.equal(got.clauseStatus, 200);
      assert.match(got.etag ?? '', /^"[0-9a-f]+"$/);
      assert.ok(got.title !== undefined);
      assert.equal(got.revalidatedStatus, 304);
    });

    it('reads nothing from a page of an origin the sandbox does not allow, and says CORS may be why', async () => {
      const got = await readFrom(otherOrigin());
      assert.equal(got.signedIn, undefined);
      assert.equal(got.error?.kind, 'network');
      assert.match(got.error?.message ?? '', /does not allow this page’s origin \(CORS\)/);
    });

    it('runs the Connection Doctor’s browser checks from another loopback origin: nothing fails, sockets not available', async () => {
      const results = await doctorFrom(site.origin);
      assert.deepEqual(
        results.filter((r) => r.status === 'fail' || r.status === 'warn'),
        [],
      );
      assert.equal(line(results, /OIDC discovery/).status, 'pass');
      assert.equal(line(results, /^Token request/).status, 'pass');
      assert.match(line(results, /Service call/).detail, /^200 with the token and the API key\. Without the API key: 401\.$/);
      assert.match(line(results, /^Connection 127\.0\.0\.1:/).detail, /^Not available in the browser/);
    });

    it('tells, from an origin the sandbox does not allow, that the browser could not reach it: CORS or down, and the origin to allow', async () => {
      const results = await doctorFrom(otherOrigin());
      const discovery = line(results, /OIDC discovery/);
      const where = new URL(sandbox.origin).host;
      assert.equal(discovery.status, 'fail');
      assert.equal(
        discovery.detail,
        `No answer: the browser could not reach ${where}: the service may not allow this origin, ${otherOrigin()} (CORS), or be down.`,
      );
      assert.equal(
        discovery.fix,
        `If ${where} is up, its operator must allow this origin, ${otherOrigin()}, in its CORS answer (the extension’s docs/web.md lists the methods and headers); otherwise start it, or check the URL.`,
      );
      // The token endpoint's CORS may differ from discovery's: it is tried, and refused alike.
      const token = line(results, /^Token request/);
      assert.equal(token.status, 'fail');
      assert.match(token.detail, /That is: the browser could not reach .* \(CORS\), or be down\.$/);
      assert.equal(token.fix, discovery.fix);
      assert.match(line(results, /Service call/).detail, /^Not tried: the browser could not reach/);
    });
  });
});
