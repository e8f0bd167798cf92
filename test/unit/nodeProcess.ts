/** A Node script run as a user runs it, its output collected: the command line's tests share it. */
import { spawn, type SpawnOptions } from 'node:child_process';

export interface ProcessRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface NodeRunOptions extends Pick<SpawnOptions, 'cwd' | 'env' | 'timeout' | 'killSignal'> {
  /** Node's own options before the script (`--require` a probe). */
  nodeArgs?: readonly string[];
}

/**
 * Runs `script` with this process's Node and `args`; resolves when it exits. Not spawnSync: a sandbox the script
 * talks to may run in this very process. `timeout` kills a run that would hang (with `killSignal`, SIGTERM unless said).
 */
export function runNode(script: string, args: readonly string[], { nodeArgs = [], ...options }: NodeRunOptions): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
