/**
 * The implementation behind the references in code (register.ts registers thin providers that load this,
 * its own bundle through citations.lazy.ts, on first call): the resolver and the providers, the diagnostics, the
 * References view's data (../references/) and the Coverage view's (../coverage/), and the commands' work.
 */
import * as vscode from 'vscode';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import type { ServiceAccess } from '../connection/serviceAccess';
import { CitationCompletionProvider } from './citationCompletion';
import { CitationDefinitionProvider } from './citationDefinition';
import { CitationHoverProvider } from './citationHover';
import { CitationLinkProvider, openCitation } from './citationLinks';
import { CitationResolver } from '../workspaceCitations/citationResolver';
import { compareCitedEditions, type CitedComparison } from './compareCited';
import { OutdatedEditions } from './outdatedEditions';
import { WorkspaceReferences, type ReferenceNode } from '../references/referencesView';
import { ClauseReviews, type ReviewedClauseArgs } from '../workspaceCitations/clauseReviews';
import { ReviewedClauseDocuments, compareWithReviewed, type ReviewedComparison } from './compareReviewed';
import { WorkspaceStandardsFiles } from '../workspaceCitations/workspaceStandardsFiles';
import { WorkspaceCoverage } from '../coverage/workspaceCoverage';

/** What register.ts delegates to. */
export interface CitationsImpl {
  resolver: CitationResolver;
  links: CitationLinkProvider;
  hovers: CitationHoverProvider;
  definitions: CitationDefinitionProvider;
  outdated: OutdatedEditions;
  references: WorkspaceReferences;
  completion: CitationCompletionProvider;
  coverage: WorkspaceCoverage;
  openCitation(arg: unknown): Promise<unknown>;
  compareCited(arg: unknown): Promise<CitedComparison>;
  openReferencedClause(node: unknown): Promise<unknown>;
  reviews: ClauseReviews;
  reviewedDocuments: ReviewedClauseDocuments;
  compareReviewed(args: unknown): Promise<ReviewedComparison>;
  markReviewed(args: unknown): Promise<unknown>;
  disposable: vscode.Disposable;
}

export function createCitations(
  session: ServiceAccess,
  catalogue: CatalogueStore,
  /** Where the Coverage view remembers its standard (the workspace's state). */
  state: vscode.Memento,
  log?: Pick<vscode.LogOutputChannel, 'warn' | 'info'>,
): CitationsImpl {
  const resolver = new CitationResolver(session, catalogue);
  const files = new WorkspaceStandardsFiles();
  const reviews = new ClauseReviews(resolver, session, files, log);
  const outdated = new OutdatedEditions(resolver, reviews);
  const references = new WorkspaceReferences(resolver, () => session.settings().referencesInclude, reviews, log);
  const coverage = new WorkspaceCoverage(references, resolver, session, files, state);
  return {
    resolver,
    links: new CitationLinkProvider(resolver),
    hovers: new CitationHoverProvider(resolver, session),
    definitions: new CitationDefinitionProvider(resolver),
    outdated,
    references,
    completion: new CitationCompletionProvider(resolver),
    coverage,
    openCitation: (arg) => openCitation(arg, resolver),
    compareCited: (arg) => compareCitedEditions(arg, resolver),
    openReferencedClause: (node) => openCitation(node ? references.targetOf(node as ReferenceNode) : undefined, resolver),
    reviews,
    reviewedDocuments: new ReviewedClauseDocuments(reviews, resolver),
    compareReviewed: (args) => compareWithReviewed(reviewedClauseArgs(args, references), reviews, resolver),
    markReviewed: async (args) => {
      const { clause } = await reviews.markReviewed(reviewedClauseArgs(args, references));
      log?.info(`Marked ${clause.clauseId} reviewed in standards.lock.`);
      return clause;
    },
    disposable: vscode.Disposable.from(resolver, outdated, coverage, references, reviews, files),
  };
}

/** The clause a Quick Fix (its arguments) or a References view node (a changed clause) names. */
function reviewedClauseArgs(arg: unknown, references: WorkspaceReferences): ReviewedClauseArgs {
  const fromNode = references.reviewArgsOf(arg);
  if (fromNode) return fromNode;
  const value = (typeof arg === 'object' && arg !== null ? arg : {}) as Partial<Record<keyof ReviewedClauseArgs, unknown>>;
  if (typeof value.folder !== 'string' || typeof value.urn !== 'string' || typeof value.clauseId !== 'string') {
    throw new Error(vscode.l10n.t('This command needs a changed clause: use the Quick Fix on its citation, or the References view.'));
  }
  return { folder: value.folder, urn: value.urn, clauseId: value.clauseId, ...(typeof value.reference === 'string' ? { reference: value.reference } : {}) };
}
