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
  const compile = (globs: readonly string[]): Minimatch[] => globs.map((glob) => new Minimatch(glob, { dot: true, matchBase: !glob.includes('/') }));
  const include = filter.include?.length ? filter.include : [defaultInclude];
  const excluded = compile(filter.exclude ?? []);
  const notExcluded = (file: string): boolean => !excluded.some((glob) => glob.match(file));
  // "**/*.{md,txt,…}" (the default): a file name's extension, without a matcher per path — repositories list thousands.
  const extensions = include.length === 1 ? /^\*\*\/\*\.\{([\w,]+)\}$/.exec(include[0]) : null;
  if (extensions) {
    const wanted = new Set(extensions[1].split(','));
    return (file) => wanted.has(file.slice(file.lastIndexOf('.') + 1)) && file.lastIndexOf('.') > file.lastIndexOf('/') && notExcluded(file);
  }
  const included = compile(include);
  return (file) => included.some((glob) => glob.match(file)) && notExcluded(file);
}

/** A glob of the config as a workspace search pattern: one without "/" is looked for in every folder. */
export function searchGlob(glob: string): string {
  return glob.includes('/') ? glob : `**/${glob}`;
}
