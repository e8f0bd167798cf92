/**
 * Clause pages: one webview panel per clause, rendering the clause for reading. The panel asks the extension for
 * the clause (ready handshake), survives being hidden without retainContextWhenHidden (the page keeps its
 * ClauseRef and scroll in its state) and is restored after a restart by the serializer. Each panel's implementation
 * (clausePanel.ts) is loaded with the first page (src/extension/lazy.ts).
 */
import * as vscode from 'vscode';
import { pageTitle } from '../../core/labels';
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
  /** Whether the standard is pinned: the toolbar offers Pin or Unpin. */
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
  /** The HTML (and so the CSP) a clause's open panel was given (for tests). */
  pageHtml(ref: ClauseRef): string | undefined;
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
        const ref = panelBundle().readRestoredRef(state);
        if (ref) pages.adopt(panel, ref);
        else panel.dispose();
      },
    }),
  );
  return pages;
}

export class ClausePageManager extends Disposable implements ClausePages {
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
    const from = source instanceof panelBundle().ClausePanel ? source : source && this.panels.get(keyOf(source));
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
      pageOptions(this.deps.extensionUri),
    );
  }

  /** The HTML (and so the CSP) a clause's panel was given, when one is open (for tests). */
  pageHtml(ref: ClauseRef): string | undefined {
    return this.panels.get(keyOf(ref))?.panel.webview.html;
  }

  /** How many clause panels are open (for tests and the log). */
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

/** Panels are keyed by standard and clause: one panel per clause. */
function keyOf(ref: ClauseRef): string {
  return `${ref.urn}\u0000${ref.clauseId}`;
}
