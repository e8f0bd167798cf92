/**
 * The files of a folder on disk as VS Code's `workspace.findFiles(include)` lists them for the References view's scan,
 * walked by the scan's worker (scanWorker.ts) instead: VS Code's search answered through the workbench's window, and
 * while it listed 5 000 files a command took the workbench 33–78 ms to answer against 5–15 ms idle
 * (bench/referencesScan.ts, 2 cores), the slowest moment of a scan. The same rules as findFiles: the include globs
 * relative to the folder, hidden files too; `files.exclude` (a folder it matches is not entered; `when` names a
 * sibling that must exist, "$(basename)" the name without its extension); symbolic links followed when
 * `search.followSymlinks` says so (but not a link to a folder the walk is in: a loop), skipped otherwise;
 * .gitignore and `search.exclude` not applied. Pure: no vscode.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { anyGlob } from '../check/fileFilter';

/** `files.exclude` as settings give it: a glob, and whether it applies (or the sibling that must exist for it to). */
export type ExcludeSetting = Record<string, boolean | { when: string }>;

export interface FolderListing {
  /** The folder's path on disk. */
  root: string;
  /** Globs relative to the folder: a file is listed when one matches. */
  include: string[];
  exclude: ExcludeSetting;
  followSymlinks: boolean;
  /** At most this many files. */
  max: number;
}

/** The files of `listing.root` it lists: relative, forward slashes, each folder's in name order. */
export function listFolder({ root, include, exclude, followSymlinks, max }: FolderListing): string[] {
  const nocase = process.platform === 'win32' || process.platform === 'darwin';
  const included = anyGlob(
    include.map((glob) => searchedGlob(glob, root)).filter((glob) => glob !== undefined),
    { nocase },
  );
  const excluded = exclusions(exclude, root, nocase);
  const files: string[] = [];
  // Each folder to walk with the real paths of the folders it is in: a link back to one of them is a loop, not walked.
  const pending: Array<{ dir: string; within: readonly string[] }> = [{ dir: '', within: [] }];
  for (let next = pending.pop(); next && files.length < max; next = pending.pop()) {
    const { dir } = next;
    const absolute = dir ? path.join(root, dir) : root;
    let within = next.within;
    if (followSymlinks) {
      const real = realPath(absolute);
      if (real === undefined || within.includes(real)) continue;
      within = [...within, real];
    }
    const entries = entriesOf(absolute);
    const names = new Set(entries.map((entry) => entry.name));
    const folders: string[] = [];
    for (const entry of entries) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      const kind = kindOf(entry, absolute, followSymlinks);
      if (!kind || excluded(relative, entry.name, names)) continue;
      if (kind === 'folder') folders.push(relative);
      else if (included(relative) && files.push(relative) >= max) break;
    }
    // Walked depth first, in name order: the last pushed is walked first.
    for (let i = folders.length - 1; i >= 0; i--) pending.push({ dir: folders[i], within });
  }
  return files;
}

function entriesOf(folder: string): fs.Dirent[] {
  try {
    return fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    // Gone since it was listed, or not readable: findFiles passes over it too.
    return [];
  }
}

function realPath(folder: string): string | undefined {
  try {
    return fs.realpathSync(folder);
  } catch {
    return undefined;
  }
}

/** A file or a folder (a link's target when links are followed); undefined for what is neither, or a link not followed. */
function kindOf(entry: fs.Dirent, folder: string, followSymlinks: boolean): 'file' | 'folder' | undefined {
  if (entry.isDirectory()) return 'folder';
  if (entry.isFile()) return 'file';
  if (!entry.isSymbolicLink() || !followSymlinks) return undefined;
  try {
    const target = fs.statSync(path.join(folder, entry.name));
    return target.isDirectory() ? 'folder' : target.isFile() ? 'file' : undefined;
  } catch {
    // A dangling link.
    return undefined;
  }
}

/** Whether `files.exclude` leaves out a path (relative), given its name and the names beside it. */
function exclusions(setting: ExcludeSetting, root: string, nocase: boolean): (relative: string, name: string, siblings: ReadonlySet<string>) => boolean {
  const always: string[] = [];
  const conditional: Array<{ matches: (relative: string) => boolean; when: string }> = [];
  for (const [written, value] of Object.entries(setting)) {
    const glob = searchedGlob(written, root);
    if (glob === undefined) continue;
    if (value === true) always.push(glob);
    else if (value && typeof value === 'object' && typeof value.when === 'string') conditional.push({ matches: anyGlob([glob], { nocase }), when: value.when });
  }
  const matchesAlways = always.length ? anyGlob(always, { nocase }) : () => false;
  return (relative, name, siblings) => {
    if (matchesAlways(relative)) return true;
    for (const { matches, when } of conditional) if (matches(relative) && siblings.has(when.replace('$(basename)', baseName(name)))) return true;
    return false;
  };
}

/**
 * A glob as VS Code's search reads it, relative to the folder: without a trailing slash ("out/" is the folder
 * "out"); an absolute one inside the folder made relative, one outside it (or empty) undefined.
 */
function searchedGlob(glob: string, root: string): string | undefined {
  let relative = withoutTrailingSlashes(glob.replaceAll('\\', '/'));
  if (path.isAbsolute(glob)) {
    const inside = `${withoutTrailingSlashes(root.replaceAll('\\', '/'))}/`;
    if (!relative.startsWith(inside)) return undefined;
    relative = relative.slice(inside.length);
  }
  return relative || undefined;
}

function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

/** A file name without its last extension, as VS Code's `$(basename)` says it. */
function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
