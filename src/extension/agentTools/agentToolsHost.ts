/**
 * The agent tools answered in VS Code: the core's tools (src/core/agentTools) over the signed-in session's service,
 * the stored catalogue index and the References view's scan of the workspace. Each answer goes back as the core's
 * text, then its citations with links back to the clause page; a tool that reads clause bodies (they count against
 * the subscription) asks the user first (prepareInvocation). Loaded on the first call (agentTools.lazy.ts).
 */
import * as vscode from 'vscode';
import { inputMarkdown, sourcesText } from '../../core/agentTools/chatText';
import { AGENT_TOOLS, runAgentTool, type ToolAnswer, type ToolContext } from '../../core/agentTools/index';
import { escaped } from '../../core/citations/citationTarget';
import type { CatalogueIndex } from '../../core/catalogue/catalogueIndex';
import type { ManagedStandardsService } from '../../core/service/managedService';
import type { Citations } from '../citations/register';
import { vscodeToolContext } from './toolContext';

/** Why there is no service to ask: the editor's words (NotConnectedError's message). */
export interface NotConnected {
  notConnected: string;
}

/**
 * The connection as the tools see it, made in the main bundle (register.ts): a missing connection is a value, not
 * the main bundle's NotConnectedError, which this bundle could not recognise (a class of another bundle).
 */
export interface ToolConnection {
  service(): Promise<ManagedStandardsService | NotConnected>;
  catalogue(): Promise<CatalogueIndex | NotConnected>;
  readonly baseUrl: string | undefined;
}

export interface AgentToolsDeps {
  connection: ToolConnection;
  /** The references in code (loading them): find_citations reads the References view's scan. */
  citations: () => Citations;
  log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>;
}

export interface AgentToolsHost {
  invoke(name: string, options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
  prepare(name: string, options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation;
  /** What the tools read through (tests call the core's tools on it directly). */
  context: ToolContext;
}

export function createAgentTools(deps: AgentToolsDeps): AgentToolsHost {
  const context = vscodeToolContext(deps);
  return {
    context,
    async invoke(name, options, token) {
      const controller = new AbortController();
      const cancel = token.onCancellationRequested(() => controller.abort());
      try {
        const answer = await runAgentTool(name, options.input, context, controller.signal);
        // What was asked and how it went, never the answer's text: clause text is licensed, and the log is shared.
        deps.log.info(`Agent tool ${name}: ${answer.isError ? 'answered with an error' : `answered, ${answer.citations.length} citations`}.`);
        return toolResult(answer);
      } finally {
        cancel.dispose();
      }
    },
    prepare(name, options) {
      const tool = AGENT_TOOLS.find((t) => t.name === name);
      // The agent chose the input: Markdown that shows it as text (chat renders a plain string as Markdown too).
      const what = inputMarkdown(options.input);
      const invocationMessage = new vscode.MarkdownString(vscode.l10n.t('Standards Explorer: {0} {1}', escaped(tool?.title ?? name), what));
      if (!tool?.readsClauseBodies) return { invocationMessage };
      return {
        invocationMessage,
        confirmationMessages: {
          title: vscode.l10n.t('Read from the Standards Content Service?'),
          message: new vscode.MarkdownString(
            vscode.l10n.t(
              'The agent asks to read {0} of the licensed text. Each clause read counts against your subscription; the text goes to the language model of this chat.',
              what || escaped(vscode.l10n.t('a clause')),
            ),
          ),
        },
      };
    },
  };
}

/** The core's answer for the model, then its citations, each with the link to its clause page in this editor. */
export function toolResult(answer: ToolAnswer): vscode.LanguageModelToolResult {
  const parts = [new vscode.LanguageModelTextPart(answer.text)];
  if (answer.citations.length) parts.push(new vscode.LanguageModelTextPart(sourcesText(answer.citations)));
  return new vscode.LanguageModelToolResult(parts);
}
