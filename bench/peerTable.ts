/**
 * The peer bench's figures (bench/peers.ts) as markdown: one table per record set with a row per contender, and what
 * each contender wins, worked out from the figures. Used by the bench to print and by bench/table.ts for the Peers
 * section of docs/performance.md. Imports no search library.
 */

/** How often the expected answer was first, and in the first five, of `of` queries. */
export interface RankingScore {
  first: number;
  top5: number;
  of: number;
}

export interface PeerRow {
  contender: string;
  version: string;
  buildMs: number;
  cpuMs: number;
  heapMB: number;
  p50Ms: number;
  p95Ms: number;
  /** Rounds of keystrokes p50 and p95 are of: 1 where a round took over 30 s. */
  keystrokeRounds?: number;
  /** Keystrokes timed of a round's, where the time cap stopped the typing (bench/peers.ts, CAP_MS). */
  keystrokesTyped?: number;
  keystrokesOf?: number;
  topic?: RankingScore;
  number?: RankingScore;
}

export interface PeerTable {
  set: string;
  records: number;
  rows: PeerRow[];
  /** Contenders not measured on this set, each with why (a build predicted over the time cap). */
  skipped?: string[];
}

function ms(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(0);
}

function rate(s: RankingScore | undefined, which: 'first' | 'top5'): string {
  return s ? `${s[which]}/${s.of}` : '';
}

/** One record set's table, in markdown: a row per contender. */
export function markdownTable(table: PeerTable): string {
  const ranked = table.rows.some((r) => r.topic);
  const head = ['contender', 'build ms', 'build CPU ms', 'heap MB', 'keystroke p50 ms', 'keystroke p95 ms'];
  if (ranked) head.push('topic #1', 'topic top-5', 'number #1', 'number top-5');
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const r of table.rows) {
    const oneRound =
      r.keystrokesTyped !== undefined ? ` (${r.keystrokesTyped} of ${r.keystrokesOf} keystrokes: time cap)` : r.keystrokeRounds === 1 ? ' (1 round)' : '';
    const cells = [`${r.contender} ${r.version}`, ms(r.buildMs), ms(r.cpuMs), r.heapMB.toFixed(1), ms(r.p50Ms), `${ms(r.p95Ms)}${oneRound}`];
    if (ranked) cells.push(rate(r.topic, 'first'), rate(r.topic, 'top5'), rate(r.number, 'first'), rate(r.number, 'top5'));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** What bench/results.json holds under `peers`. */
export interface PeersResults {
  date: string;
  cores: number;
  node: string;
  /** The machine's 1-minute load average before and after the run: how busy it was. */
  load: [number, number];
  setups: Record<string, string>;
  tables: PeerTable[];
}

type Measure = { label: string; value: (r: PeerRow) => number | undefined; better: 'less' | 'more' };

const MEASURES: readonly Measure[] = [
  { label: 'build time', value: (r) => r.buildMs, better: 'less' },
  { label: 'build CPU', value: (r) => r.cpuMs, better: 'less' },
  { label: 'heap', value: (r) => r.heapMB, better: 'less' },
  { label: 'keystroke p50', value: (r) => r.p50Ms, better: 'less' },
  { label: 'keystroke p95', value: (r) => r.p95Ms, better: 'less' },
  { label: 'topic #1', value: (r) => r.topic?.first, better: 'more' },
  { label: 'topic top-5', value: (r) => r.topic?.top5, better: 'more' },
  { label: 'number #1', value: (r) => r.number?.first, better: 'more' },
  { label: 'number top-5', value: (r) => r.number?.top5, better: 'more' },
];

/** "build time: uFuzzy; heap: ours, uFuzzy; …": who is best at each measure of `table` (ties named together). */
export function winners(table: PeerTable): string {
  const parts: string[] = [];
  for (const m of MEASURES) {
    const measured = table.rows.filter((r) => m.value(r) !== undefined);
    if (!measured.length) continue;
    const values = measured.map((r) => m.value(r)!);
    const best = m.better === 'less' ? Math.min(...values) : Math.max(...values);
    parts.push(
      `${m.label}: ${measured
        .filter((r) => m.value(r) === best)
        .map((r) => r.contender)
        .join(', ')}`,
    );
  }
  return parts.join('; ');
}

/** The Peers section of docs/performance.md: the run, each set's table and its winners, each contender's setup. */
export function peersSection(results: PeersResults): string {
  const lines = [
    `Measured ${results.date} on ${results.cores} cores, Node ${results.node}, in one process (bench/peers.ts), the machine's 1-minute load ${results.load[0].toFixed(1)} before and ${results.load[1].toFixed(1)} after: build times are wall time on a busy machine, its CPU is the steadier figure. Keystrokes: every prefix of the issue's queries (bench/queries.ts), at most 200 results, p50 and p95 of 2 rounds after typing the first query once (1 round where a round took over 30 s: marked); each contender has a time cap for its build and for its keystrokes on each set (bench/peers.ts, CAP_MS): typing stops at it (marked), and a build predicted over it is not run (said below its table). Heap: what the built index holds after a full collection, the records not counted. Ranking: the ranking tests' queries and answers (test/unit/realCatalogueQueries.ts), first and in the first five.`,
  ];
  for (const table of results.tables) {
    lines.push('', `**${table.set} records**`, '', markdownTable(table), '', `Best: ${winners(table)}.`);
    for (const line of table.skipped ?? []) lines.push('', `${line}.`);
  }
  lines.push('', 'Each contender as configured:', '', ...Object.entries(results.setups).map(([name, setup]) => `- ${name}: ${setup}`));
  return lines.join('\n');
}
