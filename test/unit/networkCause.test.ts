/**
 * The Connection Doctor names why a host cannot be reached (refused, DNS, timeout, TLS) against real sockets on
 * 127.0.0.1 — and says it where it used to say "OIDC discovery skipped".
 */
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as tls from 'node:tls';
import { startSandbox } from '../../sandbox/index';
import { runChecks, type CheckResult, type DoctorInput } from '../../src/core/doctor/checks';
import { nodeNetworkProbes, probeTcp } from '../../src/core/doctor/nodeProbes';
import { createAxiosTransport } from '../../src/core/service/transport';
import { networkCause } from '../../src/core/doctor/networkCause';

/** A port on 127.0.0.1 that nothing listens on: one the system just gave out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A listener that accepts connections and never says a word (an HTTP request to it times out). */
async function silentListener(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The desktop's probes: axios and Node's sockets. */
const nodeProbes = { http: createAxiosTransport('test'), network: nodeNetworkProbes };

const line = (results: CheckResult[], title: RegExp): CheckResult => {
  const found = results.find((r) => title.test(r.title));
  assert.ok(found, `a check named ${title}: ${results.map((r) => r.title).join(', ')}`);
  return found;
};

const input = (baseUrl: string, tokenUrl: string, timeoutMs = 5000): DoctorInput => ({
  baseUrl,
  tokenUrl,
  scope: 'openid',
  clientId: 'client',
  clientSecret: 'secret-value-0123456789',
  secretStorage: { ok: true },
  proxy: { strictSSL: true },
  timeoutMs,
});

describe('Connection Doctor: why a host cannot be reached', () => {
  it('names a refused connection on 127.0.0.1, with its port', async () => {
    const port = await closedPort();
    const cause = await probeTcp('127.0.0.1', port, 5000);
    assert.equal(cause?.kind, 'refused');
    assert.equal(cause?.text, `connection refused at 127.0.0.1:${port} — is the service running?`);
  });

  it('says the refused connection where discovery, the token and the service call cannot run, not "OIDC discovery skipped"', async () => {
    const down = await startSandbox({ standards: 5 });
    const { baseUrl, tokenUrl } = down;
    await down.close();
    const port = new URL(tokenUrl).port;
    const results = await runChecks(input(baseUrl, tokenUrl), nodeProbes);
    const refused = new RegExp(`connection refused at 127\\.0\\.0\\.1:${port} — is the service running\\?`, 'i');
    assert.match(line(results, /^Connection 127\.0\.0\.1:/).detail, refused);
    const discovery = line(results, /OIDC discovery/);
    assert.notEqual(discovery.status, 'skipped');
    assert.match(discovery.detail, refused);
    assert.doesNotMatch(discovery.detail, /well-known/);
    assert.match(line(results, /^Token request/).detail, refused);
    assert.match(line(results, /^Service call/).detail, refused);
  });

  it('names a host that accepts but never answers as a timeout, within the time limit', async () => {
    const silent = await silentListener();
    try {
      const origin = `http://127.0.0.1:${silent.port}`;
      const results = await runChecks(input(`${origin}/preprod`, `${origin}/token`, 300), nodeProbes);
      // The port accepts connections: the cause shows in the HTTP checks.
      assert.equal(line(results, /^Connection 127\.0\.0\.1:/).status, 'pass');
      const discovery = line(results, /OIDC discovery/);
      assert.equal(discovery.status, 'fail');
      assert.match(discovery.detail, new RegExp(`no answer from 127\\.0\\.0\\.1:${silent.port} in time`));
      assert.match(line(results, /^Token request/).detail, /no answer from .* in time/);
    } finally {
      await silent.close();
    }
  });

  it('tells a name that does not resolve and a failed TLS handshake apart from a refusal', async () => {
    // What dns.lookup rejects with for an unknown name (no resolver is asked here: the test machine may have none).
    const lookup = Object.assign(new Error('getaddrinfo ENOTFOUND no-such-host.invalid'), { code: 'ENOTFOUND', syscall: 'getaddrinfo' });
    assert.equal(networkCause(lookup, 'no-such-host.invalid', 443).kind, 'dns');
    assert.match(networkCause(lookup, 'no-such-host.invalid', 443).text, /the name no-such-host\.invalid does not resolve/);
    // TLS spoken to a port that answers plain HTTP: the handshake fails.
    const plain = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const port = (plain.address() as net.AddressInfo).port;
    try {
      const failure = await new Promise<unknown>((resolve) => {
        const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => resolve(undefined));
        socket.on('error', (error) => {
          socket.destroy();
          resolve(error);
        });
      });
      const cause = networkCause(failure, '127.0.0.1', port);
      assert.equal(cause.kind, 'tls', String(failure));
      assert.match(cause.text, /TLS handshake with 127\.0\.0\.1:\d+ failed/);
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });
});
