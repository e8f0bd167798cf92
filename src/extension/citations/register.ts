/**
 * Standards references in the user's own documents: links, hovers, outdated-edition diagnostics with their Quick
 * Fixes, completion, and the commands the links run. Registered for files and untitled documents of every language;
 * nothing here sends a request until the user hovers or clicks. The References view (../references/register.ts) and
 * the Coverage view (../coverage/register.ts) stand on the same implementation, registered from here with it.
 * Activation registers thin providers only: the implementation (create.ts, its own bundle: citations.lazy.ts) is
 * loaded on the first call, or when a file or untitled document is open, so that its diagnostics arrive as before.
 */
import * as vscode from 'vscode';
import type { CallerConfirmation } from '../callerConfirmation';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { registerCommands } from '../commands/feedback';
import { onFirstUse } from '../../core/lifecycle';
import type { ServiceAccess } from '../connection/serviceAccess';
import type { CitationsImpl } from './create';
import { COMPARE_CITED, COMPARE_REVIEWED, MARK_REVIEWED, OPEN_CITATION, REVIEWED_SCHEME } from '../../core/citations/ids';
import type { ReferenceNode } from '../references/referencesView';
import { registerReferences } from '../references/register';
import type * as CitationsBundle from './citations.lazy';
import { registerCoverage } from '../coverage/register';
import { registerIndexOnSignIn } from '../catalogue/indexOnSignIn';
import { CITATION_DOCUMENTS, isCitedUri } from '../workspaceCitations/citedDocuments';
/** The references in code: loaded the first time a provider below is asked. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const citationsBundle = onFirstUse(() => require('./citations.lazy') as typeof CitationsBundle);

export type Citations = Omit<CitationsImpl, 'openCitation' | 'compareCited' | 'openReferencedClause' | 'compareReviewed' | 'markReviewed' | 'disposable'> & {
  referencesView: vscode.TreeView<ReferenceNode>;
};

export interface CitationsDeps {
  session: ServiceAccess;
  catalogue: CatalogueStore;
  log: vscode.LogOutputChannel;
  /** Asks before a file a caller named is written. */
  confirmation: CallerConfirmation;
}

/** Registers the thin providers and commands; returns how to reach the implementation (loading it). */
export function registerCitations(context: vscode.ExtensionContext, { session, catalogue, log, confirmation }: CitationsDeps): () => Citations {
  let loaded: CitationsImpl | undefined;
  const impl = (): CitationsImpl => {
    if (loaded) return loaded;
    loaded = citationsBundle().createCitations(session, catalogue, context.workspaceState, log);
    referencesLoaded(loaded.references);
    coverageLoaded(loaded.coverage);
    return loaded;
  };
  // The diagnostics of open documents: the implementation checks them all once loaded.
  const isCited = (document: vscode.TextDocument): boolean => isCitedUri(document.uri);
  const loadFor = (documents: readonly vscode.TextDocument[]): void => void (!loaded && documents.some(isCited) && impl());
  const startup = setTimeout(() => loadFor(vscode.workspace.textDocuments), 0);
  const { view: referencesView, loaded: referencesLoaded } = registerReferences(context, {
    references: () => impl().references,
    openReferencedClause: (node) => impl().openReferencedClause(node),
    confirmation,
    log,
  });
  const coverageLoaded = registerCoverage(context, { coverage: () => impl().coverage, catalogue, confirmation, log });
  // References resolve from the first minute: the index is built in the background once a service is connected.
  registerIndexOnSignIn(context, { session, catalogue, log });
  context.subscriptions.push(
    new vscode.Disposable(() => clearTimeout(startup)),
    new vscode.Disposable(() => {
      loaded?.disposable.dispose();
    }),
    vscode.workspace.onDidOpenTextDocument((document) => loadFor([document])),
    vscode.workspace.onDidChangeTextDocument((e) => loadFor([e.document])),
    vscode.languages.registerDocumentLinkProvider(CITATION_DOCUMENTS, { provideDocumentLinks: (...args) => impl().links.provideDocumentLinks(...args) }),
    vscode.languages.registerHoverProvider(CITATION_DOCUMENTS, { provideHover: (...args) => impl().hovers.provideHover(...args) }),
    vscode.languages.registerDefinitionProvider(CITATION_DOCUMENTS, { provideDefinition: (...args) => impl().definitions.provideDefinition(...args) }),
    vscode.languages.registerCodeActionsProvider(
      CITATION_DOCUMENTS,
      { provideCodeActions: (document, range, context) => impl().outdated.provideCodeActions(document, range, context) },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    // The left side of Compare with the Reviewed Version: a clause's text as it was reviewed (compareReviewed.ts).
    vscode.workspace.registerTextDocumentContentProvider(REVIEWED_SCHEME, {
      provideTextDocumentContent: (uri) => impl().reviewedDocuments.provideTextDocumentContent(uri),
    }),
    vscode.languages.registerCompletionItemProvider(
      CITATION_DOCUMENTS,
      { provideCompletionItems: (document, position, token) => impl().completion.provideCompletionItems(document, position, token) },
      ' ',
    ),
    registerCommands(
      {
        [OPEN_CITATION]: (arg) => impl().openCitation(arg),
        [COMPARE_CITED]: (arg) => impl().compareCited(arg),
        [COMPARE_REVIEWED]: (arg) => impl().compareReviewed(arg),
        [MARK_REVIEWED]: (arg) => impl().markReviewed(arg),
      },
      log,
    ),
  );
  return () => ({ ...impl(), referencesView });
}
