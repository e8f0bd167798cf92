/**
 * Activation: makes the shared pieces (settings, credentials, the session, the stores) and lists each feature's
 * registration, in the order their parts depend on each other; no logic of its own. No request and no secret read
 * happens here: the service is made on first use, and the heavier parts of each feature are loaded on theirs.
 */
import './sharedModules';
import * as vscode from 'vscode';
import { TermStore, type TermSource } from '../core/terms/termStore';
import { useTranslation } from '../core/l10n';
import { registerAgentTools } from './agentTools/register';
import type { AgentToolsHost } from './agentTools/agentToolsHost';
import { registerAccounts } from './auth/register';
import type { StandardsAuthProvider } from './auth/authProvider';
import { CatalogueStore } from './catalogue/catalogueStore';
import { registerCitations, type Citations } from './citations/register';
import { registerClauseCommands } from './clauses/register';
import { registerCompare } from './compare/register';
import { Config } from './config';
import { CredentialStore } from './credentials';
import { registerConnectionDoctor } from './doctor/register';
import { documentReaders } from './documents/documentModel';
import { registerStandardsDocuments, type StandardsFileSystem } from './documents/register';
import { registerEnvironments } from './environments/register';
import { createLog } from './log';
import { registerMyStandards, type MyStandards } from './pins/register';
import { Session } from './session';
import { registerStatusBar } from './statusBar';
import { createChooser } from './targets/choose';
import type { TreeNode } from './targets/nodes';
import { registerTerms } from './terms/register';
import type { StandardsModel } from './tree/standardsModel';
import type { StandardsTreeProvider } from './tree/standardsTree';
import { registerStandardsView } from './tree/register';
import { registerWalkthrough } from './walkthrough';
import { CallerConfirmation } from './callerConfirmation';
import { shownMessages } from './notify';
import { registerClausePages, type ClausePages } from './webview/clausePage';
import { standardPickerProbe, type StandardPickerProbe } from './catalogue/standardPicker';
import { inBrowser } from '../core/runtime';

/**
 * What activate() returns to this extension's own tests — and only to them (`ExtensionMode.Test`): it reaches the
 * session and the credential store. Other extensions get nothing from `exports` (README, Security): they use the
 * commands, which ask before they change settings, write files or send credentials.
 */
export interface StandardsExplorerApi {
  session: Session;
  /** Where the credentials are kept (SecretStorage, by endpoint). */
  credentials: CredentialStore;
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
  /** The questions commands ask before acting on a caller's arguments (tests answer them: no modal to click). */
  confirmation: CallerConfirmation;
  /** The notifications shown, newest last (made inert by notify.ts). */
  shownMessages: readonly string[];
  /** The agent tools' implementation (loading it): what they read through, and how they answer VS Code. */
  agentTools: AgentToolsHost;
  /** The Find Standard picker open now: its items, and typing into it. */
  standardPicker: StandardPickerProbe;
}

export function activate(context: vscode.ExtensionContext): StandardsExplorerApi | undefined {
  // The pure modules' words (src/core/l10n.ts) in VS Code's display language, as vscode.l10n.t gives them.
  useTranslation((message, ...args) => vscode.l10n.t(message, ...args));
  const log = createLog();
  // What cannot run in a browser (the local sandbox, the MCP server over stdio) is left out of its menus (package.json).
  if (inBrowser) {
    void vscode.commands.executeCommand('setContext', 'standardsExplorer.inBrowser', true);
    log.info('Running in a web worker extension host (the browser): the local sandbox, the MCP server and the network probes are left out.');
  }
  const config = new Config(log);
  const credentials = new CredentialStore(context.secrets, context.globalState, (message) => log.info(message));
  const session = new Session(context, config, credentials, log);
  const catalogue = new CatalogueStore(context.globalStorageUri, session, log);
  const terms = new TermStore(documentReaders);
  context.subscriptions.push(log, config, session, catalogue);

  const myStandards = registerMyStandards(context, { session, catalogue, log, terms });
  const { model, tree, view } = registerStandardsView(context, { session, catalogue, myStandards, log });
  const choose = createChooser(session, catalogue, () => view.selection);
  const readClause = (ref: TermSource, body: unknown): void => {
    terms.addBody(ref, body);
    myStandards.opened(ref);
  };
  const documents = registerStandardsDocuments(context, { session, onBody: readClause });
  const pages = registerClausePages(context, {
    extensionUri: context.extensionUri,
    service: () => session.service(),
    serviceBaseUrl: () => session.baseUrl,
    log,
    onBody: readClause,
    isPinned: (urn) => myStandards.shelf.isPinned(urn),
  });
  context.subscriptions.push(myStandards.shelf.onDidChange(() => pages.updatePinned()));
  registerClauseCommands(context, { session, choose, pages, log });
  registerCompare(context, { choose, catalogue, log });
  registerTerms(context, { session, terms, pages, choose, log, beforeGoToTerm: () => myStandards.pinnedTerms.add() });
  // Commands run with a caller's arguments ask before they change where the extension connects, or write files.
  const confirmation = new CallerConfirmation();
  const citations = registerCitations(context, { session, catalogue, log, confirmation });
  const auth = registerAccounts(context, { session, credentials, config, log, confirmation });
  registerEnvironments(context, { session, environments: config.environments, credentials, log, confirmation });
  registerConnectionDoctor(context, { session, credentials, log, extensionUri: context.extensionUri });
  registerStatusBar(context, session, log);
  registerWalkthrough(context, log);
  const agentTools = registerAgentTools(context, {
    session,
    catalogue,
    citations,
    log,
    extensionUri: context.extensionUri,
    version: (context.extension.packageJSON as { version: string }).version,
  });
  // The test hooks reach the client secret: never handed to another extension (getExtension(…).exports).
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    session,
    credentials,
    model,
    tree,
    view,
    pages,
    catalogue,
    terms,
    get citations() {
      return citations();
    },
    auth,
    myStandards,
    documents,
    confirmation,
    shownMessages,
    get agentTools() {
      return agentTools();
    },
    standardPicker: standardPickerProbe,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions (the session stops a spawned sandbox).
}
