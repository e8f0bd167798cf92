/**
 * `check --changed-since REF` and `--changed-lines-from DIFF`: the lines a change added or changed
 * (core/check/changedLines.ts), from git (run through core/safeGit.ts: no hooks, no fsmonitor) or from a unified diff
 * file another CI system wrote. The check then reads only the files changed and reports only findings on those lines;
 * a file the change did not touch is not read and is no gap in the check (it is not what was asked about).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseUnifiedDiff, type ChangedLines } from '../core/check/changedLines';
import { gitSync } from '../core/safeGit';
import { plural } from '../core/check/formats';
import { CannotRun } from './usage';

/** The most of a diff read: a change larger than this is no review of changed lines. */
const MAX_DIFF_BYTES = 256 * 1024 * 1024;

/** `--changed-since REF` or `--changed-lines-from DIFF`: the lines to report on (said on standard error), or undefined for all. */
export function changedLinesOf(io: { cwd: string; stderr: { write(text: string): unknown } }, since?: string, from?: string): ChangedLines | undefined {
  if (since === undefined && from === undefined) return undefined;
  if (since !== undefined && from !== undefined) throw new CannotRun('Give --changed-since or --changed-lines-from, not both.');
  const changed = since !== undefined ? changedLinesSince(io.cwd, since) : changedLinesFrom(io.cwd, from as string);
  io.stderr.write(
    `standards-explorer: only findings on lines changed ${since !== undefined ? `since ${since}` : `in ${from}`} are reported (${plural(changed.size, 'file')} changed).\n`,
  );
  return changed;
}

/**
 * The lines changed since `ref`: from where the current branch left `ref` (their merge base: a pull request's changes,
 * not what `ref` gained since) to the working tree, uncommitted changes and untracked files (all their lines) included.
 * Paths relative to `cwd` (git's --relative), as the check lists files. A bad ref, or a clone too shallow to hold it,
 * stops the check (exit 2).
 */
export function changedLinesSince(cwd: string, ref: string): ChangedLines {
  if (!ref.trim() || ref.startsWith('-'))
    throw new CannotRun(`--changed-since ${JSON.stringify(ref)}: give a git ref (a branch, tag or commit), e.g. origin/main.`);
  const run = (args: string[], what: string): string => {
    try {
      return gitSync(cwd, args, { maxBuffer: MAX_DIFF_BYTES });
    } catch (error) {
      const code = (error as { status?: number; code?: string }).code === 'ENOENT' ? 'git is not installed (or not on PATH)' : undefined;
      throw new CannotRun(`--changed-since ${ref}: ${code ?? what}`);
    }
  };
  run(['rev-parse', '--is-inside-work-tree'], `${cwd} is not in a git work tree: --changed-since needs one (or give a diff with --changed-lines-from).`);
  const commit = run(
    ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`],
    `no commit of that name in the repository. Check the name; in CI, fetch it (a shallow clone lacks it: actions/checkout with fetch-depth: 0, GitLab's GIT_DEPTH: 0, or git fetch origin ${ref}).`,
  ).trim();
  const base = run(
    ['merge-base', commit, 'HEAD'],
    `no common history between ${ref} and HEAD (a shallow clone cuts it: fetch with more depth, e.g. fetch-depth: 0).`,
  ).trim();
  const diff = run(
    [
      '-c',
      'core.quotePath=false',
      'diff',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--unified=0',
      '-M',
      '--relative',
      '--src-prefix=a/',
      '--dst-prefix=b/',
      base,
      '--',
    ],
    `git diff against ${base.slice(0, 12)} failed (a diff over ${MAX_DIFF_BYTES / 1024 / 1024} MB is not read).`,
  );
  const changed: Map<string, ReadonlySet<number> | 'all'> = parseUnifiedDiff(diff);
  // Untracked files (not ignored) are new files: every line of theirs is added.
  for (const file of run(['ls-files', '--others', '--exclude-standard', '-z'], 'git ls-files failed.').split('\0')) if (file) changed.set(file, 'all');
  return changed;
}

/** The lines a unified diff file adds to (paths as the diff gives them, relative to where the check runs). */
export function changedLinesFrom(cwd: string, file: string): ChangedLines {
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    if (fs.statSync(absolute).size > MAX_DIFF_BYTES) throw new Error(`larger than ${MAX_DIFF_BYTES / 1024 / 1024} MB`);
    text = fs.readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new CannotRun(`--changed-lines-from ${file}: cannot read it (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (text.trim() && !/^(?:--- |\+\+\+ |@@ |diff --git |Binary files )/m.test(text))
    throw new CannotRun(`--changed-lines-from ${file}: not a unified diff (no ---/+++ headers or @@ hunks). Write it with git diff or diff -u.`);
  try {
    return parseUnifiedDiff(text);
  } catch (error) {
    throw new CannotRun(`--changed-lines-from ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
