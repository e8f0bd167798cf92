/**
 * `standards-explorer fix [paths…]`: rewrites outdated citations in place with the fix the check already gives (the
 * current edition; a supplement of the old edition folded into it), as core/check/citationEdits.ts works it out for
 * the editor's Quick Fix too. A citation whose rewrite is not certain (it names a clause the editions' clause lists
 * cannot place, or nothing current replaces it) is listed, never touched; against the service, a clause they place
 * is carried over, renumbered where it moved. Each file is written whole (a temporary file renamed over it) with only the
 * references changed: its byte order mark, line breaks and mode stay. `--dry-run` writes nothing and prints a unified
 * diff instead. A bundle of its own (dist/cli-fix.js), loaded only for this command.
 *
 * Exit status, as linters' fixers have it (`eslint --fix`, `ruff check --fix`): 0 when nothing is left for a person
 * (all fixed, or nothing to fix), 1 when citations (or text files not read) are left; with `--dry-run`, 1 also
 * when there is anything to rewrite (as `prettier --check`), so a CI step fails until `fix` has been run; 2 could
 * not run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CatalogueIndex } from '../core/catalogue/catalogueIndex';
import {
  applyCitationEdits,
  citationEdits,
  unifiedDiff,
  type CitationEdit,
  type ClauseIn,
  type FixableFinding,
  type LeftCitation,
} from '../core/check/citationEdits';
import { CitationChecker, type Finding } from '../core/check/checkText';
import type { ClauseSource } from '../core/check/lockCheck';
import { clauseInEdition } from '../core/check/renumberedClause';
import { findCitations, type Locator } from '../core/citations/recognise';
import { resolveStandard } from '../core/citations/resolve';
import type { Clause } from '../core/service/types';
import { plural } from '../core/check/formats';
import { isGap, skipWhy, type SkippedFile } from '../core/check/skippedFiles';
import { isGeneratedReport } from '../core/generatedReports';
import { writeFileWhole } from '../core/service/wholeFile';
import { openCatalogue, type CatalogueSource } from './catalogue';
import type { CheckConfig } from './config';
import { yearOf } from './asOf';
import { fileSizeOf, leftOutLine, listFiles, MAX_FILE_BYTES, readListedFile, startsWithByteOrderMark } from './files';
import type { CliIo } from './main';
import { CannotRun } from './usage';

export interface FixOptions {
  paths: readonly string[];
  /** The options as parsed (main.ts): --dry-run, --as-of, --max-file-size, and those that belong to other commands. */
  given: Readonly<Record<string, unknown>>;
  /** The config, its catalogue file resolved where the command runs. */
  config: CheckConfig;
  source: CatalogueSource;
}

/** Options of check and coverage that mean nothing to fix: refused rather than ignored. */
const NOT_FIX = ['format', 'output', 'fail-on', 'fail-under', 'all'];

export async function fix(io: CliIo, options: FixOptions): Promise<number> {
  const misplaced = NOT_FIX.filter((name) => options.given[name] !== undefined);
  if (misplaced.length)
    throw new CannotRun(`${misplaced.map((name) => `--${name}`).join(', ')}: not an option of fix (it writes no report). Run standards-explorer --help.`);
  const { given } = options;
  const dryRun = given['dry-run'] === true;
  const asOfYear = typeof given['as-of'] === 'string' ? yearOf(given['as-of']) : undefined;
  const maxBytes = typeof given['max-file-size'] === 'string' ? fileSizeOf(given['max-file-size']) : MAX_FILE_BYTES;
  const files = listFiles(io.cwd, options.paths, options.config, (file) => io.stderr.write(leftOutLine(file)));
  const catalogue = await openCatalogue(options.source, options.config, io.env);
  // The same rules as check: a rule turned off in the config is not fixed either.
  const checker = new CitationChecker(catalogue.index, { severities: options.config.rules, asOfYear });
  const out = dryRun ? io.stderr : io.stdout;
  const skipped: SkippedFile[] = [];
  const left: Array<LeftCitation & { file: string }> = [];
  let edited = 0;
  let changedFiles = 0;
  const lists = new Map<string, Promise<readonly Clause[]>>();
  try {
    for (const file of files) {
      const text = readOrStop(io.cwd, file, maxBytes);
      if (typeof text !== 'string') {
        skipped.push(text);
        continue;
      }
      if (isGeneratedReport(text)) continue;
      const findings = checker.check(text, file);
      const clauseIn = catalogue.clauses && (await clausesKnown(catalogue.index, catalogue.clauses, lists, text, findings));
      const found = citationEdits(text, findings, clauseIn);
      left.push(...found.left.map((l) => ({ ...l, file })));
      if (!found.edits.length) continue;
      const writable = whyNotWritable(io.cwd, file, text);
      if ('why' in writable) {
        left.push(...found.edits.map((edit) => leftEdit(file, edit, writable.why)));
        continue;
      }
      // The text was read without its byte-order mark (readListedFile): the diff and the file keep it.
      const after = writable.mark + applyCitationEdits(text, found.edits);
      edited += found.edits.filter((edit) => !edit.renumbered).length;
      changedFiles++;
      if (dryRun) io.stdout.write(unifiedDiff(file, writable.mark + text, after));
      else {
        await writeKeepingMode(path.join(io.cwd, file), after);
        for (const edit of found.edits) out.write(`${file}:${edit.line + 1}:${edit.start + 1}: ${editLine(edit)}\n`);
      }
    }
  } finally {
    catalogue.close();
  }
  for (const l of left) out.write(`${l.file}:${l.line}:${l.column}: not rewritten: ${l.cited} — ${l.why}.\n`);
  const gaps = skipped.filter(isGap);
  for (const gap of gaps) io.stderr.write(`standards-explorer: ${gap.file} was not read: ${skipWhy(gap)}; its citations were not fixed.\n`);
  const binary = skipped.length - gaps.length;
  const done = dryRun
    ? `${plural(edited, 'citation')} to rewrite in ${plural(changedFiles, 'file')} (--dry-run: nothing written)`
    : `${edited ? 'Rewrote' : 'Nothing to rewrite:'} ${plural(edited, 'citation')} in ${plural(changedFiles, 'file')}`;
  const notes = [
    left.length ? `${plural(left.length, 'citation')} left for a person (listed above)` : '',
    gaps.length ? `${plural(gaps.length, 'file')} not read` : '',
  ];
  if (binary) notes.push(`${plural(binary, 'binary file')} not read`);
  out.write(`${[done, ...notes.filter(Boolean)].join('; ')}.\n`);
  const leftOver = left.length > 0 || gaps.length > 0;
  return leftOver || (dryRun && edited > 0) ? 1 : 0;
}

