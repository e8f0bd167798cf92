/**
 * Property-based tests (fast-check) for the real-world rules: URNs and clause ids of any characters travel as one
 * segment and come back exactly, and Find Standard answers any query with entries holding every word.
 * FUZZ_RUNS sets the cases per property (e.g. FUZZ_RUNS=10000 locally); the default keeps CI quick.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { CatalogueIndex, tokenize } from '../../src/core/catalogue/catalogueIndex';
import { stem } from '../../src/core/catalogue/tokens';
import { clauseDocumentPath, parseStandardsPath } from '../../src/extension/documents/standardsUri';
import { ServiceError } from '../../src/core/service/errors';
import { clauseIdProblem, decodeSegment, encodeSegment, urnProblem, validateUrn } from '../../src/core/service/urn';
import { realSample } from './realSample';

const RUNS = Number(process.env.FUZZ_RUNS) > 0 ? Number(process.env.FUZZ_RUNS) : 300;

/** URN-ish strings: a real prefix, then anything, real IEC shapes and path tricks included. */
const urnLike = fc.oneof(
  fc
    .tuple(fc.constantFrom('urn:iso:std:', 'urn:iec:std:iec:', 'URN:x-y:', 'urn:a:'), fc.string({ unit: 'grapheme-composite', maxLength: 80 }))
    .map(([a, b]) => a + b),
  fc
    .tuple(
      fc.constantFrom('urn:iec:std:iec:', 'urn:iso:std:'),
      fc.array(fc.constantFrom('|', '||amd:1:2015-06', ' ', '/', '+', '..', '%2F', '%', '?', '#', '\\', ':', 'FRAG1', '60309-3', '\u202e', '\ud800'), {
        maxLength: 12,
      }),
    )
    .map(([a, parts]) => a + parts.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

describe('real-world fidelity: properties', () => {
  it('a URN is accepted or refused with a reason, never throws, and an accepted one is exactly one segment', () => {
    fc.assert(
      fc.property(urnLike, (urn) => {
        const problem = urnProblem(urn);
        if (problem !== undefined) {
          assert.throws(
            () => validateUrn(urn),
            (e: unknown) => e instanceof ServiceError && e.kind === 'invalidInput',
          );
          return;
        }
        const segment = encodeSegment(urn);
        assert.match(segment, /^[A-Za-z0-9\-._~:%]+$/);
        assert.equal(decodeSegment(segment), urn);
        const url = new URL(`https://h/base/v1/standards/${segment}/clauses`);
        assert.deepEqual(url.pathname.split('/').slice(0, 4), ['', 'base', 'v1', 'standards']);
        assert.equal(url.pathname.split('/').length, 6);
        assert.equal(url.search + url.hash, '');
      }),
      { numRuns: RUNS },
    );
  });

  it('standards: paths round-trip any accepted URN and clause id', () => {
    fc.assert(
      fc.property(urnLike, fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ maxLength: 40 }), (urn, clauseId, label) => {
        if (urnProblem(urn) || clauseIdProblem(clauseId)) return;
        const parsed = parseStandardsPath(clauseDocumentPath(urn, clauseId, label));
        assert.ok(parsed && parsed.kind === 'clause');
        assert.equal(parsed.urn, urn);
        assert.equal(parsed.clauseId, clauseId);
      }),
      { numRuns: RUNS },
    );
  });

  it('Find Standard answers any query at once with entries holding every word', () => {
    const index = CatalogueIndex.of(realSample().map((r, position) => ({ position, ...r })));
    const words = ['iso', 'iec', '9001', '27001', 'quality', 'safety', 'medical', 'part', '2', 'amd', 'cor', 'robots', 'electrical', 'x'];
    const query = fc.oneof(
      fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
    );
    fc.assert(
      fc.property(query, fc.integer({ min: 1, max: 300 }), (q, limit) => {
        const found = index.search(q, limit);
        assert.ok(found.length <= limit);
        if (/^\s*urn:/i.test(q)) return;
        const read = tokenize(q.slice(0, 500)).slice(0, 12); // the index reads at most 12 words
        // Words alone are a topic, each cut to what its singular and plural share ("robots" finds "robot").
        const tokens = read.every((t) => t.charCodeAt(0) > 57) ? read.map(stem) : read;
        for (const entry of found) {
          const held = tokenize(`${entry.reference ?? ''} ${entry.title}`);
          assert.ok(
            tokens.every((t) => held.some((h) => h.startsWith(t))),
            `${q} → ${entry.reference}`,
          );
        }
      }),
      { numRuns: RUNS },
    );
  });
});
