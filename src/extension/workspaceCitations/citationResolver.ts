/**
 * What the editor features share: the citations of a document (recognised once per document version), what they
 * resolve to in the catalogue index (memoised until the index changes), and the clause a locator points to (from
 * the service's cached clause list). The index is only read, never built from here: opening a file must not page
 * the whole catalogue; it is built on sign-in (../catalogue/indexOnSignIn.ts) or by Find Standard…. While it is being
 * built, nothing resolves ('loading'); its end fires onDidChange, and the diagnostics and views follow.
 */
import { yieldNow } from '../../core/service/yieldNow';
import * as vscode from 'vscode';
import type { CatalogueIndex } from '../../core/catalogue/catalogueIndex';
import type { BuildProgress, CatalogueStore } from '../catalogue/catalogueStore';
import type { StandardRef } from '../../core/model';
import type { Clause } from '../../core/service/types';
import type { ServiceAccess } from '../connection/serviceAccess';
import { ClauseGlances } from '../../core/citations/clauseGlances';
import { findCitations, isJudged, namesClause, writtenReference, type Citation, type Locator } from '../../core/citations/recognise';
import { resolveLocator, resolveStandard, type ResolvedStandard } from '../../core/citations/resolve';

/** Documents whose citations are kept; the least recently asked for go first. */
const MAX_DOCUMENTS = 64;
/** Resolutions kept per index; references repeat a lot, so this holds a workspace's worth. */
const MAX_RESOLUTIONS = 20_000;

/** Why nothing can be resolved right now, for the hover's one clear line (`loading` says whether it is being built). */
export type Unavailable = 'signedOut' | 'noIndex';

export interface ResolvedCitation {
  citation: Citation;
  standard: ResolvedStandard;
}

