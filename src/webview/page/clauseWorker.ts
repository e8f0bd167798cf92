/**
 * The clause page's model worker: parses a very large clause's JSON and builds its document model off the page's
 * thread, then sends the page only what it shows first (long tables cut: longTables.ts) and further rows when
 * asked. On the page's thread the same work, even sliced, held it for 50–90 ms at a time: V8 copies every object a
 * parse makes, and all of them survive. No DOM here.
 */
import { buildDocument, type Row } from '../../core/document/index';
import { cutLongTables, TABLE_ROWS_SHOWN } from '../../core/document/longTables';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../core/service/jsonld';
import type { FromWorker, ToWorker } from './workerMessages';

// The page's types see `self` as a window (DOM library); here it is the worker's scope, with these two members.
const scope = self as unknown as { onmessage: ((event: MessageEvent<ToWorker>) => void) | null; postMessage(message: FromWorker): void };

/** The clause's text as far as it has come; then the whole bodies of the tables cut, by their place. */
let parts: string[] = [];
let bodies = new Map<number, Row[]>();

scope.onmessage = ({ data }) => {
  if (data.type === 'part') {
    parts.push(data.text);
    return;
  }
  if (data.type === 'rows') {
    scope.postMessage({ type: 'rows', id: data.id, rows: bodies.get(data.table)?.slice(data.from, data.from + data.count) ?? [] });
    return;
  }
  const body = parsed([...parts, data.last]);
  parts = [];
  if (body === undefined) {
    scope.postMessage({ type: 'notJson' });
    return;
  }
  const document = buildDocument(body, data.context);
  const cut = cutLongTables(document, TABLE_ROWS_SHOWN);
  bodies = cut.bodies;
  scope.postMessage({ type: 'model', document, cut: cut.cut });
};

/** The JSON value, or undefined when the text is not JSON or nests deeper than the page reads (as on the page). */
function parsed(parts: readonly string[]): unknown {
  try {
    const value: unknown = JSON.parse(parts.join(''));
    return jsonDepthExceeds(value, MAX_JSON_DEPTH) ? undefined : value;
  } catch {
    return undefined;
  }
}
