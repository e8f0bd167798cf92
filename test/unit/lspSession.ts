/**
 * A language server process (`standards-explorer lsp --stdio`) and a client talking to it over stdio with
 * vscode-languageserver-protocol's client side: what it published, logged, showed and reported as progress, each
 * wait bounded (15 s) and failing at once, saying so, when the server ends.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializeRequest,
  InitializedNotification,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  ShowMessageNotification,
  ShutdownRequest,
  WorkDoneProgressCreateRequest,
  createProtocolConnection,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

/** A server process and the client talking to it, with everything it published, logged and showed. */
export class Session {
  readonly connection: ProtocolConnection;
  readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  readonly logs: string[] = [];
  readonly shown: string[] = [];
  readonly progress: Array<{ kind: string; title?: string; message?: string }> = [];
  stderr = '';
  /** Standard output as it came: the answers to what `writeRaw` sent, which the connection does not know. */
  private stdout = '';
  /** Set when the server ended (null: by a signal); nothing is waited for after. */
  exitCode: number | null | undefined;
  private waiters: Array<() => void> = [];

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    child.once('exit', (code) => {
      this.exitCode = code;
      this.changed();
    });
    this.connection = createProtocolConnection(child.stdout, child.stdin);
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.diagnostics.set(params.uri, params);
      this.changed();
    });
    this.connection.onNotification(LogMessageNotification.type, ({ message }) => {
      this.logs.push(message);
      this.changed();
    });
    this.connection.onNotification(ShowMessageNotification.type, ({ message }) => {
      this.shown.push(message);
      this.changed();
    });
    this.connection.onRequest(WorkDoneProgressCreateRequest.type, () => undefined);
    this.connection.onNotification('$/progress', (params: { value: { kind: string; title?: string; message?: string } }) => {
      this.progress.push(params.value);
      this.changed();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      this.stdout += chunk.toString();
      this.changed();
    });
    this.connection.listen();
  }

  /** Writes `messages` framed, in one write: the server reads them together, before it runs any. */
  writeRaw(messages: readonly object[]): void {
    this.child.stdin.write(messages.map((m) => `Content-Length: ${Buffer.byteLength(JSON.stringify(m))}\r\n\r\n${JSON.stringify(m)}`).join(''));
  }

  /** The answer to the request `id` (sent with writeRaw), once it came. */
  rawAnswer(id: string): { result?: unknown; error?: { code: number; message: string } } | undefined {
    for (const body of this.stdout.split(/Content-Length: \d+\r\n\r\n/)) {
      try {
        const message = JSON.parse(body) as { id?: unknown; result?: unknown; error?: { code: number; message: string } };
        if (message.id === id) return message;
      } catch {
        // A body not complete yet, or the text before the first header.
      }
    }
    return undefined;
  }

  private changed(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves when `test` holds, checked on every message; fails after 15 s saying what it waited for. */
  async until<T>(what: string, test: () => T | undefined | false): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = test();
      if (value) return value;
      if (this.exitCode !== undefined) throw new Error(`the server ended (${this.exitCode}) before ${what}; stderr: ${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`no ${what} within 15 s; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  async start(root: string, initializationOptions?: unknown): Promise<void> {
    await this.answer(
      this.connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: pathToFileURL(root).href,
        workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }],
        capabilities: { window: { workDoneProgress: true } },
        initializationOptions,
      }),
    );
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  /** `request`'s answer, or a failure saying so when the server ends first. */
  answer<T>(request: Promise<T>): Promise<T> {
    return Promise.race([request, this.until('an answer', () => false as const).then(() => request)]);
  }

  async open(file: string, languageId: string, text: string): Promise<string> {
    const uri = pathToFileURL(file).href;
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
    return uri;
  }

  /** The diagnostics of `uri` once published for `version`. */
  published(uri: string, version = 1): Promise<Diagnostic[]> {
    return this.until(`diagnostics of ${uri} v${version}`, () => {
      const got = this.diagnostics.get(uri);
      return got && got.version === version && got.diagnostics;
    });
  }

  /** Ends the server if it still runs (a failed test). */
  end(): void {
    this.connection.dispose();
    if (this.exitCode === undefined) this.child.kill();
  }

  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    const code = await exited;
    this.connection.dispose();
    return code;
  }
}
