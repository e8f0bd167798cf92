/**
 * Issue 10's service-layer defects, each against a server that misbehaves in exactly that way. The sandbox does
 * not echo credentials, send unparsable redirects, cut bodies off after the headers or nest bodies 10 000 levels
 * deep, so most of these use purpose-built loopback servers (oddServer); the token-renewal test uses the sandbox.
 */
import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { sandboxStats, startSandbox } from '../../sandbox/index';
import { renewalMargin } from '../../src/core/service/auth';
import { serviceOptionsFrom, type RequestLogEntry, type ServiceOptions } from '../../src/core/service/index';
import { lastSegment, readClause, readItems, readNext, readPrefixes, readText, readTotal, readTypes } from '../../src/core/service/jsonld';
import { isOAuthErrorCode, Redactor } from '../../src/core/service/redact';
import { json, startOddServer, type OddServer, type SeenRequest } from './oddServer';
import { isKind } from './serviceAssert';
import { describeEachTransport } from './transports';

const SECRET = 'client-secret-Xq7Zp2Lw9';
const API_KEY = 'api-key-Hn4Tr8Vb1';
const TOKEN = 'access-token-Jm3Kc6Yd5';
const URN = 'urn:iso:std:iso:9001';

function options(server: OddServer, extra: Partial<ServiceOptions> = {}): ServiceOptions {
  return {
    baseUrl: `${server.origin}/api`,
    tokenUrl: `${server.origin}/token`,
    clientId: 'client',
    clientSecret: SECRET,
    apiKey: { header: 'Ocp-Apim-Subscription-Key', value: API_KEY },
    retry: { baseDelayMs: 1, maxRetries: 3, maxTotalWaitMs: 1000 },
    ...extra,
  };
}

function token(res: ServerResponse): void {
  json(res, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 600 });
}

