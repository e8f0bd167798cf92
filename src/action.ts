/** The GitHub Action's entry point (action.yml, bundled to dist/action.js): src/action/ is the host. */
import { runAction } from './action/run';

declare const CLI_VERSION: string | undefined;

void runAction(process.env, process.stdout, typeof CLI_VERSION === 'string' ? CLI_VERSION : 'dev').then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A fault of this tool, not of the workflow: said as an error annotation, and the step fails.
    const message = error instanceof Error ? error.message : String(error);
    process.stdout.write(
      `::error title=standards-explorer::The check failed unexpectedly (${message.replace(/\r?\n/g, ' ')}). This is a fault of the tool: please report it.\n`,
    );
    process.exitCode = 1;
  },
);
