/** The browser's src/core/safeGit.ts: there is no git to run in a web worker, and callers go on without it (no reviewer name). */
import type * as NodeSafeGit from '../../core/safeGit';

const NO_GIT = 'git cannot run in the browser.';

export const git: typeof NodeSafeGit.git = () => Promise.reject(new Error(NO_GIT));

export const gitSync: typeof NodeSafeGit.gitSync = () => {
  throw new Error(NO_GIT);
};
