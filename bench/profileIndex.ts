/**
 * Where the index build's CPU goes at 300 000 (issue 57): the service floor (pages read through the service and made
 * into entries), the segments prepared (what the worker does), and the builder's own work on the main thread, each
 * timed alone in this process. A tool for profiling (`node --cpu-prof out/bench/profileIndex.js [part]`), not a figure
 * of bench/results.json.
 */
import { Catalogue } from '../sandbox/catalogue';
import { IndexBuilder, SEGMENT_SIZE, type IndexEntry } from '../src/core/catalogue/catalogueIndex';
import { prepareSegment } from '../src/core/catalogue/segmentArrays';
import { buildCatalogueIndex } from '../src/core/catalogue/buildIndex';
import { createStandardsService } from '../src/core/service/standardsService';
import { serviceOptionsFrom } from '../src/core/service/index';
import { startChildSandbox } from './childSandbox';
import { threadCpuMs } from './threadCpu';

const N = Number(process.env.SE_N ?? 300_000);
const part = process.argv[2] ?? 'all';

function cpu<T>(what: string, run: () => T): T {
  const before = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const used = process.cpuUsage(before);
  console.log(`${what}: ${(performance.now() - started).toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`);
  return value;
}

async function main(): Promise<void> {
  const entries: IndexEntry[] = new Catalogue(1, N).standards.map((s, position) => ({
    position,
    urn: s.urn,
    reference: s.reference,
    title: s.titleText,
    status: s.status,
  }));
  if (part === 'all' || part === 'prepare')
    for (let round = 0; round < 3; round++)
      cpu(`prepare ${N} in segments of ${SEGMENT_SIZE}`, () => {
        for (let at = 0; at < N; at += SEGMENT_SIZE) prepareSegment(entries.slice(at, at + SEGMENT_SIZE));
      });
  if (part === 'all' || part === 'builder')
    for (let round = 0; round < 3; round++) {
      const before = process.cpuUsage();
      const started = performance.now();
      const builder = new IndexBuilder();
      builder.expected = N;
      for (let at = 0; at < N; at += 1000) builder.add(at, entries.slice(at, at + 1000));
      await builder.finish();
      const used = process.cpuUsage(before);
      console.log(`builder in thread ${N}: ${(performance.now() - started).toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`);
    }
  if (part === 'all' || part === 'service' || part === 'build') {
    const sandbox = await startChildSandbox(['--standards', String(N), '--latency', '0']);
    try {
      const service = createStandardsService(serviceOptionsFrom(sandbox.info));
      await service.accessToken();
      for (let round = 0; round < 3; round++) {
        const before = process.cpuUsage();
        const mainBefore = threadCpuMs();
        const started = performance.now();
        if (part === 'build') await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 1000, concurrency: 6 });
        else {
          const offsets = Array.from({ length: N / 1000 }, (_, i) => i * 1000);
          await Promise.all(
            Array.from({ length: 6 }, async () => {
              for (let o = offsets.shift(); o !== undefined; o = offsets.shift()) await service.listStandards({ limit: 1000, offset: o });
            }),
          );
        }
        const used = process.cpuUsage(before);
        console.log(
          `${part} ${N}: ${(performance.now() - started).toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms (main thread ${(threadCpuMs() - mainBefore).toFixed(0)} ms)`,
        );
      }
    } finally {
      sandbox.stop();
    }
  }
}

void main().then(() => process.exit(0));
