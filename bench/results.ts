/**
 * The figures the benches measure, gathered in bench/results.json: each key with our figure, the baseline measured
 * in the same run, their ratio and the spread over rounds. Each bench adds its keys; `npm run bench` runs them all.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const RESULTS_FILE = path.resolve(__dirname, '../../bench/results.json');

export interface Figure {
  /** What was measured, in words. */
  what: string;
  unit: string;
  /** Ours: the median when measured over rounds. */
  ours: number;
  min?: number;
  max?: number;
  rounds?: number;
  /** The same thing done the baseline way, in the same run. */
  baseline?: number;
  baselineWhat?: string;
  /** When the baseline is in another unit than ours (a speed-up's baseline is a time). */
  baselineUnit?: string;
  /** ours / baseline, or what the key names (e.g. a speed-up). */
  ratio?: number;
}

/** Median, min and max of `times`. */
export function spread(times: readonly number[]): { median: number; min: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
}

/** Adds or replaces figures in bench/results.json; a smoke run (--quick) records nothing. */
export function record(figures: Record<string, Figure>): void {
  if (process.argv.includes('--quick')) return;
  let file: { machine?: unknown; figures: Record<string, Figure> } = { figures: {} };
  try {
    file = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as typeof file;
  } catch {
    // first bench of the run
  }
  const round = (n: number | undefined): number | undefined => (n === undefined ? undefined : Math.round(n * 100) / 100);
  for (const [key, figure] of Object.entries(figures)) {
    file.figures[key] = {
      ...figure,
      ours: round(figure.ours) ?? 0,
      min: round(figure.min),
      max: round(figure.max),
      baseline: round(figure.baseline),
      ratio: round(figure.ratio),
    };
  }
  file.machine = { date: new Date().toISOString().slice(0, 10), cores: os.cpus().length, node: process.version };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(file, null, 2)}\n`);
}
