/**
 * The agent tools as an MCP server for VS Code's own MCP support (agent mode, and any MCP-aware chat in the editor):
 * `dist/cli.js mcp` (the command line's server, src/cli/mcp.ts) run with the editor's own Node. The definition names
 * the connection's endpoint only; the credential is added when VS Code starts the server (resolveMcpServerDefinition,
 * never provideMcpServerDefinitions, which runs eagerly): a short-lived access token of the signed-in session in the
 * server's environment — never the client secret, and never on a command line, in a file or in a log. When the token
 * expires the server says so, and VS Code starts it again with a new one.
 *
 * VS Code 1.101 finalised this API (contributes.mcpServerDefinitionProviders); engines.vscode is 1.100, where the
 * language-model tools work alone. So the API is looked up, not assumed: its declarations below are 1.101's.
 */
import * as vscode from 'vscode';
import type { AgentToolsRegistration } from './register';
import { inBrowser } from '../../core/runtime';

/** VS Code 1.101's McpStdioServerDefinition (vscode.d.ts), as this extension uses it. */
interface McpStdioServerDefinition {
  readonly label: string;
  /** The folder the server runs in (where it reads its config, standards.config.json). */
  cwd?: vscode.Uri;
  command: string;
  args: string[];
  env: Record<string, string | number | null>;
  version?: string;
}
export type McpStdioServerDefinitionClass = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => McpStdioServerDefinition;
interface McpServerDefinitionProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<McpStdioServerDefinition[]>;
  resolveMcpServerDefinition?(server: McpStdioServerDefinition, token: vscode.CancellationToken): vscode.ProviderResult<McpStdioServerDefinition>;
}
interface McpApi {
  registerMcpServerDefinitionProvider?(id: string, provider: McpServerDefinitionProvider): vscode.Disposable;
}

/** The id package.json's contributes.mcpServerDefinitionProviders declares. */
export const MCP_PROVIDER_ID = 'standardsExplorer.mcpServer';

/** The environment variables the server reads its credentials from (src/cli/catalogue.ts). */
export const ACCESS_TOKEN_ENV = 'STANDARDS_ACCESS_TOKEN';
export const ACCESS_TOKEN_EXPIRY_ENV = 'STANDARDS_ACCESS_TOKEN_EXPIRES_AT';

/** The provider, also for this extension's tests (the editor's MCP support is not driven from a test). */
export function mcpServerProvider(
  { session, extensionUri, version }: Pick<AgentToolsRegistration, 'session' | 'extensionUri' | 'version'>,
  Definition: McpStdioServerDefinitionClass,
  /** Where the provider's listener goes: disposed with the extension. */
  disposables: vscode.Disposable[],
): McpServerDefinitionProvider {
  const changed = new vscode.EventEmitter<void>();
  disposables.push(
    changed,
    session.onDidChange(() => changed.fire()),
    // The roots are the workspace folders: a folder added or removed is a new definition (VS Code restarts the server).
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
  );
  return {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => {
      const baseUrl = session.baseUrl;
      if (!session.isConfigured || !baseUrl) return [];
      const cli = vscode.Uri.joinPath(extensionUri, 'dist', 'cli.js').fsPath;
      // The editor's own Node: in the desktop editor that is Electron, which runs a script as Node with this variable.
      const env = { ELECTRON_RUN_AS_NODE: '1', STANDARDS_BASE_URL: baseUrl };
      // check_references reads the workspace folders on disk and nothing else; with none open, no file at all (not
      // the home folder VS Code would otherwise start the server in). Paths, not secrets: fine on a command line.
      const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
      const roots = folders.length ? folders.flatMap((folder) => ['--root', folder.uri.fsPath]) : ['--no-roots'];
      const definition = new Definition(vscode.l10n.t('Standards Explorer'), process.execPath, [cli, 'mcp', ...roots], env, version);
      if (folders.length) definition.cwd = folders[0].uri;
      return [definition];
    },
    resolveMcpServerDefinition: async (server) => {
      let handOver;
      try {
        handOver = await (await session.service()).handOver();
      } catch (error) {
        // Said in the chat where the tool was called: VS Code shows the error and starts nothing.
        throw new Error(
          vscode.l10n.t(
            'Standards Explorer cannot start its MCP server: {0} Sign in ("Standards: Sign In…") or connect to the sandbox, then try again.',
            error instanceof Error ? error.message : String(error),
          ),
          { cause: error },
        );
      }
      const { accessToken, apiKey } = handOver;
      server.env = {
        ...server.env,
        [ACCESS_TOKEN_ENV]: accessToken.value,
        ...(accessToken.expiresAt !== undefined ? { [ACCESS_TOKEN_EXPIRY_ENV]: String(accessToken.expiresAt) } : {}),
        ...(apiKey ? { STANDARDS_API_KEY: apiKey.value, STANDARDS_API_KEY_HEADER: apiKey.header } : {}),
      };
      return server;
    },
  };
}

/** Registers the provider where the editor has the API (1.101 and later); nothing otherwise. */
export function registerMcpServer(context: vscode.ExtensionContext, deps: AgentToolsRegistration): void {
  const lm = vscode.lm as typeof vscode.lm & McpApi;
  // The class is 1.101's: @types/vscode (1.100, as engines.vscode) does not declare it.
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionClass }).McpStdioServerDefinition;
  // A server over stdio is a process the editor starts: a browser cannot.
  if (inBrowser || typeof lm.registerMcpServerDefinitionProvider !== 'function' || !Definition) return;
  try {
    context.subscriptions.push(lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, mcpServerProvider(deps, Definition, context.subscriptions)));
  } catch (error) {
    // 1.100 has the function behind a proposal, and refuses it: the tools work without the server.
    deps.log.info(`The MCP server is not offered in this VS Code (${error instanceof Error ? error.message : String(error)}).`);
  }
}
