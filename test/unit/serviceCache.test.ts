import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { ByteLru, SingleFlight } from '../../src/service/cache';
import { createStandardsService, serviceOptionsFrom, type RequestLogEntry } from '../../src/service/index';

describe('service: cache', () => {
  let sandbox: RunningSandbox;
  let urn: string;
  let clauseId: string;
  let dir: string;
  before(async () => {
    sandbox = await startSandbox({ standards: 100 });
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    urn = (await service.listStandards({ limit: 1, offset: 0 })).items[0].urn;
    clauseId = (await service.listClauses(urn))[2].clauseId;
  });
  after(() => sandbox.close());
  beforeEach(async () => {
    await sandboxControl(sandbox, 'reset');
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'se-cache-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('answers a fresh repeat from memory without a request', async () => {
    const log: RequestLogEntry[] = [];
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), logger: { request: (e) => log.push(e) } });
    const first = await service.getClause(urn, clauseId);
    const second = await service.getClause(urn, clauseId);
    // The cache keeps text (what it is charged for): each caller gets a value of its own.
    assert.deepEqual(second, first);
    assert.equal((await sandboxStats(sandbox)).requests.getClause, 1);
    assert.deepEqual(log.map((e) => e.cache).filter(Boolean), ['miss', 'hit']);
  });

  it('revalidates with If-None-Match and uses the cached body on 304', async () => {
    const log: RequestLogEntry[] = [];
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheFreshMs: 0, logger: { request: (e) => log.push(e) } });
    const first = await service.listClauses(urn);
    const second = await service.listClauses(urn);
    assert.deepEqual(second, first);
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.requests.listClauses, 2);
    assert.equal(stats.notModified, 1);
    assert.deepEqual(log.filter((e) => e.method === 'GET').map((e) => e.cache), ['miss', 'revalidated']);
  });

  it('shares one request among concurrent callers of the same resource', async () => {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const bodies = await Promise.all(Array.from({ length: 10 }, () => service.getClause(urn, clauseId)));
    for (const body of bodies) assert.deepEqual(body, bodies[0]);
    assert.equal((await sandboxStats(sandbox)).requests.getClause, 1);
  });

  it('keeps the shared request going while any caller still waits', async () => {
    await sandboxControl(sandbox, 'config', { latencyMs: 300 });
    try {
      const service = createStandardsService(serviceOptionsFrom(sandbox));
      await service.listStandards({ limit: 1, offset: 0 });
      const quitter = new AbortController();
      const leaving = service.getClause(urn, clauseId, quitter.signal);
      const staying = service.getClause(urn, clauseId);
      setTimeout(() => quitter.abort(), 50);
      await assert.rejects(leaving, /cancelled/);
      assert.ok(await staying);
      assert.equal((await sandboxStats(sandbox)).requests.getClause, 1);
    } finally {
      await sandboxControl(sandbox, 'config', { latencyMs: 0 });
    }
  });

  it('keeps bodies on disk and revalidates them in a new session', async () => {
    const first = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir: dir });
    const body = await first.getClause(urn, clauseId);
    const files = await fs.readdir(dir);
    assert.equal(files.length, 1);
    const later = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir: dir });
    assert.deepEqual(await later.getClause(urn, clauseId), body);
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.requests.getClause, 2);
    assert.equal(stats.notModified, 1, 'the second session revalidated the disk copy');
    await later.clearCache();
    assert.deepEqual(await fs.readdir(dir), []);
  });

  it('ignores and removes a corrupt disk entry', async () => {
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir: dir });
    await service.getClause(urn, clauseId);
    const [file] = await fs.readdir(dir);
    await fs.writeFile(path.join(dir, file), 'garbage without a header');
    const fresh = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir: dir });
    assert.ok(await fresh.getClause(urn, clauseId));
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.notModified, 0, 'fetched in full, not revalidated');
    const text = await fs.readFile(path.join(dir, file), 'utf8');
    assert.ok(text.startsWith('{"url"'), 'rewritten with a good entry');
  });

  it('still answers when the cache folder cannot be written', async () => {
    const blocked = path.join(dir, 'file-not-folder');
    await fs.writeFile(blocked, 'x');
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir: blocked });
    assert.ok(await service.getClause(urn, clauseId));
  });

  it('bounds memory by bytes, dropping the least recently used', () => {
    const lru = new ByteLru(100);
    lru.set('a', { value: 1, bytes: 40, storedAt: 0 });
    lru.set('b', { value: 2, bytes: 40, storedAt: 0 });
    lru.get('a');
    lru.set('c', { value: 3, bytes: 40, storedAt: 0 });
    assert.equal(lru.get('b'), undefined, 'b was least recently used');
    assert.ok(lru.get('a') && lru.get('c'));
    assert.equal(lru.bytes, 80);
    lru.set('huge', { value: 4, bytes: 500, storedAt: 0 });
    assert.equal(lru.get('huge'), undefined, 'larger than the bound: not kept');
    lru.set('a', { value: 5, bytes: 10, storedAt: 0 });
    assert.equal(lru.bytes, 50);
    lru.clear();
    assert.equal(lru.size, 0);
  });

  it('runs one piece of work per key at a time', async () => {
    const flight = new SingleFlight<number>();
    let runs = 0;
    const work = async (): Promise<number> => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
      return runs;
    };
    const results = await Promise.all([flight.run('k', work), flight.run('k', work), flight.run('other', work)]);
    assert.equal(runs, 2);
    assert.equal(results[0], results[1]);
    assert.equal(await flight.run('k', work), 3, 'a later call runs again');
  });
});
