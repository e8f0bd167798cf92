import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import * as path from 'node:path';
import { SignJWT, generateKeyPair } from 'jose';
import { sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { accessToken, get, members, requestToken, type Json } from './sandboxHttp';

const REPO = path.resolve(__dirname, '../../..');

describe('sandbox', () => {
  describe('identity provider', () => {
    let sandbox: RunningSandbox;
    before(async () => (sandbox = await startSandbox({ standards: 50 })));
    after(() => sandbox.close());

    it('issues a JWT access token for good client credentials', async () => {
      const { status, body } = await requestToken(sandbox);
      assert.equal(status, 200);
      assert.equal(body.token_type, 'Bearer');
      assert.equal(typeof body.expires_in, 'number');
      const parts = String(body.access_token).split('.');
      assert.equal(parts.length, 3, 'a JWT has three parts');
      const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString()) as Json;
      assert.equal(header.alg, 'RS256');
      const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString()) as Json;
      assert.equal(claims.aud, sandbox.baseUrl);
      assert.equal(claims.client_id, sandbox.clientId);
    });

    it('refuses a wrong secret with RFC 6749 invalid_client', async () => {
      const { status, body } = await requestToken(sandbox, 'not-the-secret');
      assert.equal(status, 401);
      assert.equal(body.error, 'invalid_client');
    });

    it('publishes discovery and a JWKS', async () => {
      const discovery = (await (await fetch(`${sandbox.origin}/oidc/.well-known/openid-configuration`)).json()) as Json;
      assert.equal(discovery.token_endpoint, sandbox.tokenUrl);
      const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: Json[] };
      assert.equal(jwks.keys.length, 1);
      assert.equal(jwks.keys[0].d, undefined, 'no private part published');
    });
  });

  describe('service', () => {
    let sandbox: RunningSandbox;
    let token: string;
    before(async () => {
      sandbox = await startSandbox({ standards: 300, maxLimit: 50 });
      token = await accessToken(sandbox);
    });
    after(() => sandbox.close());
    beforeEach(() => sandboxControl(sandbox, 'reset'));

    it('follows the spec flow 4.5: list, clauses, Scope by @type, content', async () => {
      const list = await get(sandbox, '/v1/standards?limit=5&offset=0', token);
      assert.equal(list.status, 200);
      assert.match(list.headers.get('content-type') ?? '', /application\/ld\+json/);
      const body = list.json() as Json;
      assert.ok(body['@context'], 'JSON-LD carries an @context');
      const urn = String(members(body)[0]['@id']);
      assert.match(urn, /^urn:[a-z]+:std:/);
      const clauses = members((await get(sandbox, `/v1/standards/${encodeURIComponent(urn)}/clauses`, token)).json());
      assert.ok(clauses.length >= 8 && clauses.length <= 60, `8..60 clauses, got ${clauses.length}`);
      // @type is a set: the Scope may come with corext:Clause, in any order.
      const scope = clauses.find((c) => [c['@type']].flat().includes('corext:Scope'));
      assert.ok(scope, 'a Scope clause');
      const id = String(scope['@id']).split('/').pop() ?? '';
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const content = (await get(sandbox, `/v1/standards/${urn}/clauses/${id}`, token)).json() as Json;
      assert.equal(content['@id'], scope['@id']);
      assert.ok(Array.isArray(content['corext:content']) && (content['corext:content'] as unknown[]).length > 0);
    });

    it('accepts the URN raw and percent-encoded', async () => {
      const urn = String(members((await get(sandbox, '/v1/standards?limit=1', token)).json())[0]['@id']);
      const raw = await get(sandbox, `/v1/standards/${urn}/clauses`, token);
      const encoded = await get(sandbox, `/v1/standards/${encodeURIComponent(urn)}/clauses`, token);
      assert.equal(raw.status, 200);
      assert.equal(encoded.text, raw.text);
    });

    it('clamps limit to the maximum and reports the total', async () => {
      const body = (await get(sandbox, '/v1/standards?limit=500&offset=0', token)).json() as Json;
      assert.equal(members(body).length, 50);
      assert.equal(body['hydra:totalItems'], 300);
      const view = body['hydra:view'] as Json;
      assert.equal(view['hydra:next'], '/preprod/v1/standards?limit=50&offset=50');
    });

    for (const query of ['limit=-1', 'limit=abc', 'offset=-5', 'offset=1.5', 'limit=0']) {
      it(`answers ${query} with 400 problem+json`, async () => {
        const reply = await get(sandbox, `/v1/standards?${query}`, token);
        assert.equal(reply.status, 400);
        assert.match(reply.headers.get('content-type') ?? '', /application\/problem\+json/);
        const problem = reply.json() as Json;
        assert.equal(problem.status, 400);
        assert.ok(problem.title && problem.detail);
      });
    }

    it('answers an unknown URN or clause with 404 problem+json', async () => {
      const unknown = await get(sandbox, '/v1/standards/urn:iso:std:iso:0:none/clauses', token);
      assert.equal(unknown.status, 404);
      assert.match(unknown.headers.get('content-type') ?? '', /problem\+json/);
      const urn = String(members((await get(sandbox, '/v1/standards?limit=1', token)).json())[0]['@id']);
      const clause = await get(sandbox, `/v1/standards/${urn}/clauses/00000000-0000-4000-8000-000000000000`, token);
      assert.equal(clause.status, 404);
    });

    it('sends ETags and answers If-None-Match with 304', async () => {
      const urn = String(members((await get(sandbox, '/v1/standards?limit=1', token)).json())[0]['@id']);
      const first = await get(sandbox, `/v1/standards/${urn}/clauses`, token);
      const etag = first.headers.get('etag');
      assert.ok(etag, 'an ETag');
      const again = await get(sandbox, `/v1/standards/${urn}/clauses`, token, { 'If-None-Match': etag });
      assert.equal(again.status, 304);
      assert.equal(again.text, '');
      assert.equal((await sandboxStats(sandbox)).notModified, 1);
    });

    it('refuses a missing, forged or revoked token with 401 and WWW-Authenticate', async () => {
      const missing = await get(sandbox, '/v1/standards', undefined);
      assert.equal(missing.status, 401);
      assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer/);

      const { privateKey } = await generateKeyPair('RS256');
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Json;
      const kid = (JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as Json).kid as string;
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
      const refused = await get(sandbox, '/v1/standards', forged);
      assert.equal(refused.status, 401);
      assert.match(refused.headers.get('www-authenticate') ?? '', /invalid_token/);

      const fresh = await accessToken(sandbox);
      assert.equal((await get(sandbox, '/v1/standards?limit=1', fresh)).status, 200);
      await sandboxControl(sandbox, 'revoke-tokens');
      assert.equal((await get(sandbox, '/v1/standards?limit=1', fresh)).status, 401);
      token = await accessToken(sandbox);
      assert.equal((await get(sandbox, '/v1/standards?limit=1', token)).status, 200, 'a new token works');
    });

    it('counts requests per route, statuses and token requests', async () => {
      await get(sandbox, '/v1/standards?limit=2', token);
      await get(sandbox, '/v1/standards?limit=2&offset=2', token);
      const urn = String(members((await get(sandbox, '/v1/standards?limit=1', token)).json())[0]['@id']);
      await get(sandbox, `/v1/standards/${urn}/clauses`, token);
      await get(sandbox, '/v1/standards?limit=x', token);
      await requestToken(sandbox);
      const stats = await sandboxStats(sandbox);
      assert.deepEqual(stats.requests, { listStandards: 4, listClauses: 1, getClause: 0 });
      assert.deepEqual(stats.byStatus, { '200': 4, '400': 1 });
      assert.equal(stats.tokenRequests, 1);
      await sandboxControl(sandbox, 'reset');
      assert.deepEqual((await sandboxStats(sandbox)).requests, { listStandards: 0, listClauses: 0, getClause: 0 });
    });
  });

  describe('whole catalogue', () => {
    let sandbox: RunningSandbox;
    before(async () => (sandbox = await startSandbox({})));
    after(() => sandbox.close());

    it('pages 30 000 standards with a consistent total and every position once', async () => {
      const token = await accessToken(sandbox);
      const seen: string[] = [];
      let total: unknown;
      for (let offset = 0, pages = 0; pages < 100; pages++) {
        const body = (await get(sandbox, `/v1/standards?limit=1000&offset=${offset}`, token)).json() as Json;
        if (total === undefined) total = body['hydra:totalItems'];
        assert.equal(body['hydra:totalItems'], total, 'the total does not change between pages');
        const items = members(body);
        if (items.length === 0) break;
        for (const item of items) seen.push([item['@id'], item['corext:status'], item['dcterms:identifier']].map(String).join('\t'));
        offset += items.length;
      }
      assert.equal(total, 30_000);
      assert.equal(seen.length, 30_000);
      const urns = new Set(seen.map((s) => s.split('\t')[0]));
      assert.ok(urns.size < seen.length, 'some URNs repeat, as withdrawn editions do');
      assert.ok(urns.size > 29_000, 'but only a few');
      // Real shapes: IEC URNs hold "|", spaces, "/" and "+"; never a control character.
      for (const urn of urns) assert.match(urn, /^urn:[a-z]+:[^\u0000-\u001f]+$/);
      for (const char of ['|', ' ', '/', '+'])
        assert.ok(
          [...urns].some((u) => u.includes(char)),
          `a URN with "${char}"`,
        );
    });
  });

  describe('envelopes', () => {
    for (const envelope of ['array', 'graph', 'hydra'] as const) {
      it(`serves lists as ${envelope}`, async () => {
        const sandbox = await startSandbox({ standards: 30, envelope });
        try {
          const token = await accessToken(sandbox);
          const body = (await get(sandbox, '/v1/standards?limit=10', token)).json();
          if (envelope === 'array') assert.ok(Array.isArray(body));
          if (envelope === 'graph') assert.ok(Array.isArray((body as Json)['@graph']));
          if (envelope === 'hydra') assert.equal((body as Json)['hydra:totalItems'], 30);
          assert.equal(members(body).length, 10);
          const urn = String(members(body)[0]['@id']);
          const clauses = (await get(sandbox, `/v1/standards/${urn}/clauses`, token)).json();
          assert.ok(members(clauses).length >= 8);
        } finally {
          await sandbox.close();
        }
      });
    }

    it('pages clause lists with a relative hydra:next when a page size is set', async () => {
      const sandbox = await startSandbox({ standards: 30, clausePageSize: 3 });
      try {
        const token = await accessToken(sandbox);
        const urn = String(members((await get(sandbox, '/v1/standards?limit=1', token)).json())[0]['@id']);
        let next: string | undefined = `/v1/standards/${urn}/clauses`;
        let count = 0;
        let total = 0;
        for (let pages = 0; next && pages < 30; pages++) {
          const body = (await get(sandbox, next, token)).json() as Json;
          total = Number(body['hydra:totalItems']);
          count += members(body).length;
          const link = (body['hydra:view'] as Json | undefined)?.['hydra:next'] as string | undefined;
          next = link ? `/v1/standards/${urn}/${link}` : undefined;
        }
        assert.equal(count, total);
      } finally {
        await sandbox.close();
      }
    });
  });

  describe('API key', () => {
    it('is enforced when set', async () => {
      const sandbox = await startSandbox({ standards: 20, apiKey: 'k-123', apiKeyHeader: 'Ocp-Apim-Subscription-Key' });
      try {
        assert.equal(sandbox.apiKeyHeader, 'Ocp-Apim-Subscription-Key');
        const token = await accessToken(sandbox);
        const without = await get(sandbox, '/v1/standards', token);
        assert.equal(without.status, 401);
        assert.equal((without.json() as Json).title, 'API key missing or invalid');
        assert.equal((await get(sandbox, '/v1/standards', token, { 'Ocp-Apim-Subscription-Key': 'wrong' })).status, 401);
        assert.equal((await get(sandbox, '/v1/standards', token, { 'Ocp-Apim-Subscription-Key': 'k-123' })).status, 200);
      } finally {
        await sandbox.close();
      }
    });

    it('is not asked for when not set', async () => {
      const sandbox = await startSandbox({ standards: 20 });
      try {
        assert.equal(sandbox.apiKey, undefined);
        assert.equal((await get(sandbox, '/v1/standards', await accessToken(sandbox))).status, 200);
      } finally {
        await sandbox.close();
      }
    });
  });

  describe('token lifetime', () => {
    it('refuses an expired token', async () => {
      const sandbox = await startSandbox({ standards: 20, tokenTtlSeconds: 1 });
      try {
        const { body } = await requestToken(sandbox);
        assert.equal(body.expires_in, 1);
        const token = String(body.access_token);
        await new Promise((r) => setTimeout(r, 2100));
        const reply = await get(sandbox, '/v1/standards', token);
        assert.equal(reply.status, 401);
        assert.match(reply.headers.get('www-authenticate') ?? '', /invalid_token/);
      } finally {
        await sandbox.close();
      }
    });
  });

  describe('faults', () => {
    let sandbox: RunningSandbox;
    let token: string;
    before(async () => {
      sandbox = await startSandbox({ standards: 20, faults: '503:1' });
      token = await accessToken(sandbox);
    });
    after(() => sandbox.close());

    it('injects 503 with Retry-After from the start-up spec, and never on the token endpoint', async () => {
      const reply = await get(sandbox, '/v1/standards', token);
      assert.equal(reply.status, 503);
      assert.equal(reply.headers.get('retry-after'), '1');
      assert.equal((await requestToken(sandbox)).status, 200);
    });

    for (const status of [429, 500, 502, 504]) {
      it(`injects ${status}`, async () => {
        await sandboxControl(sandbox, 'config', { faults: `${status}:1`, retryAfterSeconds: 3 });
        const reply = await get(sandbox, '/v1/standards', token);
        assert.equal(reply.status, status);
        assert.equal(reply.headers.get('retry-after'), status === 429 ? '3' : null);
        assert.equal((await sandboxStats(sandbox)).faults[String(status)] >= 1, true);
      });
    }

    it('drops the connection', async () => {
      await sandboxControl(sandbox, 'config', { faults: 'drop:1' });
      await assert.rejects(get(sandbox, '/v1/standards', token));
    });

    it('sends malformed JSON', async () => {
      await sandboxControl(sandbox, 'config', { faults: 'malformed:1' });
      const reply = await get(sandbox, '/v1/standards', token);
      assert.equal(reply.status, 200);
      assert.throws(() => reply.json(), SyntaxError);
    });

    it('trickles a slow body over more than 2 s', async () => {
      await sandboxControl(sandbox, 'config', { faults: 'slow:1' });
      const started = Date.now();
      const reply = await get(sandbox, '/v1/standards?limit=5', token);
      assert.ok(Date.now() - started >= 2000, 'slow');
      assert.equal(members(reply.json()).length, 5, 'but complete');
    });

    it('adds latency', async () => {
      await sandboxControl(sandbox, 'config', { faults: '', latencyMs: 400 });
      const started = Date.now();
      assert.equal((await get(sandbox, '/v1/standards?limit=1', token)).status, 200);
      assert.ok(Date.now() - started >= 400);
      await sandboxControl(sandbox, 'config', { latencyMs: 0 });
    });

    it('draws faults deterministically for a seed', async () => {
      const outcomes = async (): Promise<number[]> => {
        const s = await startSandbox({ standards: 10, seed: 7, faults: '429:0.3,503:0.3' });
        try {
          const t = await accessToken(s);
          const statuses: number[] = [];
          for (let i = 0; i < 20; i++) statuses.push((await get(s, '/v1/standards?limit=1', t)).status);
          return statuses;
        } finally {
          await s.close();
        }
      };
      const first = await outcomes();
      assert.deepEqual(await outcomes(), first);
      assert.ok(first.includes(200) && first.some((s) => s !== 200), 'a mix of faults and successes');
    });

    it('refuses a bad fault spec', async () => {
      await assert.rejects(startSandbox({ faults: '418:1' }), /Bad fault/);
      await assert.rejects(startSandbox({ faults: '429:2' }), /probability/);
    });
  });

  describe('catalogue content', () => {
    let sandbox: RunningSandbox;
    let token: string;
    before(async () => {
      sandbox = await startSandbox({ standards: 2000 });
      token = await accessToken(sandbox);
    });
    after(() => sandbox.close());

    it('is the same for the same seed', async () => {
      const other = await startSandbox({ standards: 2000 });
      try {
        const a = (await get(sandbox, '/v1/standards?limit=50&offset=100', token)).text;
        const b = (await get(other, '/v1/standards?limit=50&offset=100', await accessToken(other))).text;
        assert.equal(a, b);
      } finally {
        await other.close();
      }
    });

    it('has the usual clause structure, some empty titles, and a few multi-megabyte clauses', async () => {
      const standards = members((await get(sandbox, '/v1/standards?limit=1000&offset=0', token)).json());
      let emptyTitles = 0;
      let hugeSeen = false;
      const kinds = new Set<string>();
      for (const standard of standards.slice(0, 300)) {
        const clauses = members((await get(sandbox, `/v1/standards/${encodeURIComponent(String(standard['@id']))}/clauses`, token)).json());
        // The section of each clause: its type other than the generic corext:Clause, when it has one.
        const types = clauses.map((c) => {
          const set = [c['@type']].flat() as string[];
          return set.find((t) => t !== 'corext:Clause') ?? 'corext:Clause';
        });
        types.forEach((t) => kinds.add(t));
        assert.equal(types[0], 'corext:Foreword');
        assert.ok(types.includes('corext:Scope') && types.includes('corext:TermsAndDefinitions'));
        emptyTitles += clauses.filter((c) => c['dcterms:title'] === '').length;
      }
      for (const kind of ['corext:Introduction', 'corext:NormativeReferences', 'corext:Clause', 'corext:Annex', 'corext:Bibliography']) {
        assert.ok(kinds.has(kind), `some clause is ${kind}`);
      }
      assert.ok(emptyTitles > 0, 'some titles are empty');
      // Huge annexes sit in about one standard in 500: look through the first 2000 for one.
      for (let offset = 0; offset < 2000 && !hugeSeen; offset += 1000) {
        const page = members((await get(sandbox, `/v1/standards?limit=1000&offset=${offset}`, token)).json());
        for (const standard of page) {
          const clauses = members((await get(sandbox, `/v1/standards/${encodeURIComponent(String(standard['@id']))}/clauses`, token)).json());
          const annex = clauses.find((c) => [c['@type']].flat().includes('corext:Annex'));
          if (!annex) continue;
          const id = String(annex['@id']).split('/').pop();
          const reply = await get(sandbox, `/v1/standards/${encodeURIComponent(String(standard['@id']))}/clauses/${id}`, token);
          if (reply.text.length >= 2 * 1024 * 1024) {
            assert.ok(reply.text.length <= 9 * 1024 * 1024);
            JSON.parse(reply.text);
            hugeSeen = true;
            break;
          }
        }
      }
      assert.ok(hugeSeen, 'a clause of 2–8 MB exists');
    });

    it('has cross-references that resolve to clauses of the catalogue', async () => {
      const standards = members((await get(sandbox, '/v1/standards?limit=40', token)).json());
      let checked = 0;
      for (const standard of standards) {
        const clauses = members((await get(sandbox, `/v1/standards/${encodeURIComponent(String(standard['@id']))}/clauses`, token)).json());
        for (const clause of clauses.slice(0, 8)) {
          const id = String(clause['@id']).split('/').pop();
          const text = (await get(sandbox, `/v1/standards/${encodeURIComponent(String(standard['@id']))}/clauses/${id}`, token)).text;
          for (const match of text.matchAll(/"corext:XRef","corext:target":"([^"]+)"/g)) {
            const target = match[1].slice(sandbox.baseUrl.length);
            assert.equal((await get(sandbox, target, token)).status, 200, `XRef ${match[1]} resolves`);
            checked++;
          }
        }
        if (checked >= 5) break;
      }
      assert.ok(checked >= 5, 'cross-references were found and followed');
    });
  });

  describe('command line', () => {
    it('prints exactly one JSON line, serves, and exits 0 on SIGTERM', async () => {
      const child = spawn(process.execPath, [path.join(REPO, 'out/sandbox/cli.js'), '--port', '0', '--standards', '100'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: string[] = [];
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const first = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no JSON line within 5 s')), 5000);
        createInterface({ input: child.stdout }).on('line', (line) => {
          lines.push(line);
          clearTimeout(timer);
          resolve(line);
        });
      });
      const info = JSON.parse(first) as Json;
      for (const key of ['baseUrl', 'tokenUrl', 'clientId', 'clientSecret']) assert.equal(typeof info[key], 'string');
      assert.match(String(info.baseUrl), /^http:\/\/127\.0\.0\.1:\d+\/preprod$/);
      const reply = await fetch(`${info.baseUrl}/v1/standards`);
      assert.equal(reply.status, 401);
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.equal(lines.length, 1, 'nothing else on stdout');
    });

    it('refuses an unknown option with exit code 2', async () => {
      const child = spawn(process.execPath, [path.join(REPO, 'out/sandbox/cli.js'), '--bogus'], { stdio: 'ignore' });
      assert.equal(await new Promise((resolve) => child.on('exit', resolve)), 2);
    });
  });
});