describeEachTransport(
  'service hardening: redirects, cut-off answers and failures that are not ServiceErrors (issue 10 items 8, 11, 15)',
  ({ createStandardsService }) => {
    // Needed: redirects whose Location cannot be parsed or leads to ftp: or plain http elsewhere.
    it('turns an unparsable or unfollowable redirect into a badResponse ServiceError, never a TypeError', async () => {
      let location = 'http://[';
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return token(res);
        res.writeHead(302, { Location: location });
        res.end();
      });
      try {
        const service = createStandardsService(options(server));
        await assert.rejects(
          service.listStandards({ limit: 1, offset: 0 }),
          isKind('badResponse', /redirected \(302\) to "http:\/\/\[", which is not a valid address/),
        );
        location = 'ftp://files.example.com/standards';
        await assert.rejects(
          service.listStandards({ limit: 1, offset: 0 }),
          isKind('badResponse', /redirected \(302\) to a non-web address \(ftp:\), which is not followed/),
        );
        location = 'http://api.example.com/v1/standards';
        await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), isKind('badResponse', /plain http on another machine/));
        location = 'https://user:pw@api.example.com/v1/standards';
        await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), isKind('badResponse', /user name or password/));
      } finally {
        await server.close();
      }
    });

    // Needed: a server that sends its headers, then closes the connection halfway through the body.
    it('retries an answer cut off after its headers, and does not call that "could not reach"', async () => {
      let cut = 10;
      const body = JSON.stringify({ 'hydra:member': [{ '@id': 'urn:x:a' }], 'hydra:totalItems': 1 });
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return token(res);
        res.writeHead(200, { 'Content-Type': 'application/ld+json', 'Content-Length': Buffer.byteLength(body) });
        if (cut-- > 0) {
          res.write(body.slice(0, 20));
          setTimeout(() => res.socket?.destroy(), 20);
          return;
        }
        res.end(body);
      });
      try {
        const service = createStandardsService(options(server));
        await assert.rejects(service.listStandards({ limit: 1, offset: 0 }), (error: unknown) => {
          isKind('network', /connection closed while the answer \(200\) was coming in/)(error);
          assert.doesNotMatch((error as Error).message, /Could not reach|check the base URL/i);
          return true;
        });
        assert.equal(server.seen.filter((r) => r.url !== '/token').length, 4, 'tried 1 + 3 times');
        cut = 2;
        const page = await service.listStandards({ limit: 1, offset: 0 });
        assert.equal(page.items[0].urn, 'urn:x:a', 'recovered on the third attempt');
      } finally {
        await server.close();
      }
    });

    // Needed: bytes written in chunks that cut characters in two, after a byte order mark; the sandbox writes whole bodies.
    it('reads UTF-8 cut anywhere between chunks, drops a byte order mark, in a small body and one past a megabyte', async () => {
      const titled = (count: number): unknown => ({
        'hydra:member': Array.from({ length: count }, (_, i) => ({ '@id': `urn:x:${i}`, title: `Sécurité — 情報 ${i} 😀 ${'é'.repeat(400)}` })),
        'hydra:totalItems': count,
      });
      let count = 3;
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return token(res);
        const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(titled(count)))]);
        res.writeHead(200, { 'Content-Type': 'application/ld+json' });
        // Chunks of 7 bytes first (every character of 2, 3 or 4 bytes cut somewhere), then large ones.
        let at = 0;
        const next = (): void => {
          if (at >= bytes.length) return void res.end();
          const size = at < 4096 ? 7 : 65_537;
          res.write(bytes.subarray(at, (at += size)), next);
        };
        next();
      });
      try {
        const service = createStandardsService(options(server));
        // 3 000 titles: more characters than one block of a large body holds (blockText.ts).
        for (count of [3, 3000]) {
          const page = await service.listStandards({ limit: count, offset: 0 });
          assert.equal(page.items.length, count);
          assert.deepEqual(
            page.items.map((s) => s.title),
            (titled(count) as { 'hydra:member': Array<{ title: string }> })['hydra:member'].map((m) => m.title),
          );
        }
      } finally {
        await server.close();
      }
    });

    // Needed: a 200 whose JSON is malformed once, then fine; the sandbox's malformed fault is random.
    it('retries a 200 that does not parse, and says what was expected when it never does', async () => {
      let malformed = 1;
      const log: RequestLogEntry[] = [];
      const debug: string[] = [];
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return token(res);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(malformed-- > 0 ? '{"items": [{"@id": "urn:x:a"' : '{"items": [{"@id": "urn:x:a"}]}');
      });
      try {
        const service = createStandardsService(options(server, { logger: { request: (e) => log.push(e), debug: (m) => debug.push(m) } }));
        const page = await service.listStandards({ limit: 5, offset: 0 });
        assert.equal(page.items[0].urn, 'urn:x:a');
        assert.match(debug.join('\n'), /retrying GET \/api\/v1\/standards\?limit=5&offset=0 in \d+\.\d s after a 200 answer that did not parse/);
        assert.equal(log.find((e) => e.method === 'GET')?.retries, 1);
        assert.equal(log.find((e) => e.method === 'GET')?.error, undefined);
        malformed = 10;
        log.length = 0;
        await assert.rejects(service.listStandards({ limit: 5, offset: 0 }), isKind('badResponse', /answered 200 with malformed JSON/));
        const failed = log.find((e) => e.method === 'GET');
        assert.equal(failed?.error, 'badResponse');
        assert.match(failed?.detail ?? '', /expected a complete JSON document/);
      } finally {
        await server.close();
      }
    });

    // Needed: a gzip-compressed answer smaller uncompressed than its Content-Length (axios keeps that header).
    it('reads small compressed answers whose Content-Length is the compressed size', async () => {
      const packed = gzipSync(JSON.stringify([{ '@id': 'urn:x:a' }]));
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return token(res);
        res.writeHead(200, { 'Content-Type': 'application/ld+json', 'Content-Encoding': 'gzip', 'Content-Length': packed.length });
        res.end(packed);
      });
      try {
        const page = await createStandardsService(options(server)).listStandards({ limit: 5, offset: 0 });
        assert.equal(page.items[0].urn, 'urn:x:a');
        assert.equal(server.seen.filter((r) => r.url !== '/token').length, 1, 'not retried');
      } finally {
        await server.close();
      }
    });

    // Needed: an answer that never ends, and one that stalls halfway: the body is read as it arrives (transport.ts).
    it('stops reading an answer past 64 MB and says so; times out an answer that stalls halfway, without retrying into a hang', async () => {
      let sent = 0;
      let closedEarly = false;
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return token(res);
        res.writeHead(200, { 'Content-Type': 'application/ld+json' });
        if (req.url?.includes('clauses')) {
          res.write('{"hydra:member": [');
          return; // stalls
        }
        const chunk = `${' '.repeat(1024 * 1024 - 1)}\n`;
        res.on('close', () => (closedEarly = sent < 100));
        const more = (): void => {
          // Up to 100 MB, never ending on its own within the test: the client has to stop reading.
          while (sent < 100 && res.write(chunk)) sent++;
          if (sent < 100) res.once('drain', more);
          else res.end();
        };
        more();
      });
      try {
        // Reading 64 MB is given the usual time (on a busy machine it may take a second); the stall, 1 s.
        const service = createStandardsService(options(server, { retry: { maxRetries: 0 } }));
        const stalled = createStandardsService(options(server, { timeoutMs: 1000, retry: { maxRetries: 0 } }));
        await assert.rejects(
          service.listStandards({ limit: 1, offset: 0 }),
          isKind('badResponse', /the response is larger than 64 MB, more than this extension reads/),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.ok(closedEarly, `the connection was closed after ${sent} MB, before the 100 MB were sent`);
        await assert.rejects(stalled.listClauses(URN), isKind('timeout', /did not complete within 1 s/));
      } finally {
        await server.close();
      }
    });

    // Needed: the same 429 problem+json the sandbox sends ("Injected fault 429."), and a problem ending in "…".
    it('never doubles a full stop in a message', async () => {
      let detail = 'Injected fault 429.';
      let tokenError: string | undefined;
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return tokenError ? json(res, 400, { error: tokenError }) : token(res);
        res.writeHead(429, { 'Content-Type': 'application/problem+json', 'Retry-After': '0' });
        res.end(JSON.stringify({ title: 'Too many requests', detail }));
      });
      try {
        const service = createStandardsService(options(server, { retry: { maxRetries: 0 } }));
        const messages: string[] = [];
        for (const d of ['Injected fault 429.', 'Slow down...', 'x'.repeat(500)]) {
          detail = d;
          await service.listStandards({ limit: 1, offset: 0 }).catch((e: Error) => messages.push(e.message));
        }
        assert.throws(
          () => createStandardsService({ ...options(server), clientId: '' }),
          (e: Error) => (messages.push(e.message), true),
        );
        for (const code of ['temporarily_unavailable.', 'invalid_client']) {
          tokenError = code;
          await createStandardsService(options(server))
            .listStandards({ limit: 1, offset: 0 })
            .catch((e: Error) => messages.push(e.message));
        }
        assert.equal(messages.length, 6);
        for (const message of messages) assert.doesNotMatch(message, /\.\.|…\./, message);
        assert.match(messages[0], /Injected fault 429\. Try again in 0 s\./);
      } finally {
        await server.close();
      }
    });
  },
);

