/**
 * Find Standard figures. (1) Building the catalogue index of the sandbox's 30 000 standards through the service,
 * its size on disk and reading it back (recorded: indexReadBackMs). (2) Over 100 000+ real-shaped entries (the sandbox generator's 100 000 with
 * real ISO and IEC URN shapes, plus the real sample from shared/data when it is there): index build time and
 * memory, then the time per keystroke as a user types the queries of the issue, next to a baseline measured in the
 * same run (a plain substring scan of every entry, which cannot rank). Prints; asserts nothing.
 * Run: npm run compile && node out/bench/catalogue.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Catalogue } from '../sandbox/catalogue';
import { readCatalogueFile } from '../src/core/catalogue/catalogueFile';
import { startSandbox } from '../sandbox/index';
import { buildCatalogueIndex } from '../src/core/catalogue/buildIndex';
import { CatalogueIndex, type IndexEntry } from '../src/core/catalogue/catalogueIndex';
import { createStandardsService } from '../src/core/service/standardsService';
import { serviceOptionsFrom } from '../src/core/service/index';
import { CatalogueOrganiser } from '../src/core/arrangement/catalogueGrouping';
import { QUERIES, substringScan } from './queries';
import { record, spread } from './results';
import { threadCpuMs } from './threadCpu';

const REAL_SAMPLE = path.resolve(__dirname, '../../../shared/data/real-catalogue-sample.jsonl.gz');

async function throughService(): Promise<void> {
  const sandbox = await startSandbox({});
  try {
    const service = createStandardsService(serviceOptionsFrom(sandbox));
    const started = performance.now();
    const index = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 1000 });
    console.log(`sandbox catalogue: index of ${index.size} standards built through the service in ${Math.round(performance.now() - started)} ms`);
    readBack(index, sandbox.baseUrl);
  } finally {
    await sandbox.close();
  }
}

/**
 * The stored index read back as the extension reads it (the file's bytes from disk, then `fromFile`), over 7 rounds,
 * next to building it again from its entries in the same run (what reading it back saves).
 */
