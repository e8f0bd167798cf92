/**
 * The local Standards Content Service: identity provider under /oidc, content service under the environment
 * prefix, test routes under /__sandbox, all on one loopback port. `startSandbox()` runs it in-process;
 * cli.ts runs it as a program that prints one JSON line.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Catalogue } from './catalogue';
import { readCatalogueFile } from '../src/core/catalogue/catalogueFile';
import { VOCABULARIES } from './content';
import { ContentService } from './contentService';
import { FaultInjector, parseFaults } from './faults';
import { applyCors, ignoreProviderCors } from './cors';
import { readBody, sendJson, sendProblem } from './http';
import { createIdentityProvider, IDP_MOUNT, type IdentityProvider } from './identityProvider';
import { emptyStats, type SandboxStats } from './stats';
import type { RunningSandbox, SandboxOptions } from './types';

export type { RunningSandbox, SandboxInfo, SandboxOptions } from './types';
export type { SandboxStats } from './stats';

export const SANDBOX_CLIENT_ID = 'standards-explorer-sandbox';
/** The header that carries the per-run control token to the /__sandbox/* routes. */
export const CONTROL_HEADER = 'X-Sandbox-Control';
const HOST = '127.0.0.1';
/** Seconds in Retry-After while the sandbox is still starting. */
const STARTING_RETRY_AFTER = '1';

