/**
 * `standards-explorer lsp --stdio`: a language server for standards citations, for any editor with an LSP client
 * (Neovim, Helix, Zed, Emacs eglot, Sublime LSP, JetBrains LSP4IJ). A host over src/core, as the CLI's `check` is:
 * diagnostics with check's rules, codes, severities and config; hovers; the fix `check` suggests as a code action;
 * completion of references after a publisher; the citations of the open documents as workspace symbols. Standard
 * output carries the protocol alone; the log goes to the client (window/logMessage) and standard error, never a
 * secret. Loaded only on this command's path (main.ts), in a bundle of its own (dist/cli-lsp.js).
 */
import { fileURLToPath } from 'node:url';
import {
  CodeActionKind,
  LSPErrorCodes,
  MessageType,
  ProposedFeatures,
  ResponseError,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
} from 'vscode-languageserver/node';
import type { CancellationToken, InitializeParams, WorkDoneProgressReporter } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CatalogueIndex } from '../../core/catalogue/catalogueIndex';
import type { Finding } from '../../core/check/checkText';
import { findCitations } from '../../core/citations/recognise';
import { typedReference } from '../../core/citations/referenceCompletion';
import { resolveStandard } from '../../core/citations/resolve';
import { MAX_FILE_BYTES } from '../files';
import { CannotRun, exitStatusOf } from '../usage';
import { hoverMarkdown } from './citationHover';
import { DocumentCheck } from './documentCheck';
import { WorkspaceCitations } from './workspaceCitations';
import { citationAt, citationLinks, citationSymbols, codeActions, completions, diagnosticOf, rangeOf, resolvedLink } from './citationFeatures';
import { lspWorkspace, type LspWorkspace } from './lspWorkspace';

/** What the server needs of the command line's io (main.ts's CliIo): standard output is the protocol's alone. */
export interface LspIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stderr: { write(text: string): unknown };
}

/** A document's re-check waits this long after its last change: a burst of keystrokes is checked once. */
const SETTLE_MS = 50;

/** The wait, or the environment's STANDARDS_EXPLORER_LSP_SETTLE_MS (0–1000): bench/lspDiagnostics.ts times the re-check without it. */
function settleMs(env: NodeJS.ProcessEnv): number {
  const given = env.STANDARDS_EXPLORER_LSP_SETTLE_MS?.trim() ? Number(env.STANDARDS_EXPLORER_LSP_SETTLE_MS) : Number.NaN;
  return Number.isInteger(given) && given >= 0 && given <= 1000 ? given : SETTLE_MS;
}

/** Serves until the client says exit (or closes standard input); the exit status is the protocol's (0 after shutdown). */
export function runLsp(io: LspIo, version: string, args: readonly string[]): Promise<number> {
  return exitStatusOf(io.stderr, () => serve(io, version, args));
}

