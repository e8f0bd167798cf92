/**
 * Find Standard figures: building the catalogue index of 30 000 standards from the sandbox, its size on disk,
 * and search time per keystroke as a user types. Prints; asserts nothing.
 * Run: npm run compile && node out/bench/catalogue.js
 */
import { startSandbox } from '../sandbox/index';
import { CatalogueIndex, buildCatalogueIndex } from '../src/catalogue/catalogueIndex';
import { createStandardsService, serviceOptionsFrom } from '../src/service/index';

async function main(): Promise<void> {
  const sandbox = await startSandbox({});
  try {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    let started = Date.now();
    const index = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 1000 });
    console.log(`index of ${index.size} standards built in ${Date.now() - started} ms`);
    const stored = JSON.stringify(index.toStored(sandbox.baseUrl));
    console.log(`stored: ${(stored.length / 1e6).toFixed(2)} MB`);
    started = Date.now();
    const restored = CatalogueIndex.fromStored(JSON.parse(stored) as unknown, sandbox.baseUrl);
    console.log(`read back from JSON in ${Date.now() - started} ms (${restored?.size} entries)`);
    // A reference and a number that exist in this catalogue, and title words.
    const reference = index.entries[1234].reference ?? 'ISO';
    const number = /\d+/.exec(index.entries[4321].reference ?? '')?.[0] ?? '1';
    for (const query of ['quality management requirements', reference, number, 'medical devices part 2']) {
      const times: number[] = [];
      let hits = 0;
      for (let i = 1; i <= query.length; i++) {
        const t = process.hrtime.bigint();
        hits = index.search(query.slice(0, i), 200).length;
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      const worst = Math.max(...times);
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      console.log(`typing "${query}": ${times.length} keystrokes, mean ${mean.toFixed(2)} ms, worst ${worst.toFixed(2)} ms, ${hits} results at the end`);
    }
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
