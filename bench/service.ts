/**
 * Service layer figures against a sandbox of 30 000 standards on loopback: token, pages, the whole catalogue,
 * clause lists cold and cached, a multi-megabyte clause cold, from memory and from disk. Prints; asserts nothing.
 * Run: npm run compile && node out/bench/service.js
 */
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../sandbox/index';
import { createStandardsService, serviceOptionsFrom } from '../src/service/index';

async function time<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const result = await work();
  console.log(`${label.padEnd(48)} ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1).padStart(9)} ms`);
  return result;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({});
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'se-bench-'));
  try {
    const service = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir });
    await time('token + first page of 100', () => service.listStandards({ limit: 100, offset: 0 }));
    await time('page of 100 (token cached)', () => service.listStandards({ limit: 100, offset: 100 }));
    await time('page of 1000', () => service.listStandards({ limit: 1000, offset: 1000 }));
    const urns: string[] = [];
    await time('whole catalogue, 30 pages of 1000', async () => {
      for (let offset = 0; ; ) {
        const page = await service.listStandards({ limit: 1000, offset });
        page.items.forEach((s) => urns.push(s.urn));
        offset += page.items.length;
        if (!page.hasMore) break;
      }
    });
    await time('listClauses, cold', () => service.listClauses(urns[5]));
    await time('listClauses, memory cache', () => service.listClauses(urns[5]));
    await time('100 listClauses, 8 in parallel', async () => {
      for (let i = 0; i < 100; i += 8) await Promise.all(urns.slice(100 + i, 108 + i).map((u) => service.listClauses(u)));
    });
    // The sandbox puts a 2–7 MB annex in about one standard in 500: find one.
    let huge: { urn: string; clauseId: string } | undefined;
    for (const urn of urns.slice(0, 3000)) {
      const annex = (await service.listClauses(urn)).find((c) => c.types.includes('corext:Annex'));
      if (!annex) continue;
      const body = await service.getClause(urn, annex.clauseId);
      if (JSON.stringify(body).length > 2_000_000) {
        huge = { urn, clauseId: annex.clauseId };
        break;
      }
    }
    if (huge) {
      const { urn, clauseId } = huge;
      const fresh = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir: mkdtempSync(path.join(os.tmpdir(), 'se-bench-')) });
      const body = await time('large clause, cold (download + parse)', () => fresh.getClause(urn, clauseId));
      console.log(`${'  its size'.padEnd(48)} ${(JSON.stringify(body).length / 1e6).toFixed(1).padStart(9)} MB`);
      await time('large clause, memory cache', () => fresh.getClause(urn, clauseId));
      const later = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheDir, cacheFreshMs: 0 });
      await time('large clause, disk cache + 304 revalidation', () => later.getClause(urn, clauseId));
    }
    console.log(`${'RSS after all of it'.padEnd(48)} ${(process.memoryUsage().rss / 1e6).toFixed(0).padStart(9)} MB (this process holds the sandbox too)`);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
