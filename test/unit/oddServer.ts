/**
 * A purpose-built loopback HTTP server for server behaviour the sandbox does not produce (cross-origin redirects,
 * Retry-After dates, unknown JSON shapes, token responses without expires_in…). Each test says why it needs one.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface OddServer {
  origin: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startOddServer(handler: (req: SeenRequest, res: ServerResponse) => void): Promise<OddServer> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      seen.push(request);
      handler(request, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(text);
}

/** A token endpoint answer: an unsigned JWT-shaped token with the given claims. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.sig`;
}
