/**
 * One clause tab: loads the clause from the service into its webview, keeps what the tab showed (Back, Forward), and
 * answers the page's messages (cross-references, render reports) through the host's actions.
 */
import * as vscode from 'vscode';
import { showFailure, showWarning } from '../notify';
import { errorText, noticeText } from '../errorText';
import { ReadingHistory, readingTabTitle } from '../../core/readingTab';
import { Disposable } from '../../core/lifecycle';
import type { ClauseListEntry } from '../../core/document/index';
import type { ClauseRef } from '../../core/model';
import type { Clause } from '../../core/service/types';
import { offlineCopyLabel } from '../documents/offlineLabel';
import { displayText } from '../../core/service/displayText';
import { readText } from '../../core/service/jsonld';
import type { ClausePageDeps, ClausePageManager, FailedEvent, RenderedEvent } from './clausePage';
import { clausePageHtml, pageResources } from './html';
import { decidePageAction, jsonParts, readPageMessage, type HostMessage, type PageAction } from '../../webview/protocol';

/** Page messages that come from a click of the user's (links). */
const USER_ACTIONS = new Set(['openClause']);

/** A place the tab showed: a clause, and where in it (an anchor it was opened at). */
interface Place {
  ref: ClauseRef;
  anchor?: string;
}

export class ClausePanel extends Disposable {
  private loading: AbortController | undefined;
  /** The clause was read from the service: page actions may use `ref`. */
  private loaded = false;
  private failure: string | undefined;
  /** When the clause shown is a stored copy (the service could not be reached), the date it was stored. */
  offlineSince: number | undefined;
  /** Where to scroll once the clause is shown: sent with the clause, or at once to a page already showing it. */
  private anchor: string | undefined;
  /** What the tab showed, for Back and Forward. */
  private readonly history: ReadingHistory<Place>;
  /** Kept open (Keep Open): the next clause opened goes to another tab, not this one. Cross-references still navigate here. */
  kept = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private current: ClauseRef,
    private readonly deps: ClausePageDeps,
    private readonly manager: ClausePageManager,
    private readonly onRendered: (event: RenderedEvent) => void,
    private readonly onFailed: (event: FailedEvent) => void,
  ) {
    super();
    this.history = new ReadingHistory<Place>({ ref: current });
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'standards.svg');
    panel.title = readingTabTitle(current);
    panel.webview.html = clausePageHtml(
      // Images may load from the configured service only: never from an origin a clause's @id names.
      pageResources(panel.webview, deps.extensionUri, (base, ...parts) => vscode.Uri.joinPath(base, ...parts), deps.serviceBaseUrl(), vscode.env.language),
      panel.title,
    );
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
    this.register({ dispose: () => this.loading?.abort() });
  }

  get ref(): ClauseRef {
    return this.current;
  }

  /** The last load failed (the page shows the message and a Retry button). */
  get hasFailed(): boolean {
    return this.failure !== undefined;
  }

  /** The clause was read from the service: `ref` carries its @id and title. */
  get isLoaded(): boolean {
    return this.loaded;
  }

  get canGoBack(): boolean {
    return this.history.canGoBack;
  }

  get canGoForward(): boolean {
    return this.history.canGoForward;
  }

  reload(): void {
    this.loadInBackground();
  }

  /** Scrolls the page to `anchor`: now when it shows the clause, else as soon as it does (also after a reload). */
  revealAnchor(anchor: string): void {
    this.anchor = anchor;
    this.history.update({ ...this.history.current, anchor });
    if (this.loaded) void this.post({ type: 'reveal', anchor });
  }

  /** Shows another clause in this tab (a clause opened into it, a cross-reference): a new place Back returns from. */
  show(ref: ClauseRef, anchor?: string): void {
    this.history.visit({ ref, anchor }, (a, b) => a.ref.urn === b.ref.urn && a.ref.clauseId === b.ref.clauseId);
    this.display(ref, anchor);
  }

  /** The clause this tab showed before (Back) or after (Forward) the one it shows. */
  back(): void {
    const place = this.history.back();
    if (place) this.display(place.ref, place.anchor);
  }

  forward(): void {
    const place = this.history.forward();
    if (place) this.display(place.ref, place.anchor);
  }

  private display(ref: ClauseRef, anchor: string | undefined): void {
    this.current = ref;
    this.anchor = anchor;
    this.loaded = false;
    this.panel.title = readingTabTitle(ref);
    this.manager.updateContext();
    this.loadInBackground();
  }

  /** A load nobody awaits: a failure to post (the panel closed meanwhile) goes to the log, not unhandled. */
  private loadInBackground(): void {
    this.load().catch((error: unknown) => this.deps.log.debug(`Clause page: ${error instanceof Error ? error.message : String(error)}`));
  }

  private receive(raw: unknown): void {
    const message = readPageMessage(raw);
    if (!message) {
      this.deps.log.debug(
        `Clause page: ignored an unexpected message of type ${typeof raw === 'object' && raw !== null ? displayText(String((raw as { type?: unknown }).type)).slice(0, 40) : typeof raw}`,
      );
      return;
    }
    // A click in a page that did not have the focus gives it the focus; the news of that can reach the host just
    // after the click's message. Wait a moment for it rather than drop the user's click.
    const active = this.panel.active || !USER_ACTIONS.has(message.type) ? Promise.resolve(this.panel.active) : this.becomesActive(500);
    void active
      .then((isActive) =>
        this.handle(decidePageAction(message, { ref: this.current, loaded: this.loaded, active: isActive, serviceBaseUrl: this.deps.serviceBaseUrl() })),
      )
      .catch((error: unknown) => {
        void showFailure(noticeText(error));
      });
  }

  /** True as soon as the panel has the focus, false if it does not get it within `ms`. */
  private becomesActive(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        listener.dispose();
        resolve(this.panel.active);
      }, ms);
      const listener = this.panel.onDidChangeViewState(() => {
        if (!this.panel.active) return;
        clearTimeout(timer);
        listener.dispose();
        resolve(true);
      });
    });
  }

  private async handle(action: PageAction): Promise<void> {
    switch (action.kind) {
      case 'load':
        return this.load();
      case 'openClause':
        this.manager.follow(action.ref, this);
        return;
      case 'revealStandard':
        await vscode.commands.executeCommand('standardsExplorer.revealStandard', { urn: action.urn });
        return;
      case 'findReference':
        await vscode.commands.executeCommand('standardsExplorer.findStandard', { reference: action.citation });
        return;
      case 'revealed':
        if (action.anchor === this.anchor) this.anchor = undefined;
        this.manager.fireRevealed({ ref: this.current, anchor: action.anchor, found: action.found });
        return;
      case 'rendered':
        this.deps.log.debug(
          `Clause page rendered "${action.title}": ${action.blocks} blocks in ${Math.round(action.ms)} ms${action.builtIn === 'worker' ? ' (model built in a worker)' : ''}`,
        );
        this.onRendered({
          ref: this.current,
          title: action.title,
          blocks: action.blocks,
          ms: action.ms,
          builtIn: action.builtIn,
          offlineSince: this.offlineSince,
        });
        return;
      case 'refuse':
        void showWarning(action.message);
        return;
      case 'ignore':
        this.deps.log.debug(`Clause page: ignored ${action.reason}`);
        return;
    }
  }

  /** Fetches the clause and posts it once, as JSON text. */
  private async load(): Promise<void> {
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    const ref = this.current;
    this.failure = undefined;
    await this.post({ type: 'loading', ref });
    try {
      const service = await this.deps.service();
      // The clause list names cross-references into other clauses; the page reads well without it.
      const listing = service
        .listClausesCopy(ref.urn, controller.signal)
        .then((copy) => copy.value)
        .catch(() => undefined);
      const { value: body, offlineSince, text } = await service.getClauseCopy(ref.urn, ref.clauseId, controller.signal);
      const clauses = await listing;
      if (controller.signal.aborted) return;
      this.current = withListing(enrich(ref, body), clauses);
      this.loaded = true;
      this.history.update({ ...this.history.current, ref: this.current });
      this.deps.onBody?.(this.current, body);
      this.panel.title = readingTabTitle(this.current);
      this.offlineSince = offlineSince;
      // The text the service sent, passed on as it is: writing out the value again held the host for a large clause.
      const parts = jsonParts(text ?? JSON.stringify(body));
      const last = parts.pop() ?? '';
      for (const part of parts) {
        await this.post({ type: 'clauseText', part });
        if (controller.signal.aborted) return;
      }
      await this.post({
        type: 'clause',
        ref: this.current,
        json: last,
        parts: parts.length,
        anchor: this.anchor,
        clauses: clauses?.map(clauseListEntry),
        offline: offlineSince !== undefined ? offlineCopyLabel(offlineSince) : undefined,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = errorText(error);
      this.failure = message;
      await this.post({ type: 'error', ref, message });
      this.onFailed({ ref, message });
    }
  }

  private post(message: HostMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(message);
  }
}

/** The clause's number and types from the clause list, when the ref came without them (a cross-reference). */
function withListing(ref: ClauseRef, clauses: readonly Clause[] | undefined): ClauseRef {
  const listed = clauses?.find((c) => c.clauseId === ref.clauseId);
  if (!listed) return ref;
  return { ...ref, number: ref.number ?? listed.number, types: ref.types ?? listed.types, title: ref.title || listed.title };
}

/** What the page needs of each clause of the list: enough to name and open a cross-reference. */
function clauseListEntry(clause: Clause): ClauseListEntry {
  return {
    id: clause.id,
    clauseId: clause.clauseId,
    number: clause.number,
    title: clause.title,
    types: clause.types,
    parent: clause.parent,
    level: clause.level,
  };
}

/** Fills what the ref lacks from the clause body (a cross-reference knows only the target's @id). */
function enrich(ref: ClauseRef, body: unknown): ClauseRef {
  if (typeof body !== 'object' || body === null) return ref;
  const b = body as Record<string, unknown>;
  const part = (typeof b['dcterms:isPartOf'] === 'object' && b['dcterms:isPartOf'] !== null ? b['dcterms:isPartOf'] : {}) as Record<string, unknown>;
  const types = Array.isArray(b['@type'])
    ? b['@type'].filter((t): t is string => typeof t === 'string')
    : typeof b['@type'] === 'string'
      ? [b['@type']]
      : undefined;
  return {
    ...ref,
    id: ref.id ?? (readText(b['@id']) || undefined),
    title: ref.title ?? readText(b['dcterms:title']),
    number: ref.number ?? (readText(b['corext:number']) || undefined),
    types: ref.types ?? types,
    standardReference: ref.standardReference ?? (readText(part['dcterms:identifier']) || undefined),
    standardTitle: ref.standardTitle ?? (readText(part['dcterms:title']) || undefined),
  };
}
