/**
 * The implementation behind the references in code (register.ts registers thin providers that load this,
 * its own bundle through citations.lazy.ts, on first call): the resolver and the providers, the diagnostics and the References
 * view's data, and the commands' work.
 */
import * as vscode from 'vscode';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import type { ServiceAccess } from '../connection/serviceAccess';
import { CitationCompletionProvider } from './citationCompletion';
import { CitationHoverProvider } from './citationHover';
import { CitationLinkProvider, openCitation } from './citationLinks';
import { CitationResolver } from './citationResolver';
import { compareCitedEditions, type CitedComparison } from './compareCited';
import { OutdatedEditions } from './outdatedEditions';
import { WorkspaceReferences, type ReferenceNode } from './referencesView';

/** What register.ts delegates to. */
export interface CitationsImpl {
  resolver: CitationResolver;
  links: CitationLinkProvider;
  hovers: CitationHoverProvider;
  outdated: OutdatedEditions;
  references: WorkspaceReferences;
  completion: CitationCompletionProvider;
  openCitation(arg: unknown): Promise<unknown>;
  compareCited(arg: unknown): Promise<CitedComparison>;
  openReferencedClause(node: unknown): Promise<unknown>;
  disposable: vscode.Disposable;
}

export function createCitations(session: ServiceAccess, catalogue: CatalogueStore): CitationsImpl {
  const resolver = new CitationResolver(session, catalogue);
  const outdated = new OutdatedEditions(resolver);
  const references = new WorkspaceReferences(resolver, () => session.settings().referencesInclude);
  return {
    resolver,
    links: new CitationLinkProvider(resolver),
    hovers: new CitationHoverProvider(resolver, session),
    outdated,
    references,
    completion: new CitationCompletionProvider(resolver),
    openCitation: (arg) => openCitation(arg, resolver),
    compareCited: (arg) => compareCitedEditions(arg, resolver),
    openReferencedClause: (node) => openCitation(node ? references.targetOf(node as ReferenceNode) : undefined, resolver),
    disposable: vscode.Disposable.from(resolver, outdated, references),
  };
}
