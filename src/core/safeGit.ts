/**
 * git run on a folder nobody vouched for (an archive handed over, a folder an agent is pointed at, a pull request's
 * checkout): every call of git on a workspace goes through here. A repository's own .git/config can name programs
 * git runs: core.fsmonitor (asked which files changed by `ls-files`, `status` and any command that reads the index)
 * and hooks (core.hooksPath; `post-index-change` runs whenever git writes the index). Both are switched off on the
 * command line, which wins over every config file. The user's own config (system and global) is kept: it is theirs,
 * and it holds what the listing must agree with (core.excludesFile, safe.directory for a checkout owned by another
 * user, as CI containers have). git's refusal of a repository owned by someone else stays as it is.
 */
import type * as ChildProcess from 'node:child_process';

/** Before the command: `-c` of the command line overrides what the repository's config says. */
const SAFE_ARGS = [
  '--no-pager',
  '-c',
  'core.fsmonitor=false',
  // A hooks folder that cannot exist: no hook runs.
  '-c',
  'core.hooksPath=/dev/null',
];

/** Optional locks off: a listing never writes the index (nor takes its lock from a `git` the user is running). */
function safeEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' };
}

function childProcess(): typeof ChildProcess {
  // Loaded when git is run, not with the command line: child_process costs 8 ms of every start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built-in module, loaded on first use
  return require('node:child_process') as typeof ChildProcess;
}

/** git's standard output (UTF-8); throws when git is missing, fails or outgrows `maxBuffer`. Standard error is dropped. */
export function gitSync(cwd: string, args: readonly string[], options: { maxBuffer?: number; timeout?: number } = {}): string {
  return childProcess().execFileSync('git', [...SAFE_ARGS, ...args], {
    cwd,
    env: safeEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    ...options,
  });
}

/** As gitSync, without blocking: rejects when git is missing or fails. */
export function git(cwd: string, args: readonly string[], options: { timeout?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    childProcess().execFile('git', [...SAFE_ARGS, ...args], { cwd, env: safeEnv(), encoding: 'utf8', ...options }, (error, stdout) =>
      error ? reject(new Error(`git ${args.join(' ')}: ${error.message}`, { cause: error })) : resolve(stdout),
    );
  });
}
