/**
 * Clause pages: one webview panel per clause, rendering the clause for reading. The panel asks the extension for
 * the clause (ready handshake), survives being hidden without retainContextWhenHidden (the page keeps its
 * ClauseRef and scroll in its state) and is restored after a restart by the serializer.
 */
import * as vscode from 'vscode';
import { errorText } from '../errorText';
import { pageTitle } from '../labels';
import { Disposable } from '../lifecycle';
import type { ClauseRef } from '../model';
import { offlineCopyLabel } from '../pins/offlineLabel';
import { displayText, readText, type ManagedStandardsService } from '../service/index';
import { clausePageHtml, pageResources } from './html';
import { decidePageAction, readPageMessage, readRestoredRef, type HostMessage, type PageAction } from './protocol';

const CLAUSE_VIEW_TYPE = 'standardsExplorer.clause';

export interface ClausePageDeps {
  extensionUri: vscode.Uri;
  /** The current service; rejects with a user-facing Error when not connected. */
  service(): Promise<Pick<ManagedStandardsService, 'getClauseCopy'>>;
  /** The base URL of the current service: cross-references and links are checked against it. */
  serviceBaseUrl(): string | undefined;
  log: vscode.LogOutputChannel;
  /** Told of every clause body the pages read (Go to Term keeps the terms of Terms-and-definitions clauses). */
  onBody?(ref: ClauseRef, body: unknown): void;
  /** Whether the standard is pinned: the toolbar offers Pin or Unpin. */
  isPinned?(urn: string): boolean;
}

export interface RenderedEvent {
  ref: ClauseRef;
  title: string;
  blocks: number;
  ms: number;
  /** The clause shown is a stored copy (the service could not be reached) from this date. */
  offlineSince?: number;
}

export interface RevealedEvent {
  ref: ClauseRef;
  anchor: string;
  found: boolean;
}

export interface FailedEvent {
  ref: ClauseRef;
  message: string;
}

export interface ClausePages extends vscode.Disposable {
  /**
   * Opens the clause in its panel, or reveals that panel (and loads it again when it shows a failure); with an
   * `anchor` (a subclause or term number, a term, an identifier: see anchors.ts) scrolled to that place.
   */
  open(ref: ClauseRef, anchor?: string): Promise<void>;
  /** Opens a cross-reference target from the page showing `source`: into the one follow panel, not a new one each time. */
  follow(target: ClauseRef, source?: ClauseRef): void;
  /** How many clause panels are open. */
  readonly size: number;
  /** A standard was pinned or unpinned elsewhere: every page's toolbar offers the right one of Pin and Unpin. */
  updatePinned(): void;
  /** Fired when a page reports it finished rendering (used by tests and the log). */
  readonly onDidRender: vscode.Event<RenderedEvent>;
  /** Fired when a page shows a failure instead of its clause. */
  readonly onDidFail: vscode.Event<FailedEvent>;
  /** Fired when a page scrolled to an anchor it was asked for, or did not find it. */
  readonly onDidReveal: vscode.Event<RevealedEvent>;
}

export function registerClausePages(context: vscode.ExtensionContext, deps: ClausePageDeps): ClausePages {
  const pages = new ClausePageManager(deps);
  context.subscriptions.push(
    pages,
    vscode.window.registerWebviewPanelSerializer(CLAUSE_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        // The state was written by the page: keep only a checked URN and clause id; the title is re-read.
        const ref = readRestoredRef(state);
        if (ref) pages.adopt(panel, ref);
        else panel.dispose();
      },
    }),
  );
  return pages;
}

class ClausePageManager extends Disposable implements ClausePages {
  private readonly panels = new Map<string, ClausePanel>();
  /** The one panel cross-references open into (like a preview editor): a page cannot open panels without limit. */
  private followPanel: ClausePanel | undefined;
  private readonly rendered = this.register(new vscode.EventEmitter<RenderedEvent>());
  private readonly failed = this.register(new vscode.EventEmitter<FailedEvent>());
  private readonly revealed = this.register(new vscode.EventEmitter<RevealedEvent>());
  readonly onDidRender = this.rendered.event;
  readonly onDidFail = this.failed.event;
  readonly onDidReveal = this.revealed.event;

  constructor(private readonly deps: ClausePageDeps) {
    super();
    // Closing the panels disposes each ClausePanel (onDidDispose below).
    this.register({
      dispose: () => {
        for (const open of [...this.panels.values()]) open.panel.dispose();
      },
    });
  }

  async open(ref: ClauseRef, anchor?: string): Promise<void> {
    const existing = this.panels.get(keyOf(ref));
    if (existing) {
      existing.panel.reveal();
      if (anchor) existing.revealAnchor(anchor);
      if (existing.hasFailed) existing.reload();
      return;
    }
    this.adopt(this.createPanel(ref), ref, anchor);
  }

  updatePinned(): void {
    for (const open of this.panels.values()) open.postPinned();
  }

  /** For panels: a page reported where it scrolled. */
  fireRevealed(event: RevealedEvent): void {
    this.revealed.fire(event);
  }

