/** The nodes of the Coverage view (problems, clause → its places and subclauses, or a message) and how each shows. */
import * as vscode from 'vscode';
import type { CoverageProblem, CoverageRow, Place } from '../../core/compliance/coverage';
import type { OutlineNode } from '../../core/compliance/coverageOutline';
import { messageItem, type MessageNode } from '../references/referenceNodes';

export type CoverageNode =
  | { kind: 'problems'; problems: ReadonlyArray<{ problem: CoverageProblem; uri: vscode.Uri | undefined }> }
  | { kind: 'problem'; problem: CoverageProblem; uri: vscode.Uri | undefined }
  // `urn` and `clauseId` on the node itself: Open Clause takes the node as a clause (targets/refs.ts).
  | { kind: 'coverageClause'; urn: string; clauseId: string; reference: string; outline: OutlineNode }
  | { kind: 'place'; place: Place; uri: vscode.Uri | undefined; reason?: string }
  | MessageNode;

const STATUS_ICON: Record<CoverageRow['status'], vscode.ThemeIcon> = {
  addressed: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  notApplicable: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground')),
  open: new vscode.ThemeIcon('circle-large-outline', new vscode.ThemeColor('list.warningForeground')),
};

/** "5.1.12 Identification and avoidance…", "Annex A Rationale…", "Foreword". */
export function clauseName(row: CoverageRow): string {
  if (row.label === row.title) return row.title;
  return row.annex ? vscode.l10n.t('Annex {0} {1}', row.label, row.title) : `${row.label} ${row.title}`;
}

export function statusWords(row: CoverageRow): string {
  switch (row.status) {
    case 'addressed':
      return row.throughSubclauses ? vscode.l10n.t('addressed through its subclauses') : vscode.l10n.t('addressed · {0}', row.citedAt.length);
    case 'notApplicable':
      return vscode.l10n.t('not applicable');
    case 'open':
      return vscode.l10n.t('open');
  }
}

export function coverageItem(node: CoverageNode): vscode.TreeItem {
  switch (node.kind) {
    case 'problems': {
      const item = new vscode.TreeItem(vscode.l10n.t('Problems'), vscode.TreeItemCollapsibleState.Expanded);
      item.description = String(node.problems.length);
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.tooltip = vscode.l10n.t('Citations of clauses this edition does not have, and "standards: not-applicable" lines that justify nothing.');
      return item;
    }
    case 'problem': {
      const { problem } = node;
      const item = new vscode.TreeItem(problem.why, vscode.TreeItemCollapsibleState.None);
      item.description = `${problem.file}:${problem.line}`;
      item.tooltip = `${problem.file}:${problem.line}\n${problem.cited}\n${problem.why}`;
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.command = openAt(node.uri, problem.line);
      return item;
    }
    case 'coverageClause': {
      const { row, children } = node.outline;
      const expandable = children.length > 0 || row.citedAt.length > 0 || row.justification !== undefined;
      const item = new vscode.TreeItem(
        clauseName(row),
        expandable
          ? row.depth === 0
            ? vscode.TreeItemCollapsibleState.Expanded
            : vscode.TreeItemCollapsibleState.Collapsed
          : vscode.TreeItemCollapsibleState.None,
      );
      item.id = `${node.urn}#${node.clauseId}`;
      // Annexes say whether they are normative: an informative one shows only with Include Informative Clauses.
      item.description = row.annex ? `${statusWords(row)} · ${annexWords(row)}` : statusWords(row);
      item.iconPath = STATUS_ICON[row.status];
      item.contextValue = 'coverageClause';
      const lines = [clauseName(row), String(item.description)];
      if (row.justification)
        lines.push(vscode.l10n.t('Not applicable: {0} ({1}:{2})', row.justification.reason, row.justification.file, row.justification.line));
      item.tooltip = lines.join('\n');
      item.accessibilityInformation = { label: `${clauseName(row)}, ${statusWords(row)}` };
      return item;
    }
    case 'place': {
      const { place, reason } = node;
      const item = new vscode.TreeItem(reason ?? `${place.file}:${place.line}`, vscode.TreeItemCollapsibleState.None);
      item.description = reason ? `${place.file}:${place.line}` : place.cited;
      item.tooltip = reason ? vscode.l10n.t('Not applicable: {0}\n{1}:{2}', reason, place.file, place.line) : `${place.file}:${place.line}\n${place.cited}`;
      if (reason) item.iconPath = new vscode.ThemeIcon('comment');
      else if (node.uri) item.resourceUri = node.uri;
      item.command = openAt(node.uri, place.line);
      return item;
    }
    default:
      return messageItem(node);
  }
}

function annexWords(row: CoverageRow): string {
  return row.obligation === 'normative' ? vscode.l10n.t('normative annex') : vscode.l10n.t('informative annex');
}

function openAt(uri: vscode.Uri | undefined, line: number): vscode.Command | undefined {
  if (!uri) return undefined;
  const at = new vscode.Range(line - 1, 0, line - 1, 0);
  return { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [uri, { selection: at }] };
}
