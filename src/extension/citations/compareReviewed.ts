/**
 * "Compare with the Reviewed Version": a changed clause as it was reviewed (left) and as the service has it now
 * (right), as Markdown in VS Code's diff editor. The reviewed text comes from this machine (clauseReviews.ts keeps
 * it while the clause matches the lock); when it is not here, the command says why and offers the clause as it is
 * now. The left side is a read-only `standards-reviewed:` document rendered from the kept body.
 */
import * as vscode from 'vscode';
import { clauseContextOf } from '../../core/model';
import { clauseLabel, documentLabel, documentName } from '../../core/labels';
import type { Clause } from '../../core/service/types';
import { showWarning } from '../notify';
import { clauseDocumentUri } from '../documents/clauseDocumentUri';
import { documentModel } from '../documents/documentModel';
import { clauseDocumentPath, parseStandardsPath } from '../documents/standardsUri';
import type { CitationResolver } from '../workspaceCitations/citationResolver';
import type { ClauseReviews, ReviewedClauseArgs } from '../workspaceCitations/clauseReviews';
import { REVIEWED_SCHEME } from '../../core/citations/ids';

/** What was opened: the diff, or the current clause alone when the reviewed text is not on this machine. */
export type ReviewedComparison = { left: vscode.Uri; right: vscode.Uri } | { current: vscode.Uri; reason: string };

export async function compareWithReviewed(args: ReviewedClauseArgs, reviews: ClauseReviews, resolver: CitationResolver): Promise<ReviewedComparison> {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(args.folder));
  const { lock } = folder ? await reviews.files.forFolder(folder) : { lock: undefined };
  const locked = lock?.standards[args.urn]?.clauses[args.clauseId];
  const edition = args.reference ?? args.urn;
  if (!folder || !locked)
    throw new Error(vscode.l10n.t('The clause {0} of {1} is not in standards.lock of this workspace: there is no reviewed version.', args.clauseId, edition));
  const clause = await resolver.clauseById(args.urn, args.clauseId);
  if (!clause) throw new Error(vscode.l10n.t('The service lists no clause {0} of {1} any more: check the citation.', args.clauseId, edition));
  const name = documentLabel(clause, edition);
  const current = clauseDocumentUri(args.urn, args.clauseId, documentName(clause, edition), 'markdown');
  const reviewed = await reviews.reviewedBody(args.urn, args.clauseId, locked.fingerprint);
  if (reviewed === undefined) {
    const reason = vscode.l10n.t(
      'The text of {0} of {1} as reviewed on {2} is not on this machine: standards.lock keeps only a fingerprint of it, and this machine did not read the clause while it had that text. The clause as it is now is shown; read it, then Mark as Reviewed.',
      clauseLabel(clause),
      edition,
      locked.reviewed.on,
    );
    await vscode.window.showTextDocument(current, { preview: true });
    void showWarning(reason);
    return { current, reason };
  }
  const left = vscode.Uri.from({
    scheme: REVIEWED_SCHEME,
    path: clauseDocumentPath(args.urn, args.clauseId, vscode.l10n.t('{0} (reviewed {1})', name, locked.reviewed.on), 'markdown'),
    query: locked.fingerprint,
  });
  const title = vscode.l10n.t('{0}: reviewed on {1} ↔ now', name, locked.reviewed.on);
  await vscode.commands.executeCommand('vscode.diff', left, current, title, { preview: true });
  return { left, right: current };
}

/** The `standards-reviewed:` documents: a kept reviewed body as Markdown, numbered from the clause list like the current one. */
export class ReviewedClauseDocuments implements vscode.TextDocumentContentProvider {
  constructor(
    private readonly reviews: ClauseReviews,
    private readonly resolver: CitationResolver,
  ) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const parsed = parseStandardsPath(uri.path);
    if (parsed?.kind !== 'clause') throw new Error(vscode.l10n.t('{0} names no clause.', uri.toString()));
    const body = await this.reviews.reviewedBody(parsed.urn, parsed.clauseId, uri.query);
    if (body === undefined) throw new Error(vscode.l10n.t('The reviewed text of this clause is no longer on this machine.'));
    const clauses: readonly Clause[] | undefined = await this.resolver.clauseList(parsed.urn).catch(() => undefined);
    const model = documentModel();
    return model.clauseMarkdown(model.buildDocument(body, clauseContextOf(clauses?.find((c) => c.clauseId === parsed.clauseId) ?? {}, clauses)));
  }
}
