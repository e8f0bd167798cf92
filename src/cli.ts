/** The command line's entry point (package.json `bin`, bundled to dist/cli.js): src/cli/ is the host. */
import { main } from './cli/main';

declare const CLI_VERSION: string | undefined;

void main(
  process.argv.slice(2),
  { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr },
  typeof CLI_VERSION === 'string' ? CLI_VERSION : 'dev',
).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A fault of this tool, not of the user's setup: say so, and exit 2 ("could not run"), never 1.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `standards-explorer: the check failed unexpectedly (${message}). This is a fault of the tool: please report it with the command you ran.\n`,
    );
    process.exitCode = 2;
  },
);
