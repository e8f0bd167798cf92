/**
 * `standards-explorer check` on the references workspace (bench/citationFiles.ts: 5 000 files of 200 lines, a
 * citation every ten lines) against a catalogue file of the sandbox's 3 000 standards: dist/cli.js run as a process,
 * warm (after one run that fills the file cache), seven rounds (each the check, then the bare loop: a slow moment of a shared machine falls on both); wall time and peak memory. Baseline, in the same run:
 * the same files read and recognised in a bare loop, a process of its own (bench/bareLoop.ts). Then once more with a
 * text file of 600 MB among them (sparse: a megabyte of lines, then the length set), which the check must name as
 * not read without reading it: its peak memory beside the peak without it. Records cliCheckMs, cliCheckPeakMB and
 * cliCheckBigFilePeakMB in bench/results.json; asserts only that the big file is reported as not read. `--quick`:
 * 300 files and a file of 60 MB, nothing recorded.
 * Run: npm run compile && node esbuild.js && node out/bench/cliCheck.js [--quick]
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Catalogue } from '../sandbox/catalogue';
import { REPO } from '../test/harness/tools';
import { writeWorkspace } from './citationFiles';
import { record, spread } from './results';

const QUICK = process.argv.includes('--quick');
const FILES = QUICK ? 300 : 5000;
const STANDARDS = 3000;
const ROUNDS = QUICK ? 1 : 7;
/** Past the 5 MB the check reads, and (full run) past the longest string V8 makes: read whole, the check would stop. */
const BIG_FILE_BYTES = QUICK ? 60_000_000 : 600_000_000;

interface CheckRun {
  ms: number;
  peakMB: number;
  findings: number;
  /** The files the report names as not read. */
  skipped: Array<{ file: string; reason: string }>;
}

/** The floor, as a process like the check (bench/bareLoop.ts): each file read and its citations recognised. */
function bareLoop(listFile: string): number {
  const started = performance.now();
  const out = spawnSync(process.execPath, [path.join(__dirname, 'bareLoop.js'), listFile], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  const ms = performance.now() - started;
  if (out.status !== 0 || !(Number(out.stdout) > 0)) throw new Error(`the bare loop failed (${String(out.status)}): ${out.stderr}`);
  return ms;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-check-'));
  try {
    const catalogue = new Catalogue(3, STANDARDS).standards;
    const catalogueFile = path.join(dir, 'catalogue.jsonl');
    fs.writeFileSync(
      catalogueFile,
      catalogue.map((s) => JSON.stringify({ urn: s.urn, reference: s.reference, title: s.titleText, status: s.status })).join('\n'),
    );
    // What the catalogue lists, one reference in 20: each cited many times, as in bench/referencesScan.ts.
    const references = catalogue
      .filter((_, i) => i % 20 === 0)
      .map((s) => s.reference)
      .filter(Boolean);
    const workspace = path.join(dir, 'workspace');
    const files = writeWorkspace(workspace, references, FILES);
    const listFile = path.join(dir, 'files.txt');
    fs.writeFileSync(listFile, files.join('\n'));
    // As CI runs it (README: a report file for code scanning or the test results): the report written to a file.
    const reportFile = path.join(dir, 'report.json');
    const check = (): CheckRun => {
      fs.rmSync(reportFile, { force: true });
      const started = performance.now();
      const out = spawnSync(
        process.execPath,
        [
          '--require',
          path.join(__dirname, 'peakMemory.js'),
          path.join(REPO, 'dist', 'cli.js'),
          'check',
          '--catalogue',
          catalogueFile,
          '--format',
          'json',
          '--output',
          reportFile,
        ],
        { cwd: workspace, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
      );
      const ms = performance.now() - started;
      if (out.status !== 0) throw new Error(`check exited with ${String(out.status)}: ${out.stderr}`);
      const peak = /peakMB=(\d+(?:\.\d+)?)/.exec(out.stderr);
      const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as { findings: unknown[]; skipped?: CheckRun['skipped'] };
      return { ms, peakMB: peak ? Number(peak[1]) : NaN, findings: report.findings.length, skipped: report.skipped ?? [] };
    };
    check(); // warm: the file cache holds the workspace, as in CI right after the checkout
    const runs: CheckRun[] = [];
    const loops: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      runs.push(check());
      loops.push(bareLoop(listFile));
    }
    const ours = spread(runs.map((r) => r.ms));
    const loop = spread(loops);
    // Each round's check over the bare loop run right after it, then the median: a slow spell of the shared machine
    // falls on both of a pair, where the ratio of two medians would take the check from one spell and the loop from another.
    const ratio = spread(runs.map((r, i) => r.ms / loops[i])).median;
    console.log(`each round, check / bare loop (ms): ${runs.map((r, i) => `${Math.round(r.ms)}/${Math.round(loops[i])}`).join(' ')}`);
    const peak = Math.max(...runs.map((r) => r.peakMB));
    const big = bigFileCheck(workspace, check);
    console.log(
      `check of ${FILES} files: ${Math.round(ours.median)} ms (${Math.round(ours.min)}–${Math.round(ours.max)}), ${runs[0].findings} findings, peak ${peak} MB; ` +
        `bare loop reading and recognising them: ${Math.round(loop.median)} ms; ratio (median of the rounds') ${ratio.toFixed(2)}×`,
    );
    record({
      cliCheckMs: {
        what: `standards-explorer check (dist/cli.js, a process) of ${FILES} files against a catalogue file of ${STANDARDS}, JSON report to a file, warm, median of ${ROUNDS}`,
        unit: 'ms',
        ours: Math.round(ours.median),
        min: Math.round(ours.min),
        max: Math.round(ours.max),
        rounds: ROUNDS,
        baseline: Math.round(loop.median),
        baselineWhat:
          "the same files read (readFileSync) and recognised in a bare loop, a Node process of its own (bench/bareLoop.ts), run after each check; the ratio is the median of each round's",
        ratio: Number(ratio.toFixed(2)),
      },
      cliCheckPeakMB: { what: `peak resident memory of that check (${FILES} files)`, unit: 'MB', ours: peak },
      cliCheckBigFilePeakMB: {
        what: `peak resident memory of that check with a text file of ${BIG_FILE_BYTES / 1e6} MB among the files (named in the report as not read)`,
        unit: 'MB',
        ours: big.peakMB,
        baseline: peak,
        baselineWhat: 'the peak of the check without it (above)',
        ratio: Number((big.peakMB / peak).toFixed(2)),
      },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One check with a big text file among the files (made sparse, removed after): the run, once the report names it as not read. */
function bigFileCheck(workspace: string, check: () => CheckRun): CheckRun {
  const file = path.join(workspace, 'generated', 'big-export.txt');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, 'Exported: the quality system follows ISO 9001:2008.\n'.repeat(20_000));
    fs.ftruncateSync(fd, BIG_FILE_BYTES);
  } finally {
    fs.closeSync(fd);
  }
  try {
    const run = check();
    if (!run.skipped.some((s) => s.file === 'generated/big-export.txt' && s.reason === 'too-large'))
      throw new Error(`the check did not report the ${BIG_FILE_BYTES / 1e6} MB file as not read: ${JSON.stringify(run.skipped)}`);
    console.log(`check with a text file of ${BIG_FILE_BYTES / 1e6} MB among them: peak ${run.peakMB} MB, the file named as not read`);
    return run;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
