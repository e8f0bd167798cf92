/**
 * A failing token request is asked again at the token request, once for all the calls waiting for the token — not
 * once for every catalogue page, each of which used to retry its GET, ask for a token again, and announce "waiting …
 * for GET …: the connection failed" for requests never sent. Against a refused port on 127.0.0.1 (nothing listens),
 * and a listener in front of the sandbox's identity provider that answers the first token request 503
 * (faultyProxy.ts: the sandbox cannot place that fault on one request).
 */
import * as assert from 'node:assert/strict';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { serviceOptionsFrom, type RequestLogEntry, type WaitNotice } from '../../src/core/service/index';
import { freePort } from '../harness/ports';
import { startFaultyProxy } from './faultyProxy';
import { describeEachTransport } from './transports';

const fast = { retry: { maxRetries: 2, baseDelayMs: 20, maxTotalWaitMs: 5_000 } };

describeEachTransport('token request retries (one per token request, not per GET)', function ({ createStandardsService }) {
  this.timeout(30_000);
  let sandbox: RunningSandbox;

  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  it('asks an unreachable identity provider again a bounded number of times, for four pages at once, and sends no GET', async () => {
    const port = await freePort();
    const notices: WaitNotice[] = [];
    const requests: RequestLogEntry[] = [];
    const service = createStandardsService({
      ...serviceOptionsFrom(sandbox),
      tokenUrl: `http://127.0.0.1:${port}/oidc/token`,
      ...fast,
      logger: { request: (entry) => requests.push(entry), waiting: (notice) => notices.push(notice) },
    });
    try {
      const pages = await Promise.allSettled([0, 10, 20, 30].map((offset) => service.listStandards({ limit: 10, offset })));
      for (const page of pages) {
        assert.equal(page.status, 'rejected');
        assert.match(String(page.reason), /connect|refused|reach/i);
      }
      assert.deepEqual(
        notices.map((n) => [n.request, n.after]),
        [
          ['POST /oidc/token', 'the connection failed'],
          ['POST /oidc/token', 'the connection failed'],
        ],
        'one wait per retry of the one token request, named for what was sent',
      );
      assert.equal(requests.filter((r) => r.method === 'POST').length, 3, 'the first ask and 2 retries, shared by the four pages');
      assert.deepEqual(
        requests.filter((r) => r.method === 'GET').map((r) => r.retries),
        [0, 0, 0, 0],
        'each page is told once, and not sent again',
      );
    } finally {
      service.dispose();
    }
  });

  it('gets the token on a second ask after a 503, and the pages then load', async () => {
    const idp = new URL(sandbox.tokenUrl);
    const proxy = await startFaultyProxy(idp.origin, (path, asked) => (path === idp.pathname && asked === 0 ? { status: 503 } : undefined));
    const notices: WaitNotice[] = [];
    const service = createStandardsService({
      ...serviceOptionsFrom(sandbox),
      tokenUrl: `${proxy.baseUrl.replace(/\/$/, '')}${idp.pathname}`,
      ...fast,
      logger: { request: () => undefined, waiting: (notice) => notices.push(notice) },
    });
    try {
      const pages = await Promise.all([0, 10].map((offset) => service.listStandards({ limit: 10, offset })));
      assert.deepEqual(
        pages.map((p) => p.items.length),
        [10, 10],
      );
      assert.deepEqual(
        notices.map((n) => [n.request, n.after]),
        [[`POST ${idp.pathname}`, 'the identity provider answered 503']],
      );
      assert.equal(proxy.answered.get(503), 1);
    } finally {
      service.dispose();
      await proxy.close();
    }
  });
});
