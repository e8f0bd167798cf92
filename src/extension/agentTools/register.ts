/**
 * The agent tools (src/core/agentTools) in VS Code: each tool package.json declares (contributes.languageModelTools,
 * written from the core's definitions by `npm run readme`) is registered as a language-model tool, thin — the first
 * call loads the implementation (agentToolsHost.ts, its own bundle through agentTools.lazy.ts). The same tools as an
 * MCP server for VS Code's MCP support are registered beside (mcpServer.ts).
 */
import * as vscode from 'vscode';
import { onFirstUse } from '../../core/lifecycle';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import type { Citations } from '../citations/register';
import type { ConnectionFacts } from '../connection/serviceAccess';
import { NotConnectedError } from '../connection/serviceFactory';
import type { AgentToolsHost, NotConnected, ToolConnection } from './agentToolsHost';
import type * as AgentToolsBundle from './agentTools.lazy';
import { registerMcpServer } from './mcpServer';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const agentToolsBundle = onFirstUse(() => require('./agentTools.lazy') as typeof AgentToolsBundle);

/** A tool as package.json declares it: the name is all registration needs. */
interface DeclaredTool {
  name: string;
}

export interface AgentToolsRegistration {
  session: ConnectionFacts;
  catalogue: CatalogueStore;
  citations: () => Citations;
  log: vscode.LogOutputChannel;
  extensionUri: vscode.Uri;
  /** The extension's version: the MCP server's definition changes with it. */
  version: string;
}

/** Registers the declared tools and the MCP server definition; returns how to reach the implementation (loading it). */
export function registerAgentTools(context: vscode.ExtensionContext, deps: AgentToolsRegistration): () => AgentToolsHost {
  let loaded: AgentToolsHost | undefined;
  const connection = toolConnection(deps);
  const host = (): AgentToolsHost => (loaded ??= agentToolsBundle().createAgentTools({ connection, citations: deps.citations, log: deps.log }));
  const manifest = context.extension.packageJSON as { contributes?: { languageModelTools?: DeclaredTool[] } };
  for (const { name } of manifest.contributes?.languageModelTools ?? []) {
    context.subscriptions.push(
      vscode.lm.registerTool<object>(name, {
        invoke: (options, token) => host().invoke(name, options, token),
        prepareInvocation: (options) => host().prepare(name, options),
      }),
    );
  }
  registerMcpServer(context, deps);
  return host;
}

/** The session and the catalogue for the tools, with "not connected" as a value (agentToolsHost.ts says why). */
function toolConnection({ session, catalogue }: AgentToolsRegistration): ToolConnection {
  const notConnected = (error: unknown): NotConnected => {
    if (error instanceof NotConnectedError) return { notConnected: error.message };
    throw error;
  };
  return {
    service: () => session.service().catch(notConnected),
    catalogue: () => catalogue.get().catch(notConnected),
    get baseUrl() {
      return session.baseUrl;
    },
  };
}
