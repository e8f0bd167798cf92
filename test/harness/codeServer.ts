/**
 * A real VS Code (code-server) on 127.0.0.1 with an isolated profile, for integration and end-to-end tests and the
 * demo. Started in its own process group so every watcher it spawns stops with it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { editors, type Editor } from './tools';
import { freePort } from './ports';
import type { BrowserContext } from 'playwright-core';
import { codeServerLaunch, codeServerUserSettings, newPassword } from './codeServerLaunch';

export interface CodeServerOptions {
  /** Folder opened in the window. */
  workspace?: string;
  /** Environment for code-server and its extension host. */
  env?: Record<string, string>;
  /** Enables the workbench's development options (extensionDevelopmentPath / extensionTestsPath in the URL). */
  testDriver?: boolean;
  /** VSIXs to install into the isolated extensions folder before starting. */
  vsix?: string | readonly string[];
  port?: number;
  /** Where code-server's output goes (default: a file in the profile folder). */
  logFile?: string;
  /** More code-server arguments, e.g. `['--locale', 'de']`. */
  args?: string[];
  /** User settings on top of codeServerUserSettings() (test/harness/codeServerLaunch.ts). */
  settings?: Record<string, unknown>;
  /** Remote settings (the server's Machine/settings.json: "Remote" in the Settings editor of a remote window). */
  remoteSettings?: Record<string, unknown>;
  /** Which VS Code: the current one (default) or the `engines.vscode` minimum. */
  editor?: Editor;
  /**
   * Keep VS Code's workspace trust on (the demo: the folder opens after VS Code asks whether to trust it). The tests
   * turn it off: the folders they open are made by the tests themselves.
   */
  workspaceTrust?: boolean;
}

export interface CodeServer {
  url: string;
  host: string;
  workspace: string;
  profile: string;
  logFile: string;
  /** The user settings file (written before start; VS Code follows changes to it). */
  settingsFile: string;
  /** code-server's password for this start (random; the demo prints it once, the tests log in with it). */
  password: string;
  /** URL opening the workspace (always with ?folder=: code-server reuses the last query otherwise). */
  workbenchUrl(extra?: Record<string, string>): string;
  /** Logs a browser context in (code-server's session cookie), so pages in it open the workbench directly. */
  login(context: BrowserContext): Promise<void>;
  stop(): Promise<void>;
}

export async function startCodeServer(options: CodeServerOptions = {}): Promise<CodeServer> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'se-code-server-'));
  const workspace = options.workspace ?? path.join(profile, 'workspace');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(path.join(profile, 'data', 'User'), { recursive: true });
  const workspaceTrust = options.workspaceTrust ?? false;
  const userSettings = { ...codeServerUserSettings(), ...options.settings };
  writeFileSync(path.join(profile, 'data', 'User', 'settings.json'), JSON.stringify(userSettings, null, 2));
  if (options.remoteSettings) {
    mkdirSync(path.join(profile, 'data', 'Machine'), { recursive: true });
    writeFileSync(path.join(profile, 'data', 'Machine', 'settings.json'), JSON.stringify(options.remoteSettings, null, 2));
  }
  // No password in here: it goes to code-server in $PASSWORD only (codeServerLaunch).
  writeFileSync(path.join(profile, 'config.yaml'), 'auth: password\ncert: false\n');
  const common = [
    '--config',
    path.join(profile, 'config.yaml'),
    '--user-data-dir',
    path.join(profile, 'data'),
    '--extensions-dir',
    path.join(profile, 'extensions'),
  ];
  const editor = options.editor ?? editors.current;
  const env = { ...process.env, PATH: `${editor.nodeBin}:${process.env.PATH ?? ''}`, ...options.env };
  for (const vsix of typeof options.vsix === 'string' ? [options.vsix] : (options.vsix ?? []))
    await run(editor.codeServer, [...common, '--install-extension', vsix, '--force'], env);

  const port = options.port ?? (await freePort());
  const logFile = options.logFile ?? path.join(profile, 'code-server.log');
  const out = openSync(logFile, 'a');
  const password = newPassword();
  const launch = codeServerLaunch({
    common,
    port,
    password,
    workspaceTrust,
    extra: [...(options.testDriver ? editor.testDriverArgs : []), ...(options.args ?? [])],
    workspace,
  });
  const serverEnv: NodeJS.ProcessEnv = { ...env, ...launch.env };
  delete serverEnv.HASHED_PASSWORD; // one from the caller's shell would win over ours
  const child = spawn(editor.codeServer, launch.args, { env: serverEnv, detached: true, stdio: ['ignore', out, out] });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer within 60 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  let session: { name: string; value: string } | undefined;
  return {
    url,
    host,
    workspace,
    profile,
    logFile,
    password,
    settingsFile: path.join(profile, 'data', 'User', 'settings.json'),
    workbenchUrl(extra = {}) {
      const query = new URLSearchParams({ folder: workspace, ...extra });
      return `${url}/?${query.toString()}`;
    },
    async login(context) {
      session ??= await sessionCookie(url, password);
      await context.addCookies([{ ...session, url: `${url}/`, httpOnly: true, sameSite: 'Lax' }]);
    },
    stop,
  };
}

/** Logs in through code-server's own login form (POST /login) and returns the session cookie it sets. */
async function sessionCookie(url: string, password: string): Promise<{ name: string; value: string }> {
  const reply = await fetch(`${url}/login`, { method: 'POST', body: new URLSearchParams({ password }), redirect: 'manual' });
  for (const header of reply.headers.getSetCookie()) {
    const [, name, value] = /^([^=;\s]+)=([^;]*)/.exec(header) ?? [];
    if (name?.startsWith('code-server-session') && value) return { name, value };
  }
  throw new Error(`code-server did not log in (HTTP ${reply.status} from ${url}/login)`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${code}):\n${output.slice(-2000)}`)),
    );
  });
}

/** Stops the sandbox the extension started inside this code-server (from its own isolated extensions folder), if any. */
export function stopExtensionSandbox(profile: string): void {
  try {
    execFileSync('pkill', ['-f', `${profile}/extensions/.*/dist/sandbox.js`]);
  } catch {
    // none running
  }
}
