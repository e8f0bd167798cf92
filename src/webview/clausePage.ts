/**
 * Clause pages: one webview panel per clause, rendering the clause for reading. The panel asks the extension for
 * the clause (ready handshake), survives being hidden without retainContextWhenHidden (the page keeps its
 * ClauseRef and scroll in its state) and is restored after a restart by the serializer.
 */
import * as vscode from 'vscode';
import type { ClauseRef } from '../model';
import { isValidUrn, readText, sectionLabel, type StandardsService } from '../service/index';
import { clausePageHtml, pageResources } from './html';
import { readClauseRef, readPageMessage, resolveClauseTarget, type HostMessage, type PageMessage } from './protocol';

export const CLAUSE_VIEW_TYPE = 'standardsExplorer.clause';

export interface ClausePageDeps {
  extensionUri: vscode.Uri;
  /** The current service; rejects with a user-facing Error when not connected. */
  service(): Promise<StandardsService>;
  log: vscode.LogOutputChannel;
}

export interface RenderedEvent {
  ref: ClauseRef;
  title: string;
  blocks: number;
  ms: number;
}

export interface ClausePages extends vscode.Disposable {
  open(ref: ClauseRef): Promise<void>;
  /** Fired when a page reports it finished rendering (used by tests and the log). */
  readonly onDidRender: vscode.Event<RenderedEvent>;
}

export function registerClausePages(context: vscode.ExtensionContext, deps: ClausePageDeps): ClausePages {
  const pages = new ClausePageManager(deps);
  context.subscriptions.push(
    pages,
    vscode.window.registerWebviewPanelSerializer(CLAUSE_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        const ref = readClauseRef((state as { ref?: unknown } | undefined)?.ref);
        if (ref) pages.adopt(panel, ref);
        else panel.dispose();
      },
    }),
  );
  return pages;
}

class ClausePageManager implements ClausePages {
  private readonly panels = new Map<string, ClausePanel>();
  private readonly rendered = new vscode.EventEmitter<RenderedEvent>();
  readonly onDidRender = this.rendered.event;

  constructor(private readonly deps: ClausePageDeps) {}

  async open(ref: ClauseRef): Promise<void> {
    const existing = this.panels.get(keyOf(ref));
    if (existing) {
      existing.panel.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel(CLAUSE_VIEW_TYPE, titleOf(ref), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, panelOptions(this.deps.extensionUri));
    this.adopt(panel, ref);
  }

  adopt(panel: vscode.WebviewPanel, ref: ClauseRef): void {
    const key = keyOf(ref);
    panel.webview.options = panelOptions(this.deps.extensionUri);
    const clausePanel = new ClausePanel(panel, ref, this.deps, (event) => this.rendered.fire(event));
    this.panels.set(key, clausePanel);
    panel.onDidDispose(() => {
      if (this.panels.get(key) === clausePanel) this.panels.delete(key);
      clausePanel.dispose();
    });
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.panel.dispose();
    this.rendered.dispose();
  }
}

class ClausePanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private loading: AbortController | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private ref: ClauseRef,
    private readonly deps: ClausePageDeps,
    private readonly onRendered: (event: RenderedEvent) => void,
  ) {
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'standards.svg');
    panel.title = titleOf(ref);
    panel.webview.html = clausePageHtml(pageResources(panel.webview, deps.extensionUri, vscode.Uri.joinPath, ref.id), panel.title);
    this.disposables.push(panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
  }

  dispose(): void {
    this.loading?.abort();
    this.disposables.forEach((d) => d.dispose());
  }

  private receive(raw: unknown): void {
    const message = readPageMessage(raw);
    if (!message) {
      this.deps.log.debug(`Clause page: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    void this.handle(message).catch((error: unknown) => {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
    });
  }

  private async handle(message: PageMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
      case 'retry':
        return this.load();
      case 'openJson':
        await vscode.commands.executeCommand('standardsExplorer.openClauseJson', this.ref);
        return;
      case 'copyLink':
        await vscode.commands.executeCommand('standardsExplorer.copyClauseLink', this.ref);
        return;
      case 'insertReference':
        await vscode.commands.executeCommand('standardsExplorer.insertReference', this.ref);
        return;
      case 'openClause': {
        const target = resolveClauseTarget(message.target, this.ref.urn);
        if (!target || !isValidUrn(target.urn)) {
          void vscode.window.showWarningMessage(vscode.l10n.t('Cannot open the cross-reference {0}.', message.target));
          return;
        }
        const sameStandard = target.urn === this.ref.urn;
        await vscode.commands.executeCommand('standardsExplorer.openClause', {
          urn: target.urn,
          clauseId: target.clauseId,
          id: message.target,
          standardReference: sameStandard ? this.ref.standardReference : undefined,
          standardTitle: sameStandard ? this.ref.standardTitle : undefined,
        } satisfies ClauseRef);
        return;
      }
      case 'revealStandard':
        if (!isValidUrn(message.urn)) return;
        await vscode.commands.executeCommand('standardsExplorer.revealStandard', { urn: message.urn });
        return;
      case 'rendered':
        this.deps.log.debug(`Clause page rendered "${message.title}": ${message.blocks} blocks in ${Math.round(message.ms)} ms`);
        this.onRendered({ ref: this.ref, title: message.title, blocks: message.blocks, ms: message.ms });
        return;
    }
  }

  /** Fetches the clause and posts it once, as JSON text. */
  private async load(): Promise<void> {
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    await this.post({ type: 'loading', ref: this.ref });
    try {
      const service = await this.deps.service();
      const body = await service.getClause(this.ref.urn, this.ref.clauseId, controller.signal);
      if (controller.signal.aborted) return;
      this.ref = enrich(this.ref, body);
      this.panel.title = titleOf(this.ref);
      await this.post({ type: 'clause', ref: this.ref, json: JSON.stringify(body) });
    } catch (error) {
      if (controller.signal.aborted) return;
      await this.post({ type: 'error', ref: this.ref, message: error instanceof Error ? error.message : String(error) });
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
  const types = Array.isArray(b['@type']) ? b['@type'].filter((t): t is string => typeof t === 'string') : typeof b['@type'] === 'string' ? [b['@type']] : undefined;
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

function titleOf(ref: ClauseRef): string {
  const title = ref.title || (ref.types ? sectionLabel(ref.types) : vscode.l10n.t('Clause'));
  return ref.number ? `${ref.number} ${title}` : title;
}

function keyOf(ref: ClauseRef): string {
  return `${ref.urn}\u0000${ref.clauseId}`;
}
