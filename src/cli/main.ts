/**
 * `standards-explorer check`: reads the files, checks their citations (src/core/check) against the catalogue, writes
 * the report, and says by its exit status whether findings reached the gate (1) or the check could not run (2).
 * `standards-explorer lock`: records the cited editions and clauses, with fingerprints of the clauses' text, in
 * standards.lock (src/core/check/lockfile.ts), for `check` to report what changed since.
 * `standards-explorer mcp`: the agent tools as an MCP server over stdio (mcp.ts).
 */
import { isGeneratedReport } from '../core/generatedReports';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CitationChecker, type Finding } from '../core/check/checkText';
import { FORMATS, plural, reportPieces, type Format } from '../core/check/formats';
import { checkLock, lockCitations } from '../core/check/lockCheck';
import type { RuleId } from '../core/check/rules';
import { openCatalogue, type CatalogueSource, type OpenCatalogue } from './catalogue';
import { loadConfig, ruleList, type CheckConfig } from './config';
import { ignoredEndpointsNotice, serviceEndpoints } from './endpoints';
import { fileSizeOf, leftOutLine, listFiles, MAX_FILE_BYTES, readListedFile } from './files';
import { isGap, skipWhy, type SkippedFile } from '../core/check/skippedFiles';
import { holdingLockfile, readLock, writeLock } from './lock';
import { findingsOnChangedLines, type ChangedLines } from '../core/check/changedLines';
import { changedLinesOf } from './changedLines';
import { gitUserName } from '../core/check/gitReviewer';
import { reviewDay } from '../core/check/review';
import { Progress } from './progress';
import type * as CoverageCommand from './coverage';
import type * as McpCommand from './mcp';
import type * as FixCommand from './fix';
import type * as LspCommand from './lsp';
import type * as CatalogueExportCommand from './catalogueExport';
import { yearOf } from './asOf';
import { CannotRun, DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS, USAGE, exitStatusOf } from './usage';
import { COMMANDS, parseArgsOptions } from './options';
import { versionText } from './version';

/** Where the command line writes, and what it runs in: the process's own, or a test's. */
export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

export const EXIT = { clean: 0, findings: 1, cannotRun: 2 } as const;

type Options = ReturnType<typeof parse>['values'];

export function main(argv: readonly string[], io: CliIo, version: string): Promise<number> {
  return exitStatusOf(io.stderr, () => run(argv, io, version));
}