/** Starts a sandbox; resolves once it answers on its port. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const prefix = normalisePrefix(options.prefix ?? '/preprod');
  const seed = options.seed ?? 1;
  const count = options.standards ?? 30_000;
  const envelope = options.envelope ?? 'hydra';
  if (!['array', 'graph', 'hydra'].includes(envelope)) throw new Error(`Unknown envelope "${envelope}": use array, graph or hydra`);
  if (options.vocabulary !== undefined && !VOCABULARIES.includes(options.vocabulary))
    throw new Error(`Unknown vocabulary "${options.vocabulary}": use corext, metanorma, sts or mixed`);
  if (!Number.isInteger(count) || count < 1) throw new Error('standards must be a whole number of at least 1');
  parseFaults(options.faults); // fail early on a bad spec
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  // The test routes change faults and revoke tokens: only who read the sandbox's JSON line may call them.
  const controlToken = randomBytes(24).toString('base64url');
  const apiKeyHeader = options.apiKeyHeader ?? 'X-Api-Key';
  const cors = { apiKeyHeader, extraOrigins: options.allowOrigins ?? [] };
  for (const origin of cors.extraOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) throw new Error(`Bad origin "${origin}": expected scheme and host only, e.g. http://my-host:8080`);
  }

  const stats = emptyStats();
  const knobs: { latencyMs: number; retryAfterSeconds: number; hostileText?: boolean } = {
    latencyMs: options.latencyMs ?? 0,
    retryAfterSeconds: options.retryAfterSeconds ?? 1,
  };
  /** Seconds added to the `iat` and `exp` of every access token issued from now on: a clock-skewed provider. */
  const clock = { tokenClockSkewSeconds: options.tokenClockSkewSeconds ?? 0 };
  const faults = new FaultInjector(seed, options.faults);
  const records = typeof options.catalogue === 'string' ? readCatalogueFile(options.catalogue) : options.catalogue;
  const catalogue = new Catalogue(seed, records ?? count, new Map(Object.entries(options.clauseCounts ?? {})));
  let idp: IdentityProvider | undefined;
  let service: ContentService | undefined;

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    dispatch(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendProblem(res, 500, 'Sandbox error', error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Clients abort requests mid-body on purpose; that is not a sandbox failure.
  server.on('clientError', (_error, socket) => socket.destroy());

  let port = 0;

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    // "//host/x" would parse as another authority; "/" is the only way a request target starts here.
    if (!target.startsWith('/') || target.startsWith('//')) {
      return sendProblem(res, 400, 'Bad request target', 'The request target must be a path starting with a single "/".');
    }
    let url: URL;
    try {
      url = new URL(target, `http://${HOST}`);
    } catch {
      return sendProblem(res, 400, 'Bad request target', 'The request target is not a valid path.');
    }
    const path = url.pathname;
    // Pages of the editor's origins may call everything but the test routes (cors.ts); a preflight is answered here.
    if (!path.startsWith('/__sandbox/') && applyCors(req, res, cors)) return;
    if (path === IDP_MOUNT || path.startsWith(`${IDP_MOUNT}/`)) {
      if (!idp) return sendProblem(res, 503, 'Starting', 'The identity provider is starting.');
      if (path === `${IDP_MOUNT}/token`) {
        stats.tokenRequests++;
        res.on('finish', () => {
          if (res.statusCode >= 400) stats.tokenFailures++;
        });
      }
      ignoreProviderCors(res);
      idp.handle(req, res);
      return;
    }
    if (path.startsWith('/__sandbox/')) {
      const refusal = controlRefusal(req);
      if (refusal) return sendProblem(res, 403, 'Sandbox control refused', refusal);
      return testRoute(req, res, path);
    }
    if (!service && (path === prefix || path.startsWith(`${prefix}/`))) {
      // Listening but not ready: a retryable answer, not a 404 a client would believe.
      return sendProblem(res, 503, 'Starting', 'The sandbox is starting; try again in a moment.', { 'Retry-After': STARTING_RETRY_AFTER });
    }
    if (service?.owns(path)) {
      res.on('finish', () => {
        stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
      });
      return service.handle(req, res, url);
    }
    sendProblem(res, 404, 'Not found', `Nothing at ${path}. The service is under ${prefix}/v1, the token endpoint at ${IDP_MOUNT}/token.`);
  }

  /** Why a control request is refused: a Host other than this loopback port (DNS rebinding), or no/wrong token. */
  function controlRefusal(req: IncomingMessage): string | undefined {
    const host = (req.headers.host ?? '').toLowerCase();
    if (![`${HOST}:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host)) {
      return `The Host header must be this sandbox's loopback address (${HOST}:${port}).`;
    }
    const given = Buffer.from(String(req.headers[CONTROL_HEADER.toLowerCase()] ?? ''));
    const expected = Buffer.from(controlToken);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return `Send the sandbox's controlToken (from its JSON line) in the ${CONTROL_HEADER} header.`;
    }
    return undefined;
  }

  async function testRoute(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === 'GET' && path === '/__sandbox/stats') return sendJson(res, 200, stats);
    if (req.method === 'POST' && path === '/__sandbox/reset') {
      Object.assign(stats, emptyStats());
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && path === '/__sandbox/revoke-tokens') {
      service?.revokeTokens();
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && path === '/__sandbox/revise-clause') {
      let body: { urn?: unknown; clauseId?: unknown };
      try {
        body = JSON.parse((await readBody(req)) || '{}') as typeof body;
      } catch (error) {
        return sendProblem(res, 400, 'Bad revise-clause request', error instanceof Error ? error.message : String(error));
      }
      if (typeof body.urn !== 'string' || typeof body.clauseId !== 'string')
        return sendProblem(res, 400, 'Bad revise-clause request', 'Send {"urn": …, "clauseId": …}.');
      if (!service?.reviseClause(body.urn, body.clauseId)) return sendProblem(res, 404, 'Clause not found', `No clause ${body.clauseId} of ${body.urn}.`);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && path === '/__sandbox/config') {
      let body: { faults?: unknown; latencyMs?: unknown; retryAfterSeconds?: unknown; tokenClockSkewSeconds?: unknown; hostileText?: unknown };
      try {
        body = JSON.parse((await readBody(req)) || '{}') as typeof body;
        if (body.faults !== undefined) faults.set(typeof body.faults === 'string' ? body.faults : JSON.stringify(body.faults));
      } catch (error) {
        return sendProblem(res, 400, 'Bad sandbox config', error instanceof Error ? error.message : String(error));
      }
      if (typeof body.latencyMs === 'number') knobs.latencyMs = Math.max(0, body.latencyMs);
      if (typeof body.retryAfterSeconds === 'number') knobs.retryAfterSeconds = Math.max(0, body.retryAfterSeconds);
      if (typeof body.hostileText === 'boolean') knobs.hostileText = body.hostileText;
      if (typeof body.tokenClockSkewSeconds === 'number' && Number.isFinite(body.tokenClockSkewSeconds)) {
        clock.tokenClockSkewSeconds = Math.round(body.tokenClockSkewSeconds);
      }
      res.writeHead(204).end();
      return;
    }
    sendProblem(res, 404, 'Not found', `Unknown sandbox route ${req.method} ${path}.`);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${HOST}:${port}`;
  const baseUrl = `${origin}${prefix}`;
  const audience = baseUrl;
  idp = await createIdentityProvider({
    origin,
    clientId: SANDBOX_CLIENT_ID,
    clientSecret,
    audience,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    clockSkewSeconds: () => clock.tokenClockSkewSeconds,
  });
  service = new ContentService({
    catalogue,
    baseUrl,
    prefix,
    envelope,
    maxLimit: options.maxLimit ?? 1000,
    clausePageSize: options.clausePageSize,
    apiKey: options.apiKey ? { header: apiKeyHeader, value: options.apiKey } : undefined,
    issuer: idp.issuer,
    audience,
    publicJwks: idp.publicJwks,
    faults,
    stats,
    knobs,
    vocabulary: options.vocabulary,
  });

  let closing: Promise<void> | undefined;
  return {
    origin,
    baseUrl,
    tokenUrl: idp.tokenUrl,
    clientId: SANDBOX_CLIENT_ID,
    clientSecret,
    ...(options.apiKey ? { apiKeyHeader, apiKey: options.apiKey } : {}),
    controlToken,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

/** Fetches the counters of a running sandbox (a test helper). */
export async function sandboxStats(sandbox: Pick<RunningSandbox, 'origin' | 'controlToken'>): Promise<SandboxStats> {
  const response = await fetch(`${sandbox.origin}/__sandbox/stats`, { headers: { [CONTROL_HEADER]: sandbox.controlToken } });
  if (response.status !== 200) throw new Error(`sandbox stats answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SandboxStats;
}

/** Posts to a test route (`reset`, `revoke-tokens`, `config`, `revise-clause`) of a running sandbox. */
export async function sandboxControl(
  sandbox: Pick<RunningSandbox, 'origin' | 'controlToken'>,
  route: 'reset' | 'revoke-tokens' | 'config' | 'revise-clause',
  body?:
    | { faults?: string; latencyMs?: number; retryAfterSeconds?: number; tokenClockSkewSeconds?: number; hostileText?: boolean }
    | { urn: string; clauseId: string },
): Promise<void> {
  const response = await fetch(`${sandbox.origin}/__sandbox/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [CONTROL_HEADER]: sandbox.controlToken },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status !== 204) throw new Error(`sandbox ${route} answered ${response.status}: ${await response.text()}`);
}

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(trimmed)) throw new Error(`Bad prefix "${prefix}": expected a path such as /preprod`);
  return trimmed;
}
