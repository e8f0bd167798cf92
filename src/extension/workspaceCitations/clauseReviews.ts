/**
 * Cited clauses against their folder's standards.lock (core/check/review.ts): which changed since their review, the
 * text that was reviewed when this machine still has it, and marking a clause reviewed. A clause is only asked for
 * when its standard is in the lock, so a workspace without a lock sends nothing more than before.
 *
 * The reviewed text: the lock keeps a fingerprint, never the text, so "Compare with the Reviewed Version" needs the
 * text from this machine. Whenever a cited clause is found to match its lock entry, the service keeps its body
 * (keepReviewedCopy: owner-only, beside the clause cache, bounded, per connection): after the publisher changes the
 * clause, the text that was reviewed is still there to compare with.
 */
import * as vscode from 'vscode';
import { clauseFingerprint, type Lockfile } from '../../core/check/lockfile';
import { markReviewed, reviewDay, reviewOf, type ClauseReview } from '../../core/check/review';
import { gitUserName } from '../../core/check/gitReviewer';
import type { ReferenceCitation } from '../../core/citations/recognise';
import type { ResolvedStandard } from '../../core/citations/resolve';
import { Disposable } from '../../core/lifecycle';
import type { Clause } from '../../core/service/types';
import type { ServiceAccess } from '../connection/serviceAccess';
import type { CitationResolver, ResolvedCitation } from './citationResolver';
import type { FolderFileChange, WorkspaceStandardsFiles } from './workspaceStandardsFiles';

/** A clause citation of a locked standard, with its clause and how it stands against the lock. */
export interface CitedClauseReview {
  citation: ReferenceCitation;
  standard: ResolvedStandard;
  clause: Clause;
  folder: vscode.WorkspaceFolder;
  review: ClauseReview;
}

/** What the Quick Fixes and the References view pass to the commands: one clause of one folder's lock. */
export interface ReviewedClauseArgs {
  folder: string;
  urn: string;
  reference?: string;
  clauseId: string;
}

export class ClauseReviews extends Disposable {
  /** Fired when a folder's lock or config changed. */
  readonly onDidChange: vscode.Event<FolderFileChange>;

  constructor(
    private readonly resolver: CitationResolver,
    private readonly session: ServiceAccess,
    readonly files: WorkspaceStandardsFiles,
    private readonly log?: Pick<vscode.LogOutputChannel, 'warn'>,
  ) {
    super();
    this.onDidChange = files.onDidChange;
  }

  /** The clause citations of `resolved` (one document's) whose standard is in their folder's lock, each with its review. */
  async reviewsOf(document: vscode.TextDocument, resolved: readonly ResolvedCitation[], token?: vscode.CancellationToken): Promise<CitedClauseReview[]> {
    const { folder, lock } = await this.files.forUri(document.uri);
    if (!folder || !lock) return [];
    const reviews: CitedClauseReview[] = [];
    for (const { citation, standard } of resolved) {
      if (token?.isCancellationRequested) break;
      if (citation.kind !== 'reference' || !citation.locator || !lock.standards[standard.entry.urn]) continue;
      try {
        const found = await this.resolver.clauseFor(standard.entry.urn, citation.locator);
        if (!found) continue;
        const review = await this.review(lock, standard.entry.urn, found.clause);
        reviews.push({ citation, standard, clause: found.clause, folder, review });
      } catch (error) {
        // Offline or signed out: the citation is not judged now; the next check tries again.
        this.log?.warn(`Could not compare ${citation.text} with ${folder.name}/standards.lock: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return reviews;
  }

  /** How the clause's text now stands against `lock`; the text is asked for only when the lock holds the clause. */
  async review(lock: Lockfile, urn: string, clause: Clause, signal?: AbortSignal): Promise<ClauseReview> {
    if (!lock.standards[urn]?.clauses[clause.clauseId]) return { state: 'unlocked' };
    const { fingerprint, body } = await this.current(urn, clause.clauseId, signal);
    const review = reviewOf(lock, urn, clause.clauseId, fingerprint);
    if (review.state === 'reviewed') await this.keep(urn, clause.clauseId, fingerprint, body);
    return review;
  }

  /** The text that was reviewed (the body with the lock's fingerprint), when this machine still has it. */
  async reviewedBody(urn: string, clauseId: string, fingerprint: string): Promise<unknown> {
    return (await this.session.service()).reviewedCopy(urn, clauseId, fingerprint);
  }

  /** Records in the folder's lock that the clause's current text is reviewed, today, by git's user.name. */
  async markReviewed(args: ReviewedClauseArgs, signal?: AbortSignal): Promise<{ folder: vscode.WorkspaceFolder; clause: Clause }> {
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(args.folder));
    if (!folder) throw new Error(vscode.l10n.t('{0} is not a folder of this workspace: open it to mark its clauses reviewed.', args.folder));
    const clause = await this.resolver.clauseById(args.urn, args.clauseId, signal);
    if (!clause)
      throw new Error(vscode.l10n.t('The service lists no clause {0} of {1} any more: check the citation.', args.clauseId, args.reference ?? args.urn));
    const { fingerprint, body } = await this.current(args.urn, args.clauseId, signal);
    const by = folder.uri.scheme === 'file' ? await gitUserName(folder.uri.fsPath) : undefined;
    await this.keep(args.urn, args.clauseId, fingerprint, body);
    // Changed as it is on disk now, held as `standards-explorer lock` holds it: neither writes over the other's review.
    await this.files.changeLock(folder, (lock) =>
      markReviewed(lock ?? { version: 1, standards: {} }, { urn: args.urn, reference: args.reference }, clause, fingerprint, {
        on: reviewDay(new Date()),
        ...(by ? { by } : {}),
      }),
    );
    return { folder, clause };
  }

  private async current(urn: string, clauseId: string, signal?: AbortSignal): Promise<{ fingerprint: string; body: unknown }> {
    const body = await (await this.session.service()).getClause(urn, clauseId, signal);
    return { fingerprint: clauseFingerprint(body), body };
  }

  private async keep(urn: string, clauseId: string, fingerprint: string, body: unknown): Promise<void> {
    await (await this.session.service()).keepReviewedCopy(urn, clauseId, fingerprint, body).catch((error: unknown) => {
      this.log?.warn(`Could not keep the reviewed text of ${clauseId} of ${urn}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
