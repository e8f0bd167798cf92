/**
 * The demo behind `npm run demo`: a sandbox on a free loopback port, code-server with the VSIX installed and the
 * sandbox's connection in STANDARDS_EXPLORER_SANDBOX, so the Standards view is connected from the start. code-server
 * listens on 127.0.0.1 on a free port (or --port N), asks for a password made for this run (printed once, below)
 * and keeps VS Code's workspace trust on. The
 * sandbox serves the real ISO and IEC sample from shared/data beside the project when it is there, so a newcomer
 * browses real references and titles; else its generated catalogue.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { startCodeServer } from './codeServer';
import { demoArgs, demoBanner } from './codeServerLaunch';
import { REPO, checkTools } from './tools';

async function main(): Promise<void> {
  checkTools();
  const { port } = demoArgs(process.argv.slice(2));
  const realSample = path.resolve(REPO, '..', 'shared', 'data', 'real-catalogue-sample.jsonl.gz');
  const catalogue = fs.existsSync(realSample) ? ['--catalogue', realSample] : [];
  const sandbox = spawn(process.execPath, [path.join(REPO, 'dist', 'sandbox.js'), '--port', '0', ...catalogue], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the sandbox did not start within 30 s')), 30_000);
    sandbox.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
    createInterface({ input: sandbox.stdout }).once('line', (l) => {
      clearTimeout(timer);
      resolve(l);
    });
  });
  // A free port unless --port says; a password of this run; VS Code's workspace trust kept (it asks about the folder).
  const server = await startCodeServer({
    port,
    workspaceTrust: true,
    vsix: path.join(REPO, 'dist', 'standards-explorer.vsix'),
    env: { STANDARDS_EXPLORER_SANDBOX: line },
  });
  const { baseUrl } = JSON.parse(line) as { baseUrl: string };
  // The password is shown here once, and nowhere else: not in a file, not in code-server's log.
  console.log(
    demoBanner({
      url: server.workbenchUrl(),
      password: server.password,
      sandbox: `${baseUrl} (${catalogue.length ? `the real ISO and IEC sample, ${realSample}` : '30 000 generated standards'})`,
      logFile: server.logFile,
    }),
  );
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    sandbox.kill('SIGTERM');
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
