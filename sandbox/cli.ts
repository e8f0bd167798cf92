/**
 * `npm run sandbox -- [--port N] [--seed S] [--standards N] [--latency MS] [--envelope array|graph|hydra]
 * [--token-ttl SECONDS] [--max-limit N] [--api-key VALUE] [--api-key-header NAME] [--faults SPEC]
 * [--prefix /path] [--clause-page-size N] [--retry-after SECONDS] [--client-secret VALUE] [--catalogue FILE]
 * [--allow-origin ORIGIN]…`
 *
 * Prints exactly one JSON line on stdout when ready (the connection details), then serves until SIGINT or
 * SIGTERM and exits 0. Everything else goes to stderr.
 */
import { startSandbox } from './index';
import type { SandboxOptions } from './types';

// stdout carries only the JSON line; libraries' notices go to stderr.
console.info = console.error;
console.log = console.error;

const USAGE = `usage: sandbox [--port N] [--seed S] [--standards N] [--latency MS] [--envelope array|graph|hydra]
  [--token-ttl SECONDS] [--max-limit N] [--api-key VALUE] [--api-key-header NAME] [--faults SPEC]
  [--prefix /path] [--clause-page-size N] [--retry-after SECONDS] [--client-secret VALUE] [--catalogue FILE]
  [--vocabulary corext|metanorma|sts|mixed] [--allow-origin ORIGIN]…`;

type Flag = { key: keyof SandboxOptions; kind: 'int' | 'string' | 'list' };
const FLAGS: Record<string, Flag> = {
  '--port': { key: 'port', kind: 'int' },
  '--seed': { key: 'seed', kind: 'int' },
  '--standards': { key: 'standards', kind: 'int' },
  '--latency': { key: 'latencyMs', kind: 'int' },
  '--envelope': { key: 'envelope', kind: 'string' },
  '--token-ttl': { key: 'tokenTtlSeconds', kind: 'int' },
  '--max-limit': { key: 'maxLimit', kind: 'int' },
  '--api-key': { key: 'apiKey', kind: 'string' },
  '--api-key-header': { key: 'apiKeyHeader', kind: 'string' },
  '--faults': { key: 'faults', kind: 'string' },
  '--prefix': { key: 'prefix', kind: 'string' },
  '--clause-page-size': { key: 'clausePageSize', kind: 'int' },
  '--retry-after': { key: 'retryAfterSeconds', kind: 'int' },
  '--client-secret': { key: 'clientSecret', kind: 'string' },
  '--catalogue': { key: 'catalogue', kind: 'string' },
  '--vocabulary': { key: 'vocabulary', kind: 'string' },
  // Repeatable: one more origin whose pages may call the sandbox (CORS), e.g. http://my-host:8080.
  '--allow-origin': { key: 'allowOrigins', kind: 'list' },
};

export function parseArgs(argv: string[]): SandboxOptions {
  const options: Record<string, string | number | string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s, 2);
    if (name === '--help' || name === '-h') {
      console.error(USAGE);
      process.exit(0);
    }
    const flag = FLAGS[name];
    if (!flag) throw new Error(`Unknown option ${name}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Option ${name} needs a value\n${USAGE}`);
    if (flag.kind === 'int') {
      if (!/^\d+$/.test(value)) throw new Error(`Option ${name} needs a whole number, got "${value}"`);
      options[flag.key] = Number(value);
    } else if (flag.kind === 'list') {
      options[flag.key] = [...((options[flag.key] as string[] | undefined) ?? []), value];
    } else {
      options[flag.key] = value;
    }
  }
  return options;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
  const { baseUrl, tokenUrl, clientId, clientSecret, apiKeyHeader, apiKey, controlToken } = sandbox;
  process.stdout.write(`${JSON.stringify({ baseUrl, tokenUrl, clientId, clientSecret, apiKeyHeader, apiKey, controlToken })}\n`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by the extension with an IPC channel: when the editor goes away, so does the sandbox.
  if (process.connected) process.on('disconnect', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  });
}
