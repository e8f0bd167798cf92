/**
 * Issue 10 items 7 and 14: the sandbox's control routes need the per-run token and a loopback Host, service routes
 * answer 503 + Retry-After until the sandbox is ready, and odd request targets get 4xx, never 500. Raw node:http
 * requests, because fetch() would normalise the Host header and the request target.
 */
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { CONTROL_HEADER, sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { freePort } from '../harness/ports';

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: !('Host' in headers) }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function portOf(sandbox: RunningSandbox): number {
  return Number(new URL(sandbox.origin).port);
}

describe('sandbox hardening', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox({ standards: 20 })));
  after(() => sandbox.close());

  describe('control routes (issue 10 item 7)', () => {
    it('has a random control token per run', async () => {
      const other = await startSandbox({ standards: 5 });
      try {
        assert.ok(sandbox.controlToken.length >= 24);
        assert.notEqual(other.controlToken, sandbox.controlToken);
      } finally {
        await other.close();
      }
    });

    it('refuses every control route without the token, with a wrong token, or with a foreign Host', async () => {
      const port = portOf(sandbox);
      const good = { [CONTROL_HEADER]: sandbox.controlToken };
      const attempts: [string, string, Record<string, string>, string?][] = [
        ['GET', '/__sandbox/stats', {}],
        ['POST', '/__sandbox/config', { 'Content-Type': 'text/plain' }, '{"faults":"500:1"}'],
        ['POST', '/__sandbox/revoke-tokens', { [CONTROL_HEADER]: 'guessed' }],
        ['POST', '/__sandbox/reset', { [CONTROL_HEADER]: `${sandbox.controlToken}x` }],
        ['POST', '/__sandbox/config', { ...good, Host: `attacker.example:${port}` }, '{"faults":"500:1"}'],
        ['GET', '/__sandbox/stats', { ...good, Host: `127.0.0.1:${port + 1}` }],
      ];
      for (const [method, path, headers, body] of attempts) {
        const reply = await raw(port, method, path, headers, body);
        assert.equal(reply.status, 403, `${method} ${path} ${JSON.stringify(headers)}: ${reply.body}`);
        assert.match(reply.headers['content-type'] as string, /problem\+json/);
      }
      const stats = await raw(port, 'GET', '/__sandbox/stats', good);
      assert.equal(stats.status, 200);
      assert.equal(JSON.parse(stats.body).faults['500'], undefined);
      const localhost = await raw(port, 'GET', '/__sandbox/stats', { ...good, Host: `localhost:${port}` });
      assert.equal(localhost.status, 200, 'localhost:port is this sandbox too');
    });

    it('serves the helpers, which send the token', async () => {
      await sandboxControl(sandbox, 'config', { faults: '' });
      await sandboxControl(sandbox, 'reset');
      assert.equal((await sandboxStats(sandbox)).tokenRequests, 0);
      await assert.rejects(sandboxStats({ origin: sandbox.origin, controlToken: 'wrong' }), /403/);
    });
  });

  describe('request targets and start-up (issue 10 item 14)', () => {
    it('answers "//" targets with 400 and HEAD /oidc?… with a 4xx, never 500', async () => {
      const port = portOf(sandbox);
      for (const [method, path] of [
        ['GET', '//x'],
        ['GET', '//['],
        ['GET', '//127.0.0.1/preprod/v1/standards'],
        ['HEAD', '/oidc?x=1'],
        ['GET', '/oidc?x=1'],
        ['HEAD', '/oidc'],
      ]) {
        const reply = await raw(port, method, path);
        assert.ok(reply.status >= 400 && reply.status < 500, `${method} ${path}: ${reply.status} ${reply.body}`);
        // "//127.0.0.1/preprod/…" must not be served as /preprod/… (it names another authority).
        if (path.startsWith('//')) assert.equal(reply.status, 400, `${path}: ${reply.body}`);
      }
    });

    it('answers service routes with 503 and Retry-After between listening and readiness', async () => {
      const port = await freePort();
      const starting = startSandbox({ standards: 5, port });
      const seen: number[] = [];
      let ready: RunningSandbox | undefined;
      void starting.then((s) => (ready = s));
      try {
        // Bounded: at most 2 000 polls, 2 ms apart; stops as soon as the sandbox is ready.
        for (let i = 0; i < 2000 && !ready; i++) {
          const reply = await raw(port, 'GET', '/preprod/v1/standards').catch(() => undefined);
          if (reply && !ready) {
            seen.push(reply.status);
            if (reply.status === 503) assert.equal(reply.headers['retry-after'], '1');
          }
          await new Promise((r) => setTimeout(r, 2));
        }
      } finally {
        await (await starting).close();
      }
      assert.ok(seen.length > 0, 'the start-up window was observed');
      assert.deepEqual([...new Set(seen)], [503], `before readiness only 503: ${seen.join(', ')}`);
    });
  });
});