async function serve(io: LspIo, version: string, args: readonly string[]): Promise<number> {
  // Its options come from the client (initialization options), its config from the workspace root the client gives.
  if (args.some((arg) => arg !== '--stdio'))
    throw new CannotRun(`lsp takes only --stdio (${args.join(' ')}): the catalogue, asOf and the service come from the client's initialization options.`);
  const log = (line: string): void => void io.stderr.write(`standards-explorer lsp: ${line}\n`);
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const documents = new TextDocuments(TextDocument);
  // The client's log as well as standard error: a client shows window/logMessage in its own log.
  const tell = (line: string): void => {
    log(line);
    connection.console.info(line);
  };
  // A fault must not end the server while an editor talks to it: said, and it carries on.
  process.on('unhandledRejection', (reason) => tell(`unexpected failure: ${reason instanceof Error ? reason.message : String(reason)}`));
  process.on('uncaughtException', (error) => tell(`unexpected failure: ${error.message}`));

  let workspace: LspWorkspace | undefined;
  let setupProblem: string | undefined;
  let check: DocumentCheck | undefined;
  let citingFiles: WorkspaceCitations | undefined;
  const shown = new Set<string>();
  /** A problem said to the user once (window/showMessage) and logged; the features then answer nothing. */
  const problem = (message: string): void => {
    log(message);
    if (shown.has(message)) return;
    shown.add(message);
    // A notification, not window/showMessageRequest: nothing waits for the user to dismiss it.
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message: `Standards Explorer: ${message}` });
  };
  /** The index, or undefined when it cannot be had (said once). */
  const indexOrSay = async (): Promise<CatalogueIndex | undefined> => {
    if (!workspace) {
      if (setupProblem) problem(setupProblem);
      return undefined;
    }
    try {
      return await workspace.index();
    } catch (error) {
      problem(`the catalogue could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  connection.onInitialize((params: InitializeParams) => {
    const root = rootOf(params) ?? io.cwd;
    try {
      workspace = lspWorkspace(root, params.initializationOptions, io.env, tell);
      check = new DocumentCheck(workspace, tell);
      citingFiles = new WorkspaceCitations(workspace, tell);
      log(`workspace ${root}, ${workspace.describe}`);
    } catch (error) {
      // Said when the client can show it (after initialize); the server keeps answering, with nothing.
      setupProblem = error instanceof Error ? error.message : String(error);
    }
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        completionProvider: { triggerCharacters: [' ', '-', ':'] },
        workspaceSymbolProvider: true,
        // Links to the cited clause on the service (its @id), found when a link is resolved: none without a service.
        ...(workspace?.service ? { documentLinkProvider: { resolveProvider: true } } : {}),
      },
      serverInfo: { name: 'standards-explorer', version },
    };
  });

  connection.onInitialized(() => {
    if (setupProblem) return problem(setupProblem);
    // The catalogue is opened at once, with progress, so the first diagnostics do not wait for it unannounced.
    void (async () => {
      let progress: WorkDoneProgressReporter | undefined;
      try {
        progress = await connection.window.createWorkDoneProgress();
      } catch {
        progress = undefined; // A client without window.workDoneProgress: the log says it instead.
      }
      progress?.begin('Standards Explorer', undefined, 'Opening the catalogue…');
      const index = await indexOrSay();
      progress?.done();
      if (index) tell(`catalogue ready: ${index.size} standards`);
    })();
  });

  /** A document's text, or undefined (said in the log) when it is over check's limit. */
  const textOf = (document: TextDocument): string | undefined => {
    const text = document.getText();
    if (text.length > MAX_FILE_BYTES / 4 && Buffer.byteLength(text) > MAX_FILE_BYTES) {
      const line = `${document.uri} is over ${MAX_FILE_BYTES / 1_000_000} MB (as standards-explorer check, whose limit it shares): its citations are not checked.`;
      if (!shown.has(line)) tell(line);
      shown.add(line);
      return undefined;
    }
    return text;
  };

  const findingsOf = async (document: TextDocument): Promise<{ text: string; findings: Finding[] } | undefined> => {
    const text = textOf(document);
    if (text === undefined) return undefined;
    if (!check?.checks(document.uri)) {
      const line = `${document.uri} is left out by the config's include and exclude globs: its citations are not checked.`;
      if (check && !shown.has(line)) tell(line);
      shown.add(line);
      return undefined;
    }
    const index = await indexOrSay();
    return index && { text, findings: await check.findings(index, text, document.uri) };
  };

  const timers = new Map<string, NodeJS.Timeout>();
  const settle = settleMs(io.env);
  const validate = async (uri: string): Promise<void> => {
    const document = documents.get(uri);
    if (!document) return;
    const findings = (await findingsOf(document))?.findings ?? [];
    // Changed meanwhile: its own re-check is under way.
    if (documents.get(uri)?.version !== document.version) return;
    await connection.sendDiagnostics({ uri, version: document.version, diagnostics: findings.map(diagnosticOf) });
  };
  // A document opened is checked at once: only a burst of keystrokes is worth waiting for.
  const opening = new Set<string>();
  documents.onDidOpen(({ document }) => {
    opening.add(document.uri);
    void validate(document.uri);
  });
  documents.onDidChangeContent(({ document }) => {
    if (opening.delete(document.uri)) return; // the open's own content event (onDidOpen checks it)
    clearTimeout(timers.get(document.uri));
    timers.set(
      document.uri,
      setTimeout(() => {
        timers.delete(document.uri);
        void validate(document.uri);
      }, settle),
    );
  });
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    check?.forget(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onHover(async ({ textDocument, position }, token) => {
    const document = documents.get(textDocument.uri);
    const index = document && (await indexOrSay());
    stopIfCancelled(token);
    if (!document || !index) return null;
    const citation = citationAt(document, position.line, position.character);
    const standard = citation && resolveStandard(index, citation);
    if (!citation || !standard) return null;
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    const value = await hoverMarkdown(citation, standard, workspace?.service, controller.signal);
    stopIfCancelled(token);
    return { contents: { kind: 'markdown', value }, range: rangeOf(citation.line, citation.start, citation.end) };
  });

  connection.onCodeAction(async ({ textDocument, range }, token) => {
    const document = documents.get(textDocument.uri);
    if (!document) return null;
    const checked = await findingsOf(document);
    stopIfCancelled(token);
    if (!checked) return null;
    return codeActions(textDocument.uri, checked.text, checked.findings, range);
  });

  connection.onCompletion(async ({ textDocument, position }, token) => {
    const document = documents.get(textDocument.uri);
    if (!document) return null;
    const before = document.getText({ start: { line: position.line, character: 0 }, end: position });
    const typed = typedReference(before);
    if (!typed) return null;
    const index = await indexOrSay();
    stopIfCancelled(token);
    if (!index) return null;
    return completions(index, typed, position);
  });

  connection.onWorkspaceSymbol(async ({ query }, token) => {
    const index = await indexOrSay();
    stopIfCancelled(token);
    if (!index) return null;
    // The open documents as the editor has them, then the workspace's files on disk.
    const open = documents.all().flatMap((document) => {
      const text = textOf(document);
      return text === undefined ? [] : [{ uri: document.uri, citations: findCitations(text) }];
    });
    const files = citingFiles ? await citingFiles.citing(new Set(open.map((o) => o.uri)), () => token.isCancellationRequested) : [];
    stopIfCancelled(token);
    const symbols = citationSymbols([...open, ...files], index, query, token);
    stopIfCancelled(token);
    return symbols;
  });

  connection.onDocumentLinks(async ({ textDocument }, token) => {
    const document = documents.get(textDocument.uri);
    const text = document && workspace?.service && textOf(document);
    const index = text && (await indexOrSay());
    stopIfCancelled(token);
    if (!text || !index) return null;
    return citationLinks(text, index);
  });

  connection.onDocumentLinkResolve(async (link, token) => {
    const resolved = workspace?.service ? await resolvedLink(link, workspace.service, workspace.serviceBaseUrl, token, tell) : link;
    stopIfCancelled(token);
    return resolved;
  });

  connection.onShutdown(() => workspace?.close());
  documents.listen(connection);
  const closed = new Promise<number>((resolve) => connection.onExit(() => resolve(0)));
  connection.listen();
  log(`listening on standard input (version ${version})`);
  return await closed;
}

/** A request the client cancelled is answered as the protocol says: RequestCancelled, not a partial answer. */
function stopIfCancelled(token: CancellationToken): void {
  if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
}

function rootOf(params: InitializeParams): string | undefined {
  const uri = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
  if (uri?.startsWith('file:')) return fileURLToPath(uri);
  return params.rootPath ?? undefined;
}
