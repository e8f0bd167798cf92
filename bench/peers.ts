/**
 * Our catalogue index next to the search libraries a user would pick (issue 57, item 1): MiniSearch, FlexSearch,
 * uFuzzy and Orama (configured as bench/peerContenders.ts says), in one process, over the same records: the sandbox
 * generator's 30 000 and 300 000 and the whole real ISO + IEC catalogue (test/fixtures/real-catalogue, 103 772). For
 * each: build time and its CPU (process.cpuUsage: every thread), the heap and array buffers the built index holds
 * after a full collection (as bench/indexMemory.ts measures; the records themselves are held before and not counted),
 * search time per keystroke (every prefix of the issue's queries, bench/queries.ts, typed as Find Standard searches,
 * at most 200 results; p50 and p95 of 2 rounds, 1 where a round took over 30 s), and on the real catalogue the ranking tests' queries
 * (test/unit/realCatalogueQueries.ts): how often the expected answer is first, and in the first five.
 * Prints one markdown table per record set; records them under `peers` in bench/results.json (docs/performance.md's
 * Peers section is made from them by bench/table.ts); asserts nothing.
 * Run: npm run compile && node --expose-gc out/bench/peers.js [--quick]
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { IndexEntry } from '../src/core/catalogue/catalogueIndex';
import { factsOf } from '../src/core/catalogue/standardFacts';
import { realCatalogueEntries } from '../test/unit/realCatalogue';
import { NUMBER_QUERIES, SPLIT_NUMBERS, TOPIC_QUERIES, WITH_COMPANIONS, WITH_YEAR, designation, hits } from '../test/unit/realCatalogueQueries';
import { CONTENDERS, type Contender } from './peerContenders';
import { markdownTable, type PeerRow, type PeersResults, type PeerTable, type RankingScore } from './peerTable';
import { QUERIES } from './queries';
import { RESULTS_FILE } from './results';
import { sandboxEntries } from './sandboxEntries';

/** Results asked per keystroke, as Find Standard asks. */
const LIMIT = 200;

export interface RecordSet {
  name: string;
  entries: IndexEntry[];
  /** Judge the ranking queries over it (the real catalogue only: the answers are real records). */
  ranked: boolean;
}

/** A ranking query: what is typed, its group, and whether a record is an answer the tests accept. */
export interface RankingQuery {
  query: string;
  group: 'topic' | 'number';
  accepts(entry: IndexEntry): boolean;
}

const current = (e: IndexEntry): boolean => factsOf(e.urn, e.reference, e.status).current;

/**
 * The ranking tests' queries with the answers they expect: the topic queries (findStandardRanking.test.ts) and, as
 * number queries, its number queries and findStandardCurrentFirst.test.ts's split numbers, numbers with companions
 * and queries naming a year. Its current-topic list is left out: it expects no answer, only a current record.
 */
export function rankingQueries(): RankingQuery[] {
  return [
    ...TOPIC_QUERIES.map(([query, ...answers]): RankingQuery => ({ query, group: 'topic', accepts: (e) => hits(e.reference, answers) })),
    ...[...NUMBER_QUERIES, ...WITH_YEAR].map(([query, first]): RankingQuery => ({ query, group: 'number', accepts: (e) => e.reference === first })),
    ...[...SPLIT_NUMBERS, ...WITH_COMPANIONS].map(([query, wanted]): RankingQuery => ({
      query,
      group: 'number',
      accepts: (e) => designation(e.reference) === wanted && current(e),
    })),
  ];
}

