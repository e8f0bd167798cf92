/**
 * The content service: /v1/standards, /v1/standards/{urn}/clauses and /v1/standards/{urn}/clauses/{id}
 * under the environment prefix, each call checked for an API key (when configured) and a valid bearer JWT.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { Catalogue, ClauseEntry, StandardEntry } from './catalogue';
import { CONTEXT, clauseBody, stsListing, vocabularyOf, type Json, type Vocabulary } from './content';
import type { FaultInjector } from './faults';
import { LD_JSON, sendProblem, trickle } from './http';
import { ByteLru } from '../src/core/service/cache';
import { encodeSegment } from '../src/core/service/urn';
import { hash32 } from './random';
import type { SandboxStats, ServiceRoute } from './stats';

export interface ContentServiceOptions {
  catalogue: Catalogue;
  /** Origin + prefix, e.g. http://127.0.0.1:40123/preprod. */
  baseUrl: string;
  prefix: string;
  envelope: 'array' | 'graph' | 'hydra';
  maxLimit: number;
  clausePageSize?: number;
  apiKey?: { header: string; value: string };
  issuer: string;
  audience: string;
  publicJwks: { keys: JWK[] };
  faults: FaultInjector;
  stats: SandboxStats;
  /** Vocabulary of clause bodies (content.ts). */
  vocabulary?: Vocabulary;
  /** Mutable knobs (POST /__sandbox/config). */
  knobs: { latencyMs: number; retryAfterSeconds: number; hostileText?: boolean };
}

const DEFAULT_LIMIT = 100;
const REALM = 'Bearer realm="standards-sandbox"';

export class ContentService {
  private readonly jwks;
  private revokedBefore = 0;
  private readonly seenTokens = new Set<string>();
  private readonly revokedTokens = new Set<string>();
  /** Clauses changed on request (reviseClause): key → how many times. */
  private readonly revisions = new Map<string, number>();
  /** Serialised clause bodies, bounded by bytes so huge clauses do not pile up. */
  private readonly bodies = new ByteLru<Buffer>(32 * 1024 * 1024);

  constructor(private readonly options: ContentServiceOptions) {
    this.jwks = createLocalJWKSet(options.publicJwks);
  }

  /** Refuses every token issued so far (those already seen, and any issued in an earlier second). */
  revokeTokens(): void {
    this.revokedBefore = Math.floor(Date.now() / 1000);
    for (const jti of this.seenTokens) this.revokedTokens.add(jti);
    this.seenTokens.clear();
  }

  /**
   * Changes a clause's content, as a publisher's correction would: its body gains a sentence and a new ETag. False
   * when there is no such standard or clause.
   */
  reviseClause(urn: string, clauseId: string): boolean {
    const standard = this.options.catalogue.find(urn);
    const clause = standard && this.options.catalogue.clauses(standard).find((c) => c.uuid === clauseId);
    if (!standard || !clause) return false;
    const key = `${standard.canonical}/${clause.position}`;
    this.revisions.set(key, (this.revisions.get(key) ?? 0) + 1);
    this.bodies.delete(key);
    return true;
  }

  /** True when `path` belongs to this service. */
  owns(path: string): boolean {
    return path === this.options.prefix || path.startsWith(`${this.options.prefix}/`);
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const route = this.route(url.pathname);
    if (!route) {
      sendProblem(res, 404, 'Not found', `No resource at ${url.pathname}. The service offers /v1/standards.`);
      return;
    }
    this.options.stats.requests[route.name]++;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendProblem(res, 405, 'Method not allowed', `${req.method} is not supported; use GET.`, { Allow: 'GET, HEAD' });
      return;
    }
    const { latencyMs } = this.options.knobs;
    if (latencyMs > 0) await delay(latencyMs, res);
    if (res.destroyed) return;

