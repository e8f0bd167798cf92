/**
 * The files a check reads: under each path given, those git would track (tracked and untracked, less what .gitignore
 * excludes) in a git work tree, else every file below it but .git and node_modules; then the config's include and
 * exclude globs (relative to where the check runs). Text files only, and none larger than the editor checks.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileMatcher, type FileFilter } from '../core/check/fileFilter';
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
    for (const file of gitFiles(absolute) ?? walk(absolute)) found.add(relative(cwd, file));
  }
  const wanted = fileMatcher(filter);
  return [...found].filter(wanted).sort();
}

/** The text of a file to check, or undefined when it is binary (a NUL early on) or too large. */
export async function readText(cwd: string, file: string): Promise<string | undefined> {
  // Read whole as text, then judged: one system call fewer per file than asking its size first (files over 5 MB are
  // rare), and no buffer beside the string (half the garbage of a repository's worth of files).
  const text = await new Promise<string>((resolve, reject) =>
    fs.readFile(path.resolve(cwd, file), 'utf8', (error, data) => (error ? reject(error) : resolve(data))),
  );
  const nul = text.indexOf('\u0000');
  if (text.length > MAX_FILE_BYTES || (nul >= 0 && nul < 8000)) return undefined;
  return text;
}

/** Files read ahead of use: while one file's citations are recognised, the next ones are being read. */
const READ_AHEAD = 32;

/**
 * The texts of `files` in order, read `READ_AHEAD` at a time in the background (the disk and the recogniser work at
 * once); a file that cannot be read fails when its turn comes, never as an unhandled rejection.
 */
export async function* readTexts(cwd: string, files: readonly string[]): AsyncGenerator<{ file: string; text: string | undefined }> {
  const pending: Array<Promise<{ text?: string; error?: Error }>> = [];
  let next = 0;
  const fill = (): void => {
    while (next < files.length && pending.length < READ_AHEAD) {
      const file = files[next++];
      pending.push(
        readText(cwd, file).then(
          (text) => ({ text }),
          (error: unknown) => ({ error: error instanceof Error ? error : new Error(`Cannot read ${file}`) }),
        ),
      );
    }
  };
  fill();
  for (const file of files) {
    const read = await (pending.shift() as Promise<{ text?: string; error?: Error }>);
    fill();
    if (read.error) throw read.error;
    yield { file, text: read.text };
  }
}

function relative(cwd: string, file: string): string {
  return path.relative(cwd, file).split(path.sep).join('/') || path.basename(file);
}

/** Tracked and untracked files git does not ignore, or undefined outside a git work tree (or without git). */
function gitFiles(folder: string): string[] | undefined {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
    return out
      .split('\0')
      .filter(Boolean)
      .map((file) => path.join(folder, file))
      .filter((file) => fs.existsSync(file));
  } catch {
    return undefined;
  }
}

function walk(folder: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (/(?:^|[\\/])(?:\.git|node_modules)(?:[\\/]|$)/.test(path.relative(folder, file))) continue;
    files.push(file);
  }
  return files;
}
