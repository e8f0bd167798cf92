/**
 * The config's include and exclude globs as one test of a path relative to the folder the config is in: a file is
 * read when an include glob matches it (the default citing files when none is given) and no exclude glob does. A
 * glob without "/" matches the file name in any folder ("*.md"), as in .gitignore. The command line and the
 * References view read the same files with it.
 */
import { Minimatch } from 'minimatch';
import { DEFAULT_CITING_FILES } from '../citations/citingFiles';

export interface FileFilter {
  include?: string[];
  exclude?: string[];
}

export function fileMatcher(filter: FileFilter, defaultInclude = DEFAULT_CITING_FILES): (relativePath: string) => boolean {
  const included = anyGlob(filter.include?.length ? filter.include : [defaultInclude], { baseNames: true });
  const excluded = filter.exclude?.length ? anyGlob(filter.exclude, { baseNames: true }) : () => false;
  return (file) => included(file) && !excluded(file);
}

/**
 * Whether a relative path (forward slashes) matches any of `globs`, hidden files too. `baseNames`: a glob without "/"
 * matches the file name in any folder (the config's globs, as .gitignore's), else the whole path only (VS Code's
 * search); `nocase` where file systems ignore case.
 */
export function anyGlob(globs: readonly string[], { baseNames = false, nocase = false } = {}): (relativePath: string) => boolean {
  // "**/*.{md,txt,…}" (the default): a file name's extension, without a matcher per path — repositories list thousands.
  const extensions = globs.length === 1 && !nocase ? /^\*\*\/\*\.\{([\w,]+)\}$/.exec(globs[0]) : null;
  if (extensions) {
    const wanted = new Set(extensions[1].split(','));
    return (file) => wanted.has(file.slice(file.lastIndexOf('.') + 1)) && file.lastIndexOf('.') > file.lastIndexOf('/');
  }
  // "**/.git", "**/node_modules" (files.exclude's own): a name in any folder, told without a matcher.
  const names = globs.map((glob) => /^\*\*\/([\w.@-]+)$/.exec(glob)?.[1]);
  if (!nocase && names.every((name) => name !== undefined)) {
    const wanted = new Set(names);
    return (file) => wanted.has(file.slice(file.lastIndexOf('/') + 1));
  }
  const compiled = globs.map((glob) => new Minimatch(glob, { dot: true, nocase, matchBase: baseNames && !glob.includes('/') }));
  return (file) => compiled.some((glob) => glob.match(file));
}

/** A glob of the config as a workspace search pattern: one without "/" is looked for in every folder. */
export function searchGlob(glob: string): string {
  return glob.includes('/') ? glob : `**/${glob}`;
}