    const fault = this.options.faults.draw();
    if (fault) {
      this.options.stats.faults[fault] = (this.options.stats.faults[fault] ?? 0) + 1;
      if (fault === 'drop') {
        req.socket.destroy();
        return;
      }
      if (/^\d+$/.test(fault)) {
        const status = Number(fault);
        const retry = status === 429 || status === 503 ? { 'Retry-After': String(this.options.knobs.retryAfterSeconds) } : undefined;
        const title = status === 429 ? 'Too many requests' : status === 503 ? 'Service unavailable' : 'Server error';
        // With hostileText on, the problem quotes a command link, as a compromised server might.
        const hostile = this.options.knobs.hostileText
          ? ` [Fix it](command:standardsExplorer.addEnvironment?${encodeURIComponent(JSON.stringify({ name: 'x', baseUrl: 'https://evil.example', tokenUrl: 'https://evil.example/t' }))})`
          : '';
        sendProblem(res, status, `${title}${hostile}`, `Injected fault ${status}.${hostile}`, retry);
        return;
      }
    }

    if (!this.checkApiKey(req, res)) return;
    if (!(await this.checkBearer(req, res))) return;

    const reply = this.answer(route, url, res);
    if (!reply) return;
    const etag = reply.etag;
    if (etag && matchesEtag(req.headers['if-none-match'], etag)) {
      this.options.stats.notModified++;
      res.writeHead(304, { ETag: etag });
      res.end();
      return;
    }
    const headers: Record<string, string | number> = { 'Content-Type': LD_JSON };
    if (etag) headers.ETag = etag;
    if (fault === 'malformed') {
      const broken = reply.body.subarray(0, Math.max(1, Math.floor(reply.body.length / 2)));
      res.writeHead(200, { ...headers, 'Content-Length': broken.length });
      res.end(broken);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': reply.body.length });
    if (req.method === 'HEAD') {
      res.end();
    } else if (fault === 'slow') {
      trickle(res, reply.body, 2500);
    } else {
      res.end(reply.body);
    }
  }

  private route(path: string): Route | undefined {
    const rest = path.slice(this.options.prefix.length);
    const parts = rest.split('/').filter((p, i) => i > 0 || p !== '');
    if (parts[0] !== 'v1' || parts[1] !== 'standards') return undefined;
    if (parts.length === 2) return { name: 'listStandards' };
    // Each segment decodes to exactly what the client asked for: a URN may hold "/", "|", spaces or "+".
    let urn: string;
    let clauseId: string | undefined;
    try {
      urn = decodeURIComponent(parts[2]);
      clauseId = parts[4] === undefined ? undefined : decodeURIComponent(parts[4]);
    } catch {
      return undefined;
    }
    if (parts.length === 4 && parts[3] === 'clauses') return { name: 'listClauses', urn };
    if (parts.length === 5 && parts[3] === 'clauses' && clauseId !== undefined) return { name: 'getClause', urn, clauseId };
    return undefined;
  }

  private checkApiKey(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.options.apiKey;
    if (!key) return true;
    const given = req.headers[key.header.toLowerCase()];
    if (given === key.value) return true;
    sendProblem(res, 401, 'API key missing or invalid', `Send your subscription key in the ${key.header} header.`);
    return false;
  }

