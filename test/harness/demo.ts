/**
 * The demo behind `npm run demo`: a sandbox on a free loopback port, code-server with the VSIX installed and the
 * sandbox's connection in STANDARDS_EXPLORER_SANDBOX, so the Standards view is connected from the start. code-server
 * listens on 127.0.0.1 on a free port (or --port N) and asks for a password made for this run (printed once, below).
 * It opens a folder made for this run, with a README that says what to try and a standards.config.json (which starts
 * the extension, which then opens Get Started), and trusts it: see demoTrust in codeServerLaunch.ts for why and how far. The
 * sandbox serves the real ISO and IEC sample from shared/data beside the project when it is there, so a newcomer
 * browses real references and titles; else its generated catalogue.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { startCodeServer } from './codeServer';
import { DEMO_CONFIG, DEMO_README, demoArgs, demoBanner } from './codeServerLaunch';
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
  // A free port unless --port says; a password of this run; the demo's own folder, trusted in this session only.
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'standards-explorer-demo-'));
  fs.writeFileSync(path.join(workspace, 'README.md'), DEMO_README);
  fs.writeFileSync(path.join(workspace, 'standards.config.json'), DEMO_CONFIG);
  const server = await startCodeServer({
    port,
    workspace,
    workspaceTrust: false,
    vsix: path.join(REPO, 'dist', 'standards-explorer.vsix'),
    // The catalogue goes along, so a sandbox the extension starts in place of this one (when it has stopped) serves the same standards.
    env: { STANDARDS_EXPLORER_SANDBOX: line, ...(catalogue.length ? { STANDARDS_EXPLORER_SANDBOX_CATALOGUE: realSample } : {}) },
  });
  const { baseUrl } = JSON.parse(line) as { baseUrl: string };
  // The password is shown here once, and nowhere else: not in a file, not in code-server's log.
  console.log(
    demoBanner({
      url: server.workbenchUrl(),
      password: server.password,
      sandbox: `${baseUrl} (${catalogue.length ? `the real ISO and IEC sample, ${realSample}` : '30 000 generated standards'})`,
      logFile: server.logFile,
      folder: workspace,
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
