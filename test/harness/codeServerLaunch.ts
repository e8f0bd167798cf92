/**
 * code-server's command line and the demo's own arguments, as pure functions: a unit test
 * (test/unit/demoLaunch.test.ts) checks what they contain without starting anything.
 */

export interface LaunchOptions {
  /** --config, --user-data-dir, --extensions-dir. */
  common: string[];
  port: number;
  /** The workbench's development options, --locale…, whatever the caller adds. */
  extra: string[];
  /** Folder opened in the window. */
  workspace: string;
}

export interface Launch {
  args: string[];
  /** Only for the code-server process (never for --install-extension or a child of ours). */
  env: Record<string, string>;
}

export function codeServerLaunch(options: LaunchOptions): Launch {
  return {
    args: [
      ...options.common,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${options.port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      ...options.extra,
      options.workspace,
    ],
    env: {},
  };
}

/** `npm run demo -- [--port N]`: the port code-server listens on. */
export function demoArgs(argv: string[]): { port: number } {
  const portArg = argv.indexOf('--port');
  return { port: portArg >= 0 ? Number(argv[portArg + 1]) : 8080 };
}
