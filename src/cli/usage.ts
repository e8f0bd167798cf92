/** The command line's words: its usage, and the error that means "could not run" (exit 2) rather than findings. */
import { helpText } from './options';

/** Marks a CannotRun whichever bundle made it (Symbol.for is one registry per process). */
const CANNOT_RUN = Symbol.for('standards-explorer.cannotRun');

/**
 * Anything that stops the check from running: bad arguments, a broken config, an unreachable service. Exit 2. Each
 * bundle (dist/cli.js and the parts it loads on first use, dist/cli-*.js) has its own copy of this class: `instanceof`
 * asks the mark, so one bundle's CannotRun is another's too.
 */
export class CannotRun extends Error {
  readonly [CANNOT_RUN] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && CANNOT_RUN in value;
  }
}

/** `run`'s exit status, or 2 with the message on standard error when it cannot run. */
export async function exitStatusOf(stderr: { write(text: string): unknown }, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CannotRun)) throw error;
    stderr.write(`standards-explorer: ${error.message}\n`);
    return 2;
  }
}

export { DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS } from './options';

/** `--help`, made from the commands and options of options.ts (as docs/cli.md is). */
export const USAGE = helpText();