describeEachTransport('service hardening: next links stay under the base path (issue 10 item 5)', ({ createStandardsService }) => {
  // Needed: a list whose next link climbs out of the API on the same origin.
  for (const next of ['../../../../admin', '/admin?x=1', '/apiv2/v1/standards/urn:iso:std:iso:9001/clauses?page=2', 'http://127.0.0.2:1/api/v1/x']) {
    it(`refuses next link ${next} without sending a request`, async () => {
      const server = await startOddServer((req, res) => {
        if (req.url === '/token') return token(res);
        json(res, 200, { member: [{ '@id': `${server.origin}/api/v1/standards/x/clauses/c1` }], next });
      });
      try {
        const service = createStandardsService(options(server));
        await assert.rejects(service.listClauses(URN), isKind('badResponse', /next link .*(leads outside the service \(\/api\)|another server).*not followed/));
        const calls = server.seen.filter((r) => r.url !== '/token').map((r) => r.url);
        assert.equal(calls.length, 1, `nothing else was requested: ${calls.join(', ')}`);
        assert.match(calls[0], /^\/api\/v1\/standards\/[^/]+\/clauses$/);
      } finally {
        await server.close();
      }
    });
  }

  // Needed: a clause list of 300 000 items in one page.
  it('reads a clause list page of 300 000 items', async () => {
    const page = JSON.stringify({ member: Array.from({ length: 300_000 }, (_, i) => ({ '@id': `https://h/c/${i}` })) });
    const server = await startOddServer((req, res) => {
      if (req.url === '/token') return token(res);
      res.writeHead(200, { 'Content-Type': 'application/ld+json' });
      res.end(page);
    });
    try {
      const clauses = await createStandardsService(options(server)).listClauses(URN);
      assert.equal(clauses.length, 300_000);
      assert.equal(clauses[299_999].clauseId, '299999');
    } finally {
      await server.close();
    }
  });

  it('follows a next link under the base path', async () => {
    const server = await startOddServer((req, res) => {
      if (req.url === '/token') return token(res);
      const page = req.url.endsWith('page=2') ? 2 : 1;
      json(res, 200, { member: [{ '@id': `${server.origin}/api/c/${page}` }], ...(page === 1 ? { next: 'clauses?page=2' } : {}) });
    });
    try {
      const clauses = await createStandardsService(options(server)).listClauses(URN);
      assert.deepEqual(
        clauses.map((c) => c.clauseId),
        ['1', '2'],
      );
    } finally {
      await server.close();
    }
  });
});

