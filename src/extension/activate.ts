/**
 * Activation: builds the pieces and registers them; no logic of its own. No request and no secret read happens
 * here: the service is made on first use.
 */
import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID, StandardsAuthProvider } from './auth/authProvider';
import { CatalogueStore } from './catalogue/catalogueStore';
import { registerCitations, type Citations } from './citations/register';
import { showEnvironmentInView } from './commands/environmentInView';
import { registerCommands } from './commands/index';
import { signIn } from './commands/signIn';
import { Config } from './config';
import { CredentialStore } from './credentials';
import { useTranslation } from '../core/l10n';
import { STANDARDS_SCHEME, StandardsFileSystem } from './documents/standardsFileSystem';
import { createLog } from './log';
import { registerMyStandards, type MyStandards } from './pins/register';
import { createOfflineStatus } from './pins/offlineStatus';
import { Session } from './session';
import { createStatusBar } from './statusBar';
import { TermStore } from '../core/terms/termStore';
import { buildDocument, flowText, termAnchor } from './lazy';
import { CatalogueArrangement } from './tree/catalogueArrangement';
import type { TreeNode } from './tree/nodes';
import { StandardsModel } from './tree/standardsModel';
import { StandardsTreeProvider, VIEW_ID } from './tree/standardsTree';
import { registerClausePages, type ClausePages } from './webview/clausePage';

/** What activate() returns: for tests and other extensions. */
export interface StandardsExplorerApi {
  session: Session;
  model: StandardsModel;
  tree: StandardsTreeProvider;
  view: vscode.TreeView<TreeNode>;
  pages: ClausePages;
  catalogue: CatalogueStore;
  terms: TermStore;
  /** References to standards in the user's documents: links, hovers, outdated editions. */
  citations: Citations;
  /** The Accounts menu's provider (id AUTH_PROVIDER_ID). */
  auth: StandardsAuthProvider;
  /** Pinned and recent standards, offline copies, the updates badge. */
  myStandards: MyStandards;
  /** The `standards:` documents (which are offline copies: `offlineSince`). */
  documents: StandardsFileSystem;
}

export function activate(context: vscode.ExtensionContext): StandardsExplorerApi {
  // The pure modules' words (src/core/l10n.ts) in VS Code's display language, as vscode.l10n.t gives them.
  useTranslation((message, ...args) => vscode.l10n.t(message, ...args));
  const log = createLog();
  const config = new Config();
  const session = new Session(context, config, new CredentialStore(context.secrets, context.globalState, (message) => log.info(message)), log);
  const model = new StandardsModel(session);
  const catalogue = new CatalogueStore(context.globalStorageUri, session, log);
  const arranged = new CatalogueArrangement(catalogue, () => session.settings().pageSize);
  let view: vscode.TreeView<TreeNode> | undefined;
  const terms = new TermStore({ buildDocument, flowText, termAnchor });
  const myStandards = registerMyStandards(context, session, catalogue, log, terms, (badge) => {
    if (view) view.badge = badge;
  });
  const tree = new StandardsTreeProvider(model, session, arranged, myStandards);
  view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  // Back online after stored copies were shown: pinned standards are checked with their ETags.
  model.onDidComeBack(() => void myStandards.pinning.revalidate().catch((error: unknown) => log.warn(`Checking pinned standards: ${String(error)}`)));
  const documents = new StandardsFileSystem(session, (source, body) => {
    terms.addBody(source, body);
    myStandards.opened(source);
  });
  const pages = registerClausePages(context, {
    extensionUri: context.extensionUri,
    service: () => session.service(),
    serviceBaseUrl: () => session.baseUrl,
    log,
    onBody: (ref, body) => {
      terms.addBody(ref, body);
      myStandards.opened(ref);
    },
    isPinned: (urn) => myStandards.shelf.isPinned(urn),
  });
  context.subscriptions.push(
    myStandards.shelf.onDidChange(() => pages.updatePinned()),
    log,
    config,
    session,
    model,
    arranged,
    tree,
    view,
    catalogue,
    createStatusBar(session),
    documents,
    vscode.workspace.registerFileSystemProvider(STANDARDS_SCHEME, documents, { isReadonly: true, isCaseSensitive: true }),
    registerCommands({
      session,
      model,
      view,
      catalogue,
      arranged,
      pages,
      log,
      terms,
      extensionUri: context.extensionUri,
      beforeGoToTerm: () => myStandards.pinnedTerms.add(),
    }),
    myStandards.disposable,
    createOfflineStatus(documents),
  );
  const citations = registerCitations(session, catalogue, log);
  context.subscriptions.push(citations.disposable);
  const auth = new StandardsAuthProvider(session, () => signIn(session, log));
  context.subscriptions.push(
    auth,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, vscode.l10n.t('Standards Content Service'), auth, {
      supportsMultipleAccounts: false,
    }),
    showEnvironmentInView(view, session, arranged),
  );
  return {
    session,
    model,
    tree,
    view,
    pages,
    catalogue,
    terms,
    get citations() {
      return citations.citations();
    },
    auth,
    myStandards,
    documents,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions (the session stops a spawned sandbox).
}
