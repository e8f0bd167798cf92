/**
 * The sandbox in a process of its own (dist/sandbox.js), for benches that must not count the server's work or
 * memory as the client's: each gets a core, and the client's heap is the client's alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import type { ConnectionInfo } from '../src/core/service/index';

const REPO = path.resolve(__dirname, '../..');

export interface ChildSandbox {
  info: ConnectionInfo & { controlToken: string };
  /** For sandboxStats / sandboxControl. */
  control: { origin: string; controlToken: string };
  child: ChildProcess;
  /** CPU time the sandbox process has used so far, in ms (Linux: /proc; undefined elsewhere). */
  cpuMs(): number | undefined;
  stop(): void;
}

/** Linux's clock ticks a second as /proc reports them (USER_HZ, 100 on every Linux ABI). */
const TICKS_PER_SECOND = 100;

function processCpuMs(pid: number | undefined): number | undefined {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export async function startChildSandbox(args: string[]): Promise<ChildSandbox> {
  const child = spawn(process.execPath, [path.join(REPO, 'dist', 'sandbox.js'), '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const info = JSON.parse(line) as ChildSandbox['info'];
  return {
    info,
    control: { origin: new URL(info.baseUrl).origin, controlToken: info.controlToken },
    child,
    cpuMs: () => processCpuMs(child.pid),
    stop: () => child.kill('SIGTERM'),
  };
}
