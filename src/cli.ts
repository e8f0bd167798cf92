/** The command line's entry point (package.json `bin`, bundled to dist/cli.js): src/cli/ is the host. */
import { main } from './cli/main';

declare const CLI_VERSION: string | undefined;

// A reader that stops reading (`check … | head`) closes the pipe: the rest of the report cannot be written. The run
// ends at once with "could not run" (2) and a line saying why, not with Node's unhandled EPIPE and its stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  const why = error.code === 'EPIPE' ? 'its output was closed before the report was written' : `its output failed (${error.message})`;
  process.stderr.write(`standards-explorer: stopped: ${why}.\n`, () => process.exit(2));
});
process.stderr.on('error', () => process.exit(2));

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