describeEachTransport('service hardening: deep and pathological bodies (issue 10 items 9, 10)', ({ createStandardsService }) => {
  const deepArray = (levels: number, inner: unknown = 'x'): unknown => {
    let value = inner;
    for (let i = 0; i < levels; i++) value = [value];
    return value;
  };
  const deepObject = (key: string, levels: number, inner: unknown = 'x'): unknown => {
    let value = inner;
    for (let i = 0; i < levels; i++) value = { [key]: value };
    return value;
  };

  it('reads 10 000-level nested values without overflowing the stack', () => {
    assert.equal(readText(deepArray(10_000)), '');
    assert.equal(readText(deepObject('@value', 10_000)), '');
    assert.equal(readText(deepObject('en', 10_000)), '');
    assert.equal(readText(deepObject('@value', 3, 'shallow')), 'shallow', 'real nesting still reads');
    assert.equal(readItems(deepObject('data', 10_000, [])), undefined);
    assert.deepEqual(readItems({ data: { items: [1] } }), [1]);
    assert.equal(readTotal(deepObject('data', 10_000, {})), undefined);
    assert.equal(readNext(deepObject('next', 10_000)), undefined);
    assert.deepEqual(readTypes({ '@type': deepArray(10_000) }), []);
    assert.equal(readClause({ '@id': deepObject('@value', 10_000) }), undefined);
  });

  it('handles 100 000 slashes, long language tags, huge IRIs, contexts and type lists in linear time (correctness only)', () => {
    assert.equal(lastSegment(`https://h/a/b${'/'.repeat(100_000)}`), 'b');
    assert.equal(lastSegment('/'.repeat(100_000)), '');
    assert.equal(lastSegment(`https://h/c/x%20y?q=${'/'.repeat(100_000)}#f`), 'x y');
    assert.equal(readText({ [`en${'-a'.repeat(50_000)}`]: 'v', fr: 'w' }), '', 'not a language map');
    const long = `https://h/${'corext/'.repeat(20_000)}!`;
    assert.deepEqual(readTypes({ '@type': long }), [long]);
    assert.equal(readTotal({ total: '1'.repeat(100_000) }), undefined);
    // Every type is compared with every prefix: both are bounded, so 100 000 of each cost nothing.
    const context = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`p${i}`, `https://ns.example/${i}/`]));
    const prefixes = readPrefixes({ '@context': { corext: 'https://ns.example/corext#', ...context } });
    assert.equal(prefixes.size, 64);
    assert.equal(prefixes.get('corext'), 'https://ns.example/corext#');
    const types = readTypes(
      { '@type': ['https://ns.example/corext#Scope', ...Array.from({ length: 100_000 }, (_, i) => `https://other.example/${i}`)] },
      prefixes,
    );
    assert.equal(types.length, 16);
    assert.equal(types[0], 'corext:Scope');
  });

  // Needed: bodies 10 000 levels deep, which the sandbox never serves.
  it('refuses a body nested deeper than 1000 levels with a clear message; the host can always stringify what it gets', async () => {
    let body = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const server = await startOddServer((req, res) => {
      if (req.url === '/token') return token(res);
      res.writeHead(200, { 'Content-Type': 'application/ld+json' });
      res.end(body);
    });
    try {
      const service = createStandardsService(options(server));
      await assert.rejects(service.getClause(URN, 'c1'), isKind('badResponse', /nested more than 1000 levels deep/));
      await assert.rejects(service.listClauses(URN), isKind('badResponse', /nested more than 1000 levels deep/));
      body = JSON.stringify({ '@id': 'https://h/c1', text: deepArray(900), note: '[[[[ in a string ]]]' });
      const clause = await service.getClause(URN, 'c1');
      assert.ok(JSON.stringify(clause, null, 2).length > 900, 'what is accepted stringifies');
    } finally {
      await server.close();
    }
  });
});

