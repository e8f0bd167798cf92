/**
 * Standards references in the user's own documents: links, hovers, outdated-edition diagnostics with their Quick
 * Fixes, completion, the References view with its export, and the commands the links and the view run. Registered for files and untitled documents of every language; nothing here
 * sends a request until the user hovers or clicks.
 */
import * as vscode from 'vscode';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { registerCommand } from '../commands/feedback';
import type { Session } from '../session';
import { CitationCompletionProvider } from './citationCompletion';
import { CitationHoverProvider } from './citationHover';
import { CitationLinkProvider, openCitation } from './citationLinks';
import { CitationResolver } from './citationResolver';
import { COMPARE_CITED, compareCitedEditions } from './compareCited';
import { OPEN_CITATION } from './citationTarget';
import { OutdatedEditions } from './outdatedEditions';
import { REFERENCES_VIEW, WorkspaceReferences, type ReferenceNode } from './referencesView';

export const CITATION_DOCUMENTS: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }];

export interface Citations {
  resolver: CitationResolver;
  links: CitationLinkProvider;
  hovers: CitationHoverProvider;
  outdated: OutdatedEditions;
  references: WorkspaceReferences;
  completion: CitationCompletionProvider;
  referencesView: vscode.TreeView<ReferenceNode>;
}

export function registerCitations(
  session: Session,
  catalogue: CatalogueStore,
  log: vscode.LogOutputChannel,
): { citations: Citations; disposable: vscode.Disposable } {
  const resolver = new CitationResolver(session, catalogue);
  const links = new CitationLinkProvider(resolver);
  const hovers = new CitationHoverProvider(resolver, session);
  const outdated = new OutdatedEditions(resolver);
  const references = new WorkspaceReferences(resolver);
  const completion = new CitationCompletionProvider(resolver);
  const referencesView = vscode.window.createTreeView(REFERENCES_VIEW, { treeDataProvider: references, showCollapseAll: true });
  const command = (id: string, handler: (...args: unknown[]) => Promise<unknown>): vscode.Disposable => registerCommand(id, handler, log);
  const disposable = vscode.Disposable.from(
    resolver,
    outdated,
    vscode.languages.registerDocumentLinkProvider(CITATION_DOCUMENTS, links),
    vscode.languages.registerHoverProvider(CITATION_DOCUMENTS, hovers),
    vscode.languages.registerCodeActionsProvider(CITATION_DOCUMENTS, outdated, { providedCodeActionKinds: OutdatedEditions.providedCodeActionKinds }),
    references,
    referencesView,
    vscode.languages.registerCompletionItemProvider(CITATION_DOCUMENTS, completion, ' '),
    command(OPEN_CITATION, (arg) => openCitation(arg, resolver)),
    command(COMPARE_CITED, (arg) => compareCitedEditions(arg, resolver)),
    command('standardsExplorer.scanReferences', () => references.scan(true)),
    command('standardsExplorer.exportReferences', (arg) => references.export(exportTarget(arg))),
    command('standardsExplorer.openReferencedClause', (node) => openCitation(node ? references.targetOf(node as ReferenceNode) : undefined, resolver)),
  );
  return { citations: { resolver, links, hovers, outdated, references, completion, referencesView }, disposable };
}

/** Automation may name the file to export to (a URI or a path); the palette asks. */
function exportTarget(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg) return arg.includes('://') || arg.startsWith('file:') ? vscode.Uri.parse(arg) : vscode.Uri.file(arg);
  return undefined;
}
