import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { ByteLru, DiskCache } from '../../src/core/service/cache';
import { serviceOptionsFrom, type RequestLogEntry } from '../../src/core/service/index';
import { textBytes } from '../../src/core/service/blockText';
import { json, startOddServer } from './oddServer';
import { describeEachTransport } from './transports';

describeEachTransport('service: cache', ({ createStandardsService }) => {
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
    assert.deepEqual(
      log.filter((e) => e.method === 'GET').map((e) => e.cache),
      ['miss', 'revalidated'],
    );
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
    const lru = new ByteLru<number>(100);
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

  it('writes cache files owner-only (0600) in an owner-only folder (0700), tightening an existing folder', async function () {
    if (process.platform === 'win32') this.skip();
    const folder = path.join(dir, 'clauses', 'abc');
    await fs.mkdir(folder, { recursive: true, mode: 0o755 });
    await fs.chmod(folder, 0o755);
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir: folder });
    await service.getClause(urn, clauseId);
    assert.equal((await fs.stat(folder)).mode & 0o777, 0o700);
    const files = await fs.readdir(folder);
    assert.equal(files.length, 1);
    assert.equal((await fs.stat(path.join(folder, files[0]))).mode & 0o777, 0o600);
    const fresh = path.join(dir, 'new', 'deeper');
    await new DiskCache(fresh).write('https://h/x', undefined, '{}');
    assert.equal((await fs.stat(fresh)).mode & 0o777, 0o700);
  });

  it('bounds the disk cache by bytes, removing the least recently used files first, across sessions', async () => {
    const body = (n: number): string => JSON.stringify({ n, pad: 'x'.repeat(900) });
    const cache = new DiskCache(dir, 3000);
    for (const n of [1, 2, 3]) await cache.write(`https://h/${n}`, undefined, body(n));
    assert.ok(await cache.read('https://h/1'), 'read: 1 is now the most recently used');
    await cache.write('https://h/4', undefined, body(4));
    assert.equal(await cache.read('https://h/2'), undefined, '2 was least recently used');
    assert.ok((await cache.bytes()) <= 3000);
    assert.equal((await fs.readdir(dir)).length, 3);
    // A new session learns the order from the files' times.
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(await cache.read('https://h/3'));
    const later = new DiskCache(dir, 3000);
    await later.write('https://h/5', undefined, body(5));
    assert.ok(await later.read('https://h/3'), 'recently read: kept');
    assert.equal((await fs.readdir(dir)).length, 3);
    assert.ok((await later.bytes()) <= 3000);
    await later.write('https://h/huge', undefined, 'x'.repeat(5000));
    assert.equal(await later.read('https://h/huge'), undefined, 'larger than the bound: not kept');
  });

  it('charges the memory cache for what it holds: text, two bytes a character beyond Latin-1, and hands each caller its own value', async () => {
    assert.equal(textBytes('plain'), 5);
    assert.equal(textBytes('€uro'), 8);
    // Needed: a body of known size and script; the sandbox's text is generated.
    const wide = { '@id': 'https://h/c1', text: '€'.repeat(1000) };
    const server = await startOddServer((req, res) =>
      req.url === '/token' ? json(res, 200, { access_token: 'opaque-token', expires_in: 600 }) : json(res, 200, wide),
    );
    try {
      const options = { baseUrl: server.origin, tokenUrl: `${server.origin}/token`, clientId: 'c', clientSecret: 'secret-value' };
      const small = createStandardsService({ ...options, cacheMaxBytes: 1500 });
      await small.getClause('urn:iso:std:iso:1', 'c1');
      await small.getClause('urn:iso:std:iso:1', 'c1');
      assert.equal(server.seen.filter((r) => r.url !== '/token').length, 2, '~1 000 characters of € take ~2 000 bytes: more than the bound, not kept');
      const roomy = createStandardsService({ ...options, cacheMaxBytes: 4000 });
      const first = (await roomy.getClause('urn:iso:std:iso:1', 'c1')) as Record<string, unknown>;
      first.text = 'changed by a caller';
      const second = (await roomy.getClause('urn:iso:std:iso:1', 'c1')) as Record<string, unknown>;
      assert.equal(server.seen.filter((r) => r.url !== '/token').length, 3, 'the second call was a cache hit');
      assert.equal(second.text, wide.text, 'the cache holds text, not the value a caller got');
    } finally {
      await server.close();
    }
  });
});
