/**
 * Ctrl+click on a citation: a DocumentLink per resolved citation (unresolved ones get none), whose `command:` target
 * opens the clause page at the cited clause, or reveals the standard when no clause is named. The clause list is
 * only asked for on the click, so listing links never sends a request.
 */
import * as vscode from 'vscode';
import { showInformation } from '../notify';
import { clauseRefOf, type StandardRef } from '../../core/model';
import { withDelayedProgress } from '../commands/progress';
import type { CitationResolver } from '../workspaceCitations/citationResolver';
import { OPEN_CITATION, asCitationTarget, linkTooltip, locatorLabel, targetOf } from '../../core/citations/citationTarget';

export class CitationLinkProvider implements vscode.DocumentLinkProvider {
  constructor(private readonly resolver: CitationResolver) {}

  async provideDocumentLinks(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.DocumentLink[]> {
    const visible = vscode.window.visibleTextEditors.filter((e) => e.document === document).flatMap((e) => e.visibleRanges);
    const resolved = await this.resolver.resolveAll(document, token, visible);
    if (typeof resolved === 'string' || token.isCancellationRequested) return [];
    return resolved.map(({ citation, standard }) => {
      const target = targetOf(citation, standard);
      const link = new vscode.DocumentLink(new vscode.Range(citation.line, citation.start, citation.line, citation.end), commandUri(OPEN_CITATION, target));
      link.tooltip = linkTooltip(target, standard);
      return link;
    });
  }
}

export function commandUri(command: string, ...args: unknown[]): vscode.Uri {
  return vscode.Uri.parse(`command:${command}?${encodeURIComponent(JSON.stringify(args))}`);
}

/** Follows a citation link: the clause when one is named and found, else the standard (saying why). */
export async function openCitation(arg: unknown, resolver: CitationResolver): Promise<unknown> {
  const target = asCitationTarget(arg);
  if (!target) throw new Error(vscode.l10n.t('This link does not name a standard. Hover the reference to see what it resolves to.'));
  const standard: StandardRef = { urn: target.urn, reference: target.reference, title: target.title, position: target.position };
  const label = target.reference || target.urn;
  if (target.clauseId) {
    const clauseId = target.clauseId;
    const clause = await withDelayedProgress(vscode.l10n.t('Loading the clauses of {0}', label), (signal) => resolver.clauseById(target.urn, clauseId, signal));
    if (clause) return vscode.commands.executeCommand('standardsExplorer.openClause', clauseRefOf(standard, clause));
    void showInformation(vscode.l10n.t('{0} has no clause {1} any more; the standard is shown instead.', label, clauseId));
  } else if (target.locator && target.locator.kind !== 'table') {
    const locator = target.locator;
    const found = await withDelayedProgress(vscode.l10n.t('Loading the clauses of {0}', label), (signal) => resolver.clauseFor(target.urn, locator, signal));
    if (found) return vscode.commands.executeCommand('standardsExplorer.openClause', clauseRefOf(standard, found.clause));
    void showInformation(vscode.l10n.t('{0} has no {1}; the standard is shown instead.', label, locatorLabel(locator)));
  }
  return vscode.commands.executeCommand('standardsExplorer.revealStandard', standard);
}
