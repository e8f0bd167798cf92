/**
 * Property-based tests (fast-check) for everything in the service layer that reads server data: the JSON-LD
 * readers, lastSegment, clause-id rules, the redactor and, end to end, the service against a loopback server that
 * answers arbitrary statuses, headers and bodies. The property is always the same: a value of the promised type
 * or a ServiceError comes out, nothing else, and nothing hangs.
 *
 * FUZZ_RUNS sets the number of cases per property (e.g. FUZZ_RUNS=10000 locally); the default keeps the suite
 * quick enough for CI.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Redactor } from '../../src/core/service/redact';
import { createStandardsService } from '../../src/core/service/standardsService';
import { ServiceError } from '../../src/core/service/index';
import { lastSegment, readClause, readItems, readNext, readPrefixes, readStandard, readText, readTotal, readTypes } from '../../src/core/service/jsonld';
import { clauseIdProblem, encodeSegment, validateClauseId } from '../../src/core/service/urn';
import { startOddServer, type OddServer } from './oddServer';

const RUNS = Number(process.env.FUZZ_RUNS) > 0 ? Number(process.env.FUZZ_RUNS) : 300;
/** HTTP round trips are slower: a third of the runs (at least 100). */
const HTTP_RUNS = Math.max(100, Math.round(RUNS / 3));

/** Keys the readers look at, so arbitrary bodies reach their interesting paths. */
const KEYS = [
  '@graph',
  'hydra:member',
  'member',
  'items',
  'standards',
  'clauses',
  'data',
  'hydra:totalItems',
  'totalItems',
  'total',
  'count',
  'hydra:view',
  'view',
  'hydra:next',
  'next',
  'links',
  '_links',
  'href',
  '@id',
  'id',
  'urn',
  'identifier',
  'dcterms:identifier',
  '@value',
  '@language',
  '@type',
  'type',
  'en',
  'en-GB',
  'fr',
  '@none',
  'dcterms:title',
  'title',
  'name',
  'corext:number',
  'corext:parent',
  'corext:level',
  '@context',
  'corext',
  '__proto__',
  'constructor',
];

/** Strings that have broken readers before: long runs, odd escapes, bidi controls, lone surrogates, URN/IRI shapes. */
const NASTY = fc.oneof(
  fc.constantFrom(
    '/'.repeat(100_000),
    `https://h/${'/'.repeat(50_000)}x`,
    '%'.repeat(10_000),
    `urn:${'a:'.repeat(20_000)}`,
    `${'en-'.repeat(10_000)}x`,
    'x'.repeat(1_000_000),
    '\u202e\u2066evil\u2069',
    '\ud800',
    'https://h/c/%E0%A4%A',
    'urn:iso:std:iso:9001',
    'https://sandbox.standards.example/ns/corext#Scope',
    'corext/'.repeat(5_000),
    `Bearer ${'a'.repeat(10_000)}`,
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.webUrl(),
);

const KEY = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });

/** JSON built from the readers' vocabulary, a few levels deep. */
const shaped = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    NASTY,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(KEY, tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** A chain of thousands of nested objects or arrays (the 10 000-level bodies of the issue), built without recursion. */
const deep = fc
  .record({ levels: fc.integer({ min: 500, max: 12_000 }), key: fc.constantFrom(...KEYS), arrays: fc.boolean(), leaf: NASTY })
  .map(({ levels, key, arrays, leaf }) => {
    let value: unknown = leaf;
    for (let i = 0; i < levels; i++) value = arrays && i % 2 === 0 ? [value] : { [key]: value };
    return value;
  });

const anyBody = fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 5 }) }, { weight: 1, arbitrary: deep });

/** Runs `work`; anything thrown other than a ServiceError fails the property. */
function onlyServiceError<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    if (error instanceof ServiceError) return undefined;
    throw error;
  }
}

