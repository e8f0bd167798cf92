/**
 * The user's proxy (`http.proxy`) holds for the extension's requests: VS Code applies it to Node's http/https, and
 * the transport leaves axios' own proxy handling off so that it does. VS Code never proxies localhost or 127.0.0.1,
 * so the service is addressed as 127.0.0.2 (loopback too, where nothing listens): only a proxy can reach it. The
 * proxy here is a small forwarding one on 127.0.0.1 that records what passed through it.
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { api, sandbox, signInTo, signInToSandbox } from './fixtures';

/** An HTTP forward proxy to the sandbox: absolute-form requests for 127.0.0.2 go to 127.0.0.1, same port. */
async function startProxy(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    seen.push(`${req.method} ${target.hostname} ${target.pathname}`);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: { ...req.headers, host: `127.0.0.1:${target.port}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a proxy set in VS Code (http.proxy)', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const http_ = () => vscode.workspace.getConfiguration('http');

  before(async () => {
    proxy = await startProxy();
    await http_().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await http_().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await proxy.close();
    await signInToSandbox();
  });

  it('carries the token request and the service calls', async () => {
    const s = await sandbox();
    const viaProxy = (url: string): string => url.replace('//127.0.0.1:', '//127.0.0.2:');
    await signInTo({ ...s, baseUrl: viaProxy(s.baseUrl), tokenUrl: viaProxy(s.tokenUrl) });
    const service = await (await api()).session.service();
    const page = await service.listStandards({ limit: 5, offset: 0 });
    assert.equal(page.items.length, 5);
    const path = (url: string): string => new URL(url).pathname;
    assert.ok(proxy.seen.includes(`POST 127.0.0.2 ${path(s.tokenUrl)}`), `the token request went through the proxy: ${proxy.seen.join('; ')}`);
    assert.ok(proxy.seen.includes(`GET 127.0.0.2 ${path(s.baseUrl)}/v1/standards`), `the list went through the proxy: ${proxy.seen.join('; ')}`);
  });
});