async function run(argv: readonly string[], io: CliIo, version: string): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(USAGE);
    return command === undefined ? EXIT.cannotRun : EXIT.clean;
  }
  if (command === '--version' || command === '-v') {
    io.stdout.write(versionText(version));
    return EXIT.clean;
  }
  // `catalogue export`: a command of its own words (catalogueExport.ts).
  if (command === 'catalogue') return catalogue(io, rest);
  if (!(COMMANDS as readonly string[]).includes(command))
    throw new CannotRun(`Unknown command "${command}". Run standards-explorer --help for what it can do.`);
  // The language server: its own bundle (dist/cli-lsp.js), loaded on this path only; its options come from the client.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on this path only, its own bundle
  if (command === 'lsp') return (require('./lsp') as typeof LspCommand).runLsp(io, version, rest);
  const { values, positionals } = parse(rest);
  if (values.help) {
    io.stdout.write(USAGE);
    return EXIT.clean;
  }
  const config = loadConfig(io.cwd, values.config);
  const ignored = ignoredEndpointsNotice(config, serviceEndpoints(catalogueSource(io, values), io.env));
  if (ignored) io.stderr.write(`standards-explorer: ${ignored}\n`);
  if (command === 'mcp') {
    if (positionals.length) throw new CannotRun(`mcp takes no paths (${positionals.join(' ')}): the tools read the files they are asked about.`);
    // A bundle of its own (dist/cli-mcp.js, esbuild.js), loaded on this path only: `check` and `lock` never load the MCP SDK.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on this path only, its own bundle
    const { runMcp } = require('./mcp') as typeof McpCommand;
    if (values.root && values['no-roots']) throw new CannotRun('mcp: give --root DIR or --no-roots, not both.');
    // The folders check_references may read: those given, none with --no-roots, else where the server runs.
    const roots = values['no-roots'] ? [] : (values.root ?? ['.']).map((root) => path.resolve(io.cwd, root));
    return runMcp(io, catalogueSource(io, values), withCatalogueResolved(io, config), version, roots);
  }
  if (values.root || values['no-roots']) throw new CannotRun(`--root and --no-roots are options of mcp, not of ${command}.`);
  if (values['dry-run'] && command !== 'fix') throw new CannotRun(`--dry-run is an option of fix, not of ${command}.`);
  if (command === 'fix') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on this path only, its own bundle (dist/cli-fix.js)
    const { fix } = require('./fix') as typeof FixCommand;
    return fix(io, { paths: positionals, given: values, config: withCatalogueResolved(io, config), source: catalogueSource(io, values) });
  }
  if ((values['changed-since'] ?? values['changed-lines-from']) !== undefined && command !== 'check')
    throw new CannotRun(`--changed-since and --changed-lines-from are options of check, not of ${command}.`);
  if (command === 'coverage') {
    const [reference, ...paths] = positionals;
    if (!reference) throw new CannotRun('coverage needs the standard: standards-explorer coverage "IEC 62304:2006" [paths…].');
    const options = { reference, format: values.format, failUnder: values['fail-under'], all: values.all, config: { ...config, cwd: io.cwd } };
    // Its own bundle too (dist/cli-coverage.js): the compliance core and the document reader, which `check` never needs.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on this path only, its own bundle
    const { coverage } = require('./coverage') as typeof CoverageCommand;
    const { report, status } = await coverage(options, (after, onText) => scan(io, values, paths, config, undefined, after, onText));
    if (values.output) writeReport(path.resolve(io.cwd, values.output), report);
    else io.stdout.write(report);
    return status;
  }
  return command === 'lock' ? lock(io, values, positionals, config) : check(io, values, positionals, config, version);
}

async function check(io: CliIo, values: Options, positionals: string[], config: CheckConfig, version: string): Promise<number> {
  const format = values.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) throw new CannotRun(`--format ${format}: the formats are ${FORMATS.join(', ')}.`);
  const failOn: RuleId[] =
    values['fail-on'] !== undefined
      ? ruleList(values['fail-on'], (what) => {
          throw new CannotRun(`--fail-on ${what}`);
        })
      : (config.failOn ?? []);
  const asOfYear = values['as-of'] === undefined ? undefined : yearOf(values['as-of']);
  const locked = readLock(io.cwd);
  const changed = changedLinesOf(io, values['changed-since'], values['changed-lines-from']);
  const { findings, checked, skipped } = await scan(
    io,
    values,
    positionals,
    config,
    asOfYear,
    async (catalogue, checker) => {
      const found: Finding[] = [];
      const clauses = catalogue.clauses;
      if (checker.clauseCitations && clauses) found.push(...(await checker.checkClauses((urn) => clauses.listClauses(urn))));
      else if (checker.clauseCitations)
        io.stderr.write(
          `standards-explorer: ${checker.clauseCitations === 1 ? '1 citation of a clause was not checked against its edition' : `${checker.clauseCitations} citations of a clause were not checked against their editions`} (a catalogue file lists no clauses; the missing-clause rule needs the service).\n`,
        );
      if (locked && clauses) found.push(...(await checkLock(checker.citations, clauses, locked.lock, config.rules)));
      else if (locked)
        io.stderr.write(`standards-explorer: ${locked.file} was not checked: a catalogue file has no clause texts to compare (check against the service).\n`);
      return found;
    },
    undefined,
    true,
    changed,
  );
  const out = values.output ? undefined : io.stdout;
  const tool = { name: 'standards-explorer', version };
  const root = `${pathToFileURL(io.cwd).href.replace(/\/?$/, '/')}`;
  const report = reportPieces({ findings, files: checked, skipped, tool, root }, format as Format, { color: Boolean(out?.isTTY) && !io.env.NO_COLOR });
  if (values.output) writeReport(path.resolve(io.cwd, values.output), report);
  else for (const piece of report) io.stdout.write(piece);
  const gaps = skipped.filter(isGap).length;
  if (values.output && format !== 'text')
    io.stderr.write(
      `${plural(findings.length, 'finding')} in ${plural(checked, 'file')}${gaps ? `; ${plural(gaps, 'file')} not read` : ''}; report written to ${values.output}\n`,
    );
  if (findings.some((finding) => failOn.includes(finding.rule))) return EXIT.findings;
  // A gate cannot vouch for a text file nobody read: it fails, saying why and what to do.
  if (failOn.length && gaps) {
    io.stderr.write(
      `standards-explorer: the gate (--fail-on) fails: ${gaps === 1 ? '1 file was' : `${gaps} files were`} not read (the report names them), so ${gaps === 1 ? 'its' : 'their'} citations were not checked. Raise --max-file-size, or exclude ${gaps === 1 ? 'it' : 'them'} in the config ("exclude").\n`,
    );
    return EXIT.findings;
  }
  return EXIT.clean;
}

