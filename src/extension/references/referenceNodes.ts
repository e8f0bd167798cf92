/**
 * The nodes of the References view (standard → clause → file:line; Unresolved → reference → file:line; or a
 * message) and how each shows.
 */
import * as vscode from 'vscode';
import type { CitationTarget } from '../../core/citations/citationTarget';
import { namesClause } from '../../core/citations/recognise';
import type { ClauseGroup, Occurrence, StandardSummary } from '../../core/citations/referenceReport';
import type { Reviewer } from '../../core/check/review';
import type { ReviewedClauseArgs } from '../workspaceCitations/clauseReviews';
import { progressText } from '../catalogue/catalogueStore';
import { byteSize } from '../../core/check/skippedFiles';
import { countNotRead, MAX_FILE_BYTES, type NotRead } from '../../core/scan/fileBytes';

/** A cited clause that changed since its review (standards.lock), and the clause for the commands on it. */
export interface ClauseReviewMark {
  changed: true;
  reviewed: Reviewer;
  args: ReviewedClauseArgs;
}

/** A reference the catalogue has no record of, and where it is written. */
export interface UnresolvedReference {
  reference: string;
  places: Array<{ file: string; line: number; text: string; uri: vscode.Uri }>;
}

export type ReferenceNode =
  | { kind: 'standard'; group: StandardSummary }
  | { kind: 'unresolved'; references: UnresolvedReference[] }
  | { kind: 'unresolvedReference'; reference: UnresolvedReference }
  | { kind: 'unresolvedPlace'; place: UnresolvedReference['places'][number] }
  | { kind: 'clause'; group: StandardSummary; clause: ClauseGroup; review?: ClauseReviewMark }
  | { kind: 'occurrence'; occurrence: Occurrence; uri: vscode.Uri }
  | MessageNode;

/** How a node of the References view shows. */
export function referenceItem(node: ReferenceNode): vscode.TreeItem {
  switch (node.kind) {
    case 'standard': {
      const { group } = node;
      const item = new vscode.TreeItem(group.standard, vscode.TreeItemCollapsibleState.Collapsed);
      item.description = `${group.count} · ${group.status}`;
      item.tooltip = vscode.l10n.t('{0} — {1}\n{2}\n{3} references', group.standard, group.title, group.status, group.count);
      item.iconPath = new vscode.ThemeIcon(group.outdated ? 'warning' : 'book');
      item.contextValue = 'citedStandard';
      return item;
    }
    case 'clause': {
      const { clause, review } = node;
      const item = new vscode.TreeItem(clause.clause || vscode.l10n.t('(the whole standard)'), vscode.TreeItemCollapsibleState.Collapsed);
      item.description = String(clause.occurrences.length);
      item.iconPath = new vscode.ThemeIcon('symbol-number');
      item.contextValue = clause.clause && namesClause(clause.occurrences[0]?.locator) ? 'citedClause' : 'citedWhole';
      if (review) {
        const { on, by } = review.reviewed;
        item.description = vscode.l10n.t('{0} · changed since its review on {1}', clause.occurrences.length, on);
        item.tooltip = by
          ? vscode.l10n.t('{0} of {1} changed since {2} reviewed it on {3} (standards.lock).', clause.clause, node.group.standard, by, on)
          : vscode.l10n.t('{0} of {1} changed since it was reviewed on {2} (standards.lock).', clause.clause, node.group.standard, on);
        item.iconPath = new vscode.ThemeIcon('diff-modified', new vscode.ThemeColor('list.warningForeground'));
        item.contextValue = 'citedClauseChanged';
      }
      return item;
    }
    case 'unresolved': {
      const count = node.references.reduce((n, r) => n + r.places.length, 0);
      const item = new vscode.TreeItem(vscode.l10n.t('Unresolved'), vscode.TreeItemCollapsibleState.Collapsed);
      item.description = String(count);
      item.tooltip = vscode.l10n.t('{0} references name no standard of this catalogue: check the number, part and year as written, or search for them.', count);
      item.iconPath = new vscode.ThemeIcon('question');
      item.contextValue = 'unresolvedReferences';
      return item;
    }
    case 'unresolvedReference': {
      const { reference } = node;
      const item = new vscode.TreeItem(reference.reference, vscode.TreeItemCollapsibleState.Collapsed);
      item.description = vscode.l10n.t('{0} · not in this catalogue', reference.places.length);
      item.tooltip = vscode.l10n.t('{0} is not in this catalogue', reference.reference);
      item.iconPath = new vscode.ThemeIcon('question');
      item.contextValue = 'unresolvedReference';
      return item;
    }
    case 'unresolvedPlace': {
      const { place } = node;
      return placeItem(place.file, place.line, place.text, place.uri, 'unresolvedCitation');
    }
    case 'occurrence': {
      const { occurrence, uri } = node;
      const item = new vscode.TreeItem(`${occurrence.file}:${occurrence.line}`, vscode.TreeItemCollapsibleState.None);
      item.description = occurrence.text;
      item.resourceUri = uri;
      item.tooltip = `${occurrence.file}:${occurrence.line}\n${occurrence.text}`;
      const line = occurrence.line - 1;
      item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [uri, { selection: new vscode.Range(line, 0, line, 0) }] };
      item.contextValue = 'citation';
      return item;
    }
    default:
      return messageItem(node);
  }
}

