/**
 * The service client under the faults of issue 58's campaign: a 500 on some catalogue pages, Retry-After short and
 * far too long within a run's time limit, a token refused because the clocks disagree, a connection the server
 * resets, and tokens of two seconds. Against the sandbox, a listener in front of it that places a fault on a chosen
 * page (faultyProxy.ts), or a purpose-built listener (oddServer.ts); all on 127.0.0.1.
 */
import * as assert from 'node:assert/strict';
import { sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { buildCatalogueIndex } from '../../src/core/catalogue/buildIndex';
import type { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { TokenSource } from '../../src/core/service/auth';
import { Deadline } from '../../src/core/service/deadline';
import { ServiceError, serviceOptionsFrom, type WaitNotice } from '../../src/core/service/index';
import { Redactor } from '../../src/core/service/redact';
import { startFaultyProxy, pageOffset } from './faultyProxy';
import { fakeJwt, json, startOddServer } from './oddServer';
import { isKind } from './serviceAssert';
import { describeEachTransport } from './transports';

/** For `assert.rejects`: a ServiceError whose remedy is `remedy`, its message matching `pattern`. */
function withRemedy(remedy: string, pattern: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof ServiceError, `a ServiceError, got ${String(error)}`);
    assert.equal(error.remedy, remedy, error.message);
    assert.match(error.message, pattern);
    return true;
  };
}

const urnsOf = (index: CatalogueIndex): string[] => Array.from({ length: index.size }, (_, i) => index.entries.at(i)?.urn ?? '');

