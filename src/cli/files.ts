/**
 * The files a check reads: under each path given, those git would track (tracked and untracked, less what .gitignore
 * excludes) in a git work tree, else every file below it but .git and node_modules; then the config's include and
 * exclude globs (relative to where the check runs). Text files only, up to a size (--max-file-size): each file not
 * read comes back with its reason (core/check/skippedFiles.ts), for the report to say.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileMatcher, type FileFilter } from '../core/check/fileFilter';
import { BINARY_PROBE, type SkippedFile } from '../core/check/skippedFiles';
import { gitSync } from '../core/safeGit';
import { CannotRun } from './usage';

/** Larger files are not read unless --max-file-size says otherwise: generated data and logs, not prose. */
export const MAX_FILE_BYTES = 5_000_000;

/**
 * The most --max-file-size allows: a file is read whole, as one string (V8 makes none longer than 2^29 - 24
 * characters), and a file of n bytes takes up to 3n of memory while read (its bytes, then its text).
 */
export const LARGEST_MAX_FILE_BYTES = 500_000_000;

/**
 * Relative paths (forward slashes) from `cwd`, sorted. A file named in `paths` that the filter leaves out (not a type
 * the check reads, or excluded by the config) is passed to `onLeftOut`: the person named it, so it is said, not dropped.
 */
export function listFiles(cwd: string, paths: readonly string[], filter: FileFilter, onLeftOut?: (file: string) => void): string[] {
  const found = new Set<string>();
  const named: string[] = [];
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
      named.push(relative(cwd, absolute));
      continue;
    }
    if (!stat.isDirectory()) throw new CannotRun(`${given}: not a file or folder (a device or a pipe): give files or folders to check.`);
    // Paths below `given`, made relative to `cwd` by joining strings: path.relative per file costs a tenth of a check.
    const prefix = path.relative(cwd, absolute).split(path.sep).join('/');
    const under = prefix === '' ? '' : `${prefix}/`;
    for (const file of gitFiles(absolute) ?? walk(absolute)) found.add(under + file);
  }
  const wanted = fileMatcher(filter);
  if (onLeftOut) for (const file of named) if (!wanted(file)) onLeftOut(file);
  return [...found].filter(wanted).sort();
}

/** The line that says a named file was left out (listFiles' `onLeftOut`), for standard error. */
export function leftOutLine(file: string): string {
  return `standards-explorer: ${file} was not checked: it is not among the files the check reads (the default file types, or the config's include and exclude). Add it to "include" in standards.config.json to check it.\n`;
}

const BYTE_ORDER_MARK = 0xfeff;

/** Whether `bytes` start with UTF-8's byte-order mark. */
export function startsWithByteOrderMark(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * The text of a listed file, or why it is not read: larger than `maxBytes` (its size asked first, on the open file:
 * never read whole to be thrown away), binary (a NUL byte within the first 8 000 bytes, looked for there only, as git
 * does; a binary file over the limit is judged by its first bytes, read alone), or not a regular file (a link to a
 * device, a pipe or a folder: opened without waiting, never read). Throws when it cannot be opened or read.
 * Synchronous: a command line has no event loop to keep free, and for files the system has cached (CI right after the
 * checkout) a synchronous read costs a quarter of the callback API's round trips (5 000 files: about 120 ms against
 * 450 to 650 ms on 2 cores); open, size, read and close are the calls readFileSync makes.
 */
export function readListedFile(cwd: string, file: string, maxBytes = MAX_FILE_BYTES): string | SkippedFile {
  // The listed paths are relative with forward slashes (listFiles): joined, not resolved, on every file.
  const fd = fs.openSync(path.isAbsolute(file) ? file : `${cwd}${path.sep}${file}`, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { file, reason: 'not-a-file' };
    const bytes = stat.size;
    const wanted = Math.min(bytes, maxBytes < bytes ? BINARY_PROBE : bytes);
    const buffer = Buffer.allocUnsafe(wanted);
    let read = 0;
    for (let n = -1; read < wanted && n !== 0; read += n) n = fs.readSync(fd, buffer, read, wanted - read, read);
    if (buffer.subarray(0, Math.min(read, BINARY_PROBE)).includes(0)) return { file, reason: 'binary', bytes };
    if (bytes > maxBytes) return { file, reason: 'too-large', bytes, limit: maxBytes };
    // A byte-order mark is not text: editors drop it, so the columns of line 1 are the ones they show (fix puts it back).
    const text = buffer.toString('utf8', 0, read);
    return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
  } finally {
    fs.closeSync(fd);
  }
}

/** The text of a file to check, or undefined when it is not read (readListedFile says why). */
export function readText(cwd: string, file: string, maxBytes = MAX_FILE_BYTES): string | undefined {
  const read = readListedFile(cwd, file, maxBytes);
  return typeof read === 'string' ? read : undefined;
}

/** `--max-file-size`: bytes, or a size in decimal units ("20MB", "800kB", "1.5M"), up to LARGEST_MAX_FILE_BYTES. */
export function fileSizeOf(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|k|mb|m|gb|g)?$/i.exec(value.trim());
  const unit = match?.[2]?.[0].toLowerCase();
  const bytes = match ? Math.round(Number(match[1]) * (unit === 'g' ? 1e9 : unit === 'm' ? 1e6 : unit === 'k' ? 1e3 : 1)) : NaN;
  if (!(bytes >= 1 && bytes <= LARGEST_MAX_FILE_BYTES))
    throw new CannotRun(`--max-file-size ${value}: give a size from 1 byte to 500MB, such as 20MB, 800kB or 2000000 (bytes).`);
  return bytes;
}

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