/**
 * `catalogue export --format renovate --output DIR`: the catalogue, opened as check opens it, written for Renovate
 * (catalogueExport.ts, a bundle of its own: dist/cli-catalogue-export.js, loaded on this path only).
 */
async function catalogue(io: CliIo, args: readonly string[]): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    io.stdout.write(USAGE);
    return EXIT.clean;
  }
  if (values.root || values['no-roots'] || (values['changed-since'] ?? values['changed-lines-from']) !== undefined)
    throw new CannotRun('--root, --no-roots, --changed-since and --changed-lines-from are not options of catalogue export.');
  const config = loadConfig(io.cwd, values.config);
  const ignored = ignoredEndpointsNotice(config, serviceEndpoints(catalogueSource(io, values), io.env));
  if (ignored) io.stderr.write(`standards-explorer: ${ignored}\n`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on this path only, its own bundle
  const { catalogueExport } = require('./catalogueExport') as typeof CatalogueExportCommand;
  return catalogueExport(io, { args: positionals, given: values, config: withCatalogueResolved(io, config), source: catalogueSource(io, values) });
}

async function lock(io: CliIo, values: Options, positionals: string[], config: CheckConfig): Promise<number> {
  // Held from reading the lock before to writing the new one: a second run waits, and starts from this one's lock.
  return holdingLockfile(io.cwd, io.stderr, async (hold) => {
    const previous = readLock(io.cwd);
    let summary = '';
    await scan(io, values, positionals, config, undefined, async (catalogue, checker) => {
      if (!catalogue.clauses)
        throw new CannotRun(
          "lock needs the service: the fingerprints are taken from the clauses' text, which a catalogue file does not have. Give --base-url and --token-url (or STANDARDS_BASE_URL and STANDARDS_TOKEN_URL).",
        );
      const by = await gitUserName(io.cwd);
      const today = reviewDay(new Date());
      const written = await lockCitations(checker.citations, catalogue.clauses, previous?.lock, {
        on: today,
        ...(by ? { by } : {}),
      });
      const file = await writeLock(io.cwd, written, hold);
      const standards = Object.values(written.standards);
      const clauses = standards.flatMap((s) => Object.values(s.clauses));
      const reviewedToday = clauses.filter((c) => c.reviewed.on === today).length;
      summary = `Locked ${standards.length} standards and ${clauses.length} clauses in ${path.relative(io.cwd, file)} (${reviewedToday} reviewed today).\n`;
      return [];
    });
    io.stdout.write(summary);
    return EXIT.clean;
  });
}

/**
 * Lists and reads the files, checks their citations, then runs `after` with the catalogue still open. The files not
 * read come back with why; unless the caller's report names them (`reported`), each text file not read is said on
 * standard error (binary files are expected not to be read).
 */