/** A file:line node that opens the file at the line. */
function placeItem(file: string, line: number, text: string, uri: vscode.Uri, contextValue: string): vscode.TreeItem {
  const item = new vscode.TreeItem(`${file}:${line}`, vscode.TreeItemCollapsibleState.None);
  item.description = text;
  item.resourceUri = uri;
  item.tooltip = `${file}:${line}\n${text}`;
  item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [uri, { selection: new vscode.Range(line - 1, 0, line - 1, 0) }] };
  item.contextValue = contextValue;
  return item;
}

/** The target of "Open Clause" on a standard or clause node. */
export function referenceTarget(node: ReferenceNode): CitationTarget | undefined {
  if (node.kind === 'occurrence') {
    const o = node.occurrence;
    return { urn: o.urn, reference: o.standard, title: o.title, position: o.position, ...(o.locator ? { locator: o.locator } : {}) };
  }
  if (node.kind !== 'standard' && node.kind !== 'clause') return undefined;
  const { group } = node;
  const locator = node.kind === 'clause' ? node.clause.occurrences[0]?.locator : undefined;
  return { urn: group.urn, reference: group.standard, title: group.title, position: group.position, ...(locator ? { locator } : {}) };
}

/** A message node (its text, and what clicking it does), as the References and Coverage views show one. */
export interface MessageNode {
  kind: 'message';
  text: string;
  command?: vscode.Command;
}

export function messageItem(node: MessageNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
  item.command = node.command;
  item.iconPath = new vscode.ThemeIcon('info');
  return item;
}

/** Why nothing can be resolved, with what to do; `signedOut` says what signing in is for in that view. */
export function unavailableNode(
  reason: 'signedOut' | 'noIndex',
  signedOut = vscode.l10n.t('Sign in to resolve the references in this workspace.'),
  loading?: { loaded: number; total?: number },
): MessageNode {
  if (reason === 'noIndex' && loading)
    return {
      kind: 'message',
      text:
        loading.loaded || loading.total
          ? vscode.l10n.t('The catalogue is still loading — {0}. The references resolve when it is ready.', progressText(loading.loaded, loading.total))
          : vscode.l10n.t('The catalogue is still loading (its first page). The references resolve when it is ready.'),
    };
  return reason === 'signedOut'
    ? { kind: 'message', text: signedOut, command: { command: 'standardsExplorer.signIn', title: vscode.l10n.t('Sign In…') } }
    : {
        kind: 'message',
        text: vscode.l10n.t('Build the catalogue index to resolve references (Find Standard…).'),
        command: { command: 'standardsExplorer.findStandard', title: vscode.l10n.t('Find Standard…') },
      };
}

/**
 * What the view says of the files it listed but did not read (core/scan/fileBytes.ts), after its other nodes: nothing
 * may be left out silently. A file too large is a gap (its references are missing); a binary one is only counted.
 */
export function notReadNodes(reasons: Iterable<NotRead>): MessageNode[] {
  const counts = countNotRead(reasons);
  const large = counts['too-large'];
  const binary = counts.binary;
  const limit = byteSize(MAX_FILE_BYTES);
  const nodes: MessageNode[] = [];
  if (large)
    nodes.push({
      kind: 'message',
      text:
        large === 1
          ? vscode.l10n.t('1 file over {0} not read: its references are not listed.', limit)
          : vscode.l10n.t('{0} files over {1} not read: their references are not listed.', large, limit),
    });
  if (binary)
    nodes.push({ kind: 'message', text: binary === 1 ? vscode.l10n.t('1 binary file not read.') : vscode.l10n.t('{0} binary files not read.', binary) });
  return nodes;
}

/**
 * The view's first level: the standards cited and the Unresolved group, or why there are none (signed out, no index,
 * no folder, nothing found in the `citing` files read of those matching `include`).
 */
export function rootNodes(
  cited: { standards: StandardSummary[]; unresolved: UnresolvedReference[] } | { unavailable: 'signedOut' | 'noIndex' },
  { loading, citing, include }: { loading: { loaded: number; total?: number } | undefined; citing: number; include: string },
): ReferenceNode[] {
  if ('unavailable' in cited) return [unavailableNode(cited.unavailable, undefined, loading)];
  const { standards, unresolved } = cited;
  const unresolvedGroup: ReferenceNode[] = unresolved.length ? [{ kind: 'unresolved', references: unresolved }] : [];
  if (!standards.length && unresolved.length) return unresolvedGroup;
  if (!standards.length) {
    if (!vscode.workspace.workspaceFolders?.length) return [{ kind: 'message', text: vscode.l10n.t('Open a folder to find the standards it cites.') }];
    return [{ kind: 'message', text: vscode.l10n.t('No references to standards of the catalogue in {0} files matching {1}.', citing, include) }];
  }
  return [...standards.map((group): ReferenceNode => ({ kind: 'standard', group })), ...unresolvedGroup];
}
