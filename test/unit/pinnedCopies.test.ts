import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sandboxControl, sandboxStats, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom, type ServiceOptions } from '../../src/core/service/index';
import { RECENT_LIMIT, readCopies, readEntries, withPinned, withRecent, without } from '../../src/extension/pins/shelfEntries';

describe('my standards: stored entries', () => {
  it('reads back only valid entries, once per URN', () => {
    const stored = [
      { urn: 'urn:iso:std:iso:9001', title: 'Q', reference: 'ISO 9001:2015', status: 'current' },
      { urn: 'not-a-urn' },
      7,
      { urn: 'urn:iso:std:iso:9001' },
    ];
    assert.deepEqual(readEntries(stored), [{ urn: 'urn:iso:std:iso:9001', title: 'Q', reference: 'ISO 9001:2015', status: 'current' }]);
    assert.deepEqual(readEntries('junk'), []);
    assert.deepEqual(readCopies({ 'urn:a:b': { at: 5, bytes: -1, complete: true } })['urn:a:b'], {
      at: 5,
      bytes: 0,
      clauses: 0,
      stored: 0,
      complete: true,
      changed: false,
    });
  });

  it('keeps pins in the order pinned and recent standards newest first, at most 20', () => {
    let pinned = withPinned([], { urn: 'urn:x:1', title: 'One' });
    pinned = withPinned(pinned, { urn: 'urn:x:2', title: 'Two' });
    pinned = withPinned(pinned, { urn: 'urn:x:1', title: 'One, renamed' });
    assert.deepEqual(
      pinned.map((e) => e.title),
      ['One, renamed', 'Two'],
    );
    assert.deepEqual(without(pinned, 'urn:x:1'), [{ urn: 'urn:x:2', title: 'Two' }]);
    let recent = withRecent([], { urn: 'urn:x:0', title: 'Zero', reference: 'X 0' });
    for (let i = 1; i <= 25; i++) recent = withRecent(recent, { urn: `urn:x:${i}`, title: `T${i}` });
    assert.equal(recent.length, RECENT_LIMIT);
    assert.equal(recent[0].urn, 'urn:x:25');
    // Opened again from a clause page, which knows less: it moves to the top and keeps what was known.
    recent = withRecent(recent, { urn: 'urn:x:10', title: '' });
    assert.deepEqual(recent[0], { urn: 'urn:x:10', title: 'T10' });
    assert.equal(recent.filter((e) => e.urn === 'urn:x:10').length, 1);
  });
});

