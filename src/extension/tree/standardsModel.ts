/**
 * What the Standards tree shows, apart from how it shows it: the standards loaded so far (in pages), the clause
 * lists of expanded standards, and failures. It fetches, keeps and cancels; the provider only presents.
 */
import * as vscode from 'vscode';
import type { EntryList } from '../../core/catalogue/catalogueIndex';
import { checkGeneralSettings } from '../config';
import { errorText } from '../errorText';
import { Disposable } from '../../core/lifecycle';
import type { ServiceAccess } from '../connection/serviceAccess';
import { isUnreachable } from '../../core/service/index';
import { nestClauses, standardId, type ClauseNode, type StandardNode } from '../targets/nodes';

export interface RootState {
  standards: StandardNode[];
  total?: number;
  hasMore: boolean;
  error?: string;
  /** The error is that the service or identity provider cannot be reached. */
  offline?: boolean;
}

export class StandardsModel extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<StandardNode | undefined>());
  /** Fired with the node whose children changed (undefined: the root). */
  readonly onDidChange = this.changed.event;

  private root: RootState = { standards: [], hasMore: true };
  private loadingPage: Promise<void> | undefined;
  private readonly clauses = new Map<string, Promise<ClauseNode[]>>();
  /** Standards whose clause list came from a stored copy (offline): id → when it was stored. */
  private readonly offlineLists = new Map<string, number>();
  private readonly online = this.register(new vscode.EventEmitter<void>());
  /** Fired when the catalogue loads again after the service could not be reached. */
  readonly onDidComeBack = this.online.event;
  private abort = new AbortController();

  constructor(private readonly session: ServiceAccess) {
    super();
    this.register(session.onDidChange(() => this.refresh()));
    // Whichever AbortController is current when the model goes: no page load outlives it.
    this.register({ dispose: () => this.abort.abort() });
  }

  get state(): RootState {
    return this.root;
  }

  /** True until the first page has been asked for. */
  get isEmpty(): boolean {
    return this.root.standards.length === 0 && this.root.hasMore && !this.root.error;
  }

  /** Loads the next page (once at a time); failures are kept in the state, not thrown. */
  loadNextPage(): Promise<void> {
    this.loadingPage ??= this.fetchPage().finally(() => (this.loadingPage = undefined));
    return this.loadingPage;
  }

  /** "Load more…": the next page, then a redraw of the root. */
  async loadMore(): Promise<void> {
    await this.loadNextPage();
    this.changed.fire(undefined);
  }

  /** The clause tree of a standard, fetched once; a failure rejects and is forgotten so Retry fetches again. */
  clausesOf(node: StandardNode): Promise<ClauseNode[]> {
    const id = standardId(node);
    let pending = this.clauses.get(id);
    if (!pending) {
      const signal = this.abort.signal;
      pending = this.session
        .service()
        .then((service) => service.listClausesCopy(node.standard.urn, signal))
        .then((list) => {
          if (list.offlineSince !== undefined) this.offlineLists.set(id, list.offlineSince);
          else this.offlineLists.delete(id);
          return nestClauses(node, list.value);
        });
      pending.catch(() => this.clauses.delete(id));
      this.clauses.set(id, pending);
    }
    return pending;
  }

  /** When the standard's clause list shown is a stored copy (offline), the date it was stored. */
  offlineSince(node: StandardNode): number | undefined {
    return this.offlineLists.get(standardId(node));
  }

  /** Forgets a standard's clauses (Retry) and redraws it. */
  reloadClauses(node: StandardNode): void {
    this.clauses.delete(standardId(node));
    this.changed.fire(node);
  }

  /** Clears the root error (Retry) and redraws. */
  retryRoot(): void {
    if (this.root.offline) {
      // Back online, perhaps: everything shown from stored copies is asked for again.
      this.refresh();
      return;
    }
    this.root = { ...this.root, error: undefined };
    this.changed.fire(undefined);
  }

  /** Starts again from the first page, cancelling what is in flight. */
  refresh(): void {
    this.abort.abort();
    this.abort = new AbortController();
    const wasOffline = this.root.offline;
    this.root = { standards: [], hasMore: true, offline: wasOffline };
    this.loadingPage = undefined;
    this.clauses.clear();
    this.offlineLists.clear();
    this.changed.fire(undefined);
  }

  /**
   * Makes sure the standard at `position` is loaded, taking what is missing from the catalogue index (same order
   * as the service's list) instead of paging the service hundreds of times.
   */
  ensureLoaded(position: number, index: EntryList): StandardNode | undefined {
    if (position < this.root.standards.length) return this.root.standards[position];
    if (position >= index.length) return undefined;
    const pageSize = this.session.settings().pageSize;
    const until = Math.min(index.length, Math.ceil((position + 1) / pageSize) * pageSize);
    const added: StandardNode[] = [];
    for (let i = this.root.standards.length; i < until; i++) {
      const entry = index.at(i);
      if (!entry) break; // a build under way: the rest has not arrived
      const raw = entry.status ? { status: entry.status } : {};
      added.push({ kind: 'standard', position: i, standard: { urn: entry.urn, title: entry.title, reference: entry.reference, raw } });
    }
    const standards = [...this.root.standards, ...added];
    const total = this.root.total ?? index.length;
    this.root = { ...this.root, standards, total, hasMore: standards.length < total, error: undefined };
    this.changed.fire(undefined);
    return standards[position];
  }

  private async fetchPage(): Promise<void> {
    const signal = this.abort.signal;
    const offset = this.root.standards.length;
    try {
      const settings = this.session.settings();
      checkGeneralSettings(settings); // names the setting when the page size is unusable
      const service = await this.session.service();
      const { pageSize } = settings;
      const page = await service.listStandards({ limit: pageSize, offset }, signal);
      if (signal.aborted) return;
      const added = page.items.map((standard, i): StandardNode => ({ kind: 'standard', position: offset + i, standard }));
      if (this.root.offline) this.online.fire();
      this.root = {
        standards: [...this.root.standards, ...added],
        total: page.total ?? this.root.total,
        hasMore: page.hasMore,
      };
    } catch (error) {
      if (signal.aborted) return;
      this.root = { ...this.root, error: errorText(error), offline: isUnreachable(error) };
    }
  }
}