describeEachTransport('service hardening: server-echoed secrets (issue 10 item 2)', ({ createStandardsService }) => {
  const SECRETS = [SECRET, API_KEY, TOKEN, encodeURIComponent(SECRET)];
  const STATUSES = [400, 401, 403, 404, 409, 429, 500, 502, 503];
  const TYPES = ['text/plain', 'application/xml', 'application/problem+json', 'application/json', 'text/html'];

  /** Echoes the request the way careless servers do, in the given content type. */
  function echo(req: SeenRequest, type: string): string {
    const lines = Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`);
    if (type === 'text/plain') return `Bad request\n${req.method} ${req.url}\n${lines.join('\n')}\n\n${req.body}`;
    if (type === 'application/xml') return `<error><request>${lines.map((l) => `<h>${l}</h>`).join('')}</request><form>${req.body}</form></error>`;
    if (type === 'application/problem+json')
      return JSON.stringify({ title: `Rejected ${req.headers.authorization}`, detail: `headers: ${lines.join('; ')} body: ${req.body}` });
    if (type === 'application/json') return JSON.stringify({ title: JSON.stringify(req.headers), detail: req.body });
    return `<html><body>${lines.join('<br>')}</body></html>`;
  }

  it('keeps the secret, token and API key out of every message and log line, for every status and content type', async () => {
    let status = 400;
    let type = 'text/plain';
    let tokenMode: 'ok' | 'json' | 'code' | 'text' = 'ok';
    const server = await startOddServer((req, res) => {
      if (req.url === '/token') {
        if (tokenMode === 'ok') return token(res);
        if (tokenMode === 'json') return json(res, 400, { error: 'invalid_client', error_description: `bad client_secret=${SECRET} in ${req.body}` });
        if (tokenMode === 'code') return json(res, 400, { error: `bad "code" ${SECRET}\n`, error_description: req.body });
        res.writeHead(status, { 'Content-Type': type });
        return res.end(echo(req, type));
      }
      res.writeHead(status, { 'Content-Type': type, 'Retry-After': '0' });
      res.end(echo(req, type));
    });
    const lines: string[] = [];
    const messages: string[] = [];
    const logger = { request: (e: RequestLogEntry) => lines.push(JSON.stringify(e)), debug: (m: string) => lines.push(m) };
    try {
      for (const s of STATUSES) {
        for (const t of TYPES) {
          status = s;
          type = t;
          tokenMode = 'ok';
          const service = createStandardsService(options(server, { logger }));
          await service.listStandards({ limit: 1, offset: 0 }).catch((e: Error) => messages.push(e.message));
          await service.getClause(URN, 'c1').catch((e: Error) => messages.push(e.message));
          tokenMode = 'text';
          await createStandardsService(options(server, { logger }))
            .listStandards({ limit: 1, offset: 0 })
            .catch((e: Error) => messages.push(e.message));
        }
      }
      for (const mode of ['json', 'code'] as const) {
        tokenMode = mode;
        await createStandardsService(options(server, { logger }))
          .listStandards({ limit: 1, offset: 0 })
          .catch((e: Error) => messages.push(e.message));
      }
    } finally {
      await server.close();
    }
    assert.equal(messages.length, STATUSES.length * TYPES.length * 3 + 2, 'every call failed');
    assert.ok(
      server.seen.some((r) => r.headers.authorization === `Bearer ${TOKEN}`),
      'the token was sent (and echoed)',
    );
    for (const text of [...messages, ...lines]) {
      for (const secret of SECRETS) assert.ok(!text.includes(secret), `a secret leaked into: ${text.slice(0, 300)}`);
      assert.doesNotMatch(text, /Bearer (?!\[redacted\])/);
    }
    assert.ok(
      messages.some((m) => /Client ID or secret rejected/.test(m) && /\[redacted\]/.test(m)),
      `the error description is shown, masked: ${messages.slice(-2).join(' | ')}`,
    );
    assert.ok(
      messages.every((m) => !m.includes('bad "code"')),
      'an error code outside the RFC 6749 grammar is not shown as one',
    );
    assert.ok(
      messages.every((m) => m.length < 700),
      'excerpts are bounded',
    );
  });

  it('masks credential shapes whose values it was never told', () => {
    const redactor = new Redactor(['X-Custom-Key']);
    const text = redactor.excerpt(
      'Authorization: Bearer abc.def.ghi\nx-custom-key: k-123\n{"client_secret":"s-456","access_token": "t-789"} token=eyJhbGciOi.eyJzdWIi.sig Basic dXNlcjpwYXNzd29yZA==',
    );
    for (const value of ['abc.def.ghi', 'k-123', 's-456', 't-789', 'eyJhbGciOi', 'dXNlcjpwYXNzd29yZA']) assert.ok(!text.includes(value), `${value} in ${text}`);
    assert.ok(!/[\r\n]/.test(text));
    assert.equal(redactor.excerpt('a'.repeat(10_000)).length, 200 + ' […]'.length);
    const longLived = new Redactor();
    longLived.addSecret('the-client-secret');
    for (let i = 0; i < 100; i++) longLived.addToken(`renewed-token-${i}`);
    assert.equal(
      longLived.excerpt('the-client-secret renewed-token-99 renewed-token-0'),
      '[redacted] [redacted] renewed-token-0',
      'the secret stays masked however many tokens came since',
    );
    assert.ok(isOAuthErrorCode('invalid_client'));
    for (const bad of ['', 'has "quote"', 'back\\slash', 'new\nline', 'é', 'x'.repeat(101), 42]) assert.equal(isOAuthErrorCode(bad), false, String(bad));
  });
});

describeEachTransport('service hardening: short-lived tokens (issue 10 item 13)', ({ createStandardsService }) => {
  it('renews at least one second before expiry on top of the proportional margin', () => {
    assert.equal(renewalMargin(1), 1, 'a 1-second token is never reused');
    assert.equal(renewalMargin(2), 1.5, 'a 2-second token is sent for half a second (issue 58 item 9)');
    assert.equal(renewalMargin(10), 3.5);
    assert.equal(renewalMargin(3600), 61);
  });

  it('calls with 1-second sandbox tokens without meeting expired tokens', async () => {
    const short = await startSandbox({ standards: 20, tokenTtlSeconds: 1 });
    try {
      const service = createStandardsService(serviceOptionsFrom(short));
      for (let i = 0; i < 10; i++) {
        await service.listStandards({ limit: 1, offset: i });
        await new Promise((r) => setTimeout(r, 300));
      }
      const stats = await sandboxStats(short);
      assert.equal(stats.requests.listStandards - (stats.byStatus['401'] ?? 0), 10, 'every call succeeded');
      // A token issued just before a second boundary can still die in flight (recovered by one renewal); a reused one cannot.
      assert.ok((stats.byStatus['401'] ?? 0) <= 1, `401s: ${stats.byStatus['401']}`);
    } finally {
      await short.close();
    }
  });
});