describe('service: offline copies of pinned standards', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  let urn: string;
  const port = { value: 0 };
  before(async () => {
    sandbox = await startSandbox({ standards: 50, seed: 5 });
    port.value = Number(new URL(sandbox.origin).port);
    urn = (await createStandardsService(serviceOptionsFrom(sandbox)).listStandards({ limit: 1, offset: 3 })).items[0].urn;
  });
  after(() => sandbox.close());
  beforeEach(async () => {
    await sandboxControl(sandbox, 'reset');
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'se-pins-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const options = (extra: Partial<ServiceOptions> = {}): ServiceOptions => ({
    ...serviceOptionsFrom(sandbox),
    cacheDir: path.join(dir, 'clauses'),
    pinnedDir: path.join(dir, 'pinned'),
    retry: { maxRetries: 0 },
    ...extra,
  });

  async function filesUnder(folder: string): Promise<number> {
    const names = await fs.readdir(folder, { recursive: true }).catch(() => [] as string[]);
    return names.filter((n) => n.endsWith('.cache')).length;
  }

  it('downloads the clause list and every body, a few at a time, apart from the ordinary cache', async () => {
    // An ordinary disk cache too small for anything: pinned bodies must not depend on it.
    const service = createStandardsService(options({ diskCacheMaxBytes: 1 }));
    const seen: number[] = [];
    const outcome = await service.syncPinned(urn, { onProgress: ({ done }) => seen.push(done) });
    const clauses = (await service.listClauses(urn)).length;
    assert.equal(outcome.clauses, clauses);
    assert.equal(outcome.stored, clauses);
    assert.equal(outcome.limitReached, false);
    assert.equal(seen.at(-1), clauses);
    assert.equal(await filesUnder(path.join(dir, 'pinned')), clauses + 1, 'every body and the list page on disk');
    assert.equal(await filesUnder(path.join(dir, 'clauses')), 0);
    assert.equal(await service.pinnedBytes(), outcome.bytes);
    assert.equal((await sandboxStats(sandbox)).requests.getClause, clauses);
  });

  it('stops at the bound of all offline copies and says so', async () => {
    const service = createStandardsService(options({ pinnedMaxBytes: 20_000 }));
    const outcome = await service.syncPinned(urn);
    assert.equal(outcome.limitReached, true);
    assert.ok(outcome.stored < outcome.clauses, `${outcome.stored} of ${outcome.clauses}`);
    assert.ok((await service.pinnedBytes()) <= 20_000, `${await service.pinnedBytes()} bytes`);
  });

  it('serves stored copies, marked with their date, while the service is down, and revalidates them when it is back', async () => {
    const pinner = createStandardsService(options());
    const before = Date.now();
    const pinned = await pinner.syncPinned(urn);
    const clauses = await pinner.listClauses(urn);
    pinner.dispose();
    const other = (await createStandardsService(options()).listStandards({ limit: 1, offset: 4 })).items[0].urn;
    await sandbox.close();
    try {
      // A new session (restart): nothing in memory, everything from disk. With retries on, as in the extension.
      const retries: string[] = [];
      const logger = { request: () => undefined, debug: (line: string) => void (/^retrying/.test(line) && retries.push(line)) };
      const offline = createStandardsService(options({ retry: { maxRetries: 3, baseDelayMs: 10 }, logger }));
      const list = await offline.listClausesCopy(urn);
      assert.equal(list.value.length, clauses.length);
      assert.ok(list.offlineSince !== undefined && list.offlineSince >= before);
      const body = await offline.getClauseCopy(urn, clauses[clauses.length - 1].clauseId);
      assert.ok(body.offlineSince !== undefined);
      assert.deepEqual(retries, [], 'a stored copy answers at once, without retrying the unreachable service');
      // Never read, so never stored: retried, then the failure says the service cannot be reached.
      await assert.rejects(offline.listClausesCopy(other), (e: Error & { kind?: string }) => e.kind === 'network');
      assert.equal(retries.length, 3, retries.join('\n'));
    } finally {
      sandbox = await startSandbox({ standards: 50, seed: 5, port: port.value, clientSecret: sandbox.clientSecret });
    }
    const online = createStandardsService(options());
    const again = await online.syncPinned(urn, { revalidate: true });
    assert.equal(again.offline, false);
    assert.equal(again.changed, 0);
    const stats = await sandboxStats(sandbox);
    assert.equal(stats.notModified, pinned.clauses + 1, 'every body and the list answered 304');
    assert.equal((await online.getClauseCopy(urn, clauses[0].clauseId)).offlineSince, undefined);
  });

  it('counts bodies the service changed since they were stored when it revalidates', async () => {
    await createStandardsService(options()).syncPinned(urn);
    // One stored body made older: its ETag no longer matches, so the service answers 200 with the current one.
    const files = (await fs.readdir(path.join(dir, 'pinned'), { recursive: true })).filter((n) => n.endsWith('.cache'));
    const file = path.join(dir, 'pinned', files[0]);
    const text = await fs.readFile(file, 'utf8');
    const newline = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, newline)) as { etag?: string };
    await fs.writeFile(file, `${JSON.stringify({ ...header, etag: '"an-older-version"' })}${text.slice(newline)}`);
    const outcome = await createStandardsService(options()).syncPinned(urn, { revalidate: true });
    assert.equal(outcome.changed, 1);
    assert.equal(outcome.offline, false);
  });

  it('removes one copy on unpin and all of them on clear', async () => {
    const service = createStandardsService(options());
    await service.syncPinned(urn);
    assert.ok((await service.pinnedBytes()) > 0);
    await service.removePinned(urn);
    assert.equal(await service.pinnedBytes(), 0);
    assert.equal(await filesUnder(path.join(dir, 'pinned')), 0);
    await service.syncPinned(urn);
    await service.clearCache();
    assert.equal(await filesUnder(path.join(dir, 'pinned')), 0);
    assert.equal(await service.pinnedBytes(), 0);
  });
});