function readBack(index: CatalogueIndex, baseUrl: string): void {
  const file = path.join(os.tmpdir(), `se-index-${process.pid}.index`);
  fs.writeFileSync(file, index.toFile(baseUrl));
  try {
    const reads: number[] = [];
    const builds: number[] = [];
    // The entries as objects, made before the clock starts: building again starts from them.
    const entries = Array.from(index.entries) as IndexEntry[];
    for (let round = 0; round < 7; round++) {
      let started = performance.now();
      const restored = CatalogueIndex.fromFile(fs.readFileSync(file), baseUrl);
      reads.push(performance.now() - started);
      if (restored?.size !== index.size) throw new Error(`read back ${restored?.size} of ${index.size}`);
      started = performance.now();
      CatalogueIndex.of(entries);
      builds.push(performance.now() - started);
    }
    const r = spread(reads);
    const b = spread(builds);
    console.log(
      `  stored ${(fs.statSync(file).size / 1e6).toFixed(2)} MB, read back in ${r.median.toFixed(0)} ms (${r.min.toFixed(0)}–${r.max.toFixed(0)}; built again from its entries: ${b.median.toFixed(0)} ms)`,
    );
    record({
      indexReadBackMs: {
        what: `stored index of ${index.size} read back from disk`,
        unit: 'ms',
        ours: r.median,
        min: r.min,
        max: r.max,
        rounds: 7,
        baseline: b.median,
        baselineWhat: 'built again from its entries',
        ratio: r.median / b.median,
      },
    });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

function realShapedEntries(): IndexEntry[] {
  const generated = new Catalogue(7, 100_000).standards.map((s) => ({ urn: s.urn, reference: s.reference, title: s.titleText, status: s.status }));
  const real = fs.existsSync(REAL_SAMPLE) ? readCatalogueFile(REAL_SAMPLE) : [];
  if (real.length === 0) console.log(`  (the real sample is not at ${REAL_SAMPLE}: generated entries only)`);
  return [...real, ...generated].map((r, position) => ({ position, ...r }));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms, worst ${sorted[sorted.length - 1].toFixed(2)} ms`;
}

function keystrokes(entries: IndexEntry[]): void {
  global.gc?.();
  const held = (): number => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const heapBefore = held();
  let started = performance.now();
  const index = CatalogueIndex.of(entries);
  const buildMs = performance.now() - started;
  global.gc?.();
  const heapMb = (held() - heapBefore) / 1e6;
  const stored = index.toFile('bench');
  started = performance.now();
  CatalogueIndex.fromFile(stored, 'bench');
  const readMs = performance.now() - started;
  console.log(
    `\n${entries.length} real-shaped entries: index built in ${Math.round(buildMs)} ms (${global.gc ? `${heapMb.toFixed(0)} MB held` : 'run with --expose-gc for the memory it holds'}), stored ${(stored.length / 1e6).toFixed(1)} MB, read back and rebuilt in ${Math.round(readMs)} ms`,
  );

  const haystacks = entries.map((e) => `${e.reference ?? ''} ${e.title}`.toLowerCase());
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of QUERIES) {
      for (let i = 1; i <= query.length; i++) {
        const typed = query.slice(0, i);
        let t = performance.now();
        index.search(typed, 200);
        ours.push(performance.now() - t);
        t = performance.now();
        substringScan(haystacks, typed, 200);
        baseline.push(performance.now() - t);
      }
    }
  }
  console.log(`per keystroke over ${ours.length} keystrokes (the issue's ${QUERIES.length} queries typed 3 times):`);
  console.log(`  Find Standard (ranked):   ${summary(ours)}`);
  console.log(`  baseline substring scan:  ${summary(baseline)} (unranked, stops at 200 hits)`);
  for (const query of QUERIES) {
    const [best] = index.search(query, 1);
    console.log(`  "${query}" → ${best?.reference ?? '(nothing)'}`);
  }
}

/**
 * The Standards view's organised catalogue over `entries`: fields, sort and filter in slices, timed whole and by
 * its longest slice (what the extension host is held for at once), next to the baseline measured in the same run:
 * one plain synchronous sort of the records by reference, which holds the host for all of its time. A slice is
 * measured as the thread's own time on a core (the clock less the kernel's account of its waits for a core:
 * bench/threadCpu.ts) as well as on the clock: on a machine shared with other work, the clock also counts the time the
 * thread waited for a core, which holds nothing. (Until 2026-11-27 it was the process's CPU, which counts the
 * collector's helper threads too, in ticks of a few milliseconds: 21 ms for a slice of 10 ms on the clock.)
 */
async function organised(label: string, entries: IndexEntry[]): Promise<void> {
  let longestWall = 0;
  let longestCpu = 0;
  let wallSince = performance.now();
  let cpuSince = threadCpuMs();
  const endSlice = (): void => {
    longestCpu = Math.max(longestCpu, threadCpuMs() - cpuSince);
    longestWall = Math.max(longestWall, performance.now() - wallSince);
  };
  const startSlice = (): void => {
    wallSince = performance.now();
    cpuSince = threadCpuMs();
  };
  const pause = async (): Promise<void> => {
    endSlice();
    await new Promise((resolve) => setImmediate(resolve));
    startSlice();
  };
  // Over a finished index, its entries packed (packedEntries.ts) and each segment's order fields made by its build.
  const organiser = new CatalogueOrganiser(CatalogueIndex.of(entries).packed(), pause);
  let started = performance.now();
  startSlice();
  const byPublisher = await organiser.arrange({ grouping: 'publisher', hideWithdrawn: true });
  endSlice();
  const firstMs = performance.now() - started;
  started = performance.now();
  startSlice();
  await organiser.arrange({ grouping: 'numberRange', hideWithdrawn: false });
  endSlice();
  const switchMs = performance.now() - started;
  const collator = new Intl.Collator('en', { numeric: true });
  started = performance.now();
  const cpuBefore = threadCpuMs();
  entries.slice().sort((a, b) => collator.compare(a.reference ?? '', b.reference ?? ''));
  const baselineCpuMs = threadCpuMs() - cpuBefore;
  const baselineMs = performance.now() - started;
  console.log(
    `organised catalogue of ${entries.length} (${label}): grouped by publisher, withdrawn hidden in ${Math.round(firstMs)} ms (${byPublisher.topGroups().length} publishers, ${byPublisher.hidden} hidden), regrouped by number range in ${Math.round(switchMs)} ms`,
  );
  console.log(
    `  longest hold of the host: ${longestCpu.toFixed(1)} ms CPU (${longestWall.toFixed(1)} ms on the clock); baseline, one synchronous sort by reference: ${Math.round(baselineCpuMs)} ms CPU (${Math.round(baselineMs)} ms on the clock), all of it one hold`,
  );
  const key = entries.length >= 300_000 ? '300k' : '30k';
  record({
    [`organiseLongestHoldCpuMs${key}`]: {
      what: `organised catalogue of ${entries.length}: longest hold of the extension host (its thread's time on a core)`,
      unit: 'ms',
      ours: longestCpu,
      baseline: baselineCpuMs,
      baselineWhat: 'one synchronous sort by reference (holds the host throughout)',
      ratio: longestCpu / baselineCpuMs,
    },
    [`organiseTotalMs${key}`]: {
      what: `organised catalogue of ${entries.length}: grouped by publisher, withdrawn hidden, first time`,
      unit: 'ms',
      ours: firstMs,
    },
  });
}

async function main(): Promise<void> {
  await throughService();
  const real = realShapedEntries();
  keystrokes(real);
  const sandbox30k = new Catalogue(1, 30_000).standards.map((s, position) => ({
    position,
    urn: s.urn,
    reference: s.reference,
    title: s.titleText,
    status: s.status,
  }));
  await organised('the sandbox catalogue', sandbox30k);
  const more = new Catalogue(9, 300_000 - real.length).standards.map((s) => ({ urn: s.urn, reference: s.reference, title: s.titleText, status: s.status }));
  await organised('real-shaped', [...real, ...more.map((e, i) => ({ ...e, position: real.length + i }))]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
