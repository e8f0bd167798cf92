/**
 * Sandbox start-up cost with the default 30 000 standards: time until the JSON line, resident memory after
 * start, and after paging the whole catalogue and fetching the largest clauses. Prints figures; asserts nothing.
 * Run: npm run compile && node out/bench/sandbox.js
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';

const CLI = path.resolve(__dirname, '../sandbox/cli.js');

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('sandbox not ready in 30 s')), 30_000);
      createInterface({ input: child.stdout }).once('line', (l) => {
        clearTimeout(timer);
        resolve(l);
      });
    });
    const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
    const info = JSON.parse(line) as { baseUrl: string; tokenUrl: string; clientId: string; clientSecret: string };
    const pid = child.pid ?? 0;
    console.log(`sandbox ready (30 000 standards): ${readyMs.toFixed(0)} ms, RSS ${rssMb(pid)} MB`);

    const tokenReply = await fetch(info.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: info.clientId,
        client_secret: info.clientSecret,
        grant_type: 'client_credentials',
        scope: 'openid',
      }),
    });
    const token = ((await tokenReply.json()) as { access_token: string }).access_token;
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/ld+json' };
    const pagingStart = Date.now();
    const urns: string[] = [];
    for (let offset = 0; offset < 100_000;) {
      const body = (await (await fetch(`${info.baseUrl}/v1/standards?limit=1000&offset=${offset}`, { headers })).json()) as {
        'hydra:member': Array<{ '@id': string }>;
      };
      if (body['hydra:member'].length === 0) break;
      for (const item of body['hydra:member']) urns.push(item['@id']);
      offset += body['hydra:member'].length;
    }
    console.log(`paging ${urns.length} standards (limit 1000): ${Date.now() - pagingStart} ms, RSS ${rssMb(pid)} MB`);

    const clausesStart = Date.now();
    let bytes = 0;
    let largest = 0;
    for (const urn of urns.slice(0, 2000)) {
      // One encoded segment: real URN shapes hold "/", "|" and spaces.
      const list = (await (await fetch(`${info.baseUrl}/v1/standards/${encodeURIComponent(urn)}/clauses`, { headers })).json()) as {
        'hydra:member': Array<{ '@id': string; '@type': string | string[] }>;
      };
      const annex = list['hydra:member'].find((c) => [c['@type']].flat().includes('corext:Annex'));
      if (!annex) continue;
      const text = await (await fetch(annex['@id'], { headers })).text();
      bytes += text.length;
      largest = Math.max(largest, text.length);
    }
    console.log(
      `2000 clause lists + their first annex: ${Date.now() - clausesStart} ms, ${(bytes / 1e6).toFixed(1)} MB served, ` +
        `largest clause ${(largest / 1e6).toFixed(1)} MB, RSS ${rssMb(pid)} MB`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