describe(`service fuzzing (fast-check, ${RUNS} cases per property; FUZZ_RUNS to change)`, () => {
  it('readers return their promised types for any body, however deep or large', () => {
    fc.assert(
      fc.property(anyBody, (body) => {
        const items = readItems(body);
        assert.ok(items === undefined || Array.isArray(items));
        const total = readTotal(body);
        assert.ok(total === undefined || (Number.isFinite(total) && total >= 0));
        const next = readNext(body);
        assert.ok(next === undefined || (typeof next === 'string' && next.length > 0));
        assert.equal(typeof readText(body), 'string');
        const prefixes = readPrefixes(body);
        const node = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { '@type': body };
        const types = readTypes(node, prefixes);
        assert.ok(Array.isArray(types) && types.every((t) => typeof t === 'string'));
        const standard = readStandard(body);
        assert.ok(standard === undefined || /^urn:/i.test(standard.urn));
        const clause = readClause(body, prefixes);
        assert.ok(clause === undefined || (clause.id.length > 0 && typeof clause.clauseId === 'string'));
        for (const item of (items ?? []).slice(0, 20)) {
          readStandard(item);
          readClause(item, prefixes);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('lastSegment and the clause-id rules take any string: a string or a ServiceError, nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(NASTY, fc.string({ unit: 'grapheme', maxLength: 300 }), fc.webUrl({ withQueryParameters: true, withFragments: true })), (text) => {
        const segment = lastSegment(text);
        assert.equal(typeof segment, 'string');
        assert.ok(!segment.includes('?') || text.indexOf('?') > text.indexOf('#'), 'no query in the segment');
        for (const id of [text, segment]) {
          const problem = onlyServiceError(() => clauseIdProblem(id));
          assert.ok(problem === undefined || typeof problem === 'string');
          if (onlyServiceError(() => (validateClauseId(id), true))) assert.equal(typeof encodeSegment(id), 'string');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('the redactor never lets a known secret through and always returns one bounded line', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9_-]{6,40}$/);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), NASTY, secret, fc.string({ maxLength: 50 }), (before, noise, value, after) => {
        const redactor = new Redactor();
        redactor.addSecret(value);
        for (const text of [
          `${before}${value}${after}`,
          `${noise}${value}`,
          `${' '.repeat(4090)}${value}`,
          `${before}client_secret=${encodeURIComponent(value)}&x`,
        ]) {
          const out = redactor.excerpt(text);
          assert.ok(!out.includes(value), `${JSON.stringify(value)} in ${JSON.stringify(out.slice(0, 100))}`);
          assert.ok(out.length <= 204 && !/[\r\n]/.test(out));
        }
      }),
      { numRuns: RUNS },
    );
  });

  describe('end to end against a loopback server answering anything (a purpose-built server: the sandbox only answers well)', () => {
    let answer: { status: number; headers: Record<string, string>; body: string } = { status: 200, headers: {}, body: '' };
    let server: OddServer;
    before(async () => {
      server = await startOddServer((req, res) => {
        if (req.url === '/token') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end(JSON.stringify({ access_token: 'fuzz-token-value', expires_in: 600 }));
        }
        server.seen.length = 0; // bounded memory over thousands of runs
        try {
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        } catch {
          res.destroy(); // headers Node refuses to send: a dropped connection
        }
      });
    });
    after(() => server.close());

    const header = fc.oneof(
      fc.constantFrom('http://[', 'ftp://x/y', '../../../../admin', '//evil.example/x', 'https://u:p@h/x', '/api/v1/x', `/${'a'.repeat(5000)}`),
      fc.string({ maxLength: 40 }),
    );
    const reply = fc.record({
      status: fc.constantFrom(200, 200, 200, 204, 301, 302, 303, 307, 400, 401, 403, 404, 408, 410, 429, 500, 502, 503),
      type: fc.constantFrom('application/ld+json', 'application/json', 'application/problem+json', 'text/plain', 'text/html', 'application/xml', ''),
      location: fc.option(header),
      retryAfter: fc.option(fc.oneof(fc.constant('0'), fc.string({ maxLength: 10 }))),
      body: fc.oneof(
        fc.oneof(shaped, fc.jsonValue({ maxDepth: 5 })).map((value) => JSON.stringify(value) ?? 'null'),
        // Deep bodies as text: JSON.stringify itself overflows on them.
        fc
          .record({ levels: fc.integer({ min: 500, max: 12_000 }), key: fc.constantFrom(...KEYS) })
          .map(({ levels, key }) => `${`{${JSON.stringify(key)}:[`.repeat(levels)}1${']}'.repeat(levels)}`),
        fc.string({ unit: 'binary', maxLength: 500 }),
        fc.constantFrom('{"items": [', '', 'null', '[[[[[[', `${'['.repeat(3000)}${']'.repeat(3000)}`),
      ),
      call: fc.constantFrom('list', 'clauses', 'clause'),
    });

    it('only ServiceError or a value comes out of the service', async () => {
      const service = createStandardsService({
        baseUrl: `${server.origin}/api`,
        tokenUrl: `${server.origin}/token`,
        clientId: 'c',
        clientSecret: 'fuzz-secret-value',
        retry: { maxRetries: 1, baseDelayMs: 1, maxTotalWaitMs: 5 },
        timeoutMs: 5000,
        cacheFreshMs: 0,
      });
      await fc.assert(
        fc.asyncProperty(reply, async ({ status, type, location, retryAfter, body, call }) => {
          const headers: Record<string, string> = {};
          if (type) headers['Content-Type'] = type;
          if (location !== null) headers.Location = location;
          if (retryAfter !== null) headers['Retry-After'] = retryAfter;
          answer = { status, headers, body };
          try {
            if (call === 'list') {
              const page = await service.listStandards({ limit: 10, offset: 0 });
              assert.ok(Array.isArray(page.items) && typeof page.hasMore === 'boolean');
            } else if (call === 'clauses') {
              assert.ok(Array.isArray(await service.listClauses('urn:iso:std:iso:9001')));
            } else {
              const clause = await service.getClause('urn:iso:std:iso:9001', 'c1');
              assert.ok(clause !== null && typeof clause === 'object');
            }
          } catch (error) {
            assert.ok(error instanceof ServiceError, `not a ServiceError: ${String(error)}`);
            assert.ok(error.message.length > 0 && error.message.length < 1000, error.message);
            assert.ok(!error.message.includes('fuzz-secret-value') && !error.message.includes('fuzz-token-value'));
          }
        }),
        { numRuns: HTTP_RUNS },
      );
    });
  });
});