function held(): number {
  global.gc?.();
  global.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** A second measured round of keystrokes only when the first took less: a slow contender at 300 000 took minutes a round. */
const SECOND_ROUND_UNDER_MS = 30_000;

/**
 * A contender's time cap on one record set, for its build and for its keystrokes each (SE_PEER_CAP_MS, default 20 s):
 * without it, Orama alone made the bench take half an hour (a keystroke at 300 000 took up to 37 s). A build predicted
 * to take longer (from the contender's build of the set before, by records) is skipped with a line saying so; typing
 * stops once the keystrokes have taken longer, and the row says how many were typed.
 */
export const CAP_MS = Number(process.env.SE_PEER_CAP_MS ?? 20_000);

interface Keystrokes {
  p50: number;
  p95: number;
  rounds: number;
  /** Keystrokes timed, and of how many a round has: fewer when the cap stopped the typing. */
  typed: number;
  of: number;
}

/**
 * p50 and p95 of `search` over `queries` typed key by key: the first query typed once to warm up, then every query
 * (one round, and a second when the first took less than SECOND_ROUND_UNDER_MS), the same for every contender; the
 * warm-up stops once it has taken `capMs`, and so do the timed rounds, after one keystroke at least.
 */
function perKeystroke(search: (typed: string) => unknown, queries: readonly string[], capMs = CAP_MS): Keystrokes {
  const of = queries.reduce((sum, q) => sum + q.length, 0);
  // The warm-up and the timed rounds have a cap each; the timed ones time one keystroke at least.
  const typeAll = (words: readonly string[], capFrom: number, times?: number[]): number => {
    const started = performance.now();
    for (const query of words) {
      for (let i = 1; i <= query.length; i++) {
        if (performance.now() - capFrom > capMs && (times === undefined || times.length > 0)) return performance.now() - started;
        const t = performance.now();
        search(query.slice(0, i));
        times?.push(performance.now() - t);
      }
    }
    return performance.now() - started;
  };
  typeAll(queries.slice(0, 1), performance.now());
  const times: number[] = [];
  const from = performance.now();
  const rounds = typeAll(queries, from, times) < SECOND_ROUND_UNDER_MS && times.length === of ? 2 : 1;
  const typed = times.length;
  if (rounds === 2) typeAll(queries, from, times);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), rounds, typed, of };
}

function score(search: (query: string, limit: number) => number[], entries: readonly IndexEntry[], queries: readonly RankingQuery[]): RankingScore {
  let first = 0;
  let top5 = 0;
  for (const q of queries) {
    const found = search(q.query, 5).map((position) => entries[position]);
    if (found[0] && q.accepts(found[0])) first++;
    if (found.some((e) => e && q.accepts(e))) top5++;
  }
  return { first, top5, of: queries.length };
}

/** One contender over one record set: built once (the heap of that build), then searched. */
async function measure(contender: Contender, set: RecordSet, queries: readonly string[], ranking: readonly RankingQuery[], capMs: number): Promise<PeerRow> {
  const before = held();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const index = await contender.build(set.entries);
  const buildMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const heapMB = (held() - before) / 1e6;
  const { p50, p95, rounds, typed, of } = perKeystroke((typed) => index.search(typed, LIMIT), queries, capMs);
  const row: PeerRow = {
    contender: contender.name,
    version: contender.version,
    buildMs,
    cpuMs: (used.user + used.system) / 1000,
    heapMB,
    p50Ms: p50,
    p95Ms: p95,
    keystrokeRounds: rounds,
    ...(typed < of ? { keystrokesTyped: typed, keystrokesOf: of } : {}),
  };
  if (set.ranked) {
    const search = index.search.bind(index);
    row.topic = score(
      search,
      set.entries,
      ranking.filter((q) => q.group === 'topic'),
    );
    row.number = score(
      search,
      set.entries,
      ranking.filter((q) => q.group === 'number'),
    );
  }
  return row;
}

/** Every contender over every set, one after the other in this process. */
export async function measurePeers(
  sets: readonly RecordSet[],
  options: {
    contenders?: readonly Contender[];
    queries?: readonly string[];
    ranking?: readonly RankingQuery[];
    log?: (line: string) => void;
    /** Called with the tables so far after each set: a run stopped later keeps what it measured. */
    onTable?: (tables: readonly PeerTable[]) => void;
    /** Each contender's time cap per set (CAP_MS). */
    capMs?: number;
  } = {},
): Promise<PeerTable[]> {
  const { contenders = CONTENDERS, queries = QUERIES, ranking = rankingQueries(), log = () => undefined, onTable, capMs = CAP_MS } = options;
  const tables: PeerTable[] = [];
  /** Each contender's last build: what its next is predicted from. */
  const lastBuild = new Map<string, { ms: number; records: number }>();
  for (const set of sets) {
    const rows: PeerRow[] = [];
    const skipped: string[] = [];
    for (const contender of contenders) {
      const last = lastBuild.get(contender.name);
      const predictedMs = last ? (last.ms * set.entries.length) / last.records : 0;
      if (predictedMs > capMs) {
        const line = `${contender.name}: not measured, its build predicted at ${(predictedMs / 1000).toFixed(0)} s (over the cap of ${(capMs / 1000).toFixed(0)} s; SE_PEER_CAP_MS raises it)`;
        log(`  ${set.name}: ${line}`);
        skipped.push(line);
        continue;
      }
      const row = await measure(contender, set, queries, ranking, capMs);
      lastBuild.set(contender.name, { ms: row.buildMs, records: set.entries.length });
      const stopped = row.keystrokesTyped === undefined ? '' : `; typing stopped at the cap after ${row.keystrokesTyped} of ${row.keystrokesOf} keystrokes`;
      log(`  ${set.name}: ${contender.name} built in ${row.buildMs.toFixed(0)} ms${stopped}`);
      rows.push(row);
    }
    tables.push({ set: set.name, records: set.entries.length, rows, ...(skipped.length ? { skipped } : {}) });
    onTable?.(tables);
  }
  return tables;
}

