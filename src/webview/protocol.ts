/**
 * The messages between the clause page and the extension, imported by both sides. The extension checks every
 * message the page sends against this list before acting on it.
 */
import { clauseTarget, linkForMessage } from '../core/clauseLinks';
import type { ClauseListEntry } from '../core/document/numbering';
import type { ClauseRef } from '../core/model';
import { BlockText, type BodyText } from '../core/service/blockText';
import { displayText } from '../core/service/displayText';
import { clauseIdProblem, isValidUrn } from '../core/service/urn';
import { l10n } from '../core/l10n';

/** Extension → page. */
export type HostMessage =
  | { type: 'loading'; ref: ClauseRef }
  /** A part of a large clause's JSON text, ahead of the `clause` message that carries its last part. */
  | { type: 'clauseText'; part: string }
  /** The body as JSON text: a string crosses the webview boundary far faster than a large object graph. */
  | {
      type: 'clause';
      ref: ClauseRef;
      /** The JSON text, or its last part after `parts` `clauseText` messages (see `jsonParts`). */
      json: string;
      parts?: number;
      anchor?: string;
      /** The standard's clause list, when known: names and opens cross-references into other clauses. */
      clauses?: ClauseListEntry[];
      /** "Offline copy from …" when the service could not be reached and a stored copy is shown. */
      offline?: string;
    }
  | { type: 'error'; ref: ClauseRef; message: string }
  /** Scroll to and highlight a subclause or term (see anchors.ts), once the clause is shown. */
  | { type: 'reveal'; anchor: string };

/**
 * The parts a clause's JSON text is posted in: a large one (over a megabyte) in its blocks (blockText.ts), a message
 * each, so that no message of tens of megabytes is written out at once and the page reads the blocks as they are.
 */
export function jsonParts(text: BodyText): string[] {
  return typeof text === 'string' || text.blocks.length === 0 ? [String(text)] : [...text.blocks];
}

/** The parts of a clause's JSON text as the page receives them (`clauseText`, then `clause`). */
export class ReceivedParts {
  private parts: string[] = [];

  add(part: string): void {
    this.parts.push(part);
  }

  /** The whole text: `last` after the `count` parts received; undefined when they are not all here (or not blocks). */
  take(last: string, count = 0): BodyText | undefined {
    const parts = this.parts;
    this.parts = [];
    if (count === 0) return last;
    if (parts.length !== count) return undefined;
    try {
      return new BlockText([...parts, last]);
    } catch {
      return undefined;
    }
  }

  clear(): void {
    this.parts = [];
  }
}

/**
 * Page → extension. The clause's actions (Open JSON, Copy Link, Pin…) are the editor title bar's, run by the host on
 * the clause it read: the page has no toolbar and asks for none of them.
 */
export type PageMessage =
  | { type: 'ready' }
  | { type: 'retry' }
  | { type: 'openClause'; target: string }
  | { type: 'revealStandard'; urn: string }
  /** A bibliography entry's identifier as printed ("ISO 14971:2019"), where the source gives no URN: found in the catalogue. */
  | { type: 'findReference'; citation: string }
  /** `builtIn`: where the document model was built (a very large clause's in a worker, when the webview allows it). */
  | { type: 'rendered'; title: string; blocks: number; ms: number; builtIn: BuiltIn }
  /** The page scrolled to an anchor the host asked for (or did not find it). */
  | { type: 'revealed'; anchor: string; found: boolean };

export type BuiltIn = 'page' | 'worker';

/** What the page keeps with vscode.setState, so it survives being hidden and VS Code restarts. */
export interface PageState {
  ref: ClauseRef;
  scrollY: number;
}

const MAX_TEXT = 2048;
/** A standard's identifier is short; anything longer is not one. */
const MAX_CITATION = 200;

function isText(value: unknown, max = MAX_TEXT): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}