export class CitationResolver implements vscode.Disposable {
  private readonly scans = new Map<string, { version: number; citations: Citation[] }>();
  private readonly resolutions = new Map<string, ResolvedStandard | null>();
  private index: CatalogueIndex | undefined;
  /** The clause lists and paragraphs hovers may show without a request; every clause list fetched here goes in. */
  readonly glances = new ClauseGlances();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fired when resolutions may differ: the index arrived or changed, the connection changed. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: ServiceAccess,
    private readonly catalogue: CatalogueStore,
  ) {
    // A new base URL changes which URLs are clause links, so the scans go too.
    this.subscriptions = [
      session.onDidChange(() => this.reset(true)),
      // Progress fires every quarter second while the index is built: only a finished index changes anything here.
      catalogue.onDidProgress(() => {
        void catalogue.peek().then(
          (index) => index !== this.index && this.reset(false),
          () => undefined,
        );
      }),
    ];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }

  /** Clause @id URLs under this base URL are citations. */
  get serviceBaseUrl(): string | undefined {
    return this.session.baseUrl;
  }

  /** The citations of `document`, recognised once per version. */
  citations(document: vscode.TextDocument): Citation[] {
    const key = document.uri.toString();
    const cached = this.scans.get(key);
    if (cached && cached.version === document.version) {
      // Most recently used last, so the oldest is the first to go.
      this.scans.delete(key);
      this.scans.set(key, cached);
      return cached.citations;
    }
    const citations = findCitations(document.getText(), { serviceBaseUrl: this.serviceBaseUrl });
    this.scans.delete(key);
    this.scans.set(key, { version: document.version, citations });
    if (this.scans.size > MAX_DOCUMENTS) this.scans.delete(this.scans.keys().next().value as string);
    return citations;
  }

  /** The citation at `position`, if any. */
  citationAt(document: vscode.TextDocument, position: vscode.Position): Citation | undefined {
    return this.citations(document).find((c) => c.line === position.line && c.start <= position.character && position.character <= c.end);
  }

  forget(uri: vscode.Uri): void {
    this.scans.delete(uri.toString());
  }

  /** How far the index being built is, while there is none to resolve with yet. */
  get loading(): BuildProgress | undefined {
    return this.catalogue.progress;
  }

  /** The index to resolve with, or why there is none. */
  async currentIndex(): Promise<CatalogueIndex | Unavailable> {
    if (!this.session.isConfigured || !this.session.baseUrl) return 'signedOut';
    if (this.index) return this.index;
    const index = await this.catalogue.peek().catch(() => undefined);
    if (!index) return 'noIndex';
    if (this.index !== index) {
      this.index = index;
      this.resolutions.clear();
    }
    return index;
  }

  /** What `citation` names in `index`, memoised; undefined when the catalogue has no such record. */
  resolve(index: CatalogueIndex, citation: Citation): ResolvedStandard | undefined {
    const key = citation.kind === 'reference' ? `r ${writtenReference(citation)}` : `u ${citation.urn}`;
    const known = this.resolutions.get(key);
    if (known !== undefined) return known ?? undefined;
    const resolved = resolveStandard(index, citation);
    if (this.resolutions.size >= MAX_RESOLUTIONS) this.resolutions.clear();
    this.resolutions.set(key, resolved ?? null);
    return resolved;
  }

  /** The resolved citations of `document` (the unresolved left out), visible lines first when `visible` is given. */
  async resolveAll(
    document: vscode.TextDocument,
    token?: vscode.CancellationToken,
    visible: readonly vscode.Range[] = [],
  ): Promise<ResolvedCitation[] | Unavailable> {
    const both = await this.resolveDocument(document, token, visible);
    return typeof both === 'string' ? both : both.resolved;
  }

  /**
   * The citations of `document`, resolved, and those the rules judge that the catalogue has no record of (the
   * `unknown` rule: the hover, the diagnostic and the References view's Unresolved group say so).
   */
  async resolveDocument(
    document: vscode.TextDocument,
    token?: vscode.CancellationToken,
    visible: readonly vscode.Range[] = [],
  ): Promise<{ resolved: ResolvedCitation[]; unresolved: Citation[] } | Unavailable> {
    const index = await this.currentIndex();
    if (typeof index === 'string') return index;
    const citations = this.citations(document);
    const inView = (c: Citation) => visible.some((r) => r.start.line <= c.line && c.line <= r.end.line);
    const ordered = visible.length ? [...citations.filter(inView), ...citations.filter((c) => !inView(c))] : citations;
    const resolved: ResolvedCitation[] = [];
    const unresolved: Citation[] = [];
    for (let i = 0; i < ordered.length; i++) {
      // Long documents give the extension host back now and then, and stop when the request is no longer wanted.
      if (i > 0 && i % 100 === 0) {
        await yieldNow();
        if (token?.isCancellationRequested) return { resolved, unresolved };
      }
      const standard = this.resolve(index, ordered[i]);
      if (standard) resolved.push({ citation: ordered[i], standard });
      else if (isJudged(ordered[i])) unresolved.push(ordered[i]);
    }
    return { resolved, unresolved };
  }

  /** The clause `locator` points to in the standard `urn` (the clause list is cached by the service). */
  async clauseFor(urn: string, locator: Locator, signal?: AbortSignal): Promise<{ clause: Clause; exact: boolean } | undefined> {
    if (!namesClause(locator)) return undefined;
    return resolveLocator(await this.clauseList(urn, signal), locator);
  }

  /** The clause with `clauseId` in the standard `urn`, from its clause list. */
  async clauseById(urn: string, clauseId: string, signal?: AbortSignal): Promise<Clause | undefined> {
    return (await this.clauseList(urn, signal)).find((c) => c.clauseId === clauseId);
  }

  /** The clause list of `urn` from the service (one request at most, none when its cache is fresh), kept for hovers. */
  async clauseList(urn: string, signal?: AbortSignal): Promise<readonly Clause[]> {
    const clauses = await (await this.session.service()).listClauses(urn, signal);
    this.glances.rememberClauses(urn, clauses);
    return clauses;
  }

  private reset(scans: boolean): void {
    this.index = undefined;
    this.resolutions.clear();
    // Another connection: other scans (clause URLs of another base URL) and other clauses.
    if (scans) {
      this.scans.clear();
      this.glances.clear();
    }
    this.changed.fire();
  }
}

export function standardRefOf(resolved: ResolvedStandard): StandardRef {
  const { entry } = resolved;
  return { urn: entry.urn, reference: entry.reference, title: entry.title, position: entry.position };
}
