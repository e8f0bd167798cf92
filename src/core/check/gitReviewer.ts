/** Who is reviewing: git's user.name in a folder, when git and a name are there (the lock's "reviewed.by"). */
import { execFile } from 'node:child_process';

export function gitUserName(cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['config', 'user.name'], { cwd, encoding: 'utf8', timeout: 5000 }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim() || undefined),
    );
  });
}
