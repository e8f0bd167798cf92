/**
 * Where the index build's CPU goes at 300 000 (issue 57): the service floor (pages read through the service and made
 * into entries), the bare floor (fetch and JSON.parse of the same pages), the segments prepared (what the worker
 * does), and the builder's own work on the main thread, each timed alone in this process. For the parts that page
 * the sandbox, each thread's CPU too: the main thread, the index worker and the rest (V8's helpers: the collector's
 * parallel work and the compiler), from /proc (Linux) — process.cpuUsage alone does not tell the worker's share from
 * the collector's. A tool for profiling (`node --cpu-prof out/bench/profileIndex.js [part]`), not a figure of
 * bench/results.json.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { Catalogue } from '../sandbox/catalogue';
import { IndexBuilder, SEGMENT_SIZE, type IndexEntry } from '../src/core/catalogue/catalogueIndex';
import { prepareSegment } from '../src/core/catalogue/segmentArrays';
import { buildCatalogueIndex } from '../src/core/catalogue/buildIndex';
import { entryOf } from '../src/core/catalogue/packedEntries';
import { recordStatus } from '../src/core/catalogue/standardFacts';
import { createStandardsService } from '../src/core/service/standardsService';
import { serviceOptionsFrom } from '../src/core/service/index';
import { startChildSandbox } from './childSandbox';
import { threadCpuMs } from './threadCpu';

const N = Number(process.env.SE_N ?? 300_000);
const part = process.argv[2] ?? 'all';
const PAGE = 1000;
const IN_FLIGHT = 6;

function cpu<T>(what: string, run: () => T): T {
  const before = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const used = process.cpuUsage(before);
  console.log(`${what}: ${(performance.now() - started).toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`);
  return value;
}

/** Linux's clock ticks a second as /proc reports them. */
const TICKS_PER_SECOND = 100;

/** CPU ms so far of each thread of this process, by thread id (empty where /proc does not say). */
function threadsCpu(): Map<string, number> {
  const used = new Map<string, number>();
  try {
    for (const id of readdirSync('/proc/self/task')) {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      used.set(id, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    }
  } catch {
    // Not Linux: process.cpuUsage only.
  }
  return used;
}

/** "main 1030, worker 720, helpers 450 ms": the busiest thread other than the main one is the index worker in a build. */
function threadsLine(before: Map<string, number>, after: Map<string, number>, build: boolean): string {
  if (after.size === 0) return '';
  let main = 0;
  const others: number[] = [];
  for (const [id, ms] of after) {
    const used = ms - (before.get(id) ?? 0);
    if (id === String(process.pid)) main = used;
    else others.push(used);
  }
  others.sort((a, b) => b - a);
  const worker = build ? (others.shift() ?? 0) : undefined;
  const helpers = others.reduce((sum, ms) => sum + ms, 0);
  return `; threads: main ${main.toFixed(0)}${worker === undefined ? '' : `, worker ${worker.toFixed(0)}`}, helpers ${helpers.toFixed(0)} ms`;
}

/** The catalogue's entries through JSON, as a build gets them: flat strings, where the catalogue's own are built up by concatenation. */
function catalogueEntries(): IndexEntry[] {
  const records = new Catalogue(1, N).standards.map((s, position) => ({ position, urn: s.urn, reference: s.reference, title: s.titleText, status: s.status }));
  return JSON.parse(JSON.stringify(records)) as IndexEntry[];
}

/** Every page of the catalogue, IN_FLIGHT at a time, each read by `read`. */
async function pages(read: (offset: number) => Promise<unknown>): Promise<void> {
  const offsets = Array.from({ length: Math.ceil(N / PAGE) }, (_, i) => i * PAGE);
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let offset = offsets.shift(); offset !== undefined; offset = offsets.shift()) await read(offset);
    }),
  );
}

async function main(): Promise<void> {
  // Made only for the parts that read them: the ones that page the sandbox would pay for a heap of 300 000 more.
  const entries = part === 'all' || part === 'prepare' || part === 'builder' ? catalogueEntries() : [];
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
      for (let at = 0; at < N; at += PAGE) builder.add(at, entries.slice(at, at + PAGE));
      await builder.finish();
      const used = process.cpuUsage(before);
      console.log(`builder in thread ${N}: ${(performance.now() - started).toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`);
    }
  if (part === 'all' || part === 'service' || part === 'build' || part === 'bare') {
    const sandbox = await startChildSandbox(['--standards', String(N), '--latency', '0']);
    try {
      const service = createStandardsService(serviceOptionsFrom(sandbox.info));
      const bearer = await service.accessToken();
      for (let round = 0; round < 3; round++) {
        const before = process.cpuUsage();
        const threadsBefore = threadsCpu();
        const mainBefore = threadCpuMs();
        const started = performance.now();
        if (part === 'build') await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: PAGE, concurrency: IN_FLIGHT });
        else if (part === 'bare')
          await pages(async (offset) => {
            const response = await fetch(`${sandbox.info.baseUrl}/v1/standards?limit=${PAGE}&offset=${offset}`, {
              headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/ld+json' },
            });
            return ((await response.json()) as { 'hydra:member': unknown[] })['hydra:member'].length;
          });
        else
          await pages(async (offset) => {
            const page = await service.listStandards({ limit: PAGE, offset });
            return page.items.map((s, i) => entryOf(offset + i, s.urn, s.reference, s.title, recordStatus(s)));
          });
        const used = process.cpuUsage(before);
        console.log(
          `${part} ${N}: ${(performance.now() - started).toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms (main thread ${(threadCpuMs() - mainBefore).toFixed(0)} ms)` +
            threadsLine(threadsBefore, threadsCpu(), part === 'build'),
        );
      }
    } finally {
      sandbox.stop();
    }
  }
}

void main().then(() => process.exit(0));