describeEachTransport('service under faults (issue 58)', function ({ createStandardsService, make }) {
  this.timeout(30_000);
  let sandbox: RunningSandbox;
  const deadlines: Deadline[] = [];
  const deadline = (ms: number): Deadline => {
    const made = new Deadline(ms);
    deadlines.push(made);
    return made;
  };
  before(async () => (sandbox = await startSandbox({ standards: 3000, retryAfterSeconds: 1 })));
  after(() => sandbox.close());
  beforeEach(async () => {
    await sandboxControl(sandbox, 'config', { faults: '', latencyMs: 0, retryAfterSeconds: 1, tokenClockSkewSeconds: 0 });
    await sandboxControl(sandbox, 'reset');
  });
  afterEach(() => deadlines.splice(0).forEach((d) => d.dispose()));
  const fast = { retry: { baseDelayMs: 10, maxRetries: 3, maxTotalWaitMs: 5000 } };

  describe('a 500 on some catalogue pages (item 5)', () => {
    it('builds the same catalogue when a fifth of its pages answer 500 once', async () => {
      const plain = createStandardsService(serviceOptionsFrom(sandbox));
      const direct = await buildCatalogueIndex((page, signal) => plain.listStandards(page, signal), { pageSize: 100, inThread: true });
      // Needed: a 500 on the first ask of every fifth page, which random draws cannot place.
      const proxy = await startFaultyProxy(sandbox.baseUrl, (path, asked) => {
        const offset = pageOffset(path);
        return offset !== undefined && (offset / 100) % 5 === 0 && asked === 0 ? { status: 500 } : undefined;
      });
      try {
        const service = createStandardsService({ ...serviceOptionsFrom(sandbox), baseUrl: proxy.baseUrl, ...fast });
        const faulty = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 100, inThread: true });
        assert.equal(proxy.answered.get(500), 6, 'pages 0, 500, 1000, 1500, 2000 and 2500 answered 500 once');
        assert.equal(faulty.size, 3000);
        assert.deepEqual(urnsOf(faulty), urnsOf(direct), 'the same catalogue, in the same order');
      } finally {
        await proxy.close();
      }
    });

    it('asks a page again, once, when it answered 500 to every retry of the service layer', async () => {
      // Needed: one page unlucky four times in a row (the first ask and 3 retries), as one of 208 is at 20 % of 500s.
      const proxy = await startFaultyProxy(sandbox.baseUrl, (path, asked) => (pageOffset(path) === 1000 && asked < 4 ? { status: 500 } : undefined));
      try {
        const notices: WaitNotice[] = [];
        const service = createStandardsService({ ...serviceOptionsFrom(sandbox), baseUrl: proxy.baseUrl, ...fast });
        const built = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), {
          pageSize: 500,
          inThread: true,
          onWait: (notice) => notices.push(notice),
        });
        assert.equal(built.size, 3000);
        assert.equal(proxy.answered.get(500), 4);
        assert.deepEqual(
          notices.map((n) => `${n.request} ${n.ms} ${n.after}`),
          ['GET /preprod/v1/standards?limit=500&offset=1000 1000 the service answered 500 after every retry; the page is asked again'],
        );
      } finally {
        await proxy.close();
      }
      // Bounded: a page that fails the second time too ends the build (4 + 4 asks).
      await sandboxControl(sandbox, 'reset');
      await sandboxControl(sandbox, 'config', { faults: '500:1' });
      await assert.rejects(
        buildCatalogueIndex((page, signal) => createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast }).listStandards(page, signal), {
          pageSize: 500,
          concurrency: 1,
          inThread: true,
        }),
        isKind('server', /failed on the server \(500\)/),
      );
      assert.equal((await sandboxStats(sandbox)).requests.listStandards, 8);
    });

    it('gives up on a page that keeps answering 500 after the same bounded retries as a 503', async () => {
      await sandboxControl(sandbox, 'config', { faults: '500:1' });
      const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
      await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), isKind('server', /failed on the server \(500\)/));
      assert.equal((await sandboxStats(sandbox)).requests.listStandards, 4, 'the first ask and 3 retries');
    });
  });

  describe('Retry-After within the run’s time limit (item 3)', () => {
    it('honours a short Retry-After and tells what it waits for, how long, and what is left', async () => {
      // Needed: one 429 with Retry-After: 1 on the first ask of one page.
      const proxy = await startFaultyProxy(sandbox.baseUrl, (path, asked) =>
        pageOffset(path) === 0 && asked === 0 ? { status: 429, headers: { 'Retry-After': '1' } } : undefined,
      );
      try {
        const notices: WaitNotice[] = [];
        const service = createStandardsService({
          ...serviceOptionsFrom(sandbox),
          baseUrl: proxy.baseUrl,
          deadline: deadline(60_000),
          logger: { request: () => undefined, waiting: (notice) => notices.push(notice) },
        });
        const page = await service.listStandards({ limit: 10, offset: 0 });
        assert.equal(page.items.length, 10);
        assert.equal(notices.length, 1);
        const [notice] = notices;
        assert.deepEqual(
          { ...notice, leftMs: undefined },
          {
            request: 'GET /preprod/v1/standards?limit=10&offset=0',
            ms: 1000,
            after: 'the service answered 429',
            asked: true,
            retry: { number: 1, of: 3 },
            leftMs: undefined,
          },
        );
        assert.ok(notice.leftMs !== undefined && notice.leftMs > 50_000 && notice.leftMs <= 59_000, `left: ${notice.leftMs}`);
      } finally {
        await proxy.close();
      }
    });

    it('fails at once, saying so, when the service asks for a longer wait than the time left', async () => {
      await sandboxControl(sandbox, 'config', { faults: '429:1', retryAfterSeconds: 3600 });
      const limit = deadline(60_000);
      const service = createStandardsService({ ...serviceOptionsFrom(sandbox), deadline: limit });
      const tooLong = withRemedy('timeLimit', /asked to wait 3600 s before asking again, more than the \d+ s left of the run's time limit \(60 s\)/);
      await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), tooLong);
      assert.equal((await sandboxStats(sandbox)).requests.listStandards, 1, 'no wait, no retry');
      // The catalogue build does not wait on its own either: it ends with the service's answer.
      await assert.rejects(
        buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 500, concurrency: 1, inThread: true, deadline: limit }),
        tooLong,
      );
      assert.equal((await sandboxStats(sandbox)).requests.listStandards, 2);
    });

    it('tells the build’s own wait for a busy service, and stops it at the time limit', async () => {
      // No retries in the service layer: the 503 reaches the build, which waits the Retry-After second and asks again.
      await sandboxControl(sandbox, 'config', { faults: '503:1', retryAfterSeconds: 1 });
      const notices: WaitNotice[] = [];
      const limit = deadline(2500);
      const service = createStandardsService({ ...serviceOptionsFrom(sandbox), retry: { maxRetries: 0 }, deadline: limit });
      await assert.rejects(
        buildCatalogueIndex((page, signal) => service.listStandards(page, signal), {
          pageSize: 500,
          concurrency: 1,
          inThread: true,
          deadline: limit,
          onWait: (notice) => notices.push(notice),
        }),
        withRemedy('timeLimit', /more than the \d+ s left of the run's time limit \(3 s\)|ran out/),
      );
      assert.ok(notices.length >= 1 && notices.length <= 3, `${notices.length} waits`);
      assert.match(notices[0].request, /^GET \/preprod\/v1\/standards\?limit=500&offset=0$/);
      assert.equal(notices[0].ms, 1000);
      assert.equal(notices[0].asked, true);
    });

    it('stops a call when the time limit runs out, saying so rather than "cancelled"', async () => {
      await sandboxControl(sandbox, 'config', { latencyMs: 3000 });
      const service = createStandardsService({ ...serviceOptionsFrom(sandbox), deadline: deadline(300) });
      await assert.rejects(
        service.listStandards({ limit: 1, offset: 0 }),
        (error: unknown) =>
          isKind('timeout', /GET \/preprod\/v1\/standards\?limit=1&offset=0 was stopped: the run's time limit of 1 s ran out/)(error) &&
          withRemedy('timeLimit', /ran out/)(error),
      );
    });
  });

  describe('advice that names the real cause (item 8)', () => {
    it('names the clocks when the service refuses a token issued just now stamped two hours off', async () => {
      // The identity provider's clock 2 h behind: its tokens have expired by the service's clock when they are issued.
      await sandboxControl(sandbox, 'config', { tokenClockSkewSeconds: -7200 });
      const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
      await assert.rejects(
        service.listStandards({ limit: 1, offset: 0 }),
        withRemedy('clock', /was refused \(401\).* stamped 7\d{3} s \(about 2 h\) before the time on this machine's clock\./),
      );
    });

    it('names the clocks when the service says a token issued just now is not valid yet', async () => {
      // Needed: a service that checks nbf and says so, and tokens with and without claims to read.
      let token = 'opaque-token-value';
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 300 });
        res.writeHead(401, {
          'Content-Type': 'application/problem+json',
          'WWW-Authenticate': 'Bearer error="invalid_token", error_description="The token is not valid yet (nbf)"',
        });
        res.end(JSON.stringify({ title: 'Unauthorized' }));
      });
      try {
        const options = { baseUrl: `${server.origin}/api`, tokenUrl: `${server.origin}/token`, clientId: 'c', clientSecret: 's', ...fast };
        await assert.rejects(
          createStandardsService(options).listStandards({ limit: 1, offset: 0 }),
          withRemedy('clock', /The service says the access token is not valid yet, though the identity provider issued it just now\./),
        );
        const now = Math.floor(Date.now() / 1000);
        token = fakeJwt({ iat: now + 7200, nbf: now + 7200, exp: now + 10_800 });
        await assert.rejects(
          createStandardsService(options).listStandards({ limit: 1, offset: 0 }),
          withRemedy('clock', /stamped 7\d{3} s \(about 2 h\) after the time on this machine's clock\./),
        );
      } finally {
        await server.close();
      }
    });

    it('still names the credentials for a refusal with the clocks in agreement', async () => {
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return json(res, 200, { access_token: fakeJwt({ iat: Math.floor(Date.now() / 1000) }), expires_in: 300 });
        json(res, 401, { title: 'Unauthorized', detail: 'The access token was rejected: invalid signature.' });
      });
      try {
        const service = createStandardsService({ baseUrl: `${server.origin}/api`, tokenUrl: `${server.origin}/token`, clientId: 'c', clientSecret: 's' });
        await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), withRemedy('signIn', /was refused \(401\)/));
      } finally {
        await server.close();
      }
    });

    it('says the server closed the connection, not that it could not be reached', async () => {
      await sandboxControl(sandbox, 'config', { faults: 'drop:1' });
      const service = createStandardsService({ ...serviceOptionsFrom(sandbox), ...fast });
      await assert.rejects(
        service.listStandards({ limit: 1, offset: 0 }),
        (error: unknown) =>
          isKind(
            'network',
            /^127\.0\.0\.1:\d+ closed the connection during GET \/preprod\/v1\/standards\?limit=1&offset=0 without answering \(ECONNRESET\)\.$/,
          )(error) && withRemedy('tryLater', /closed the connection/)(error),
      );
      assert.equal((await sandboxStats(sandbox)).requests.listStandards, 4, 'retried as before');
      // Nothing listening: that one could not be reached.
      const closed = await startOddServer(() => undefined);
      await closed.close();
      const nowhere = createStandardsService({ ...serviceOptionsFrom(sandbox), baseUrl: `${closed.origin}/api`, retry: { maxRetries: 0 } });
      await sandboxControl(sandbox, 'config', { faults: '' });
      await assert.rejects(nowhere.listStandards({ limit: 1, offset: 0 }), withRemedy('network', /Could not reach 127\.0\.0\.1:\d+ .*\(ECONNREFUSED\)/));
    });
  });

  describe('short-lived tokens (item 9)', () => {
    it('renews a 2-second token ahead of expiry, once, while calls go on with the current one', async () => {
      // Needed: a token endpoint that counts its requests, and a clock the test moves.
      let issued = 0;
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return json(res, 200, { access_token: `token-${++issued}`, token_type: 'Bearer', expires_in: 2 });
        res.writeHead(404).end();
      });
      let clock = 1_000_000;
      try {
        const tokens = new TokenSource(make('test'), {
          tokenUrl: `${server.origin}/token`,
          clientId: 'c',
          clientSecret: 's',
          scope: 'openid',
          timeoutMs: 5000,
          redactor: new Redactor(),
          now: () => clock,
        });
        const many = (n: number): Promise<string[]> => Promise.all(Array.from({ length: n }, () => tokens.token()));
        assert.deepEqual(new Set(await many(10)), new Set(['token-1']), '10 calls at once share one request');
        clock += 100;
        assert.deepEqual(new Set(await many(10)), new Set(['token-1']), 'reused a tenth of a second later');
        assert.equal(issued, 1);
        // Past a quarter of its life: still sent, while one request renews it in the background.
        clock += 200;
        assert.deepEqual(new Set(await many(10)), new Set(['token-1']), 'calls in flight go on with the current token');
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.equal(issued, 2, 'one renewal for all of them');
        assert.equal(await tokens.token(), 'token-2');
        // Past the renewed token's own sending time: calls wait for one new request.
        clock += 1000;
        assert.deepEqual(new Set(await many(10)), new Set(['token-3']));
        assert.equal(issued, 3);
      } finally {
        await server.close();
      }
    });

    it('with 2-second tokens, asks for a token each half second of calls at most, not every other call', async () => {
      const short = await startSandbox({ standards: 300, tokenTtlSeconds: 2 });
      try {
        const service = createStandardsService(serviceOptionsFrom(short));
        const started = Date.now();
        // 215 calls as the campaign made them: a few at a time.
        for (let done = 0; done < 215; done += 5)
          await Promise.all(Array.from({ length: Math.min(5, 215 - done) }, (_, i) => service.listStandards({ limit: 1, offset: done + i })));
        const elapsed = Date.now() - started;
        const stats = await sandboxStats(short);
        assert.equal(stats.requests.listStandards - (stats.byStatus['401'] ?? 0), 215, 'every call succeeded');
        // A token is sent for its first half second and renewed from its first quarter: at most one request per
        // quarter second of the run, however many calls it made (a bound from the run's own length, not a speed).
        assert.ok(stats.tokenRequests <= Math.ceil(elapsed / 250) + 1, `${stats.tokenRequests} token requests for 215 calls in ${elapsed} ms`);
        assert.ok((stats.byStatus['401'] ?? 0) <= 1, `401s: ${stats.byStatus['401']}`);
      } finally {
        await short.close();
      }
    });
  });
});
