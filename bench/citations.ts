/**
 * References-in-code figures. (1) Recognising citations in a 10 000-line source file (comments citing standards
 * every few lines among ordinary code with look-alikes), next to two baselines measured in the same run over the
 * same text: one pass of a single regular expression for references (publishers, number, part, year, supplements —
 * no locators, URNs or informal forms: what one expression can do), recorded as `recogniseMs`'s baseline; and a
 * plain "ISO <digits>" (a literal the engine skips through). (2) Resolving every citation of that file against
 * an index of 100 000 real-shaped catalogue entries, cold (nothing memoised) and as the editor sees it again (each
 * distinct reference once). (3) A hostile file: 10 000 lines of 2 000 characters each. (4) A workspace of 5 000
 * files (200 lines each, in a temporary folder) read in batches of 16 and recognised, as the References view does
 * (less VS Code's file API; bench/referencesScan.ts measures the view's own scan in a real VS Code). Prints; asserts
 * nothing.
 * Run: npm run compile && node out/bench/citations.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogueIndex, type IndexEntry } from '../src/core/catalogue/catalogueIndex';
import { findCitations, writtenReference } from '../src/core/citations/recognise';
import { resolveStandard } from '../src/core/citations/resolve';
import { scanInNode, sourceFile, writeWorkspace } from './citationFiles';
import { sandboxEntries } from './sandboxEntries';
import { record } from './results';

const LINES = 10_000;
const RUNS = 60;

/** One regular expression that reads references: a publisher, a number, a part, a year and supplements. */
const SINGLE_EXPRESSION = new RegExp(
  '(?<![\\w/.\\-])((?:EN ISO/IEC|EN ISO|EN IEC|ISO/IEC/IEEE|ISO/IEC|ISO/IEEE|ISO/TS|ISO/TR|ISO/PAS|IEC/IEEE|IEC/TS|IEC/TR|ISO|IEC|CISPR|IEEE|EN)(?: (?:TS|TR|PAS|Guide))?) (\\d{1,6}[A-Z]?)((?:-\\d{1,5}[A-Z]{0,2}){0,4})(?::((?:19|20)\\d\\d))?((?: ?[/+] ?(?:Amd|AMD|Cor|COR)(?: ?\\d{1,2})?(?::(?:19|20)\\d\\d)?){0,4})(?!\\w|[.:]\\d)',
  'g',
);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(run: () => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function workspace(references: readonly string[]): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citations-bench-'));
  try {
    const files = writeWorkspace(dir, references, 5000);
    const { ms, citations, longestBatchMs } = await scanInNode(files);
    console.log(
      `workspace: 5000 files of 200 lines read and recognised in ${Math.round(ms)} ms (${citations} citations; longest synchronous batch ${longestBatchMs.toFixed(1)} ms); in the editor: node out/bench/referencesScan.js`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const entries: IndexEntry[] = sandboxEntries(7, 100_000);
  const index = CatalogueIndex.of(entries);
  const references = entries
    .filter((_, i) => i % 97 === 0)
    .map((e) => e.reference ?? '')
    .filter(Boolean)
    .slice(0, 300);
  const text = sourceFile(references, LINES);

  // Warmed up first: the figures are of the steady state, as in an editor that has recognised a few files.
  for (let i = 0; i < 20; i++) findCitations(text);
  const recognise = time(() => findCitations(text, { serviceBaseUrl: 'https://api.example.com/preprod' }));
  const found = findCitations(text);
  const single = time(() => [...text.matchAll(SINGLE_EXPRESSION)].length);
  const literal = time(() => text.match(/ISO \d+/g));
  console.log(
    `recognise: ${LINES} lines (${(text.length / 1e6).toFixed(2)} MB), ${found.length} citations: median ${recognise.toFixed(2)} ms of ${RUNS}; ` +
      `one regular expression for references, one pass: ${single.toFixed(2)} ms (throughput ${(single / recognise).toFixed(2)} of it); /ISO \\d+/g: ${literal.toFixed(2)} ms`,
  );
  record({
    recogniseMs: {
      what: `recognising citations in a ${LINES}-line source file (${(text.length / 1e6).toFixed(2)} MB, ${found.length} citations among look-alikes), median of ${RUNS}`,
      unit: 'ms',
      ours: Number(recognise.toFixed(2)),
      baseline: Number(single.toFixed(2)),
      baselineWhat: 'one pass of a single regular expression for references (no locators, URNs or informal forms)',
      ratio: Number((recognise / single).toFixed(2)),
    },
  });

  let started = performance.now();
  let resolved = 0;
  for (const citation of found) if (resolveStandard(index, citation)) resolved++;
  const cold = performance.now() - started;
  const distinct = new Map<string, (typeof found)[number]>();
  for (const c of found) if (c.kind === 'reference') distinct.set(writtenReference(c), c);
  started = performance.now();
  for (const citation of distinct.values()) resolveStandard(index, citation);
  const perReference = (performance.now() - started) / Math.max(1, distinct.size);
  console.log(
    `resolve: ${resolved} of ${found.length} citations against ${index.size} entries in ${Math.round(cold)} ms cold; ${perReference.toFixed(2)} ms per distinct reference (${distinct.size}), memoised after that`,
  );

  const hostile = Array.from({ length: LINES }, (_, i) => `ISO ${i}-1-1-1 urn:iso:std:${'x'.repeat(1000)} ${'ISO/IEC '.repeat(120)}`.slice(0, 2000)).join('\n');
  console.log(
    `hostile: ${LINES} lines of 2 000 characters (${(hostile.length / 1e6).toFixed(1)} MB): median ${time(() => findCitations(hostile)).toFixed(1)} ms`,
  );
  await workspace(references);
}

void main();
