import * as assert from 'node:assert/strict';
import { sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { lifetimeSeconds } from '../../src/core/service/auth';
import { errorText } from '../../src/extension/errorText';
import { ServiceError, serviceOptionsFrom } from '../../src/core/service/index';
import { fakeJwt, json, startOddServer } from './oddServer';
import { describeEachTransport } from './transports';

describeEachTransport('service: access tokens', ({ createStandardsService }) => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox({ standards: 200 })));
  after(() => sandbox.close());
  beforeEach(() => sandboxControl(sandbox, 'reset'));

  it('gets a token with the spec form and calls the service with it', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const page = await service.listStandards({ limit: 10, offset: 0 });
    assert.equal(page.items.length, 10);
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.tokenRequests, 1);
    assert.equal(stats.tokenFailures, 0);
  });

  it('shares one token request among 20 parallel calls', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => service.listStandards({ limit: 5, offset: i * 5 })));
    assert.equal(pages.length, 20);
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.tokenRequests, 1);
    assert.equal(stats.requests.listStandards, 20);
  });

  it('reuses the token across calls', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    for (let i = 0; i < 5; i++) await service.listStandards({ limit: 1, offset: i });
    assert.equal((await sandboxStats(sandbox)).tokenRequests, 1);
  });

  it('says the client ID or secret was rejected, in words, for invalid_client', async () => {
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), clientSecret: 'wrong-secret-value' });
    await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), (error: unknown) => {
      assert.ok(error instanceof ServiceError);
      assert.equal(error.kind, 'auth');
      assert.match(error.message, /Client ID or secret rejected/);
      assert.match(errorText(error), /Sign In/, 'the UI words the remedy');
      assert.equal(error.remedy, 'signIn');
      assert.doesNotMatch(error.message, /Sign In/, 'the service names no command');
      assert.doesNotMatch(error.message, /wrong-secret-value/);
      return true;
    });
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.tokenRequests, 1, 'a rejected token request is not retried');
    assert.equal(stats.requests.listStandards, 0, 'no service call without a token');
  });

  it('asks for no token for a caller that has already stopped waiting, so no failure is left unheard', async () => {
    const unheard: unknown[] = [];
    const listen = (reason: unknown): void => void unheard.push(reason);
    process.on('unhandledRejection', listen);
    try {
      // The token endpoint refuses connections: a request started here would fail after the caller has gone.
      const options = serviceOptionsFrom(sandbox);
      const service = createStandardsService({ ...options, tokenUrl: 'http://127.0.0.1:9/oidc/token' });
      await assert.rejects(service.accessToken(AbortSignal.abort()), (error: unknown) => error instanceof ServiceError && error.kind === 'cancelled');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(unheard, []);
      const withSandbox = createStandardsService(options);
      await assert.rejects(withSandbox.accessToken(AbortSignal.abort()));
      assert.equal((await sandboxStats(sandbox)).tokenRequests, 0);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });

  it('renews once and retries once when the service answers 401', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    await service.listStandards({ limit: 1, offset: 0 });
    await sandboxControl(sandbox, 'revoke-tokens');
    await sandboxControl(sandbox, 'reset');
    const page = await service.listStandards({ limit: 1, offset: 1 });
    assert.equal(page.items.length, 1);
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.tokenRequests, 1, 'one renewal');
    assert.equal(stats.requests.listStandards, 2, 'the refused call and one retry');
    assert.deepEqual(stats.byStatus, { '200': 1, '401': 1 });
  });

  it('never loops on 401: one renewal, one retry, then an auth error', async () => {
    const keyed = await startSandbox({ standards: 20, apiKey: 'right-key' });
    try {
      const service = createStandardsService({ ...serviceOptionsFrom(keyed), apiKey: { header: 'X-Api-Key', value: 'wrong-key' } });
      await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), (error: unknown) => {
        assert.ok(error instanceof ServiceError);
        assert.equal(error.kind, 'auth');
        assert.match(error.message, /API key missing or invalid/, 'the problem title is used');
        assert.doesNotMatch(error.message, /wrong-key/);
        return true;
      });
      const stats = await sandboxStats(keyed);
      assert.equal(stats.requests.listStandards, 2);
      assert.equal(stats.tokenRequests, 2);
    } finally {
      await keyed.close();
    }
  });

  it('renews a 2-second token before it expires, without a failed call', async () => {
    const short = await startSandbox({ standards: 20, tokenTtlSeconds: 2 });
    try {
      const service = createStandardsService(serviceOptionsFrom(short));
      for (let i = 0; i < 4; i++) {
        await service.listStandards({ limit: 1, offset: i });
        await new Promise((r) => setTimeout(r, 800));
      }
      const stats = await sandboxStats(short);
      assert.equal(stats.byStatus['401'], undefined, 'no call was refused');
      assert.ok(stats.tokenRequests >= 2, `renewed (token requests: ${stats.tokenRequests})`);
      assert.equal(stats.requests.listStandards, 4);
    } finally {
      await short.close();
    }
  });

  it('reads the lifetime from expires_in, else the JWT exp, else 5 minutes', () => {
    const now = Date.UTC(2026, 0, 1);
    assert.equal(lifetimeSeconds(90, 'x', now), 90);
    assert.equal(lifetimeSeconds('600', 'x', now), 600);
    assert.equal(lifetimeSeconds(undefined, fakeJwt({ exp: now / 1000 + 1200 }), now), 1200);
    assert.equal(lifetimeSeconds(undefined, fakeJwt({ exp: now / 1000 - 5 }), now), 300);
    assert.equal(lifetimeSeconds(undefined, 'opaque-token', now), 300);
  });

  // The sandbox always sends expires_in; this token endpoint leaves it out and answers odd errors.
  it('uses the JWT exp when expires_in is absent, and maps token-endpoint errors', async () => {
    let mode = 'jwt';
    const idp = await startOddServer((req, res) => {
      if (req.url === '/token' && mode === 'jwt')
        return json(res, 200, { access_token: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), token_type: 'Bearer' });
      if (req.url === '/token' && mode === 'scope') return json(res, 400, { error: 'invalid_scope', error_description: 'openid not allowed' });
      if (req.url === '/token' && mode === 'notoken') return json(res, 200, { token_type: 'Bearer' });
      if (req.url === '/token' && mode === 'html') {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end('<html>Bad gateway</html>');
      }
      json(res, 200, { 'hydra:member': [{ '@id': 'urn:x:one' }], 'hydra:totalItems': 1 });
    });
    try {
      const options = { baseUrl: `${idp.origin}/api`, tokenUrl: `${idp.origin}/token`, clientId: 'c', clientSecret: 's3cr3t-value' };
      const service = createStandardsService(options);
      await service.listStandards({ limit: 5, offset: 0 });
      await service.listStandards({ limit: 5, offset: 0 });
      assert.equal(idp.seen.filter((r) => r.url === '/token').length, 1, 'the token is cached by its exp');
      const form = new URLSearchParams(idp.seen[0].body);
      assert.equal(idp.seen[0].headers['content-type'], 'application/x-www-form-urlencoded');
      assert.deepEqual(Object.fromEntries(form), { client_id: 'c', client_secret: 's3cr3t-value', grant_type: 'client_credentials', scope: 'openid' });

      mode = 'scope';
      await assert.rejects(
        createStandardsService(options).listStandards({ limit: 1, offset: 0 }),
        (e: unknown) => e instanceof ServiceError && e.kind === 'invalidInput' && /scope "openid"/.test(e.message) && /openid not allowed/.test(e.message),
      );
      mode = 'notoken';
      await assert.rejects(
        createStandardsService(options).listStandards({ limit: 1, offset: 0 }),
        (e: unknown) => e instanceof ServiceError && e.kind === 'badResponse' && /without an access_token/.test(e.message),
      );
      mode = 'html';
      await assert.rejects(
        createStandardsService(options).listStandards({ limit: 1, offset: 0 }),
        (e: unknown) => e instanceof ServiceError && e.kind === 'server' && /POST \/token answered 502/.test(e.message),
      );
    } finally {
      await idp.close();
    }
  });
});
