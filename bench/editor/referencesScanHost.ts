/**
 * The in-editor half of bench/referencesScan.ts, loaded by VS Code's extension host (extensionTestsPath): signs in
 * to the sandbox the bench started, builds the catalogue index, then measures
 *  - the References view's scan of the workspace (the "Find References in Workspace" command) and the view's
 *    first draw (its first level as the tree asks for it: every citation resolved and counted by standard) and the
 *    opening of the most cited standard (its clauses grouped), while sampling how responsive the extension host
 *    stays: the longest event-loop delay, and the round trip of a command through the workbench and back every 50 ms;
 *  - the same samples with nothing running, as the baseline: a window of 3 s before each round;
 *  - one scan and first draw more with the host profiled, and three computations of the coverage more: what held it
 *    in its longest delays (our code, the garbage collector, VS Code's own code, a core not free), and the longest
 *    our code held it in one (hostAttribution.ts);
 *  - a hover from cache (everything fetched by earlier hovers) next to a hover where nothing is cited, and our
 *    hover provider alone;
 *  - the coverage of one cited standard of $SE_BENCH_COVERAGE's length (the Coverage view: its clause list and annex
 *    bodies fetched the first time, then computed again from the scanned workspace), with the host's longest delay.
 * Writes the figures as JSON to $SE_BENCH_OUT. Asserts nothing.
 */
import { threadSchedule } from '../threadCpu';
import * as fs from 'node:fs';
import { PerformanceObserver, monitorEventLoopDelay, type PerformanceEntry } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { StandardsExplorerApi } from '../../src/extension/activate';
import { longestBlock } from '../longestBlock';
import { attributed, type Attribution } from './hostAttribution';

export interface ScanFigures {
  files: number;
  /** One figure per round. */
  scanMs: number[];
  firstDrawMs: number;
  /** Opening the most cited standard after each first draw: its clauses grouped, as the tree asks for them. */
  openMs: number;
  references: number;
  /** VS Code's file search alone (findFiles with the view's glob), after the scans: the part of a scan that is not ours (median). */
  findFilesMs: number;
  /** The same samples while that search ran alone, once per round. */
  listing: Responsiveness;
  /** The same files read (stat, then read) through vscode.workspace.fs, and through Node's fs, in batches of 16. */
  readVscodeMs: number;
  readNodeMs: number;
  scan: Responsiveness;
  /** The scan's samples by phase: while the scan command ran, and while the view's first level was drawn. */
  scanPhases: { command: Responsiveness; firstDraw: Responsiveness; open: Responsiveness };
  idle: Responsiveness;
  hoverFromCacheMs: number;
  hoverNothingMs: number;
  /** The hover provider alone, called directly (no round trip through the workbench). */
  hoverProviderMs: number;
  hoverRounds: number;
  coverage: CoverageFigures;
  /** A scan and first draw more, the host profiled: what held it in its longest delays (hostAttribution.ts). */
  attribution: Attribution;
  /** The same for the coverage computed again three times more. */
  coverageAttribution: Attribution;
}

export interface CoverageFigures {
  reference: string;
  clauses: number;
  addressed: number;
  /** The first computation: the clause list and the annexes' bodies fetched, the workspace's citations resolved. */
  firstMs: number;
  /** Computed again (what a changed file costs), one figure per round. */
  againMs: number[];
  /** Longest event-loop delay of the first computation (an annex body may be megabytes: issue 32), and of the others. */
  firstMaxLoopDelayMs: number;
  maxLoopDelayMs: number;
}

export interface Responsiveness {
  /** Longest event-loop delay of the extension host (ms). */
  maxLoopDelayMs: number;
  /** Command round trips through the workbench: slowest and 95th percentile (ms), and how many were sampled. */
  maxRoundTripMs: number;
  p95RoundTripMs: number;
  samples: number;
  /** The longest garbage collection of the extension host's heap, and all of them together (ms): what of the delay is not our code's own. */
  longestGcMs: number;
  /** What the longest collection was: 'minor' (the young generation), 'major', 'incremental' or 'weak callbacks'. */
  longestGcKind: string;
  gcMs: number;
  /** The slowest round trips: how far into the sampled work each started (ms), and how long it took. */
  slowest?: Array<{ atMs: number; ms: number }>;
  /** The host's thread on a core, waiting for one, and the time sampled (ms; Linux's schedstat): how busy the host was. */
  ranMs?: number;
  waitedMs?: number;
  spanMs?: number;
}

/** Node's names for a collection's kind (perf_hooks' NODE_PERFORMANCE_GC_* flags). */
const GC_KINDS: Record<number, string> = { 1: 'minor', 4: 'major', 8: 'incremental', 16: 'weak callbacks' };

const HOVER_ROUNDS = 30;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Samples responsiveness while some work runs: the host's longest event-loop delay, its collections, and a command's
 * round trip through the workbench every 50 ms. `during` may be called several times (the samples add up), so the
 * idle baseline can be taken in windows between the measured rounds, under the same load of the machine.
 */
