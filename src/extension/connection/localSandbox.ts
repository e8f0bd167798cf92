/**
 * "Connect to Local Sandbox": runs the bundled sandbox (dist/sandbox.js) as a child process of the extension host
 * and reads the JSON line it prints. The child has an IPC channel, so it ends when the editor does.
 */
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { hostOf } from '../../core/labels';
import { parseConnectionInfo, type ConnectionInfo } from '../../core/service/index';
import { l10n } from '../../core/l10n';

export interface LocalSandbox {
  info: ConnectionInfo;
  /** The sandbox's per-run token for its /__sandbox/* test routes (never logged or stored). */
  controlToken?: string;
  /** Stops the sandbox process. */
  stop(): void;
  /** The process has ended (stopped here, or killed from outside). */
  exited(): boolean;
}

const READY_TIMEOUT_MS = 30_000;

function startLocalSandbox(extensionPath: string, signal?: AbortSignal): Promise<LocalSandbox> {
  const script = path.join(extensionPath, 'dist', 'sandbox.js');
  return new Promise<LocalSandbox>((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = fork(script, ['--port', '0', ...catalogueArgs()], {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        // In desktop VS Code the extension host runs on Electron: make it behave as plain Node.
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        execArgv: [],
      });
    } catch (error) {
      reject(new Error(l10n.t('Could not start the local sandbox ({0}): {1}', script, error instanceof Error ? error.message : String(error))));
      return;
    }
    let stderr = '';
    let settled = false;
    const finish = (error?: Error, info?: ConnectionInfo, controlToken?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) {
        child.kill();
        reject(error);
      } else if (info) {
        resolve({ info, controlToken, stop: () => child.kill(), exited: () => child.exitCode !== null || child.signalCode !== null });
      }
    };
    const onAbort = (): void => {
      const error = new Error(l10n.t('Starting the local sandbox was cancelled.'));
      error.name = 'Cancelled';
      finish(error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => finish(new Error(l10n.t('The local sandbox did not start within {0} s.', READY_TIMEOUT_MS / 1000) + tail(stderr))),
      READY_TIMEOUT_MS,
    );
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (error) => finish(new Error(l10n.t('Could not start the local sandbox: {0}', error.message))));
    child.on('exit', (code) => finish(new Error(l10n.t('The local sandbox stopped before it was ready (exit code {0}).', String(code)) + tail(stderr))));
    if (!child.stdout) return finish(new Error(l10n.t('The local sandbox has no output stream.')));
    createInterface({ input: child.stdout }).once('line', (line) => {
      try {
        const info = parseConnectionInfo(line, l10n.t('The local sandbox'));
        const { controlToken } = JSON.parse(line) as { controlToken?: unknown };
        finish(undefined, info, typeof controlToken === 'string' ? controlToken : undefined);
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * The catalogue the demo's own sandbox served (STANDARDS_EXPLORER_SANDBOX_CATALOGUE, set by `npm run demo`): a sandbox
 * started in its place serves the same standards, not the generated ones.
 */
function catalogueArgs(): string[] {
  const file = process.env.STANDARDS_EXPLORER_SANDBOX_CATALOGUE;
  return file ? ['--catalogue', file] : [];
}

function tail(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.trim() && !/Unsupported runtime/.test(l));
  return lines.length ? ` ${l10n.t('Its last words: {0}', lines.slice(-3).join(' | '))}` : '';
}

/** The bundled sandbox as a child process of the extension host: at most one, stopped with its owner. */
export class SandboxProcess {
  private running: LocalSandbox | undefined;

  constructor(
    private readonly extensionPath: string,
    private readonly log: { info(message: string): void },
  ) {}

  /**
   * The running sandbox's connection, starting it if needed — also when the process ended behind our back (killed, or
   * crashed): "Connect to Local Sandbox" is what the Connection Doctor offers when nothing listens there any more.
   */
  async start(signal?: AbortSignal): Promise<ConnectionInfo> {
    if (!this.running || this.running.exited()) {
      this.running = await startLocalSandbox(this.extensionPath, signal);
      this.log.info(`Local sandbox started at ${hostOf(this.running.info.baseUrl)}`);
    }
    return this.running.info;
  }

  stop(): void {
    if (!this.running) return;
    this.running.stop();
    this.running = undefined;
    this.log.info('Local sandbox stopped');
  }

  dispose(): void {
    this.stop();
  }
}
