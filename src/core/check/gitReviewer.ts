/** Who is reviewing: git's user.name in a folder, when git and a name are there (the lock's "reviewed.by"). */
import { git } from '../safeGit';

export function gitUserName(cwd: string): Promise<string | undefined> {
  return git(cwd, ['config', 'user.name'], { timeout: 5000 }).then(
    (stdout) => stdout.trim() || undefined,
    () => undefined,
  );
}
