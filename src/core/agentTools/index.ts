/**
 * The agent tools, defined once for every host: the VS Code host registers each as a language-model tool, the MCP
 * server (src/cli/mcp.ts) lists and calls them over stdio. `runAgentTool` is the one way in: the input is checked
 * against the tool's schema, and every outcome is an answer — a malformed input, a failure of the service and even a
 * fault of ours come back as error answers, never as an exception.
 */
import { failure } from './answers';
import { checkReferences } from './checkReferences';
import { findCitations } from './findCitations';
import { getClause } from './getClause';
import { listClauses } from './listClauses';
import { lookupTerm } from './lookupTerm';
import { searchStandards } from './searchStandards';
import type { AgentTool, ToolAnswer, ToolContext } from './types';
import { inputProblem } from './validate';

export type * from './types';
export { ToolProblem } from './types';
export { DEFAULT_MAX_CHARS, MAX_MAX_CHARS } from './answers';

/** Every tool, in the order hosts list them. */
export const AGENT_TOOLS: ReadonlyArray<AgentTool<never>> = [searchStandards, getClause, listClauses, lookupTerm, checkReferences, findCitations];

/** The tools a host offers: find_citations only where the context answers it. */
export function toolsFor(context: Pick<ToolContext, 'workspaceCitations'>): Array<AgentTool<never>> {
  return AGENT_TOOLS.filter((tool) => !tool.needs || context[tool.needs] !== undefined);
}

/** Runs the tool `name` on `input` (checked against its schema first) and answers, whatever happens. */
export async function runAgentTool(name: string, input: unknown, context: ToolContext, signal?: AbortSignal): Promise<ToolAnswer> {
  const tool = toolsFor(context).find((t) => t.name === name);
  if (!tool)
    return failure(
      `There is no tool ${JSON.stringify(name)} here; the tools are ${toolsFor(context)
        .map((t) => t.name)
        .join(', ')}.`,
    );
  const given = input ?? {};
  const problem = inputProblem(tool, given);
  if (problem) return failure(problem);
  try {
    // The schema accepted it: the handler's input type is what the schema describes.
    return await (tool as AgentTool<unknown>).handler(given, context, signal);
  } catch (error) {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return failure(`${name} failed unexpectedly (${what}). This is a fault of the tool, not of the input: tell the user.`);
  }
}
export { ANSWER_SCHEMA, structuredAnswer } from './answerSchema';
