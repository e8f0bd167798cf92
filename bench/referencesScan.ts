/**
 * The References view's workspace scan measured in a real VS Code (code-server, the integration harness): a
 * temporary workspace of 5 000 files (200 lines each, a citation every ten lines, look-alikes in between) citing
 * standards of a sandbox catalogue, the sandbox started here, and bench/editor/referencesScanHost.ts run inside the
 * extension host (the scan, the view's first draw and the opening of its most cited standard, the host's
 * responsiveness during the scan next to idle, hovers from cache, the coverage of a cited standard of 300 clauses),
 * three rounds. Baselines, in the same run: the same files read and recognised in plain Node; for the coverage, the
 * scan itself. Records the figures in bench/results.json; asserts nothing. `--quick`: 300 files, nothing recorded
 * (the smoke size).
 * Run: npm run compile && node esbuild.js && node out/bench/referencesScan.js [--quick]
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Catalogue } from '../sandbox/catalogue';
import { startSandbox } from '../sandbox/index';
import { runInWorkbench } from '../test/harness/workbenchRun';
import { REPO } from '../test/harness/tools';
import { scanInNode, writeWorkspace } from './citationFiles';
import type { Responsiveness, ScanFigures } from './editor/referencesScanHost';
import type { AttributedGap } from './editor/hostAttribution';
import { record, spread } from './results';

const QUICK = process.argv.includes('--quick');
const FILES = QUICK ? 300 : 5000;
const STANDARDS = 3000;
const ROUNDS = QUICK ? 1 : 3;
/** The Coverage view's standard: one the workspace cites, with a clause list this long. */
const COVERAGE_CLAUSES = 300;

