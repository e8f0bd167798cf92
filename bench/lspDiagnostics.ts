/**
 * The language server's diagnostics (`standards-explorer lsp --stdio`, dist/cli.js as a process, driven over stdio by
 * vscode-languageserver-protocol's client side) for a 5 000-line source file citing a standard every ten lines, against
 * the 100 000-record real catalogue (test/fixtures/real-catalogue, as a catalogue file).
 * (a) First diagnostics: from didOpen sent to publishDiagnostics received, a fresh server each round (nothing judged
 *     yet, the catalogue open). Baseline, in the same run: `check`'s own work on that file — its checker
 *     (core/check/checkText.ts) over the same text with the index `check` opens from the same file, timed alone in a
 *     fresh process each round (cold, as check and the server are). The whole `check` process of that one file is printed beside it, not used as the
 *     baseline: most of it is opening the catalogue, which the server did before the document came.
 * (b) A keystroke: didChange of one character (typed on a citation's line, then taken back), time until the
 *     publishDiagnostics of that version, with the 50 ms the server waits on purpose after a change (a burst of
 *     keystrokes is checked once) set to 0 (STANDARDS_EXPLORER_LSP_SETTLE_MS): the server's work and the round trip,
 *     not a timer's lateness on a busy machine. Beside it, the round trip of a hover on a line citing nothing.
 * Records lspFirstDiagnosticsMs and lspKeystrokeP50Ms / lspKeystrokeP95Ms; asserts only that the diagnostics are
 * those of check. `--quick`: 1 000 lines, 2 rounds, 40 keystrokes, nothing recorded.
 * Run: npm run compile && node esbuild.js && node out/bench/lspDiagnostics.js [--quick] [--cli <cli.js>]
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  createProtocolConnection,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { indexOfFile } from '../src/cli/catalogue';
import { CitationChecker } from '../src/core/check/checkText';
import { REPO } from '../test/harness/tools';
import { realCatalogueEntries } from '../test/unit/realCatalogue';
import { sourceFile } from './citationFiles';
import { record, spread } from './results';

const QUICK = process.argv.includes('--quick');
const LINES = QUICK ? 1000 : 5000;
const ROUNDS = QUICK ? 2 : 7;
const KEYSTROKES = QUICK ? 40 : 400;
const CLI = process.argv.includes('--cli') ? path.resolve(process.argv[process.argv.indexOf('--cli') + 1]) : path.join(REPO, 'dist', 'cli.js');

/** A server process and a client over its stdio: each publish of the document wakes whoever waits for its version. */
class Server {
  readonly connection: ProtocolConnection;
  private readonly published = new Map<number, { at: number; params: PublishDiagnosticsParams }>();
  private readonly waiters = new Set<() => void>();
  private stderr = '';
  private ready = false;
  private ended = false;

