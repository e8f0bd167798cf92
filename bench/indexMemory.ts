/**
 * What the extension host holds for a catalogue index of 300 000 (the 20 754 real ISO and IEC records of the sample,
 * the rest generated with real URN shapes): the index read back from its stored file, as the host reads it at start,
 * measured as the growth of the heap and array buffers after a full garbage collection, with the file's bytes
 * dropped. Baseline, in the same run: the index's raw data, its entries as the JSON Lines of a catalogue file (what
 * the service's pages carry of each standard). Also how long the thread is held at most while the index is read back,
 * and written, in slices as the extension host does both, next to the one hold of doing each at once. Records
 * indexHeapMB300k, indexReadBackLongestHoldMs300k and indexWriteLongestHoldMs300k in bench/results.json; asserts nothing.
 * Run: npm run compile && node --expose-gc out/bench/indexMemory.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Catalogue } from '../sandbox/catalogue';
import { readCatalogueFile } from '../src/core/catalogue/catalogueFile';
import { CatalogueIndex, type IndexEntry } from '../src/core/catalogue/catalogueIndex';
import { TimeSlicer } from '../src/core/service/timeSlicer';
import { longestBlock } from './longestBlock';
import { record, spread } from './results';

const REAL_SAMPLE = path.resolve(__dirname, '../../../shared/data/real-catalogue-sample.jsonl.gz');
const SIZE = 300_000;
const ROUNDS = 3;

function entries(): IndexEntry[] {
  const real = fs.existsSync(REAL_SAMPLE) ? readCatalogueFile(REAL_SAMPLE) : [];
  if (real.length === 0) console.log(`  (the real sample is not at ${REAL_SAMPLE}: generated entries only)`);
  const generated = new Catalogue(9, SIZE - real.length).standards.map((s) => ({ urn: s.urn, reference: s.reference, title: s.titleText, status: s.status }));
  return [...real, ...generated].map((r, position) => ({ position, ...r }));
}

function held(): number {
  global.gc?.();
  global.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Read in a frame of its own: once it returns, nothing holds the file's bytes (a caller's register would). */
function readBack(file: string): CatalogueIndex | undefined {
  return CatalogueIndex.fromFile(fs.readFileSync(file), 'bench');
}

/** The heap an index read back from `file` holds, the file's bytes gone. */
function heldByIndex(file: string): { bytes: number; index: CatalogueIndex } {
  const before = held();
  const index = readBack(file);
  if (!index) throw new Error('the stored index did not read back');
  return { bytes: held() - before, index };
}

/**
 * Per round: the longest hold while the index is read back in slices and written again in slices, and the time of
 * doing each at once (one hold).
 */
async function fileHolds(file: string): Promise<Record<'read' | 'readAtOnce' | 'write' | 'writeAtOnce', number[]>> {
  const bytes = fs.readFileSync(file);
  const holds = { read: [] as number[], readAtOnce: [] as number[], write: [] as number[], writeAtOnce: [] as number[] };
  const timed = (work: () => unknown): number => {
    global.gc?.();
    const started = performance.now();
    work();
    return performance.now() - started;
  };
  for (let round = 0; round < ROUNDS; round++) {
    global.gc?.();
    const slicer = new TimeSlicer();
    const { result: index, blockMs } = await longestBlock(() => CatalogueIndex.fromFileInSlices(bytes, 'bench', () => slicer.due()));
    if (index?.size !== SIZE) throw new Error('the stored index did not read back in slices');
    holds.read.push(blockMs);
    holds.readAtOnce.push(timed(() => CatalogueIndex.fromFile(bytes, 'bench')));
    global.gc?.();
    const written = await longestBlock(() => index.toFileInSlices('bench', () => slicer.due()));
    if (written.result.byteLength !== bytes.byteLength) throw new Error('the index was not written whole in slices');
    holds.write.push(written.blockMs);
    holds.writeAtOnce.push(timed(() => index.toFile('bench')));
  }
  return holds;
}

async function main(): Promise<number> {
  if (!global.gc) {
    console.error('run with --expose-gc: the memory held is measured after a full collection');
    return 2;
  }
  const all = entries();
  const rawBytes = all.reduce((sum, { urn, reference, title, status }) => sum + Buffer.byteLength(`${JSON.stringify({ urn, reference, title, status })}\n`), 0);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'index-memory-')), 'index.bin');
  try {
    fs.writeFileSync(file, CatalogueIndex.of(all).toFile('bench'));
    all.length = 0;
    const rounds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { bytes, index } = heldByIndex(file);
      rounds.push(bytes);
      if (index.size !== SIZE) throw new Error(`read back ${index.size} entries`);
    }
    const heldMB = Math.min(...rounds) / 1e6;
    const rawMB = rawBytes / 1e6;
    const storedMB = fs.statSync(file).size / 1e6;
    console.log(
      `index of ${SIZE} read back: ${heldMB.toFixed(1)} MB held (${rounds.map((b) => (b / 1e6).toFixed(1)).join(', ')}); raw data ${rawMB.toFixed(1)} MB as JSON Lines; file ${storedMB.toFixed(1)} MB; ratio ${(heldMB / rawMB).toFixed(2)}×`,
    );
    record({
      indexHeapMB300k: {
        what: `extension-host memory (heap and array buffers, after a full collection) of the index of ${SIZE} read back from its file`,
        unit: 'MB',
        ours: Number(heldMB.toFixed(1)),
        rounds: ROUNDS,
        baseline: Number(rawMB.toFixed(1)),
        baselineWhat: 'its raw data: the entries as the JSON Lines of a catalogue file',
        ratio: Number((heldMB / rawMB).toFixed(2)),
      },
    });
    const holds = await fileHolds(file);
    const figure = (what: string, sliced: number[], atOnce: number[]) => {
      const hold = spread(sliced);
      const once = spread(atOnce);
      console.log(
        `${what} in slices: held ${hold.median.toFixed(0)} ms at most (${sliced.map((ms) => ms.toFixed(0)).join(', ')}); at once ${once.median.toFixed(0)} ms (${atOnce.map((ms) => ms.toFixed(0)).join(', ')})`,
      );
      return { unit: 'ms', ours: hold.median, min: hold.min, max: hold.max, rounds: ROUNDS, baseline: once.median, ratio: hold.median / once.median };
    };
    record({
      indexReadBackLongestHoldMs300k: {
        what: `longest hold of the thread while the index of ${SIZE} is read back from its file in slices, as the extension host reads it`,
        ...figure('read back', holds.read, holds.readAtOnce),
        baselineWhat: 'read back at once (CatalogueIndex.fromFile): one hold',
      },
      indexWriteLongestHoldMs300k: {
        what: `longest hold of the thread while the index of ${SIZE} is made into the bytes of its file in slices, as the extension host saves it after a build`,
        ...figure('written', holds.write, holds.writeAtOnce),
        baselineWhat: 'made at once (CatalogueIndex.toFile): one hold',
      },
    });
    return 0;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