async function main(): Promise<number> {
  const cited = new Catalogue(3, STANDARDS).standards.filter((_, i) => i % 20 === 0 && _.reference);
  const covered = cited[0];
  const sandbox = await startSandbox({ standards: STANDARDS, seed: 3, clauseCounts: { [covered.urn]: COVERAGE_CLAUSES } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'references-scan-'));
  const workspace = path.join(dir, 'workspace');
  const out = path.join(dir, 'figures.json');
  try {
    // What the sandbox lists, one reference in 20: a few hundred standards, each cited many times.
    const references = cited.map((s) => s.reference);
    const files = writeWorkspace(workspace, references, FILES);
    const nodeTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) nodeTimes.push((await scanInNode(files)).ms);
    const node = spread(nodeTimes);
    console.log(`node: ${FILES} files read and recognised in ${Math.round(node.median)} ms (median of ${ROUNDS})`);

    const code = await runInWorkbench({
      testsPath: path.join(REPO, 'out', 'bench', 'editor', 'referencesScanHost.js'),
      workspace,
      env: {
        SE_BENCH_OUT: out,
        SE_BENCH_ROUNDS: String(ROUNDS),
        SE_BENCH_COVERAGE: JSON.stringify({ urn: covered.urn, reference: covered.reference }),
        SE_BENCH_SANDBOX: JSON.stringify({
          clientId: sandbox.clientId,
          clientSecret: sandbox.clientSecret,
          baseUrl: sandbox.baseUrl,
          tokenUrl: sandbox.tokenUrl,
        }),
      },
      timeLimitMs: 10 * 60_000,
      what: 'references scan bench',
    });
    if (code !== 0 || !fs.existsSync(out)) {
      console.error('the in-editor half did not finish: no figures');
      return 1;
    }
    const f = JSON.parse(fs.readFileSync(out, 'utf8')) as ScanFigures;
    const scan = spread(f.scanMs);
    console.log(
      [
        `editor: ${f.files} files scanned in ${Math.round(scan.median)} ms (median of ${f.scanMs.length}: ${f.scanMs.map(Math.round).join(', ')}; VS Code's findFiles alone: ${Math.round(f.findFilesMs)} ms), ${f.references} references resolved and counted for the first draw in ${Math.round(f.firstDrawMs)} ms, the most cited standard opened in ${Math.round(f.openMs)} ms`,
        `  reading alone, in the extension host: ${Math.round(f.readVscodeMs)} ms through vscode.workspace.fs, ${Math.round(f.readNodeMs)} ms through Node's fs`,
        `  extension host during the scan: longest event-loop delay ${f.scan.maxLoopDelayMs.toFixed(0)} ms, command round trip p95 ${f.scan.p95RoundTripMs.toFixed(1)} ms, max ${f.scan.maxRoundTripMs.toFixed(1)} ms (${f.scan.samples} samples); garbage collection: longest ${f.scan.longestGcMs.toFixed(0)} ms (${f.scan.longestGcKind}), ${f.scan.gcMs.toFixed(0)} ms in all`,
        `    by phase: the scan command ${phaseText(f.scanPhases.command)}; the first draw ${phaseText(f.scanPhases.firstDraw)}; the opening ${phaseText(f.scanPhases.open)}`,
        `  what held the host in a profiled scan and first draw, longest delays first: ${f.attribution.longest.map(gapText).join('; ')}; the most our code held it in one: ${f.attribution.longestOursMs.toFixed(1)} ms${f.attribution.longestOurs ? ` (in ${gapText(f.attribution.longestOurs)})` : ''}`,
        `  VS Code's findFiles alone, once a round, nothing of ours running: ${phaseText(f.listing)}`,
        `  idle, for comparison: longest delay ${f.idle.maxLoopDelayMs.toFixed(0)} ms, round trip p95 ${f.idle.p95RoundTripMs.toFixed(1)} ms, max ${f.idle.maxRoundTripMs.toFixed(1)} ms (${f.idle.samples} samples); garbage collection: longest ${f.idle.longestGcMs.toFixed(0)} ms (${f.idle.longestGcKind}), ${f.idle.gcMs.toFixed(0)} ms in all`,
        `  coverage of ${f.coverage.reference} (${f.coverage.clauses} clauses, ${f.coverage.addressed} addressed): first ${Math.round(f.coverage.firstMs)} ms (its clause list and annexes fetched), again ${f.coverage.againMs.map(Math.round).join(', ')} ms; longest host delay ${f.coverage.maxLoopDelayMs.toFixed(0)} ms (the first time ${f.coverage.firstMaxLoopDelayMs.toFixed(0)} ms)`,
        `  what held the host while the coverage was computed again (3 times, profiled): ${f.coverageAttribution.longest.map(gapText).join('; ')}; the most our code held it in one: ${f.coverageAttribution.longestOursMs.toFixed(1)} ms${f.coverageAttribution.longestOurs ? ` (in ${gapText(f.coverageAttribution.longestOurs)})` : ''}`,
        `  hover from cache: median ${f.hoverFromCacheMs.toFixed(1)} ms over ${f.hoverRounds} (where nothing is cited: ${f.hoverNothingMs.toFixed(1)} ms; our provider alone ${f.hoverProviderMs.toFixed(2)} ms)`,
      ].join('\n'),
    );
    record({
      referencesScanMs5000: {
        what: `References view scan of ${f.files} files in VS Code (code-server)`,
        unit: 'ms',
        ours: scan.median,
        min: scan.min,
        max: scan.max,
        rounds: f.scanMs.length,
        baseline: node.median,
        baselineWhat: 'the same files read and recognised in plain Node',
        ratio: scan.median / node.median,
      },
      referencesFirstDrawMs5000: {
        what: `References view first draw: ${f.references} references resolved and counted by standard`,
        unit: 'ms',
        ours: f.firstDrawMs,
      },
      referencesOpenMs5000: {
        what: 'References view: the most cited standard opened after the first draw (its clauses grouped)',
        unit: 'ms',
        ours: f.openMs,
      },
      referencesScanMaxHostDelayMs: {
        what: 'longest extension-host event-loop delay during those scans, their first draws and openings',
        unit: 'ms',
        ours: f.scan.maxLoopDelayMs,
        baseline: f.idle.maxLoopDelayMs,
        baselineWhat: 'idle, 3 s before each round',
        ratio: f.scan.maxLoopDelayMs / Math.max(1, f.idle.maxLoopDelayMs),
      },
      referencesScanLongestOursMs: {
        what: 'the most our code held the extension host in one delay, in a profiled scan and first draw',
        unit: 'ms',
        ours: f.attribution.longestOursMs,
        baseline: f.attribution.longest[0]?.ms ?? 0,
        baselineWhat: "that round's longest delay, whatever held it",
      },
      referencesScanRoundTripP95Ms: {
        what: 'command round trip through the workbench during those scans, their first draws and openings, p95',
        unit: 'ms',
        ours: f.scan.p95RoundTripMs,
        rounds: f.scan.samples,
        baseline: f.idle.p95RoundTripMs,
        baselineWhat: 'idle, 3 s before each round',
        ratio: f.scan.p95RoundTripMs / Math.max(0.1, f.idle.p95RoundTripMs),
      },
      referencesScanRoundTripMaxMs: {
        what: 'command round trip through the workbench during those scans, their first draws and openings, slowest',
        unit: 'ms',
        ours: f.scan.maxRoundTripMs,
        baseline: f.idle.maxRoundTripMs,
        baselineWhat: 'idle, 3 s before each round',
        ratio: f.scan.maxRoundTripMs / Math.max(0.1, f.idle.maxRoundTripMs),
      },
      findFilesRoundTripMaxMs: {
        what: "command round trip through the workbench while VS Code's findFiles lists the same files alone (how a scan starts), slowest",
        unit: 'ms',
        ours: f.listing.maxRoundTripMs,
        rounds: f.listing.samples,
        baseline: f.idle.maxRoundTripMs,
        baselineWhat: 'idle, 3 s before each round',
        ratio: f.listing.maxRoundTripMs / Math.max(0.1, f.idle.maxRoundTripMs),
      },
      coverageMs300: {
        what: `Coverage view of a cited standard of ${f.coverage.clauses} clauses over those ${f.files} files, computed again (median)`,
        unit: 'ms',
        ours: spread(f.coverage.againMs).median,
        rounds: f.coverage.againMs.length,
        baseline: scan.median,
        baselineWhat: 'the References view scan alone',
        ratio: spread(f.coverage.againMs).median / scan.median,
      },
      coverageLongestOursMs: {
        what: 'the most our code held the extension host in one delay while the coverage was computed again (profiled)',
        unit: 'ms',
        ours: f.coverageAttribution.longestOursMs,
        baseline: f.coverageAttribution.longest[0]?.ms ?? 0,
        baselineWhat: 'the longest delay of those computations, whatever held it',
      },
      coverageFirstMs300: {
        what: 'the same coverage the first time (its clause list and annex bodies fetched)',
        unit: 'ms',
        ours: f.coverage.firstMs,
        baseline: scan.median,
        baselineWhat: 'the References view scan alone',
        ratio: f.coverage.firstMs / scan.median,
      },
      coverageMaxHostDelayMs: {
        what: 'longest extension-host event-loop delay while the coverage is computed again',
        unit: 'ms',
        ours: f.coverage.maxLoopDelayMs,
        baseline: f.idle.maxLoopDelayMs,
        baselineWhat: 'idle, 3 s before each round of the scan',
        ratio: f.coverage.maxLoopDelayMs / Math.max(1, f.idle.maxLoopDelayMs),
      },
      hoverFromCacheMs: {
        what: 'hover on a cited clause from cache, in VS Code (median)',
        unit: 'ms',
        ours: f.hoverFromCacheMs,
        rounds: f.hoverRounds,
        baseline: f.hoverNothingMs,
        baselineWhat: 'hover where nothing is cited',
        ratio: f.hoverFromCacheMs / Math.max(0.1, f.hoverNothingMs),
      },
      hoverProviderFromCacheMs: {
        what: 'the same hover, our provider alone (called in the extension host, median)',
        unit: 'ms',
        ours: f.hoverProviderMs,
        rounds: f.hoverRounds,
      },
    });
    return 0;
  } finally {
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One phase's samples in a few words. */
function phaseText(r: Responsiveness): string {
  const busy = r.spanMs
    ? `; the host's thread ran ${(r.ranMs ?? 0).toFixed(0)} ms and waited for a core ${(r.waitedMs ?? 0).toFixed(0)} ms of ${r.spanMs.toFixed(0)}`
    : '';
  const slowest = r.slowest?.length ? ` (slowest ${r.slowest.map((t) => `${t.ms.toFixed(0)} ms at ${t.atMs.toFixed(0)}`).join(', ')})` : '';
  return `round trip p95 ${r.p95RoundTripMs.toFixed(1)} ms (${r.samples} samples${slowest}), longest delay ${r.maxLoopDelayMs.toFixed(0)} ms, collections ${r.gcMs.toFixed(0)} ms${busy}`;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error('references scan bench failed:', error instanceof Error ? error.message : error);
    process.exit(2);
  });

/** "41 ms at 2.8 s: ours 2 (groupingSteps citations.js:120), collector 22, VS Code 12, other 5; ran 39, waited for a core 2". */
function gapText(gap: AttributedGap): string {
  const { ours, gc, vscode, other } = gap.heldBy;
  const ms = (v: number): string => v.toFixed(0);
  const where = gap.oursMostIn ? ` (${gap.oursMostIn})` : '';
  const kernel = gap.ranMs === undefined || gap.waitedMs === undefined ? '' : `; ran ${ms(gap.ranMs)}, waited for a core ${ms(gap.waitedMs)}`;
  return `${ms(gap.ms)} ms at ${(gap.atMs / 1000).toFixed(1)} s: ours ${ms(ours)}${where}, collector ${ms(gc)}, VS Code ${ms(vscode)}, other ${ms(other)}${kernel}`;
}
