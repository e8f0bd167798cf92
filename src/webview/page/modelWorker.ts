/**
 * The page's side of the model worker (clauseWorker.ts): starts it from its bundled text as a blob: URI (the only
 * kind of worker a webview may start; the page's CSP allows it), hands it a large clause's text part by part as the
 * parts arrive, and gives the renderer the rows its long tables did not send yet.
 */
import type { ClauseContext, ClauseDocument, Row } from '../../core/document/index';
import { tablesOf, type CutTable, type TableBlock } from '../../core/document/longTables';
import workerSource from './clauseWorker?worker';
import type { FromWorker, ToWorker } from './workerMessages';

/** The rows of a long table that the page was not sent at first. */
export interface MoreRows {
  /** Rows in the table's whole body. */
  total: number;
  read(from: number, count: number): Promise<Row[]>;
}

/** A table's further rows, for a table that has them. */
export type TableRows = (table: TableBlock) => MoreRows | undefined;

export type WorkerModel = { model: ClauseDocument; rows: TableRows } | 'notJson';

/**
 * One clause's worker. Its model rejects when the worker cannot run here (no Worker, a CSP that forbids it, a
 * script error) or was stopped: the page then builds the model itself, or has moved on.
 */
export class ModelWorker {
  private readonly worker: Worker | undefined;
  private readonly model: Promise<WorkerModel>;
  private readonly requests = new Map<number, { resolve: (rows: Row[]) => void; reject: (error: Error) => void }>();
  private nextRequest = 0;
  private failure: Error | undefined;
  private rejectModel: (error: Error) => void = () => undefined;

  constructor() {
    let resolveModel: (model: WorkerModel) => void = () => undefined;
    this.model = new Promise<WorkerModel>((resolve, reject) => {
      resolveModel = resolve;
      this.rejectModel = reject;
    });
    // Unhandled until build() is called, and never if the clause does not arrive whole.
    this.model.catch(() => undefined);
    // Kept until the worker answers or fails: revoked at once, its script may not have been read yet.
    let url: string | undefined = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    const release = (): void => {
      if (url) URL.revokeObjectURL(url);
      url = undefined;
    };
    try {
      this.worker = new Worker(url);
    } catch (error) {
      release();
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.worker.onerror = (event) => {
      event.preventDefault();
      release();
      this.fail(new Error(event.message || 'the model worker stopped'));
    };
    this.worker.onmessage = ({ data }: MessageEvent<FromWorker>) => {
      release();
      if (data.type === 'notJson') resolveModel('notJson');
      else if (data.type === 'model') resolveModel({ model: data.document, rows: this.rowsOf(data.document, data.cut) });
      else {
        this.requests.get(data.id)?.resolve(data.rows);
        this.requests.delete(data.id);
      }
    };
  }

  /** A part of the clause's JSON text, in order. */
  add(part: string): void {
    this.post({ type: 'part', text: part });
  }

  /** The model of the parts added and `last`, the text's end (long tables cut: longTables.ts). */
  build(last: string, context: ClauseContext): Promise<WorkerModel> {
    this.post({ type: 'build', last, context });
    return this.model;
  }

  /** Ends the worker (another clause is shown): its model and rows are gone, what still waits for them fails. */
  stop(): void {
    this.worker?.terminate();
    this.fail(new Error('the clause is no longer shown'));
  }

  private rowsOf(document: ClauseDocument, cut: readonly CutTable[]): TableRows {
    const tables = tablesOf(document);
    const more = new Map<TableBlock, MoreRows>();
    for (const { table, total } of cut) if (tables[table]) more.set(tables[table], { total, read: (from, count) => this.read(table, from, count) });
    return (table) => more.get(table);
  }

  private read(table: number, from: number, count: number): Promise<Row[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextRequest++;
    return new Promise<Row[]>((resolve, reject) => {
      this.requests.set(id, { resolve, reject });
      this.post({ type: 'rows', id, table, from, count });
    });
  }

  private post(message: ToWorker): void {
    if (!this.failure) this.worker?.postMessage(message);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.rejectModel(this.failure);
    for (const request of this.requests.values()) request.reject(this.failure);
    this.requests.clear();
  }
}
