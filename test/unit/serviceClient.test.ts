import * as assert from 'node:assert/strict';
import { isUnder } from '../../src/core/service/serviceHttp';
import { sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { backoffDelay, parseRetryAfter } from '../../src/core/service/backoff';
import { SECTION_TYPES, serviceOptionsFrom, type RequestLogEntry, type Standard } from '../../src/core/service/index';
import { json, startOddServer } from './oddServer';
import { isKind } from './serviceAssert';
import { describeEachTransport } from './transports';

describeEachTransport('service: HTTP client against the sandbox', ({ createStandardsService }) => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox({ standards: 30_000, retryAfterSeconds: 1 })));
  after(() => sandbox.close());
  beforeEach(async () => {
    await sandboxControl(sandbox, 'config', { faults: '', latencyMs: 0, retryAfterSeconds: 1 });
    await sandboxControl(sandbox, 'reset');
  });
  const fast = { retry: { baseDelayMs: 20, maxRetries: 3, maxTotalWaitMs: 5000 } };

  it('pages the whole catalogue to the end with consistent totals', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    let offset = 0;
    let count = 0;
    for (let pages = 0; pages < 100; pages++) {
      const page = await service.listStandards({ limit: 1000, offset });
      assert.equal(page.total, 30_000);
      count += page.items.length;
      offset += page.items.length;
      if (!page.hasMore) break;
    }
    assert.equal(count, 30_000);
  });

  it('follows the spec flow 4.5: clauses, Scope by type, content', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const { items } = await service.listStandards({ limit: 3, offset: 0 });
    const clauses = await service.listClauses(items[0].urn);
    const scope = clauses.find((c) => c.types.includes(SECTION_TYPES.Scope.type));
    assert.ok(scope);
    assert.equal(scope.clauseId, scope.id.split('/').pop());
    const body = (await service.getClause(items[0].urn, scope.clauseId)) as Record<string, unknown>;
    assert.equal(body['@id'], scope.id);
  });

  for (const envelope of ['array', 'graph', 'hydra'] as const) {
    it(`reads the ${envelope} envelope, with hasMore right at the end`, async () => {
      const small = await startSandbox({ standards: 25, envelope });
      try {
        const service = createStandardsService(serviceOptionsFrom(small));
        const first = await service.listStandards({ limit: 10, offset: 0 });
        assert.equal(first.items.length, 10);
        assert.equal(first.hasMore, true);
        assert.equal(first.total, envelope === 'hydra' ? 25 : undefined);
        const last = await service.listStandards({ limit: 10, offset: 20 });
        assert.equal(last.items.length, 5);
        assert.equal(last.hasMore, false);
        const clauses = await service.listClauses(first.items[0].urn);
        assert.ok(clauses.length >= 8);
      } finally {
        await small.close();
      }
    });
  }

  it('keeps paging when the server clamps the page size under a total', async () => {
    const clamped = await startSandbox({ standards: 120, maxLimit: 50 });
    try {
      const service = createStandardsService(serviceOptionsFrom(clamped));
      const page = await service.listStandards({ limit: 100, offset: 0 });
      assert.equal(page.items.length, 50, 'a short page');
      assert.equal(page.hasMore, true, 'but not the end: the total says more');
    } finally {
      await clamped.close();
    }
  });

  it('follows relative next links through a paged clause list', async () => {
    const paged = await startSandbox({ standards: 20, clausePageSize: 4 });
    try {
      const service = createStandardsService(serviceOptionsFrom(paged));
      const { items } = await service.listStandards({ limit: 1, offset: 0 });
      const clauses = await service.listClauses(items[0].urn);
      const stats = await sandboxStats(paged);
      assert.ok(clauses.length >= 8);
      assert.equal(stats.requests.listClauses, Math.ceil(clauses.length / 4));
      assert.equal(new Set(clauses.map((c) => c.id)).size, clauses.length, 'no clause twice');
    } finally {
      await paged.close();
    }
  });

  it('waits for Retry-After on 429, then succeeds', async () => {
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
    await service.listStandards({ limit: 1, offset: 0 }); // token first
    await sandboxControl(sandbox, 'config', { faults: '429:1', retryAfterSeconds: 1 });
    setTimeout(() => void sandboxControl(sandbox, 'config', { faults: '' }), 300);
    const started = Date.now();
    const page = await service.listStandards({ limit: 2, offset: 0 });
    assert.equal(page.items.length, 2);
    assert.ok(Date.now() - started >= 950, 'waited the Retry-After second');
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.faults['429'], 1);
    assert.equal(stats.requests.listStandards, 3);
  });

  it('gives up after 3 retries of a 503 with a server error', async () => {
    await sandboxControl(sandbox, 'config', { faults: '503:1', retryAfterSeconds: 0 });
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
    await assert.rejects(
      service.listStandards({ limit: 1, offset: 0 }),
      isKind('server', /GET \/preprod\/v1\/standards\?limit=1&offset=0 failed on the server \(503\)/),
    );
    assert.equal((await sandboxStats(sandbox)).requests.listStandards, 4);
  });

  it('retries a 500 as it does a 503 (issue 58 item 5)', async () => {
    await sandboxControl(sandbox, 'config', { faults: '500:1' });
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
    await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), isKind('server'));
    assert.equal((await sandboxStats(sandbox)).requests.listStandards, 4);
  });

  it('retries dropped connections, then says the server closed them (issue 58 item 8)', async () => {
    await sandboxControl(sandbox, 'config', { faults: 'drop:1' });
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
    await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), isKind('network', /127\.0\.0\.1:\d+ closed the connection/));
    assert.equal((await sandboxStats(sandbox)).requests.listStandards, 4);
  });

  it('retries a 200 with malformed JSON like a dropped connection, then reports it and logs a failure', async () => {
    await sandboxControl(sandbox, 'config', { faults: 'malformed:1' });
    const log: RequestLogEntry[] = [];
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast, logger: { request: (e) => log.push(e) } });
    await assert.rejects(
      service.listStandards({ limit: 1, offset: 0 }),
      isKind('badResponse', /answered 200 with malformed JSON .*expected a complete JSON document/),
    );
    assert.equal((await sandboxStats(sandbox)).requests.listStandards, 4);
    const entry = log.find((e) => e.method === 'GET');
    assert.equal(entry?.status, 200);
    assert.equal(entry?.error, 'badResponse', 'logged as a failure, not as 200 ok');
    assert.equal(entry?.retries, 3);
    assert.match(entry?.detail ?? '', /malformed JSON/);
  });

  it('recovers from malformed 200 answers by retrying (10 % malformed, no call fails)', async () => {
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
    await sandboxControl(sandbox, 'config', { faults: 'malformed:0.1' });
    for (let offset = 0; offset < 20; offset++) await service.listStandards({ limit: 5, offset });
    assert.ok((await sandboxStats(sandbox)).faults.malformed >= 1, 'faults were injected');
  });

  it('never retries other 4xx (404)', async () => {
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
    await assert.rejects(service.listClauses('urn:iso:std:iso:0:nothing'), isKind('notFound', /Standard not found/));
    assert.equal((await sandboxStats(sandbox)).requests.listClauses, 1);
  });

  it('times out a slow server with a clear message', async () => {
    await sandboxControl(sandbox, 'config', { faults: 'slow:1' });
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), timeoutMs: 700, retry: { maxRetries: 0 } });
    await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), isKind('timeout', /did not complete within 1 s/));
  });

  it('cancels: the socket closes, the call rejects at once, no retry is scheduled', async () => {
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
    await service.listStandards({ limit: 1, offset: 0 });
    await sandboxControl(sandbox, 'reset');
    await sandboxControl(sandbox, 'config', { latencyMs: 3000 });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(service.listStandards({ limit: 1, offset: 0 }, controller.signal), isKind('cancelled'));
    assert.ok(Date.now() - started < 1500, 'rejected promptly');
    await new Promise((r) => setTimeout(r, 300));
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.requests.listStandards, 1, 'no retry');
    assert.deepEqual(stats.byStatus, {}, 'the server never finished a response: the socket was closed');
  });

  it('cancels during a backoff wait', async () => {
    await sandboxControl(sandbox, 'config', { faults: '503:1', retryAfterSeconds: 5 });
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), retry: { maxTotalWaitMs: 20_000 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 400);
    const started = Date.now();
    await assert.rejects(service.listStandards({ limit: 1, offset: 0 }, controller.signal), isKind('cancelled'));
    assert.ok(Date.now() - started < 2000);
    assert.equal((await sandboxStats(sandbox)).requests.listStandards, 1);
  });

  it('sends odd URNs and clause ids as one segment each, so they never leave their route', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const good = 'urn:iso:std:iso:9001:ed-5';
    await assert.rejects(service.listClauses('urn:iso:std:../../admin'), isKind('notFound', /urn:iso:std:\.\.\/\.\.\/admin/));
    await assert.rejects(service.listClauses('urn:iso:std:iso:1?x=y#z'), isKind('notFound'));
    await assert.rejects(service.getClause(good, '../../etc/passwd'), isKind('notFound'));
    await assert.rejects(service.getClause(good, '%2e%2e'), isKind('notFound'));
    const stats = await sandboxStats(sandbox);
    assert.deepEqual(stats.requests, { listStandards: 0, listClauses: 2, getClause: 2 });
  });

  it('refuses what cannot be a URN or a clause id without sending anything', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const good = 'urn:iso:std:iso:9001:ed-5';
    await assert.rejects(service.getClause(good, '..'), isKind('invalidInput'));
    await assert.rejects(service.getClause(good, 'a\u0000b'), isKind('invalidInput'));
    await assert.rejects(service.getClause('not-a-urn', 'abc'), isKind('invalidInput'));
    await assert.rejects(service.listClauses('urn:iso:std:iso:1\n'), isKind('invalidInput'));
    await assert.rejects(service.listStandards({ limit: 0, offset: 0 }), isKind('invalidInput'));
    await assert.rejects(service.listStandards({ limit: 10, offset: -1 }), isKind('invalidInput'));
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.tokenRequests, 0);
    assert.deepEqual(stats.requests, { listStandards: 0, listClauses: 0, getClause: 0 });
  });

  it('requires https except on loopback', () => {
    const base = { tokenUrl: 'https://idp.example.com/token', clientId: 'c', clientSecret: 's' };
    assert.throws(() => createStandardsService({ ...base, baseUrl: 'http://api.example.com/preprod' }), isKind('invalidInput', /must use https/));
    assert.throws(
      () => createStandardsService({ ...base, baseUrl: 'https://api.example.com', tokenUrl: 'http://idp.example.com/token' }),
      isKind('invalidInput', /token URL must use https/),
    );
    assert.throws(() => createStandardsService({ ...base, baseUrl: 'ftp://x' }), isKind('invalidInput'));
    assert.throws(() => createStandardsService({ ...base, baseUrl: 'not a url' }), isKind('invalidInput', /not an absolute URL/));
    assert.throws(() => createStandardsService({ ...base, baseUrl: 'https://u:p@api.example.com' }), isKind('invalidInput', /user name or password/));
    assert.doesNotThrow(() => createStandardsService({ ...base, baseUrl: 'http://localhost:8080/x' }));
    assert.doesNotThrow(() => createStandardsService({ ...base, baseUrl: 'http://[::1]:8080/x' }));
  });

  it('sends a standard with an odd title shape as plain text', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const { items } = await service.listStandards({ limit: 1000, offset: 0 });
    const shaped = items.filter((s: Standard) => typeof s.raw['dcterms:title'] !== 'string');
    assert.ok(shaped.length > 10, 'the sandbox serves some non-string titles');
    for (const s of shaped) assert.ok(s.title.length > 0 && !s.title.includes('[object'), s.title);
  });
});

