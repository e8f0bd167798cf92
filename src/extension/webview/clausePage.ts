/**
 * Clause pages: reading tabs, as the Markdown preview's. A clause opens in the reading tab of the active group
 * (reused); Open to the Side opens another beside; Keep Open keeps a tab, so the next clause opens in a new one.
 * Cross-references navigate inside their tab, with Back and Forward. Each panel asks the extension for the clause
 * (ready handshake), survives being hidden without retainContextWhenHidden (the page keeps its
 * ClauseRef and scroll in its state) and is restored after a restart by the serializer. Each panel's implementation
 * (clausePanel.ts) is loaded with the first page (src/extension/lazy.ts).
 */
import * as vscode from 'vscode';
import { readingTabTitle } from '../../core/readingTab';
import { Disposable, onFirstUse } from '../../core/lifecycle';
import type { ClauseRef } from '../../core/model';
import type { ManagedStandardsService } from '../../core/service/index';
import type { ClausePanel } from './clausePanel';
import type { BuiltIn } from '../../webview/protocol';
import { pageOptions } from './pageOptions';
import type * as PanelBundle from './clausePanel.lazy';
/** A clause page's panel: loaded with the first page opened or restored. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const panelBundle = onFirstUse(() => require('./clausePanel.lazy') as typeof PanelBundle);

const CLAUSE_VIEW_TYPE = 'standardsExplorer.clause';

export interface ClausePageDeps {
  extensionUri: vscode.Uri;
  /** The current service; rejects with a user-facing Error when not connected. */
  service(): Promise<Pick<ManagedStandardsService, 'getClauseCopy' | 'listClausesCopy'>>;
  /** The base URL of the current service: cross-references and links are checked against it. */
  serviceBaseUrl(): string | undefined;
  log: vscode.LogOutputChannel;
  /** Told of every clause body the pages read (Go to Term keeps the terms of Terms-and-definitions clauses). */
  onBody?(ref: ClauseRef, body: unknown): void;
  /** Whether the standard is pinned: the title bar offers Pin or Unpin. */
  isPinned?(urn: string): boolean;
}

export interface RenderedEvent {
  ref: ClauseRef;
  title: string;
  blocks: number;
  ms: number;
  /** Where the page built the document model: a very large clause's in a worker. */
  builtIn: BuiltIn;
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

export interface OpenOptions {
  /** In a new reading tab beside the active group, not the active group's reading tab. */
  toSide?: boolean;
}

export interface ClausePages extends vscode.Disposable {
  /**
   * Opens the clause in the reading tab of the active group (reused: one tab, not one per clause), or reveals a tab
   * that shows it; with `toSide`, in a new reading tab beside. With an `anchor` (a subclause or term number, a term,
   * an identifier: see anchors.ts) scrolled to that place.
   */
  open(ref: ClauseRef, anchor?: string, options?: OpenOptions): Promise<void>;
  /** Opens a cross-reference target from the page showing `source`: inside that tab, with Back to return. */
  follow(target: ClauseRef, source?: ClauseRef): void;
  /** The clause tab the user is in (or was in last) goes back, or forward, through what it showed. */
  back(): void;
  forward(): void;
  /** The clause tab the user is in is kept: the next clause opens in a new reading tab instead of replacing it. */
  keepOpen(): void;
  /** The clause the active clause tab shows (what the title bar's actions act on), as the host read it. */
  activeRef(): ClauseRef | undefined;
  /** How many clause tabs are open. */
  readonly size: number;
  /** The HTML (and so the CSP) of an open tab that shows the clause (for tests). */
  pageHtml(ref: ClauseRef): string | undefined;
  /** A standard was pinned or unpinned elsewhere: the title bar offers the right one of Pin and Unpin. */
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
        const ref = panelBundle().readRestoredRef(state);
        if (ref) pages.adopt(panel, ref);
        else panel.dispose();
      },
    }),
  );
  return pages;
}

/** Context keys of the active clause tab, for its title bar's actions (package.json `when` and `enablement`). */
const CONTEXT = {
  canGoBack: 'standardsExplorer.clauseTab.canGoBack',
  canGoForward: 'standardsExplorer.clauseTab.canGoForward',
  kept: 'standardsExplorer.clauseTab.kept',
  pinned: 'standardsExplorer.clauseTab.pinned',
} as const;

export class ClausePageManager extends Disposable implements ClausePages {
  private readonly panels = new Set<ClausePanel>();
  /** The clause tab the user is in, or was in last: the one the title bar's actions act on. */
  private lastActive: ClausePanel | undefined;
  private readonly rendered = this.register(new vscode.EventEmitter<RenderedEvent>());
  private readonly failed = this.register(new vscode.EventEmitter<FailedEvent>());
  private readonly revealed = this.register(new vscode.EventEmitter<RevealedEvent>());
  readonly onDidRender = this.rendered.event;
  readonly onDidFail = this.failed.event;
  readonly onDidReveal = this.revealed.event;
  /** The context keys as last set, so a change of focus sets only what changed. */
  private readonly context = new Map<string, boolean>();

