/** The References view's mark on a cited clause whose text changed since it was reviewed (standards.lock). */
import type * as vscode from 'vscode';
import { namesClause } from '../../core/citations/recognise';
import type { ClauseGroup, Occurrence, StandardSummary } from '../../core/citations/referenceReport';
import type { CitationResolver } from '../workspaceCitations/citationResolver';
import type { ClauseReviews } from '../workspaceCitations/clauseReviews';
import type { ClauseReviewMark } from './referenceNodes';

/**
 * Whether the clause of a clause group changed since its review, by the lock of the folder of its first citing file
 * in one; undefined when no lock holds it or it cannot be told now (offline: the diagnostics say nothing either).
 */
export async function reviewMark(
  reviews: ClauseReviews,
  resolver: CitationResolver,
  group: StandardSummary,
  clause: ClauseGroup,
  uriOf: (occurrence: Occurrence) => vscode.Uri,
): Promise<ClauseReviewMark | undefined> {
  const locator = clause.occurrences[0]?.locator;
  if (!namesClause(locator)) return undefined;
  for (const occurrence of clause.occurrences) {
    const { folder, lock } = await reviews.files.forUri(uriOf(occurrence));
    if (!folder || !lock?.standards[group.urn]) continue;
    try {
      const found = await resolver.clauseFor(group.urn, locator);
      if (!found) return undefined;
      const review = await reviews.review(lock, group.urn, found.clause);
      if (review.state !== 'changed') return undefined;
      const args = { folder: folder.uri.toString(), urn: group.urn, reference: group.standard, clauseId: found.clause.clauseId };
      return { changed: true, reviewed: review.locked.reviewed, args };
    } catch {
      return undefined;
    }
  }
  return undefined;
}