  private async checkBearer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      sendProblem(res, 401, 'Unauthorized', 'A bearer access token is required.', { 'WWW-Authenticate': REALM });
      return false;
    }
    try {
      const { payload } = await jwtVerify(match[1], this.jwks, {
        issuer: this.options.issuer,
        audience: this.options.audience,
      });
      const jti = typeof payload.jti === 'string' ? payload.jti : match[1];
      if ((payload.iat ?? 0) < this.revokedBefore || this.revokedTokens.has(jti)) throw new Error('token revoked');
      this.seenTokens.add(jti);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/"/g, "'") : 'invalid token';
      sendProblem(res, 401, 'Unauthorized', `The access token was rejected: ${reason}.`, {
        'WWW-Authenticate': `${REALM}, error="invalid_token", error_description="${reason}"`,
      });
      return false;
    }
  }

  private answer(route: Route, url: URL, res: ServerResponse): { body: Buffer; etag?: string } | undefined {
    if (route.name === 'listStandards') return this.listStandards(url, res);
    const standard = this.options.catalogue.find(route.urn);
    if (!standard) {
      sendProblem(res, 404, 'Standard not found', `No standard has the URN ${route.urn}.`);
      return undefined;
    }
    const clauses = this.options.catalogue.clauses(standard);
    if (route.name === 'listClauses') return this.listClauses(standard, clauses, url, res);
    const clause = clauses.find((c) => c.uuid === route.clauseId);
    if (!clause) {
      sendProblem(res, 404, 'Clause not found', `Standard ${standard.urn} has no clause ${route.clauseId}.`);
      return undefined;
    }
    const key = `${standard.canonical}/${clause.position}`;
    let body = this.bodies.get(key)?.value;
    if (!body) {
      const json = clauseBody({
        catalogue: this.options.catalogue,
        standard,
        clauses,
        clause,
        clauseUri: (c) => this.clauseUri(standard, c),
        vocabulary: this.options.vocabulary,
        revision: this.revisions.get(key),
      });
      body = Buffer.from(JSON.stringify(json));
      this.bodies.set(key, { value: body, bytes: body.length, storedAt: Date.now() });
    }
    return {
      body,
      etag: etagOf(
        `clause|${this.options.catalogue.seed}|${key}|${this.revisions.get(key) ?? 0}|${this.options.baseUrl}|${this.options.vocabulary ?? 'mixed'}`,
      ),
    };
  }

  private listStandards(url: URL, res: ServerResponse): { body: Buffer } | undefined {
    const limit = parseCount(url.searchParams.get('limit'), DEFAULT_LIMIT, 1);
    const offset = parseCount(url.searchParams.get('offset'), 0, 0);
    if (typeof limit === 'string' || typeof offset === 'string') {
      sendProblem(res, 400, 'Invalid paging parameters', [limit, offset].filter((v) => typeof v === 'string').join(' '));
      return undefined;
    }
    const { catalogue, envelope, maxLimit } = this.options;
    const size = Math.min(limit, maxLimit);
    const items = catalogue.standards.slice(offset, offset + size).map(standardRecord);
    const total = catalogue.size;
    if (envelope === 'array') return { body: Buffer.from(JSON.stringify(items)) };
    if (envelope === 'graph') return { body: Buffer.from(JSON.stringify({ '@context': CONTEXT, '@graph': items })) };
    const page = (o: number) => `${this.options.prefix}/v1/standards?limit=${size}&offset=${o}`;
    const view: { [key: string]: Json } = {
      '@id': page(offset),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': page(0),
      'hydra:last': page(Math.max(0, Math.floor((total - 1) / size) * size)),
    };
    if (offset + size < total) view['hydra:next'] = page(offset + size);
    if (offset > 0) view['hydra:previous'] = page(Math.max(0, offset - size));
    return {
      body: Buffer.from(
        JSON.stringify({
          '@context': CONTEXT,
          '@id': `${this.options.prefix}/v1/standards`,
          '@type': 'hydra:Collection',
          'hydra:totalItems': total,
          'hydra:member': items,
          'hydra:view': view,
        }),
      ),
    };
  }

  private listClauses(standard: StandardEntry, clauses: ClauseEntry[], url: URL, res: ServerResponse): { body: Buffer; etag: string } | undefined {
    const { envelope, clausePageSize } = this.options;
    const records = clauses.map((c) => this.clauseRecord(standard, clauses, c));
    const etagBase = `list|${this.options.catalogue.seed}|${standard.canonical}|${envelope}|${this.options.baseUrl}${this.options.vocabulary === 'sts' ? '|sts' : ''}`;
    if (envelope === 'array') return { body: Buffer.from(JSON.stringify(records)), etag: etagOf(etagBase) };
    if (envelope === 'graph') {
      return { body: Buffer.from(JSON.stringify({ '@context': CONTEXT, '@graph': records })), etag: etagOf(etagBase) };
    }
    const pageSize = clausePageSize && clausePageSize > 0 ? clausePageSize : records.length || 1;
    const pageNumber = parseCount(url.searchParams.get('page'), 1, 1);
    if (typeof pageNumber === 'string') {
      sendProblem(res, 400, 'Invalid page parameter', pageNumber);
      return undefined;
    }
    const members = records.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    const self = `${this.options.prefix}/v1/standards/${standard.urn}/clauses`;
    const body: { [key: string]: Json } = {
      '@context': CONTEXT,
      '@id': self,
      '@type': 'hydra:Collection',
      'hydra:totalItems': records.length,
      'hydra:member': members,
    };
    if (clausePageSize && records.length > pageSize) {
      const view: { [key: string]: Json } = { '@id': `clauses?page=${pageNumber}`, '@type': 'hydra:PartialCollectionView' };
      // Relative to the list URL, as a HAL/Hydra server may well send it.
      if (pageNumber * pageSize < records.length) view['hydra:next'] = `clauses?page=${pageNumber + 1}`;
      body['hydra:view'] = view;
    }
    return { body: Buffer.from(JSON.stringify(body)), etag: etagOf(`${etagBase}|${pageNumber}|${pageSize}`) };
  }

  private clauseUri(standard: StandardEntry, clause: ClauseEntry): string {
    return `${this.options.baseUrl}/v1/standards/${encodeSegment(standard.urn)}/clauses/${encodeSegment(clause.uuid)}`;
  }

  private clauseRecord(standard: StandardEntry, clauses: ClauseEntry[], clause: ClauseEntry): { [key: string]: Json } {
    // STS standards: titles that carry their numbers, as a real service may send them (content.ts stsListing).
    const listing =
      vocabularyOf(this.options.catalogue.seed, standard, this.options.vocabulary) === 'sts'
        ? stsListing(this.options.catalogue.seed, standard, clause)
        : clause;
    const record: { [key: string]: Json } = {
      '@id': this.clauseUri(standard, clause),
      '@type': clause.types.length === 1 ? clause.types[0] : clause.types,
      'dcterms:title': listing.title,
    };
    if (listing.number !== undefined) record['corext:number'] = listing.number;
    record['corext:order'] = clause.position + 1;
    record['corext:level'] = clause.level;
    if (clause.parent !== undefined) record['corext:parent'] = this.clauseUri(standard, clauses[clause.parent]);
    return record;
  }
}

type Route =
  | { name: Extract<ServiceRoute, 'listStandards'> }
  | { name: Extract<ServiceRoute, 'listClauses'>; urn: string }
  | { name: Extract<ServiceRoute, 'getClause'>; urn: string; clauseId: string };

function standardRecord(entry: StandardEntry): { [key: string]: Json } {
  const record: { [key: string]: Json } = {
    '@id': entry.urn,
    '@type': 'corext:Standard',
    'dcterms:identifier': entry.reference,
    'dcterms:title': entry.title,
  };
  if (entry.edition !== undefined) record['corext:edition'] = entry.edition;
  record['corext:status'] = entry.status;
  record['dcterms:issued'] = entry.issued;
  record['corext:stage'] = entry.stage;
  return record;
}

/** A whole number ≥ `min`, the default when absent, or a message saying what is wrong. */
function parseCount(value: string | null, fallback: number, min: number): number | string {
  if (value === null) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    return `"${value}" is not valid: expected a whole number of at least ${min}.`;
  }
  return Number(value);
}

function etagOf(key: string): string {
  return `"${hash32(key).toString(16)}${hash32(`${key}#`).toString(16)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function delay(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
