/**
 * The MCP server's stdio transport: the SDK's StdioServerTransport, fed only the lines that are JSON-RPC messages it
 * can take. The SDK reports a line it cannot parse on its error callback alone, and a request whose params its
 * method's schema refuses as an internal error (-32603) with the schema's dump; the client, left without an answer or
 * with a dump, cannot tell what it did wrong. So each line is looked at first and answered as JSON-RPC 2.0 says:
 * not JSON, a parse error (-32700, id null); JSON but no JSON-RPC message, an invalid request (-32600, with the id
 * when one can be read, else null); a request whose params are refused, invalid params (-32602) in words. The server
 * keeps serving after each. A malformed answer (no method, a result or an error) is not answered: two peers doing
 * the same would answer each other forever.
 */
import { Transform, type Readable, type TransformCallback, type Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { ErrorCode, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** The part of a zod schema (the SDK's request schemas) this transport uses. */
export interface ParamsSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<SchemaIssue> } };
}
interface SchemaIssue {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  expected?: string;
}

/** The longest line taken, as the SDK's own buffer (10 MB): a longer one is answered as invalid and dropped. */
const MAX_LINE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

export class CheckedStdioTransport extends StdioServerTransport {
  /**
   * `schemas`: the requests the server handles, by method (the SDK's own request schemas, so a request is refused
   * here exactly when the server would refuse it); `log` says on standard error what was answered.
   */
  constructor(
    schemas: Readonly<Record<string, ParamsSchema>>,
    log: (line: string) => void,
    stdin: Readable = process.stdin,
    stdout: Writable = process.stdout,
  ) {
    const lines = new CheckedLines(schemas, log, stdout);
    // Twice the longest line: the SDK's buffer never holds more than one whole line and a part of the next.
    super(lines, stdout, { maxBufferSize: 2 * MAX_LINE_BYTES + 2 });
    stdin.pipe(lines);
  }
}

/** The lines of standard input that are messages the server can take; the others answered here. */
class CheckedLines extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line already answered as too long: dropped up to its end. */
  private dropping = false;

  constructor(
    private readonly schemas: Readonly<Record<string, ParamsSchema>>,
    private readonly log: (line: string) => void,
    private readonly stdout: Writable,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let end = chunk.indexOf(0x0a, start); end !== -1; start = end + 1, end = chunk.indexOf(0x0a, start)) {
      const part = chunk.subarray(start, end);
      const line = this.pending.length ? Buffer.concat([...this.pending, part]) : part;
      this.pending = [];
      this.pendingBytes = 0;
      if (this.dropping) this.dropping = false;
      else this.takeLine(line.toString('utf8').replace(/\r$/, ''));
    }
    if (start < chunk.length && !this.dropping) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > MAX_LINE_BYTES) {
        this.pending = [];
        this.pendingBytes = 0;
        this.dropping = true;
        this.answer(null, ErrorCode.InvalidRequest, `Invalid Request: a message longer than ${MAX_LINE_BYTES} bytes; it was not read.`);
      }
    }
    done();
  }

  /** One line: passed on when the server can take it, else answered. */
  private takeLine(line: string): void {
    // An empty line carries no message: nothing to answer.
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.answer(null, ErrorCode.ParseError, 'Parse error: the line is not JSON. Send one JSON-RPC message, a JSON object, per line.');
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success) {
      if (isAnswer(value)) this.log('a malformed response from the client was dropped (not answered: it answers nothing).');
      else this.answer(idOf(value), ErrorCode.InvalidRequest, `Invalid Request: ${invalidRequestText(value)}`);
      return;
    }
    const request = message.data;
    if ('method' in request && 'id' in request) {
      const params = this.schemas[request.method]?.safeParse(request);
      if (params && !params.success) {
        this.answer(request.id, ErrorCode.InvalidParams, `Invalid params for ${request.method}: ${params.error.issues.map(issueText).join('; ')}.`);
        return;
      }
    }
    this.push(`${line}\n`);
  }

  private answer(id: string | number | null, code: number, message: string): void {
    this.log(`answered ${code}: ${message}`);
    this.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  }
}

/** A response (a result or an error, no method): never answered. */
function isAnswer(value: unknown): boolean {
  return isObject(value) && !('method' in value) && ('result' in value || 'error' in value);
}

/** The id of a message, when it is one a response can carry (JSON-RPC: null when it cannot be read). */
function idOf(value: unknown): string | number | null {
  const id = isObject(value) ? value.id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}

/** What makes `value` no JSON-RPC 2.0 message, in words. */
function invalidRequestText(value: unknown): string {
  if (Array.isArray(value)) return 'a batch (a JSON array) is not taken by MCP; send one message, a JSON object, per line.';
  if (!isObject(value)) return 'a JSON-RPC message is a JSON object; this line holds another JSON value.';
  if (value.jsonrpc !== '2.0') return '"jsonrpc" must be "2.0".';
  if ('method' in value && typeof value.method !== 'string') return '"method" must be a string.';
  if ('id' in value && idOf(value) === null) return '"id" must be a string or an integer.';
  if ('params' in value && !isObject(value.params)) return '"params" must be an object.';
  return 'not a JSON-RPC 2.0 request or notification (a "method", "params" an object when given, and nothing else).';
}

/** "params.name must be a string, not a number". */
function issueText(issue: SchemaIssue): string {
  const where = issue.path.map(String).join('.') || 'the request';
  const received = /received (\w+)$/.exec(issue.message)?.[1];
  if (issue.code !== 'invalid_type' || !issue.expected) return `${where}: ${issue.message.replace(/^Invalid input: /, '')}`;
  const expected = KINDS[issue.expected] ?? issue.expected;
  if (received === 'undefined') return `${where} is missing (${expected})`;
  return `${where} must be ${expected}${received ? `, not ${KINDS[received] ?? received}` : ''}`;
}

const KINDS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  record: 'an object',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
