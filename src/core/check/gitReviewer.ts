/** Who is reviewing: git's user.name in a folder, when git and a name are there (the lock's "reviewed.by"). */
import type * as ChildProcess from 'node:child_process';

export function gitUserName(cwd: string): Promise<string | undefined> {
  // Loaded when asked, not with the command line: child_process costs 8 ms of every start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built-in module, loaded on first use
  const { execFile } = require('node:child_process') as typeof ChildProcess;
  return new Promise((resolve) => {
    execFile('git', ['config', 'user.name'], { cwd, encoding: 'utf8', timeout: 5000 }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim() || undefined),
    );
  });
}
