/**
 * The agent tools (src/core/agentTools) in VS Code: each tool package.json declares (contributes.languageModelTools,
 * written from the core's definitions by `npm run readme`) is registered as a language-model tool, thin — the first
 * call loads the implementation (agentToolsHost.ts, its own bundle through agentTools.lazy.ts). The same tools as an
 * MCP server for VS Code's MCP support are registered beside (mcpServer.ts).
 */
import * as vscode from 'vscode';
import { onFirstUse } from '../../core/lifecycle';
import type { AgentToolsDeps, AgentToolsHost } from './agentToolsHost';
import type * as AgentToolsBundle from './agentTools.lazy';
import { registerMcpServer } from './mcpServer';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const agentToolsBundle = onFirstUse(() => require('./agentTools.lazy') as typeof AgentToolsBundle);

/** A tool as package.json declares it: the name is all registration needs. */
interface DeclaredTool {
  name: string;
}

/** Registers the declared tools and the MCP server definition; returns how to reach the implementation (loading it). */
export function registerAgentTools(context: vscode.ExtensionContext, deps: AgentToolsDeps): () => AgentToolsHost {
  let loaded: AgentToolsHost | undefined;
  const host = (): AgentToolsHost => (loaded ??= agentToolsBundle().createAgentTools(deps));
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
