/**
 * code-server's command line and the demo's own arguments, as pure functions: a unit test
 * (test/unit/demoLaunch.test.ts) checks what they contain without starting anything.
 *
 * code-server is a VS Code with a terminal: whoever reaches its port runs commands as this user. It always asks for
 * a password here — a fresh random one per start, given to code-server in $PASSWORD (which it deletes from its own
 * environment, so no terminal or extension host inherits it), never on the command line, in a file or in a log —
 * and listens on 127.0.0.1 only. The tests log their browser in with it (CodeServer.login); the demo prints it once.
 */
import { randomBytes } from 'node:crypto';

/** The settings every code-server of ours starts with: quiet, offline, no first-run tours. */
const BASE_USER_SETTINGS = {
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'workbench.enableExperiments': false,
  'git.enabled': false,
  'window.commandCenter': false,
};

/**
 * The user settings code-server starts with. Workspace trust is never turned off here (a setting stays in a profile):
 * where it is off, code-server's --disable-workspace-trust turns it off for that one session (codeServerLaunch).
 */
export function codeServerUserSettings(): Record<string, unknown> {
  return { ...BASE_USER_SETTINGS };
}

/**
 * The demo folder's check config (the command line's and the extension's, standards.config.json): the defaults. It
 * starts the extension at once (package.json `workspaceContains`), which then opens Get Started. (A README opened at
 * startup would start it too, but then cover Get Started.)
 *
 * Why the demo trusts its folder (workspaceTrust false: --disable-workspace-trust), and how far. In code-server the
 * list of trusted folders lives in the browser's own storage of the page's origin, not in anything a launcher can write, and VS Code has no setting that trusts one
 * folder: the only switch is code-server's --disable-workspace-trust, which "only affects the current session". The
 * demo's session is its own: a code-server on a port of its own with a profile made for this run in a temporary
 * folder, opening a folder made for this run. Nothing of the user's VS Code, its settings or other
 * sessions is changed. Without it the demo opens in Restricted Mode: a banner the whole time and every non-ASCII
 * character (each em dash of a clause) boxed in the editor. The banner says that folders opened in this session are
 * trusted too.
 */
export const DEMO_CONFIG = '{}\n';

/** The README of the demo's folder: what to try. */
export const DEMO_README = `# Standards Explorer demo

This VS Code is connected to a local Standards Content Service (a sandbox on this machine).

- **Get Started** (Help → Welcome, or *Standards: Get Started*) walks through the features.
- The **Standards** view in the activity bar lists the catalogue: expand a standard, open a clause.
- *Standards: Find Standard…* (Ctrl+Alt+F) searches it by number, reference or title.
- Write a citation in a file here, such as “IEC 31010:2019, clause 5”, and hover it.

Everything in this folder is made for this run and deleted with it.
`;

/** A password for one start of code-server: 24 random bytes (192 bits), base64url (nothing to quote anywhere). */
export function newPassword(): string {
  return randomBytes(24).toString('base64url');
}

export interface LaunchOptions {
  /** --config, --user-data-dir, --extensions-dir. */
  common: string[];
  port: number;
  /** From newPassword(); goes in the environment only. */
  password: string;
  /** Keep VS Code's workspace trust (the demo); the tests turn it off. */
  workspaceTrust: boolean;
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
      'password',
      '--bind-addr',
      `127.0.0.1:${options.port}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      ...options.extra,
      options.workspace,
    ],
    env: { PASSWORD: options.password },
  };
}

const DEMO_USAGE = 'usage: npm run demo -- [--port N]   (N from 1 to 65535; without it, a free port)';

/** `npm run demo -- [--port N]`: the port code-server listens on, or undefined for a free one. */
export function demoArgs(argv: string[]): { port: number | undefined } {
  let port: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    let value: string | undefined;
    if (arg === '--port') value = argv[++i];
    else if (arg.startsWith('--port=')) value = arg.slice('--port='.length);
    else throw new Error(DEMO_USAGE);
    if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) throw new Error(`--port ${value ?? ''}: ${DEMO_USAGE}`);
    port = Number(value);
  }
  return { port };
}

/** What the demo prints when it is ready: where to go and the password, which is shown here and nowhere else. */
export function demoBanner(facts: { url: string; password: string; sandbox: string; logFile: string; folder: string }): string {
  return [
    '',
    'Standards Explorer demo is running.',
    `  Open:     ${facts.url}`,
    `  Password: ${facts.password}   (made for this run; shown only here)`,
    `  Sandbox:  ${facts.sandbox}`,
    `  Logs:     ${facts.logFile}`,
    `  Folder:   ${facts.folder}`,
    'This demo session trusts the folders it opens (workspace trust is off in this code-server session only; your',
    'VS Code and its settings are not touched): open only folders you trust in it.',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
