/**
 * The files a check reads: under each path given, those git would track (tracked and untracked, less what .gitignore
 * excludes) in a git work tree, else every file below it but .git and node_modules; then the config's include and
 * exclude globs (relative to where the check runs). Text files only, and none larger than the editor checks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileMatcher, type FileFilter } from '../core/check/fileFilter';
import { gitSync } from '../core/safeGit';
import { CannotRun } from './usage';

/** Bigger files are not checked (as in the editor). */
export const MAX_FILE_BYTES = 5_000_000;

/** Relative paths (forward slashes) from `cwd`, sorted. */
export function listFiles(cwd: string, paths: readonly string[], filter: FileFilter): string[] {
  const found = new Set<string>();
  for (const given of paths.length ? paths : ['.']) {
    const absolute = path.resolve(cwd, given);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(absolute);
    } catch {
      throw new CannotRun(`${given}: no such file or folder.`);
    }
    if (stat.isFile()) {
      found.add(relative(cwd, absolute));
      continue;
    }
    // Paths below `given`, made relative to `cwd` by joining strings: path.relative per file costs a tenth of a check.
    const prefix = path.relative(cwd, absolute).split(path.sep).join('/');
    const under = prefix === '' ? '' : `${prefix}/`;
    for (const file of gitFiles(absolute) ?? walk(absolute)) found.add(under + file);
  }
  const wanted = fileMatcher(filter);
  return [...found].filter(wanted).sort();
}

/**
 * The text of a file to check, or undefined when it is binary (a NUL early on) or too large. Read synchronously: a
 * command line has no event loop to keep free, and for files the system has cached (CI right after the checkout) a
 * synchronous read costs a quarter of the callback API's open, stat, read and close round trips (5 000 files: about
 * 120 ms against 450 to 650 ms on 2 cores). Read whole as text, then judged: no size asked first (files over 5 MB
 * are rare), and no buffer beside the string.
 */
export function readText(cwd: string, file: string): string | undefined {
  // The listed paths are relative with forward slashes (listFiles): joined, not resolved, on every file.
  const text = fs.readFileSync(path.isAbsolute(file) ? file : `${cwd}${path.sep}${file}`, 'utf8');
  // A NUL among the first 8 000 characters, looked for there only (as git does): not the whole of every file.
  if (text.length > MAX_FILE_BYTES || text.lastIndexOf('\u0000', BINARY_PROBE - 1) >= 0) return undefined;
  return text;
}

/** How far into a file a NUL makes it binary. */
const BINARY_PROBE = 8000;

function relative(cwd: string, file: string): string {
  return path.relative(cwd, file).split(path.sep).join('/') || path.basename(file);
}

/**
 * Tracked and untracked files git does not ignore (relative, forward slashes), or undefined outside a git work tree
 * (or without git). Run through core/safeGit.ts: the repository's own config runs no program (core.fsmonitor).
 */
function gitFiles(folder: string): string[] | undefined {
  // Starting git costs tens of milliseconds: not where no work tree can be (no .git here or above, no GIT_DIR).
  if (!process.env.GIT_DIR && !hasGitAbove(folder)) return undefined;
  try {
    const out = gitSync(folder, ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { maxBuffer: 256 * 1024 * 1024 });
    // Deleted but still tracked files are listed too.
    return out.split('\0').filter((file) => file && fs.existsSync(path.join(folder, file)));
  } catch {
    return undefined;
  }
}

function hasGitAbove(folder: string): boolean {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * Every file below `folder` (relative, forward slashes) but those in .git and node_modules, which are not entered:
 * a project's node_modules alone can hold a hundred thousand files.
 */
function walk(folder: string): string[] {
  const files: string[] = [];
  const pending = [''];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of fs.readdirSync(dir ? path.join(folder, dir) : folder, { withFileTypes: true })) {
      const relativeName = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== '.git' && entry.name !== 'node_modules') pending.push(relativeName);
      } else if (entry.isFile()) files.push(relativeName);
    }
  }
  return files;
}
