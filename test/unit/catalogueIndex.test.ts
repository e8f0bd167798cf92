import * as assert from 'node:assert/strict';
import { sandboxStats, startSandbox } from '../../sandbox/index';
import { CatalogueIndex, buildCatalogueIndex } from '../../src/catalogue/catalogueIndex';
import { createStandardsService, serviceOptionsFrom } from '../../src/service/index';

describe('catalogue index', () => {
  const index = new CatalogueIndex(
    [
      { position: 0, urn: 'urn:iso:std:iso:19001', reference: 'ISO 19001:2011', title: 'Guidelines for auditing' },
      { position: 1, urn: 'urn:iso:std:iso:9001', reference: 'ISO 9001:2015', title: 'Quality management systems — Requirements' },
      { position: 2, urn: 'urn:iso:std:iso-iec:27001', reference: 'ISO/IEC 27001:2022', title: 'Information security management systems' },
      { position: 3, urn: 'urn:cen:std:en:1090', reference: 'EN 1090-2:2018', title: 'Exécution des structures en acier' },
    ],
    0,
  );

  it('matches number, reference and title words, best first', () => {
    assert.deepEqual(index.search('9001').map((e) => e.position), [1]);
    assert.deepEqual(index.search('900').map((e) => e.position), [1], 'a token prefix, not any substring');
    assert.deepEqual(index.search('ISO/IEC 27001').map((e) => e.position), [2]);
    assert.deepEqual(index.search('quality requirements').map((e) => e.position), [1]);
    assert.deepEqual(index.search('execution acier').map((e) => e.position), [3], 'accents ignored');
    assert.deepEqual(index.search('nothing like this'), []);
    assert.equal(index.search('').length, 4);
    assert.equal(index.search('iso', 2).length, 2);
  });

  it('stores and restores itself for its base URL only', () => {
    const stored = JSON.parse(JSON.stringify(index.toStored('http://h/p'))) as unknown;
    const back = CatalogueIndex.fromStored(stored, 'http://h/p');
    assert.deepEqual(back?.entries, index.entries);
    assert.equal(CatalogueIndex.fromStored(stored, 'http://other/p'), undefined);
    assert.equal(CatalogueIndex.fromStored({ ...(stored as object), version: 1 }, 'http://h/p'), undefined, 'an older index is rebuilt');
    assert.equal(CatalogueIndex.fromStored({ version: 2 }, 'http://h/p'), undefined);
    assert.equal(CatalogueIndex.fromStored(null, 'http://h/p'), undefined);
  });

  it('is built by paging the whole catalogue, by what the server returns', async () => {
    const sandbox = await startSandbox({ standards: 2500, maxLimit: 400 });
    try {
      const service = createStandardsService(serviceOptionsFrom(sandbox));
      const progress: number[] = [];
      const built = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 1000, onProgress: (p) => progress.push(p.loaded) });
      assert.equal(built.size, 2500);
      assert.deepEqual(progress.slice(0, 2), [400, 800], 'the clamped page size moves the offset');
      assert.equal((await sandboxStats(sandbox)).requests.listStandards, 7);
      assert.deepEqual(built.entries.map((e) => e.position), [...Array(2500).keys()]);
    } finally {
      await sandbox.close();
    }
  });
});