  /** A cross-reference clicked on a page: an open panel of that clause, else the follow panel, else a new one. */
  follow(ref: ClauseRef, source?: ClauseRef | ClausePanel): void {
    const from = source instanceof ClausePanel ? source : source && this.panels.get(keyOf(source));
    const existing = this.panels.get(keyOf(ref));
    if (existing) {
      existing.panel.reveal();
      return;
    }
    const reusable =
      this.followPanel && this.followPanel !== from && this.panels.get(keyOf(this.followPanel.ref)) === this.followPanel ? this.followPanel : undefined;
    if (reusable) {
      this.panels.delete(keyOf(reusable.ref));
      reusable.show(ref);
      this.panels.set(keyOf(ref), reusable);
      reusable.panel.reveal();
      return;
    }
    this.followPanel = this.adopt(this.createPanel(ref), ref);
  }

  /** A new panel beside the editor, taking the focus. */
  private createPanel(ref: ClauseRef): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(
      CLAUSE_VIEW_TYPE,
      pageTitle(ref),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      panelOptions(this.deps.extensionUri),
    );
  }

  /** How many clause panels are open (for tests and the log). */
  get size(): number {
    return this.panels.size;
  }

  adopt(panel: vscode.WebviewPanel, ref: ClauseRef, anchor?: string): ClausePanel {
    panel.webview.options = panelOptions(this.deps.extensionUri);
    const clausePanel = new ClausePanel(
      panel,
      ref,
      this.deps,
      this,
      (event) => this.rendered.fire(event),
      (event) => this.failed.fire(event),
    );
    if (anchor) clausePanel.revealAnchor(anchor);
    this.panels.set(keyOf(ref), clausePanel);
    panel.onDidDispose(() => {
      const key = keyOf(clausePanel.ref);
      if (this.panels.get(key) === clausePanel) this.panels.delete(key);
      if (this.followPanel === clausePanel) this.followPanel = undefined;
      clausePanel.dispose();
    });
    return clausePanel;
  }
}

/** Page messages that come from a click of the user's (toolbar buttons, links). */
const USER_ACTIONS = new Set(['openJson', 'openText', 'compare', 'copyLink', 'insertReference', 'pin', 'unpin', 'openClause']);

class ClausePanel extends Disposable {
  private loading: AbortController | undefined;
  /** The clause was read from the service: page actions may use `ref`. */
  private loaded = false;
  private failure: string | undefined;
  /** When the clause shown is a stored copy (the service could not be reached), the date it was stored. */
  offlineSince: number | undefined;
  /** Where to scroll once the clause is shown: sent with the clause, or at once to a page already showing it. */
  private anchor: string | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private current: ClauseRef,
    private readonly deps: ClausePageDeps,
    private readonly manager: ClausePageManager,
    private readonly onRendered: (event: RenderedEvent) => void,
    private readonly onFailed: (event: FailedEvent) => void,
  ) {
    super();
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'standards.svg');
    panel.title = pageTitle(current);
    panel.webview.html = clausePageHtml(
      pageResources(panel.webview, deps.extensionUri, (base, ...parts) => vscode.Uri.joinPath(base, ...parts), current.id),
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

  reload(): void {
    this.loadInBackground();
  }

  /** Scrolls the page to `anchor`: now when it shows the clause, else as soon as it does (also after a reload). */
  revealAnchor(anchor: string): void {
    this.anchor = anchor;
    if (this.loaded) void this.post({ type: 'reveal', anchor });
  }

  postPinned(): void {
    if (this.loaded) void this.post({ type: 'pinned', pinned: this.deps.isPinned?.(this.current.urn) ?? false });
  }

  /** Shows another clause in this panel (cross-reference navigation). */
  show(ref: ClauseRef): void {
    this.current = ref;
    this.anchor = undefined;
    this.loaded = false;
    this.panel.title = pageTitle(ref);
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
        void vscode.window.showErrorMessage(errorText(error));
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
      case 'command':
        await vscode.commands.executeCommand(action.command, action.ref);
        return;
      case 'openClause':
        this.manager.follow(action.ref, this);
        return;
      case 'revealStandard':
        await vscode.commands.executeCommand('standardsExplorer.revealStandard', { urn: action.urn });
        return;
      case 'revealed':
        if (action.anchor === this.anchor) this.anchor = undefined;
        this.manager.fireRevealed({ ref: this.current, anchor: action.anchor, found: action.found });
        return;
      case 'rendered':
        this.deps.log.debug(`Clause page rendered "${action.title}": ${action.blocks} blocks in ${Math.round(action.ms)} ms`);
        this.onRendered({ ref: this.current, title: action.title, blocks: action.blocks, ms: action.ms, offlineSince: this.offlineSince });
        return;
      case 'refuse':
        void vscode.window.showWarningMessage(action.message);
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
      const { value: body, offlineSince } = await service.getClauseCopy(ref.urn, ref.clauseId, controller.signal);
      if (controller.signal.aborted) return;
      this.current = enrich(ref, body);
      this.loaded = true;
      this.deps.onBody?.(this.current, body);
      this.panel.title = pageTitle(this.current);
      this.offlineSince = offlineSince;
      await this.post({
        type: 'clause',
        ref: this.current,
        json: JSON.stringify(body),
        anchor: this.anchor,
        offline: offlineSince !== undefined ? offlineCopyLabel(offlineSince) : undefined,
        pinned: this.deps.isPinned?.(ref.urn) ?? false,
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

function panelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableFindWidget: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/** The tab title: server text as one line without bidi controls, bounded. */
function keyOf(ref: ClauseRef): string {
  return `${ref.urn}\u0000${ref.clauseId}`;
}