  constructor(private readonly deps: ClausePageDeps) {
    super();
    // Closing the panels disposes each ClausePanel (onDidDispose below).
    this.register({
      dispose: () => {
        for (const open of [...this.panels]) open.panel.dispose();
      },
    });
  }

  async open(ref: ClauseRef, anchor?: string, options: OpenOptions = {}): Promise<void> {
    if (options.toSide) {
      this.adopt(this.createPanel(ref, vscode.ViewColumn.Beside), ref, anchor);
      return;
    }
    const group = vscode.window.tabGroups.activeTabGroup.viewColumn;
    const open = [...this.panels];
    // A tab that shows the clause already, the active group's first: revealed, not shown twice.
    const showing = open.find((p) => sameClause(p.ref, ref) && p.panel.viewColumn === group) ?? open.find((p) => sameClause(p.ref, ref));
    if (showing) {
      showing.panel.reveal(showing.panel.viewColumn);
      if (anchor) showing.revealAnchor(anchor);
      if (showing.hasFailed) showing.reload();
      return;
    }
    const reading = open.find((p) => !p.kept && p.panel.viewColumn === group);
    if (reading) {
      reading.show(ref, anchor);
      reading.panel.reveal(reading.panel.viewColumn);
      return;
    }
    this.adopt(this.createPanel(ref, vscode.ViewColumn.Active), ref, anchor);
  }

  updatePinned(): void {
    this.updateContext();
  }

  /** For panels: a page reported where it scrolled. */
  fireRevealed(event: RevealedEvent): void {
    this.revealed.fire(event);
  }

  /** A cross-reference clicked on a page: shown inside that page's tab (Back returns). */
  follow(ref: ClauseRef, source?: ClauseRef | ClausePanel): void {
    const from = source instanceof panelBundle().ClausePanel ? source : source && [...this.panels].find((p) => sameClause(p.ref, source));
    if (!from) {
      void this.open(ref);
      return;
    }
    from.show(ref);
    from.panel.reveal(from.panel.viewColumn);
  }

  back(): void {
    this.activePanel()?.back();
  }

  forward(): void {
    this.activePanel()?.forward();
  }

  keepOpen(): void {
    const panel = this.activePanel();
    if (panel) panel.kept = true;
    this.updateContext();
  }

  activeRef(): ClauseRef | undefined {
    const panel = this.activePanel();
    return panel?.isLoaded ? panel.ref : undefined;
  }

  /** The clause tab that has the focus, else the one that had it last. */
  private activePanel(): ClausePanel | undefined {
    return [...this.panels].find((p) => p.panel.active) ?? this.lastActive;
  }

  /** For panels: what the active tab offers (Back, Forward, Keep Open, Pin or Unpin) may have changed. */
  updateContext(): void {
    const panel = this.activePanel();
    const values = {
      [CONTEXT.canGoBack]: panel?.canGoBack ?? false,
      [CONTEXT.canGoForward]: panel?.canGoForward ?? false,
      [CONTEXT.kept]: panel?.kept ?? false,
      [CONTEXT.pinned]: panel ? (this.deps.isPinned?.(panel.ref.urn) ?? false) : false,
    };
    for (const [key, value] of Object.entries(values)) {
      if (this.context.get(key) === value) continue;
      this.context.set(key, value);
      void vscode.commands.executeCommand('setContext', key, value);
    }
  }

  /** A new tab in `column`, taking the focus. */
  private createPanel(ref: ClauseRef, column: vscode.ViewColumn): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(
      CLAUSE_VIEW_TYPE,
      readingTabTitle(ref),
      { viewColumn: column, preserveFocus: false },
      pageOptions(this.deps.extensionUri),
    );
  }

  /** The HTML (and so the CSP) of a tab showing the clause, when one is open (for tests). */
  pageHtml(ref: ClauseRef): string | undefined {
    return [...this.panels].find((p) => sameClause(p.ref, ref))?.panel.webview.html;
  }

  /** How many clause tabs are open (for tests and the log). */
  get size(): number {
    return this.panels.size;
  }

  adopt(panel: vscode.WebviewPanel, ref: ClauseRef, anchor?: string): ClausePanel {
    panel.webview.options = pageOptions(this.deps.extensionUri);
    const clausePanel = new (panelBundle().ClausePanel)(
      panel,
      ref,
      this.deps,
      this,
      (event) => this.rendered.fire(event),
      (event) => this.failed.fire(event),
    );
    if (anchor) clausePanel.revealAnchor(anchor);
    this.panels.add(clausePanel);
    this.lastActive = clausePanel;
    panel.onDidChangeViewState(() => {
      if (panel.active) this.lastActive = clausePanel;
      this.updateContext();
    });
    panel.onDidDispose(() => {
      this.panels.delete(clausePanel);
      if (this.lastActive === clausePanel) this.lastActive = undefined;
      clausePanel.dispose();
      this.updateContext();
    });
    this.updateContext();
    return clausePanel;
  }
}

/** The same clause of the same standard. */
function sameClause(a: ClauseRef, b: ClauseRef): boolean {
  return a.urn === b.urn && a.clauseId === b.clauseId;
}