/**
 * With the service: where each part a rewritten citation names is in the edition its fix cites, as the two editions'
 * clause lists tell (core/check/renumberedClause.ts); each list asked once a run. Undefined when nothing is asked.
 */
async function clausesKnown(
  index: CatalogueIndex,
  source: ClauseSource,
  lists: Map<string, Promise<readonly Clause[]>>,
  text: string,
  findings: readonly Finding[],
): Promise<ClauseIn | undefined> {
  // What citationEdits would ask: the citations naming one part, with a fix.
  const asked: Array<Parameters<ClauseIn>> = [];
  citationEdits(text, findings, (finding, locator) => void asked.push([finding, locator]));
  if (!asked.length) return undefined;
  const listOf = (urn: string): Promise<readonly Clause[]> => {
    let list = lists.get(urn);
    if (!list) lists.set(urn, (list = source.listClauses(urn)));
    return list.catch((error: unknown) => {
      throw new CannotRun(`Could not read the clause list of ${urn} from the service: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  const key = (finding: FixableFinding, locator: Locator): string => `${finding.line}:${finding.column}:${locator.kind}:${locator.value}`;
  const answers = new Map<string, string | undefined>();
  for (const [finding, locator] of asked) {
    // The edition the rewritten citation names: its fix, resolved as the check resolves a citation.
    const [written] = findCitations(finding.fix);
    const to = written && written.kind !== 'clauseUri' ? resolveStandard(index, written)?.entry.urn : undefined;
    const from = finding.standard?.urn;
    if (!from || !to) continue;
    const [before, now] = await Promise.all([listOf(from), listOf(to)]);
    answers.set(key(finding, locator), clauseInEdition(before, now, locator));
  }
  return (finding, locator) => answers.get(key(finding, locator));
}

/** The text of a listed file, or why it is not read; one that cannot be read at all stops the run (exit 2). */
function readOrStop(cwd: string, file: string, maxBytes: number): string | SkippedFile {
  try {
    return readListedFile(cwd, file, maxBytes);
  } catch (error) {
    throw new CannotRun(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Why a file's citations cannot be rewritten in place, or undefined when they can: its bytes are not the UTF-8 of
 * the text read (another encoding: rewriting would change other characters), it changed since, or it is a symbolic
 * link (writing would replace the link by a file; the file it leads to is fixed where it is listed). When it can: the
 * byte-order mark its bytes start with, if any.
 */
function whyNotWritable(cwd: string, file: string, text: string): { why: string } | { mark: string } {
  const absolute = path.join(cwd, file);
  if (fs.lstatSync(absolute).isSymbolicLink()) return { why: 'the file is a symbolic link: fix the file it leads to' };
  const bytes = fs.readFileSync(absolute);
  const mark = startsWithByteOrderMark(bytes) ? '\uFEFF' : '';
  if (!Buffer.from(mark + text, 'utf8').equals(bytes)) return { why: 'the file is not UTF-8 text (or changed while read): it is left as it is' };
  return { mark };
}

/** "ISO 9001:2008 → ISO 9001:2015", "clause 5.5 → 12 (renumbered in IEC 61508-3:2010)". */
function editLine(edit: CitationEdit): string {
  return edit.renumbered ? `${edit.renumbered.label} → ${edit.newText} (renumbered in ${edit.renumbered.edition})` : `${edit.cited} → ${edit.newText}`;
}

function leftEdit(file: string, edit: CitationEdit, why: string): LeftCitation & { file: string } {
  return { file, line: edit.line + 1, column: edit.start + 1, cited: edit.cited, why };
}

/** Writes the file whole (core/service/wholeFile.ts), with the mode it had. */
async function writeKeepingMode(file: string, text: string): Promise<void> {
  const mode = fs.statSync(file).mode & 0o7777;
  try {
    await writeFileWhole(file, Buffer.from(text, 'utf8'), { mode, flush: true });
    // A new file's mode passes through the umask: set it as it was.
    if ((fs.statSync(file).mode & 0o7777) !== mode) fs.chmodSync(file, mode);
  } catch (error) {
    throw new CannotRun(`Cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