async function scan(
  io: CliIo,
  values: Options,
  positionals: string[],
  config: CheckConfig,
  asOfYear: number | undefined,
  after: (catalogue: OpenCatalogue, checker: CitationChecker) => Promise<Finding[]>,
  onText?: (text: string, file: string) => void,
  reported = false,
  changed?: ChangedLines,
): Promise<{ findings: Finding[]; checked: number; skipped: SkippedFile[] }> {
  const maxBytes = values['max-file-size'] === undefined ? MAX_FILE_BYTES : fileSizeOf(values['max-file-size']);
  // Only the files a change touched, when only its lines are asked about: the others are not what was asked (no gap).
  const files = listFiles(io.cwd, positionals, config, (file) => io.stderr.write(leftOutLine(file))).filter((file) => !changed || changed.has(file));
  const catalogue = await openCatalogue(catalogueSource(io, values), withCatalogueResolved(io, config), io.env);
  // Kept for the clause lists and the lockfile, which only a service has.
  const checker = new CitationChecker(catalogue.index, { severities: config.rules, asOfYear, keepCitations: catalogue.clauses !== undefined });
  const findings: Finding[] = [];
  const skipped: SkippedFile[] = [];
  let checked = 0;
  const progress = new Progress(io.stderr, files.length);
  try {
    for (const file of files) {
      const text = readFileOrStop(io.cwd, file, maxBytes);
      progress.tick();
      if (typeof text !== 'string') {
        skipped.push(text);
        continue;
      }
      // A report we wrote quotes citations: not the project's own (core/generatedReports.ts).
      if (isGeneratedReport(text)) continue;
      checked++;
      for (const finding of checker.check(text, file)) findings.push(finding);
      onText?.(text, file);
    }
    progress.done();
    findings.push(...(await after(catalogue, checker)));
  } finally {
    catalogue.close();
  }
  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  if (!reported) for (const gap of skipped.filter(isGap)) io.stderr.write(`standards-explorer: ${gap.file} was not read: ${skipWhy(gap)}.\n`);
  return { findings: changed ? findingsOnChangedLines(findings, changed) : findings, checked, skipped };
}

/** Where the catalogue comes from, as the arguments say (a file relative to where the command runs). */
function catalogueSource(io: CliIo, values: Options): CatalogueSource {
  return {
    catalogue: values.catalogue && path.resolve(io.cwd, values.catalogue),
    baseUrl: values['base-url'],
    tokenUrl: values['token-url'],
    refresh: values.refresh,
    timeLimitMs: timeLimitOf(values.timeout) * 1000,
    tell: (line) => io.stderr.write(`standards-explorer: ${line}\n`),
  };
}

/** The config with its catalogue file relative to where the command runs. */
function withCatalogueResolved(io: CliIo, config: CheckConfig): CheckConfig {
  return { ...config, catalogue: config.catalogue && path.resolve(io.cwd, config.catalogue) };
}

/** From the one table of options (options.ts), as the help and docs/cli.md are. */
const PARSE_OPTIONS = parseArgsOptions();

function parse(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: PARSE_OPTIONS,
    });
  } catch (error) {
    throw new CannotRun(`${error instanceof Error ? error.message : String(error)}. Run standards-explorer --help for the options.`);
  }
}

/**
 * The text of a listed file, or why it is not read (too large, binary, not a regular file: the report says so). One
 * that cannot be read (removed meanwhile, no permission) stops the check: a gap is not a pass.
 */
function readFileOrStop(cwd: string, file: string, maxBytes: number): string | SkippedFile {
  try {
    return readListedFile(cwd, file, maxBytes);
  } catch (error) {
    throw new CannotRun(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Writes the report, or its pieces one after the other (reportPieces). */
function writeReport(file: string, report: string | Iterable<string>): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (typeof report === 'string') fs.writeFileSync(file, report);
    else {
      const fd = fs.openSync(file, 'w');
      try {
        for (const piece of report) fs.writeSync(fd, piece);
      } finally {
        fs.closeSync(fd);
      }
    }
  } catch (error) {
    throw new CannotRun(`Cannot write the report to ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `--timeout SECONDS`: the most a run spends with the service, in whole seconds (default 10 minutes, at most a day). */
function timeLimitOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS;
  const seconds = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_TIMEOUT_SECONDS))
    throw new CannotRun(
      `--timeout ${value}: give the most the run may spend with the service in whole seconds, from 1 to ${MAX_TIMEOUT_SECONDS} (default ${DEFAULT_TIMEOUT_SECONDS}).`,
    );
  return seconds;
}