/** The message when `value` is one the page may send; undefined for anything else. */
export function readPageMessage(value: unknown): PageMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (message.type === 'ready' || message.type === 'retry') return { type: message.type };
  switch (message.type) {
    case 'openClause':
      return isText(message.target) ? { type: 'openClause', target: message.target } : undefined;
    case 'revealStandard':
      return isText(message.urn, 1024) ? { type: 'revealStandard', urn: message.urn } : undefined;
    case 'findReference':
      return isText(message.citation, MAX_CITATION) ? { type: 'findReference', citation: message.citation } : undefined;
    case 'rendered':
      return typeof message.title === 'string' && typeof message.blocks === 'number' && typeof message.ms === 'number'
        ? {
            type: 'rendered',
            title: message.title.slice(0, MAX_TEXT),
            blocks: message.blocks,
            ms: message.ms,
            builtIn: message.builtIn === 'worker' ? 'worker' : 'page',
          }
        : undefined;
    case 'revealed':
      return isText(message.anchor) && typeof message.found === 'boolean' ? { type: 'revealed', anchor: message.anchor, found: message.found } : undefined;
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

/** A clause to restore after a restart: only its URN and clause id, both checked; the rest is re-read. */
export function readRestoredRef(state: unknown): ClauseRef | undefined {
  const ref = readClauseRef(typeof state === 'object' && state !== null ? (state as { ref?: unknown }).ref : undefined);
  if (!ref || !isValidUrn(ref.urn) || clauseIdProblem(ref.clauseId)) return undefined;
  return { urn: ref.urn, clauseId: ref.clauseId };
}

/** What the host knows about its panel when a page message arrives. */
export interface PanelContext {
  /** The clause the host loaded (or is loading): the only data page actions use. */
  ref: ClauseRef;
  /** The clause was read from the service, so `ref` carries its `@id` and title. */
  loaded: boolean;
  /** The panel has the user's focus: a click on the page makes it so. */
  active: boolean;
  serviceBaseUrl: string | undefined;
}

/** What the host does for a page message. The page names an action; it never supplies the data acted on. */
export type PageAction =
  | { kind: 'load' }
  | { kind: 'openClause'; ref: ClauseRef }
  | { kind: 'revealStandard'; urn: string }
  | { kind: 'findReference'; citation: string }
  | { kind: 'rendered'; title: string; blocks: number; ms: number; builtIn: BuiltIn }
  | { kind: 'revealed'; anchor: string; found: boolean }
  | { kind: 'refuse'; message: string }
  | { kind: 'ignore'; reason: string };

export function decidePageAction(message: PageMessage, panel: PanelContext): PageAction {
  switch (message.type) {
    case 'ready':
    case 'retry':
      return { kind: 'load' };
    case 'openClause': {
      if (!panel.active) return { kind: 'ignore', reason: 'openClause from a panel without focus' };
      const target = clauseTarget(message.target, panel.ref.urn, panel.serviceBaseUrl);
      if (!target)
        return {
          kind: 'refuse',
          message: l10n.t('Cannot open the cross-reference {0}: it does not name a clause of this service.', linkForMessage(message.target)),
        };
      const sameStandard = target.urn === panel.ref.urn;
      // Only the URN and clause id: the clause itself, its @id and title are read from the service.
      return {
        kind: 'openClause',
        ref: {
          ...target,
          standardReference: sameStandard ? panel.ref.standardReference : undefined,
          standardTitle: sameStandard ? panel.ref.standardTitle : undefined,
        },
      };
    }
    case 'revealStandard':
      return isValidUrn(message.urn) ? { kind: 'revealStandard', urn: message.urn } : { kind: 'ignore', reason: 'revealStandard with an invalid URN' };
    case 'findReference':
      // Only what the user clicked in a focused page; the text is searched for, never run or opened as an address.
      if (!panel.active) return { kind: 'ignore', reason: 'findReference from a panel without focus' };
      return { kind: 'findReference', citation: displayText(message.citation) };
    case 'rendered':
      return { kind: 'rendered', title: displayText(message.title).slice(0, 200), blocks: message.blocks, ms: message.ms, builtIn: message.builtIn };
    case 'revealed':
      return { kind: 'revealed', anchor: message.anchor, found: message.found };
  }
}