describeEachTransport('service: servers the sandbox does not imitate', ({ createStandardsService }) => {
  it('computes backoff with jitter and reads Retry-After in both forms', () => {
    assert.equal(
      backoffDelay(0, 500, () => 0),
      250,
    );
    assert.equal(
      backoffDelay(2, 500, () => 1),
      2000,
    );
    assert.equal(parseRetryAfter('3'), 3000);
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 12:00:02 GMT', now), 2000);
    assert.equal(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });

  // Needed: a 503 whose Retry-After is an HTTP date, and a token endpoint that records its request headers.
  it('honours a Retry-After date; sends the API key to the service but never to the token URL', async () => {
    let failures = 1;
    const server = await startOddServer((req, res) => {
      if (req.url === '/token') return json(res, 200, { access_token: 'opaque', expires_in: 600 });
      if (failures-- > 0) return json(res, 503, { title: 'busy' }, { 'Retry-After': new Date(Date.now() + 1500).toUTCString() });
      json(res, 200, [{ '@id': 'urn:x:a' }]);
    });
    try {
      const service = createStandardsService({
        baseUrl: server.origin,
        tokenUrl: `${server.origin}/token`,
        clientId: 'c',
        clientSecret: 's',
        apiKey: { header: 'Ocp-Apim-Subscription-Key', value: 'the-key' },
      });
      const started = Date.now();
      const page = await service.listStandards({ limit: 10, offset: 0 });
      assert.equal(page.items[0].urn, 'urn:x:a');
      assert.equal(page.hasMore, false, 'a short page without total or next link is the end');
      assert.ok(Date.now() - started >= 400, 'waited for the date');
      const token = server.seen.find((r) => r.url === '/token');
      assert.equal(token?.headers['ocp-apim-subscription-key'], undefined);
      assert.equal(token?.headers.authorization, undefined);
      const calls = server.seen.filter((r) => r.url !== '/token');
      assert.equal(calls.length, 2);
      for (const call of calls) {
        assert.equal(call.headers['ocp-apim-subscription-key'], 'the-key');
        assert.equal(call.headers.authorization, 'Bearer opaque');
        assert.equal(call.headers.accept, 'application/ld+json');
      }
    } finally {
      await server.close();
    }
  });

  // Needed: a redirect to another origin, which the sandbox never sends.
  it('follows a redirect to another origin without the bearer token or API key', async () => {
    const other = await startOddServer((_req, res) => json(res, 200, { '@graph': [{ '@id': 'urn:x:moved' }] }));
    const server = await startOddServer((req, res) => {
      if (req.url === '/token') return json(res, 200, { access_token: 'opaque', expires_in: 600 });
      res.writeHead(302, { Location: `${other.origin}/elsewhere${req.url}` });
      res.end();
    });
    try {
      const service = createStandardsService({
        baseUrl: server.origin,
        tokenUrl: `${server.origin}/token`,
        clientId: 'c',
        clientSecret: 's',
        apiKey: { header: 'X-Api-Key', value: 'k' },
      });
      const page = await service.listStandards({ limit: 5, offset: 0 });
      assert.equal(page.items[0].urn, 'urn:x:moved');
      assert.equal(other.seen.length, 1);
      assert.equal(other.seen[0].headers.authorization, undefined);
      assert.equal(other.seen[0].headers['x-api-key'], undefined);
    } finally {
      await server.close();
      await other.close();
    }
  });

  // Needed: a redirect to another path of the same host, which the sandbox never sends.
  it('sends the bearer token and API key only under the base URL: a same-host redirect out of its path gets neither', async () => {
    const server = await startOddServer((req, res) => {
      if (req.url === '/token') return json(res, 200, { access_token: 'opaque', expires_in: 600 });
      if (req.url?.startsWith('/api/v1/standards')) {
        res.writeHead(302, { Location: `/api/../collector${req.url}` });
        return res.end();
      }
      json(res, 200, { '@graph': [{ '@id': 'urn:x:collected' }] });
    });
    try {
      const service = createStandardsService({
        baseUrl: `${server.origin}/api`,
        tokenUrl: `${server.origin}/token`,
        clientId: 'c',
        clientSecret: 's',
        apiKey: { header: 'X-Api-Key', value: 'k' },
      });
      const page = await service.listStandards({ limit: 5, offset: 0 });
      assert.equal(page.items[0].urn, 'urn:x:collected');
      const [first, moved] = server.seen.filter((r) => r.url !== '/token');
      assert.equal(first.headers.authorization, 'Bearer opaque', 'the service itself gets the token');
      assert.match(moved.url, /^\/collector\/api\/v1\/standards/);
      assert.equal(moved.headers.authorization, undefined, 'no token outside the base path');
      assert.equal(moved.headers['x-api-key'], undefined, 'no API key outside the base path');
    } finally {
      await server.close();
    }
  });

  it('tells an address under the base URL from one beside it', () => {
    assert.equal(isUnder('https://h/api/v1/standards', 'https://h/api'), true);
    assert.equal(isUnder('https://h/api', 'https://h/api/'), true);
    assert.equal(isUnder('https://h/apis/v1', 'https://h/api'), false);
    assert.equal(isUnder('https://h/api/../admin', 'https://h/api'), false);
    assert.equal(isUnder('https://h:8443/api/v1', 'https://h/api'), false);
    assert.equal(isUnder('http://h/api/v1', 'https://h/api'), false);
    assert.equal(isUnder('https://h/anything', 'https://h'), true);
  });

  // Needed: bodies of unknown shapes and non-JSON answers.
  it('fails on unknown shapes with a message naming the URL and what was expected', async () => {
    let body: unknown = { results: [] };
    let type = 'application/json';
    const server = await startOddServer((req, res) => {
      if (req.url === '/token') return json(res, 200, { access_token: 'opaque' });
      res.writeHead(200, { 'Content-Type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
    try {
      const service = createStandardsService({ baseUrl: `${server.origin}/p`, tokenUrl: `${server.origin}/token`, clientId: 'c', clientSecret: 's' });
      await assert.rejects(
        service.listStandards({ limit: 5, offset: 0 }),
        isKind('badResponse', /GET \/p\/v1\/standards\?limit=5&offset=0 answered with JSON of an unknown shape: expected a list of standards/),
      );
      body = { items: [{ title: 'no urn' }] };
      await assert.rejects(service.listStandards({ limit: 5, offset: 0 }), isKind('badResponse', /identified by a URN/));
      body = { items: [] };
      assert.deepEqual((await service.listStandards({ limit: 5, offset: 0 })).items, []);
      body = { clauses: [{ '@type': 'corext:Scope' }] };
      await assert.rejects(service.listClauses('urn:ex:y'), isKind('badResponse', /clause objects with an @id/));
      body = '<html>Sign in</html>';
      type = 'text/html';
      await assert.rejects(service.getClause('urn:ex:y', 'abc'), isKind('badResponse', /text\/html instead of JSON/));
      body = { next: '/p/v1/standards/urn:ex:z/clauses', member: [{ '@id': 'https://h/c/1' }] };
      type = 'application/json';
      await assert.rejects(service.listClauses('urn:ex:z'), isKind('badResponse', /did not end/));
    } finally {
      await server.close();
    }
  });
});
