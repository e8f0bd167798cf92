/** Small response helpers shared by the sandbox's routes. */
import type { ServerResponse } from 'node:http';

export const LD_JSON = 'application/ld+json; charset=utf-8';
export const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

/** An RFC 9457 problem details response. */
export function sendProblem(res: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail });
  res.writeHead(status, { 'Content-Type': PROBLEM_JSON, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Sends `body` in small pieces over `totalMs`, as a slow or congested server would. */
export function trickle(res: ServerResponse, body: Buffer, totalMs: number): void {
  const pieces = 10;
  const size = Math.ceil(body.length / pieces);
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed) {
      clearInterval(timer);
      return;
    }
    const chunk = body.subarray(sent, sent + size);
    sent += chunk.length;
    if (sent >= body.length) {
      clearInterval(timer);
      res.end(chunk);
    } else {
      res.write(chunk);
    }
  }, totalMs / pieces);
  res.on('close', () => clearInterval(timer));
}

/** Reads a small request body (test routes only). */
export async function readBody(req: NodeJS.ReadableStream, limit = 64 * 1024): Promise<string> {
  let text = '';
  for await (const chunk of req) {
    text += chunk.toString();
    if (text.length > limit) throw new Error('body too large');
  }
  return text;
}