function recordPeers(results: PeersResults): void {
  const file = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>;
  file.peers = results;
  file.searchPeers = searchPeers(results);
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(file, (_key, value: unknown) => (typeof value === 'number' ? Math.round(value * 100) / 100 : value), 2)}\n`);
}

/**
 * `searchPeers` in bench/results.json: each library's figures over the real catalogue (the set the ranking queries
 * are judged on) in one object per library — build ms, heap MB, keystroke p95 ms, #1 and top-5 of the topic and
 * number queries — and its build ms and keystroke p95 at 300 000 where it was measured there.
 */
export function searchPeers(results: PeersResults): Record<string, unknown> {
  const real = results.tables.find((t) => t.rows.some((r) => r.topic));
  const large = results.tables.find((t) => t.records >= 300_000);
  const libraries: Record<string, unknown> = {};
  for (const row of real?.rows ?? []) {
    const at300k = large?.rows.find((r) => r.contender === row.contender);
    libraries[row.contender] = {
      version: row.version,
      buildMs: row.buildMs,
      buildCpuMs: row.cpuMs,
      heapMB: row.heapMB,
      p95Ms: row.p95Ms,
      topicFirst: row.topic?.first,
      topicTop5: row.topic?.top5,
      numberFirst: row.number?.first,
      numberTop5: row.number?.top5,
      ...(at300k ? { buildMs300k: at300k.buildMs, p95Ms300k: at300k.p95Ms } : { at300k: 'not measured (over the time cap)' }),
    };
  }
  return {
    what: `each library over ${real?.set ?? 'the real catalogue'}: build, heap after a full collection, keystroke p95 (at most ${LIMIT} results), ranking on the ranking tests' queries (#1, top-5); and at 300 000 where measured`,
    date: results.date,
    load: results.load,
    topicQueries: real?.rows[0]?.topic?.of,
    numberQueries: real?.rows[0]?.number?.of,
    libraries,
  };
}

async function main(): Promise<number> {
  if (!global.gc) {
    console.error('run with --expose-gc: the heap an index holds is measured after a full collection');
    return 2;
  }
  const quick = process.argv.includes('--quick');
  const real = realCatalogueEntries();
  const sets: RecordSet[] = quick
    ? [
        { name: 'sandbox 3 000', entries: sandboxEntries(1, 3_000), ranked: false },
        { name: 'real catalogue, first 10 000', entries: real.slice(0, 10_000), ranked: true },
      ]
    : // 300 000 after 30 000: a build is predicted from the set before (CAP_MS), best from records of the same generator.
      [
        { name: `real catalogue ${real.length}`, entries: real, ranked: true },
        { name: 'sandbox 30 000', entries: sandboxEntries(1, 30_000), ranked: false },
        { name: 'sandbox 300 000', entries: sandboxEntries(1, 300_000), ranked: false },
      ];
  const load = os.loadavg()[0];
  const results = (tables: PeerTable[]): PeersResults => ({
    date: new Date().toISOString().slice(0, 10),
    cores: os.cpus().length,
    node: process.version,
    load: [load, os.loadavg()[0]],
    setups: Object.fromEntries(CONTENDERS.map((c) => [`${c.name} ${c.version}`, c.setup])),
    tables,
  });
  const tables = await measurePeers(sets, {
    log: (line) => console.log(line),
    onTable: (sofar) => {
      if (!quick) recordPeers(results([...sofar]));
    },
  });
  console.log(
    `\nPeers (issue 57): ${os.cpus().length} cores, Node ${process.version}, load ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}; keystrokes: every prefix of ${QUERIES.length} queries, at most ${LIMIT} results`,
  );
  for (const table of tables) console.log(`\n${table.set}:\n\n${markdownTable(table)}`);
  for (const c of CONTENDERS) console.log(`\n${c.name}: ${c.setup}`);
  return 0;
}

if (require.main === module)
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
