/**
 * `standards-explorer mcp`: the agent tools (src/core/agentTools) as an MCP server over stdio, for any MCP client
 * (Claude Desktop, Cursor, Copilot CLI, and VS Code through the extension's server definition). The tools' own JSON
 * Schemas are served as they are (the SDK's low-level Server, no second schema language). Standard output carries
 * the protocol alone; standard error the log: one line per request, never a secret, token or API key. Loaded only on
 * this command's path (main.ts), so `check` does not load the SDK.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { ANSWER_SCHEMA, runAgentTool, structuredAnswer, toolsFor } from '../core/agentTools/index';
import type { CatalogueSource } from './catalogue';
import type { CheckConfig } from './config';
import type { CliIo } from './main';
import { mcpContext } from './mcpContext';
import { CheckedStdioTransport } from './mcpTransport';
import { exitStatusOf } from './usage';

/**
 * `mcp` as main.ts runs it: 2, with the reason, when the server cannot start (no service, no credentials, a root that
 * is no folder). `roots`: the folders check_references may read (absolute), none for no file at all.
 */
export function runMcp(io: CliIo, source: CatalogueSource, config: CheckConfig, version: string, roots: readonly string[]): Promise<number> {
  return exitStatusOf(io.stderr, () => serveMcp(io, source, config, version, roots));
}

/** The requests this server answers, by method, with the SDK's schemas: params they refuse are answered -32602 in words. */
const REQUESTS = {
  [InitializeRequestSchema.shape.method.value]: InitializeRequestSchema,
  [PingRequestSchema.shape.method.value]: PingRequestSchema,
  [ListToolsRequestSchema.shape.method.value]: ListToolsRequestSchema,
  [CallToolRequestSchema.shape.method.value]: CallToolRequestSchema,
};

/** Serves until the client closes standard input. */
async function serveMcp(io: CliIo, source: CatalogueSource, config: CheckConfig, version: string, roots: readonly string[]): Promise<number> {
  const log = (line: string): void => void io.stderr.write(`standards-explorer mcp: ${line}\n`);
  const context = mcpContext(io, source, config, log, roots);
  // A fault must not end the server while a client talks to it: said on standard error, and it carries on.
  process.on('unhandledRejection', (reason) => log(`unexpected failure: ${reason instanceof Error ? reason.message : String(reason)}`));
  process.on('uncaughtException', (error) => log(`unexpected failure: ${error.message}`));
  const server = new Server({ name: 'standards-explorer', title: 'Standards Explorer', version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolsFor(context.tools).map(listed) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tools = toolsFor(context.tools);
    // MCP's tools page: an unknown tool is a protocol error (invalid params), not a tool's answer.
    if (!tools.some((tool) => tool.name === request.params.name))
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${request.params.name.slice(0, 200)}. The tools here are ${tools.map((tool) => tool.name).join(', ')}.`,
      );
    const answer = await runAgentTool(request.params.name, request.params.arguments ?? {}, context.tools, extra.signal);
    return { content: [{ type: 'text', text: answer.text }], structuredContent: structuredAnswer(answer), ...(answer.isError ? { isError: true } : {}) };
  });
  server.onerror = (error) => log(`protocol error: ${error.message}`);
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new CheckedStdioTransport(REQUESTS, log));
  log(`ready: ${toolsFor(context.tools).length} tools, ${context.describe}`);
  log(`check_references reads ${context.reads}`);
  await closed;
  context.close();
  return 0;
}

/**
 * A JSON-RPC error the SDK sends as it is: its code and its message (the SDK's McpError would put "MCP error -32602:"
 * before the message, which the client adds again).
 */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A tool as MCP lists it: our schema as it is, read-only, reaching the outside world (the service). */
function listed(tool: ReturnType<typeof toolsFor>[number]): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: ANSWER_SCHEMA,
    annotations: { title: tool.title, readOnlyHint: true, openWorldHint: true },
  };
}
