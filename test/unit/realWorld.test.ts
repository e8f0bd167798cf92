import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Catalogue } from '../../sandbox/catalogue';
import { readCatalogueRecords } from '../../src/core/catalogue/catalogueFile';
import { sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { createStandardsService } from '../../src/core/service/standardsService';
import { hasType, isValidUrn, sectionLabel, sectionOf, SECTION_TYPES, serviceOptionsFrom, type Standard } from '../../src/core/service/index';
import { REAL_SLICE, realSample } from './realSample';

const REPO = path.resolve(__dirname, '../../..');

describe('real-world fidelity: the sandbox serving real ISO and IEC records', () => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox({ catalogue: realSample(), maxLimit: 1000 })));
  after(() => sandbox.close());

  async function allStandards(): Promise<Standard[]> {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const all: Standard[] = [];
    for (let pages = 0; pages < 20; pages++) {
      const page = await service.listStandards({ limit: 1000, offset: all.length });
      all.push(...page.items);
      if (!page.hasMore) break;
    }
    return all;
  }

  it('lists every record, repeated URNs included, in the file’s order with its status', async () => {
    const all = await allStandards();
    const sample = realSample();
    assert.equal(all.length, sample.length);
    assert.deepEqual(
      all.slice(0, 50).map((s) => s.urn),
      sample.slice(0, 50).map((r) => r.urn),
    );
    assert.ok(new Set(all.map((s) => s.urn)).size < all.length, 'the slice repeats URNs');
    assert.equal(all[0].raw['corext:status'], sample[0].status);
  });

  for (const [what, pattern] of [
    ['"|"', /\|/],
    ['a space', / /],
    ['"/"', /\//],
    ['"+"', /\+/],
  ] as const) {
    it(`opens the clauses and a clause of a real URN holding ${what}, the server seeing exactly that URN`, async () => {
      const record = realSample().find((r) => pattern.test(r.urn));
      assert.ok(record, `the slice has a URN with ${what}`);
      const service = createStandardsService(serviceOptionsFrom(sandbox));
      const before = (await sandboxStats(sandbox)).requests;
      const clauses = await service.listClauses(record.urn);
      assert.ok(clauses.length >= 8);
      // The sandbox found the standard by the decoded segment: it saw the URN as asked.
      assert.ok(clauses[0].id.includes('/v1/standards/'));
      const scope = clauses.find((c) => hasType(c, SECTION_TYPES.Scope.type));
      assert.ok(scope, 'a Scope');
      const body = (await service.getClause(record.urn, scope.clauseId)) as Record<string, unknown>;
      assert.equal(body['@id'], scope.id);
      const after = (await sandboxStats(sandbox)).requests;
      assert.equal(after.listClauses - before.listClauses, 1);
      assert.equal(after.getClause - before.getClause, 1);
    });
  }

  it('serves clause @ids whose URN part is one encoded segment', async () => {
    const record = realSample().find((r) => r.urn.includes('/'));
    assert.ok(record);
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const [first] = await service.listClauses(record.urn);
    const url = new URL(first.id);
    const segments = url.pathname.split('/');
    assert.equal(decodeURIComponent(segments[segments.length - 3]), record.urn);
  });

  it('runs from the command line with --catalogue FILE', async function () {
    this.timeout(20_000);
    const child = spawn(process.execPath, [path.join(REPO, 'out/sandbox/cli.js'), '--port', '0', '--catalogue', REAL_SLICE], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const info = JSON.parse(line) as RunningSandbox;
      const service = createStandardsService(serviceOptionsFrom(info));
      const page = await service.listStandards({ limit: 10, offset: 0 });
      assert.equal(page.total, realSample().length);
      assert.equal(page.items[0].urn, realSample()[0].urn);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('keeps URNs that differ only in how they would be encoded apart, in memory and on disk', async () => {
    const twins = [
      { urn: 'urn:iec:std:iec:60309-3:1994-02::/FRAG1::', reference: 'IEC 60309-3:1994/FRAG1', title: 'Slash', status: 'current' },
      { urn: 'urn:iec:std:iec:60309-3:1994-02::%2FFRAG1::', reference: 'IEC 60309-3:1994/FRAG1 (encoded)', title: 'Percent', status: 'current' },
      { urn: 'urn:iec:std:iec:60309-3:1994-02:: FRAG1::', reference: 'IEC 60309-3:1994 FRAG1', title: 'Space', status: 'current' },
    ];
    const own = await startSandbox({ catalogue: twins, seed: 5 });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'se-real-'));
    try {
      const first = createStandardsService({ ...serviceOptionsFrom(own), cacheDir: dir });
      const lists = await Promise.all(twins.map((t) => first.listClauses(t.urn)));
      const ids = lists.map((list) => list[0].id);
      assert.equal(new Set(ids).size, 3, 'three standards, three clause lists');
      const bodies = await Promise.all(twins.map((t, i) => first.getClause(t.urn, lists[i][0].clauseId)));
      // A new session reads each from disk (revalidated), each its own.
      const later = createStandardsService({ ...serviceOptionsFrom(own), cacheDir: dir });
      for (const [i, twin] of twins.entries()) assert.deepEqual(await later.getClause(twin.urn, lists[i][0].clauseId), bodies[i]);
      assert.equal((await sandboxStats(own)).notModified, 3);
    } finally {
      await own.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('says which line of a catalogue file is wrong', () => {
    assert.throws(() => readCatalogueRecords('{"urn":"urn:iso:std:iso:1"}\nnot json\n', 'cat.jsonl'), /cat\.jsonl, line 2: not JSON/);
    assert.throws(() => readCatalogueRecords('{"reference":"ISO 1"}\n', 'cat.jsonl'), /cat\.jsonl, line 1: a record needs "urn"/);
    assert.throws(() => readCatalogueRecords('\n\n', 'empty.jsonl'), /holds no catalogue records/);
  });
});

describe('real-world fidelity: the generated catalogue has real shapes', () => {
  const catalogue = new Catalogue(1, 3000);

  it('holds IEC URNs with "|", spaces, "/" and "+", all valid', () => {
    const urns = catalogue.standards.map((s) => s.urn);
    for (const pattern of [/\|\|amd:/, / /, /::\/FRAG\d::$/, /::csv:\+amd:/])
      assert.ok(
        urns.some((u) => pattern.test(u)),
        String(pattern),
      );
    assert.deepEqual(
      urns.filter((u) => !isValidUrn(u)),
      [],
    );
  });

  it('serves @type as a set in every order, the section being the same whatever the order', () => {
    const orders = new Set<string>();
    for (const standard of catalogue.standards.slice(0, 200)) {
      for (const clause of catalogue.clauses(standard)) {
        if (clause.section === SECTION_TYPES.Scope.type) orders.add(clause.types.join(' '));
        assert.equal(
          sectionOf(clause.types)?.type ?? 'none',
          clause.section === 'corext:Requirements' ? 'corext:Clause' : clause.section,
          clause.types.join(' '),
        );
      }
    }
    assert.deepEqual([...orders].sort(), ['corext:Clause corext:Scope', 'corext:Scope', 'corext:Scope corext:Clause']);
  });
});

describe('@type is a set', () => {
  const specific = [
    'corext:Foreword',
    'corext:Introduction',
    'corext:Scope',
    'corext:NormativeReferences',
    'corext:TermsAndDefinitions',
    'corext:Annex',
    'corext:Bibliography',
  ];
  const generic = [[], ['corext:Clause'], ['corext:Section'], ['corext:Clause', 'corext:Section']];

  function permutations<T>(items: T[]): T[][] {
    if (items.length <= 1) return [items];
    return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
  }

  for (const type of specific) {
    it(`${type} with generic types in every order`, () => {
      const expected = Object.values(SECTION_TYPES).find((s) => s.type === type);
      assert.ok(expected);
      for (const extra of generic) {
        for (const types of permutations([type, ...extra])) {
          assert.equal(sectionOf(types), expected, types.join(','));
          assert.equal(sectionLabel(types), expected.label, types.join(','));
          assert.equal(hasType({ types }, type), true);
        }
      }
    });
  }

  it('matches by local name, whatever the prefix or namespace IRI', () => {
    assert.equal(sectionOf(['https://example.org/ns/corext#Scope', 'corext:Clause']), SECTION_TYPES.Scope);
    assert.equal(sectionOf(['iso:Annex']), SECTION_TYPES.Annex);
    assert.equal(hasType({ types: ['http://x/y/Scope'] }, SECTION_TYPES.Scope.type), true);
  });

  it('names a clause from its most specific type', () => {
    assert.equal(sectionLabel(['corext:Clause']), 'Clause');
    assert.equal(sectionLabel(['corext:Clause', 'corext:Requirements']), 'Requirements');
    assert.equal(sectionLabel(['corext:Requirements', 'corext:Clause']), 'Requirements');
    assert.equal(sectionLabel([]), 'Clause');
    assert.equal(sectionOf(['corext:Requirements']), undefined);
  });
});
