/**
 * A loopback listener in front of the sandbox that passes every request through, except those a test picks to answer
 * itself (a 500 or a 429 with Retry-After on the first ask of chosen pages): faults the sandbox's random draws cannot
 * place on a given request. Each test says why it needs one.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Fault {
  status: number;
  headers?: Record<string, string>;
}

export interface FaultyProxy {
  /** The sandbox's base URL, reached through this listener. */
  baseUrl: string;
  /** Faults answered so far, by status. */
  answered: Map<number, number>;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1; `pick` sees each request's path and how often that path was asked before (0 the first time). */
export async function startFaultyProxy(baseUrl: string, pick: (path: string, asked: number) => Fault | undefined): Promise<FaultyProxy> {
  const target = new URL(baseUrl);
  const asked = new Map<string, number>();
  const answered = new Map<number, number>();
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    const count = asked.get(path) ?? 0;
    asked.set(path, count + 1);
    const fault = pick(path, count);
    if (fault) {
      answered.set(fault.status, (answered.get(fault.status) ?? 0) + 1);
      res.writeHead(fault.status, { 'Content-Type': 'application/problem+json', ...fault.headers });
      res.end(JSON.stringify({ title: 'Injected by the test', status: fault.status }));
      return;
    }
    const onward = forward({ host: target.hostname, port: target.port, method: req.method, path, headers: { ...req.headers, host: target.host } }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** The offset of a catalogue page's path (`…/v1/standards?limit=100&offset=300`), or undefined for any other path. */
export function pageOffset(path: string): number | undefined {
  const match = /\/v1\/standards\?(?:.*&)?offset=(\d+)/.exec(path);
  return match ? Number(match[1]) : undefined;
}