  constructor(env: NodeJS.ProcessEnv) {
    const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { env });
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    child.once('exit', () => {
      this.ended = true;
      this.wake();
    });
    this.connection = createProtocolConnection(child.stdout, child.stdin);
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.set(params.version ?? -1, { at: performance.now(), params });
      this.wake();
    });
    this.connection.onNotification(LogMessageNotification.type, ({ message }) => {
      if (message.startsWith('catalogue ready')) this.ready = true;
      this.wake();
    });
    this.connection.listen();
  }

  private wake(): void {
    for (const wake of [...this.waiters]) wake();
  }

  private async until<T>(what: string, test: () => T | undefined): Promise<T> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const value = test();
      if (value !== undefined) return value;
      if (this.ended || Date.now() > deadline) throw new Error(`no ${what}: ${this.ended ? 'the server ended' : 'timed out'}; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.waiters.delete(done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, 1000);
        this.waiters.add(done);
      });
    }
  }

  async start(root: string, catalogue: string): Promise<void> {
    await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(root).href,
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }],
      capabilities: {},
      initializationOptions: { catalogue },
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
    await this.until('catalogue', () => (this.ready ? true : undefined));
  }

  /** The diagnostics of `version`, with when they came. */
  diagnostics(version: number): Promise<{ at: number; params: PublishDiagnosticsParams }> {
    return this.until(`diagnostics of version ${version}`, () => this.published.get(version));
  }

  async stop(): Promise<void> {
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    this.connection.dispose();
  }
}

/** A small deterministic generator: the same keystrokes every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is not built: run node esbuild.js first (or give --cli <cli.js>).`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsp-bench-'));
  try {
    const entries = realCatalogueEntries();
    const catalogue = path.join(dir, 'catalogue.jsonl');
    fs.writeFileSync(catalogue, entries.map((e) => JSON.stringify({ urn: e.urn, reference: e.reference, title: e.title, status: e.status })).join('\n'));
    // Cited: one record in 200 (current, withdrawn and superseded editions as the catalogue has them) and an unknown one.
    const references = [...entries.filter((e, i) => i % 200 === 0 && e.reference).map((e) => e.reference!), 'ISO 99999:2020'];
    const workspace = path.join(dir, 'ws');
    fs.mkdirSync(workspace);
    const file = path.join(workspace, 'requirements.ts');
    const text = sourceFile(references, LINES);
    fs.writeFileSync(file, text);
    const env = { PATH: process.env.PATH ?? '', STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') };

    // The baseline: check's checker over the same text, with the index check opens from the same file, in a fresh
    // process each round (as check and each server are: nothing compiled or judged yet).
    const index = await indexOfFile(catalogue, env);
    const expected = new CitationChecker(index).check(text, 'requirements.ts').length;
    const checkerTimes: number[] = [];
    const checkerAlone = (): void => {
      const out = spawnSync(process.execPath, [__filename, '--checker', catalogue, file], { encoding: 'utf8', env });
      if (out.status !== 0 || !(Number(out.stdout) > 0)) throw new Error(`the checker's run failed (${String(out.status)}): ${out.stderr}`);
      checkerTimes.push(Number(out.stdout));
    };
    const processTimes: number[] = [];
    for (let round = 0; round < Math.min(ROUNDS, 3); round++) {
      const started = performance.now();
      const out = spawnSync(process.execPath, [CLI, 'check', 'requirements.ts', '--catalogue', catalogue, '--format', 'json'], {
        cwd: workspace,
        encoding: 'utf8',
        env,
        maxBuffer: 64 * 1024 * 1024,
      });
      processTimes.push(performance.now() - started);
      if (out.status !== 0 && out.status !== 1) throw new Error(`check exited with ${String(out.status)}: ${out.stderr}`);
      const findings = (JSON.parse(out.stdout) as { findings: unknown[] }).findings.length;
      if (findings !== expected) throw new Error(`check found ${findings}, its checker ${expected}`);
    }

    const uri = pathToFileURL(file).href;
    const firstTimes: number[] = [];
    const keystrokes: number[] = [];
    const hovers: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round the baseline, then the server: a slow spell of the shared machine falls on both of a pair.
      checkerAlone();
      const server = new Server({ ...env, STANDARDS_EXPLORER_LSP_SETTLE_MS: '0' });
      try {
        await server.start(workspace, catalogue);
        const opened = performance.now();
        await server.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text } });
        const first = await server.diagnostics(1);
        firstTimes.push(first.at - opened);
        if (first.params.diagnostics.length !== expected)
          throw new Error(`the server published ${first.params.diagnostics.length} diagnostics, check ${expected}`);
        if (round > 0) continue;
        // Keystrokes, in the first server: a character typed somewhere on a citation's line, then taken back.
        const next = random(55);
        const lines = text.split('\n');
        let version = 1;
        for (let k = 0; k < KEYSTROKES; k += 2) {
          const line = Math.floor(next() * (LINES / 10)) * 10;
          const character = Math.floor(next() * (lines[line].length + 1));
          const typed = '0123456789 ,x'[Math.floor(next() * 13)];
          for (const change of [
            { range: { start: { line, character }, end: { line, character } }, text: typed },
            { range: { start: { line, character }, end: { line, character: character + 1 } }, text: '' },
          ]) {
            version++;
            const sent = performance.now();
            await server.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [change] });
            const got = await server.diagnostics(version);
            keystrokes.push(got.at - sent);
          }
          // The floor over stdio, on this machine at this moment: a hover on a line of code, which cites nothing.
          const asked = performance.now();
          await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: line + 1, character: 0 } });
          hovers.push(performance.now() - asked);
        }
        const last = await server.diagnostics(version);
        if (last.params.diagnostics.length !== expected)
          throw new Error(`after the keystrokes, ${last.params.diagnostics.length} diagnostics, not ${expected}`);
      } finally {
        await server.stop().catch(() => undefined);
      }
    }

    const checker = spread(checkerTimes);
    const first = spread(firstTimes);
    const percentile = (times: readonly number[], p: number): number => {
      const sorted = [...times].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    };
    const [p50, p95, hoverP50, hoverP95] = [percentile(keystrokes, 50), percentile(keystrokes, 95), percentile(hovers, 50), percentile(hovers, 95)];
    const ratio = spread(firstTimes.map((ms, i) => ms / checkerTimes[i])).median;
    console.log(
      `${LINES}-line document, ${expected} diagnostics, catalogue of ${index.size}: first diagnostics over stdio ${first.median.toFixed(1)} ms ` +
        `(${first.min.toFixed(1)}–${first.max.toFixed(1)}); check's checker on the same text ${checker.median.toFixed(1)} ms; ratio (median of the rounds') ${ratio.toFixed(2)}×; ` +
        `the whole check process of that file ${Math.round(spread(processTimes).median)} ms`,
    );
    console.log(
      `keystroke re-check (${keystrokes.length}, the settle set to 0): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...keystrokes).toFixed(1)} ms; ` +
        `a hover round trip on a line citing nothing (${hovers.length}): p50 ${hoverP50.toFixed(1)} ms, p95 ${hoverP95.toFixed(1)} ms`,
    );
    record({
      lspFirstDiagnosticsMs: {
        what: `language server (dist/cli.js lsp --stdio): first diagnostics of a ${LINES}-line file (${expected} diagnostics) after didOpen, over stdio, real catalogue of ${index.size}, a fresh server each round`,
        unit: 'ms',
        ours: first.median,
        min: first.min,
        max: first.max,
        rounds: ROUNDS,
        baseline: checker.median,
        baselineWhat: `check's checker on the same text with the same index, timed alone in a fresh process before each server; the ratio is the median of each round's (the whole check process of that file: ${Math.round(spread(processTimes).median)} ms, most of it opening the catalogue)`,
        ratio,
      },
      lspKeystrokeP50Ms: {
        what: `language server: a keystroke's re-check of that file (didChange of one character to its publishDiagnostics, the 50 ms settle set to 0), median of ${keystrokes.length}`,
        unit: 'ms',
        ours: p50,
        baseline: hoverP50,
        baselineWhat: 'the round trip of a hover on a line citing nothing, the same server, between the keystrokes: the floor over stdio',
        ratio: p50 / hoverP50,
      },
      lspKeystrokeP95Ms: {
        what: `the same, 95th percentile (target under 20 ms)`,
        unit: 'ms',
        ours: p95,
        min: Math.min(...keystrokes),
        max: Math.max(...keystrokes),
        rounds: keystrokes.length,
        baseline: hoverP95,
        baselineWhat: "that hover's round trip, 95th percentile",
        ratio: p95 / hoverP95,
      },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The baseline's own process: the catalogue opened, then the time of check's checker over the file, printed. */
async function checkerAlone(catalogue: string, file: string): Promise<void> {
  const index = await indexOfFile(catalogue, process.env);
  const text = fs.readFileSync(file, 'utf8');
  const started = performance.now();
  new CitationChecker(index).check(text, path.basename(file));
  process.stdout.write(String(performance.now() - started));
}

const asChecker = process.argv.indexOf('--checker');
(asChecker > 0 ? checkerAlone(process.argv[asChecker + 1], process.argv[asChecker + 2]) : main()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