class Sampler {
  private readonly trips: number[] = [];
  /** Each trip's start, from the start of the `during` it was sampled in. */
  private readonly tripsAt: number[] = [];
  private maxLoopDelayMs = 0;
  private longestGcMs = 0;
  private longestGcKind = '';
  private gcMs = 0;
  private ranMs = 0;
  private waitedMs = 0;
  private spanMs = 0;

  async during<T>(work: () => Promise<T>): Promise<T> {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const gcs = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.duration > this.longestGcMs) {
          this.longestGcMs = entry.duration;
          this.longestGcKind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
        }
        this.gcMs += entry.duration;
      }
    });
    gcs.observe({ entryTypes: ['gc'] });
    let done = false;
    const began = performance.now();
    const pinger = (async () => {
      // One round trip at a time, 50 ms apart: a command the workbench runs (setContext) and answers.
      for (let i = 0; !done && i < 100_000; i++) {
        const started = performance.now();
        await vscode.commands.executeCommand('setContext', 'standardsExplorer.benchPing', i);
        this.trips.push(performance.now() - started);
        this.tripsAt.push(started - began);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const scheduleBefore = threadSchedule();
    const startedAt = performance.now();
    try {
      return await work();
    } finally {
      const scheduleAfter = threadSchedule();
      if (scheduleBefore && scheduleAfter) {
        this.ranMs += (scheduleAfter[0] - scheduleBefore[0]) / 1e6;
        this.waitedMs += (scheduleAfter[1] - scheduleBefore[1]) / 1e6;
      }
      this.spanMs += performance.now() - startedAt;
      done = true;
      await pinger;
      loop.disable();
      gcs.disconnect();
      this.maxLoopDelayMs = Math.max(this.maxLoopDelayMs, loop.max / 1e6);
    }
  }

  summary(): Responsiveness {
    const sorted = [...this.trips].sort((a, b) => a - b);
    return {
      maxLoopDelayMs: this.maxLoopDelayMs,
      maxRoundTripMs: sorted[sorted.length - 1] ?? 0,
      p95RoundTripMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      samples: sorted.length,
      slowest: this.trips
        .map((ms, i) => ({ atMs: this.tripsAt[i], ms }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5),
      longestGcMs: this.longestGcMs,
      longestGcKind: this.longestGcKind,
      gcMs: this.gcMs,
      ranMs: this.ranMs,
      waitedMs: this.waitedMs,
      spanMs: this.spanMs,
    };
  }
}

/**
 * `work`'s value, its time pushed onto `times`: the work alone, not the sampler's last wait of up to 50 ms for its
 * pinger (which the times of the scan, first draw and opening included until 2026-11-29).
 */
async function timedInto<T>(times: number[], work: () => Thenable<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  times.push(performance.now() - started);
  return value;
}

/** Median time of `work` over HOVER_ROUNDS rounds. */
async function timed(work: () => Thenable<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < HOVER_ROUNDS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** A hover as the editor asks for it: through the workbench, every hover provider of the document. */
function timedHovers(uri: vscode.Uri, position: vscode.Position): Promise<number> {
  return timed(() => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position));
}

export async function run(): Promise<void> {
  const out = process.env.SE_BENCH_OUT;
  const sandbox = JSON.parse(process.env.SE_BENCH_SANDBOX ?? '{}') as Record<string, string>;
  if (!out || !sandbox.baseUrl) throw new Error('run by bench/referencesScan.ts: SE_BENCH_OUT and SE_BENCH_SANDBOX are not set');
  const extension = vscode.extensions.getExtension<StandardsExplorerApi>('standards-explorer.standards-explorer');
  if (!extension) throw new Error('the extension is not loaded');
  const api = await extension.activate();
  // Sign In with a caller's arguments asks first (a modal the extension host cannot click): the bench agrees.
  api.confirmation.answerForTests(() => true);
  await vscode.commands.executeCommand('standardsExplorer.signIn', sandbox);
  await api.catalogue.get();

  const { references } = api.citations;
  // Several rounds (each reads every file again): a shared machine makes one figure a matter of luck.
  const rounds = Math.max(1, Number(process.env.SE_BENCH_ROUNDS ?? 1));
  const scans: number[] = [];
  const draws: number[] = [];
  const opens: number[] = [];
  let files = 0;
  let found = 0;
  // The idle baseline in a window of 3 s before each round, so it is sampled as often as the scans and under the
  // same load of the machine (one window before all rounds gave a p95 of some 60 samples, a matter of luck).
  const idle = new Sampler();
  const scan = new Sampler();
  // The same samples split by phase: the scan command, the first draw, and opening the most cited standard.
  const scanCommand = new Sampler();
  const firstDraw = new Sampler();
  const open = new Sampler();
  for (let round = 0; round < rounds; round++) {
    await idle.during(() => new Promise((resolve) => setTimeout(resolve, 3000)));
    await scan.during(async () => {
      files = (await scanCommand.during(() => timedInto(scans, () => vscode.commands.executeCommand<number>('standardsExplorer.scanReferences')))) ?? 0;
      // The view's first level as the tree asks for it: every citation resolved, counted by standard.
      const standards = await firstDraw.during(() => timedInto(draws, () => references.getChildren()));
      found = standards.reduce((sum, node) => sum + (node.kind === 'standard' ? node.group.count : 0), 0);
      // What a reader opens next: the most cited standard, its clauses grouped.
      const most = standards.reduce((best, node) =>
        node.kind === 'standard' && (best?.kind !== 'standard' || node.group.count > best.group.count) ? node : best,
      );
      await open.during(() => timedInto(opens, () => references.getChildren(most)));
    });
  }
  // What held the host in its longest delays: a round of its own, as profiling slows the host a little.
  const root = `${vscode.Uri.file(extension.extensionPath).toString()}/`;
  const ours = (url: string): boolean => url.startsWith(root) && !url.startsWith(`${root}out/bench/`);
  const { attribution } = await attributed(async () => {
    await vscode.commands.executeCommand('standardsExplorer.scanReferences');
    const standards = await references.getChildren();
    await references.getChildren(standards[0]);
  }, ours);
  // Where the time goes: the same files read through VS Code's file API and through Node's, nothing recognised.
  const uris = await vscode.workspace.findFiles(references.include(), undefined, 20_000);
  const readAll = async (read: (uri: vscode.Uri) => Promise<unknown>): Promise<number> => {
    const t = performance.now();
    for (let from = 0; from < uris.length; from += 16) await Promise.all(uris.slice(from, from + 16).map(read));
    return performance.now() - t;
  };
  const readVscodeMs = await readAll(async (uri) => {
    await vscode.workspace.fs.stat(uri);
    return vscode.workspace.fs.readFile(uri);
  });
  const readNodeMs = await readAll(async (uri) => {
    await fs.promises.stat(uri.fsPath);
    return fs.promises.readFile(uri.fsPath);
  });
  // VS Code's own listing of the files, sampled like the scan: the scan starts with it, and nothing of ours runs.
  const listing = new Sampler();
  const listed: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await listing.during(async () => vscode.workspace.findFiles(references.include(), undefined, 20_000));
    listed.push(performance.now() - started);
  }

  // A hover from cache: a cited clause whose list and first paragraph earlier hovers fetched (one request each).
  const [file] = await vscode.workspace.findFiles('**/*.md', undefined, 1);
  const document = await vscode.workspace.openTextDocument(file);
  const line = document
    .getText()
    .split('\n')
    .findIndex((l) => l.includes('Required by'));
  const cited = new vscode.Position(line, document.lineAt(line).text.indexOf('Required by') + 14);
  const plain = new vscode.Position(line + 1, 4);
  for (let i = 0; i < 2; i++) await vscode.commands.executeCommand('vscode.executeHoverProvider', file, cited);
  const coverage = await coverageFigures(api, JSON.parse(process.env.SE_BENCH_COVERAGE ?? '{}') as { urn: string; reference: string }, rounds);
  const { attribution: coverageAttribution } = await attributed(async () => {
    for (let round = 0; round < 3; round++) await api.citations.coverage.refresh();
  }, ours);
  const figures: ScanFigures = {
    files,
    scanMs: scans,
    firstDrawMs: median(draws),
    openMs: median(opens),
    references: found,
    findFilesMs: median(listed),
    listing: listing.summary(),
    readVscodeMs,
    readNodeMs,
    scan: scan.summary(),
    scanPhases: { command: scanCommand.summary(), firstDraw: firstDraw.summary(), open: open.summary() },
    idle: idle.summary(),
    hoverFromCacheMs: await timedHovers(file, cited),
    hoverNothingMs: await timedHovers(file, plain),
    hoverProviderMs: await timed(() => api.citations.hovers.provideHover(document, cited, new vscode.CancellationTokenSource().token)),
    hoverRounds: HOVER_ROUNDS,
    coverage,
    attribution,
    coverageAttribution,
  };
  fs.writeFileSync(out, JSON.stringify(figures, null, 2));
}

/** The Coverage view's computation for `standard` over the workspace the scans read. */
async function coverageFigures(api: StandardsExplorerApi, standard: { urn: string; reference: string }, rounds: number): Promise<CoverageFigures> {
  if (!standard.urn) throw new Error('run by bench/referencesScan.ts: SE_BENCH_COVERAGE is not set');
  const { coverage } = api.citations;
  let started = performance.now();
  const { result: first, blockMs: firstMaxLoopDelayMs } = await longestBlock(() => coverage.show(standard));
  const firstMs = performance.now() - started;
  const againMs: number[] = [];
  const { blockMs } = await longestBlock(async () => {
    for (let round = 0; round < rounds; round++) {
      started = performance.now();
      await coverage.refresh();
      againMs.push(performance.now() - started);
    }
  });
  if (!first) throw new Error(`no coverage of ${standard.reference}`);
  return {
    reference: standard.reference,
    clauses: first.counts.total + first.informativeLeftOut,
    addressed: first.counts.addressed,
    firstMs,
    againMs,
    firstMaxLoopDelayMs,
    maxLoopDelayMs: blockMs,
  };
}
