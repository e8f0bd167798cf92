/**
 * The messages between the clause page and the extension, imported by both sides. The extension checks every
 * message the page sends against this list before acting on it.
 */
import type { ClauseRef } from '../model';

/** Extension → page. */
export type HostMessage =
  | { type: 'loading'; ref: ClauseRef }
  /** The body as JSON text: a string crosses the webview boundary far faster than a large object graph. */
  | { type: 'clause'; ref: ClauseRef; json: string }
  | { type: 'error'; ref: ClauseRef; message: string };

/** Page → extension. */
export type PageMessage =
  | { type: 'ready' }
  | { type: 'retry' }
  | { type: 'openJson' }
  | { type: 'copyLink' }
  | { type: 'insertReference' }
  | { type: 'openClause'; target: string }
  | { type: 'revealStandard'; urn: string }
  | { type: 'rendered'; title: string; blocks: number; ms: number };

/** What the page keeps with vscode.setState, so it survives being hidden and VS Code restarts. */
export interface PageState {
  ref: ClauseRef;
  scrollY: number;
}

const MAX_TEXT = 2048;

function isText(value: unknown, max = MAX_TEXT): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}

/** The message when `value` is one the page may send; undefined for anything else. */
export function readPageMessage(value: unknown): PageMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
    case 'retry':
    case 'openJson':
    case 'copyLink':
    case 'insertReference':
      return { type: message.type };
    case 'openClause':
      return isText(message.target) ? { type: 'openClause', target: message.target } : undefined;
    case 'revealStandard':
      return isText(message.urn, 1024) ? { type: 'revealStandard', urn: message.urn } : undefined;
    case 'rendered':
      return typeof message.title === 'string' && typeof message.blocks === 'number' && typeof message.ms === 'number'
        ? { type: 'rendered', title: message.title.slice(0, MAX_TEXT), blocks: message.blocks, ms: message.ms }
        : undefined;
    default:
      return undefined;
  }
}

/** A ClauseRef kept in page state, checked before use (state comes back from disk after a restart). */
export function readClauseRef(value: unknown): ClauseRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const ref = value as Record<string, unknown>;
  if (!isText(ref.urn, 1024) || !isText(ref.clauseId, 256)) return undefined;
  const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, MAX_TEXT) : undefined);
  return {
    urn: ref.urn,
    clauseId: ref.clauseId,
    id: text(ref.id),
    title: text(ref.title),
    number: text(ref.number),
    types: Array.isArray(ref.types) ? ref.types.filter((t): t is string => typeof t === 'string').slice(0, 10) : undefined,
    standardReference: text(ref.standardReference),
    standardTitle: text(ref.standardTitle),
  };
}

/**
 * The URN and clause id a cross-reference points to: from a clause `@id` of the shape
 * `…/standards/<urn>/clauses/<id>`, else the current standard and the last path segment.
 */
export function resolveClauseTarget(target: string, currentUrn: string): { urn: string; clauseId: string } | undefined {
  const path = target.split(/[?#]/)[0];
  const match = /\/standards\/([^/]+)\/clauses\/([^/]+)\/?$/.exec(path);
  const decode = (s: string): string | undefined => {
    try {
      return decodeURIComponent(s);
    } catch {
      return undefined;
    }
  };
  if (match) {
    const urn = decode(match[1]);
    const clauseId = decode(match[2]);
    return urn && clauseId ? { urn, clauseId } : undefined;
  }
  const last = path.replace(/\/+$/, '').split('/').pop();
  const clauseId = last ? decode(last) : undefined;
  return clauseId ? { urn: currentUrn, clauseId } : undefined;
}
