/**
 * The service layer under load, against the sandbox on loopback: token requests for 1 000 calls in parallel, the
 * requests a re-opened clause costs, and the heap the memory cache really holds after opening 1 000 clauses
 * (multi-megabyte annexes included) against its setting — next to a baseline measured in the same run (no cache:
 * a service with the memory cache off and no disk cache). Prints; records in bench/results.json; asserts nothing.
 * Run: npm run compile && node --expose-gc out/bench/serviceLoad.js
 */
import { Catalogue } from '../sandbox/catalogue';
import { sandboxStats } from '../sandbox/index';
import { createStandardsService } from '../src/core/service/standardsService';
import { hasType, SECTION_TYPES, serviceOptionsFrom } from '../src/core/service/index';
import { startChildSandbox } from './childSandbox';
import { record } from './results';

// Small enough that the bodies opened (tens of MB, the sandbox's multi-megabyte annexes included) overflow it.
const CACHE_MB = 16;
const STANDARDS = 3000;
const SEED = 1;

function heap(): number {
  global.gc?.();
  global.gc?.();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
}

async function main(): Promise<void> {
  // In its own process: the client's heap must not hold the server's body cache.
  const child = await startChildSandbox(['--standards', String(STANDARDS), '--seed', String(SEED)]);
  const sandbox = child.info;
  const stats = () => sandboxStats(child.control);
  try {
    // 1 000 calls at once on a fresh service: one token request, shared.
    const fresh = createStandardsService(serviceOptionsFrom(sandbox));
    const before = await stats();
    await Promise.all(Array.from({ length: 1000 }, (_, i) => fresh.listStandards({ limit: 1, offset: i })));
    const tokens = (await stats()).tokenRequests - before.tokenRequests;
    console.log(`token requests for 1 000 parallel calls: ${tokens}`);

    // A clause opened again: answered from memory.
    const { items } = await fresh.listStandards({ limit: 1000, offset: 0 });
    const clauses = await fresh.listClauses(items[0].urn);
    await fresh.getClause(items[0].urn, clauses[0].clauseId);
    const requestsBefore = (await stats()).requests.getClause;
    await fresh.getClause(items[0].urn, clauses[0].clauseId);
    const reopen = (await stats()).requests.getClause - requestsBefore;
    console.log(`requests to open a clause again: ${reopen}`);

    // 1 000 clauses: the multi-megabyte annexes of the 3 000 standards (the sandbox's own catalogue, same seed,
    // says which: about one standard in 500 has one of 2–7 MB), then the first clauses of the others.
    const catalogue = new Catalogue(SEED, STANDARDS);
    const huge = catalogue.standards.flatMap((s) =>
      catalogue
        .clauses(s)
        .filter((c) => c.hugeBytes)
        .map((c) => ({ urn: s.urn, clauseId: c.uuid })),
    );
    const others: Array<{ urn: string; clauseId: string }> = [];
    for (const standard of items.slice(0, 200)) {
      for (const clause of await fresh.listClauses(standard.urn))
        if (!hasType(clause, SECTION_TYPES.Annex.type)) others.push({ urn: standard.urn, clauseId: clause.clauseId });
    }
    const targets = [...huge, ...others].slice(0, 1000);
    let opened = 0;
    const measure = async (cacheMaxBytes: number): Promise<number> => {
      const service = createStandardsService({ ...serviceOptionsFrom(sandbox), cacheMaxBytes });
      const start = heap();
      opened = 0;
      for (let i = 0; i < targets.length; i += 8) {
        const bodies = await Promise.all(targets.slice(i, i + 8).map((t) => service.getClause(t.urn, t.clauseId)));
        for (const body of bodies) opened += JSON.stringify(body).length;
      }
      const growth = heap() - start;
      service.dispose();
      return growth;
    };
    const ours = await measure(CACHE_MB * 1024 * 1024);
    const baseline = await measure(0);
    const ratio = ours / (CACHE_MB * 1024 * 1024);
    console.log(
      `heap growth after ${targets.length} clauses (${(opened / 1e6).toFixed(0)} MB of JSON) with a ${CACHE_MB} MB memory cache: ${(ours / 1e6).toFixed(0)} MB = ${ratio.toFixed(2)}× the setting (no cache: ${(baseline / 1e6).toFixed(0)} MB)${global.gc ? '' : ' — run with --expose-gc for exact figures'}`,
    );

    record({
      tokenRequestsPer1000: { what: 'token requests for 1 000 parallel calls', unit: 'requests', ours: tokens, baseline: 1000, baselineWhat: 'one per call' },
      reopenRequests: { what: 'requests to open a clause again', unit: 'requests', ours: reopen, baseline: 1, baselineWhat: 'no cache' },
      heapGrowthRatio: {
        what: `heap growth after ${targets.length} clauses / cacheSizeMB (${CACHE_MB})`,
        unit: '×',
        ours: ratio,
        baseline: baseline / (CACHE_MB * 1024 * 1024),
        baselineWhat: 'memory cache off',
      },
    });
  } finally {
    child.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
