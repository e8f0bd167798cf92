/**
 * Standards references in the user's own documents: links, hovers, outdated-edition diagnostics with their Quick
 * Fix, and the command the links run. Registered for files and untitled documents of every language; nothing here
 * sends a request until the user hovers or clicks.
 */
import * as vscode from 'vscode';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { showError } from '../commands/feedback';
import type { Session } from '../session';
import { CitationHoverProvider } from './citationHover';
import { CitationLinkProvider, openCitation } from './citationLinks';
import { CitationResolver } from './citationResolver';
import { OPEN_CITATION } from './citationTarget';
import { OutdatedEditions } from './outdatedEditions';

export const CITATION_DOCUMENTS: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }];

export interface Citations {
  resolver: CitationResolver;
  links: CitationLinkProvider;
  hovers: CitationHoverProvider;
  outdated: OutdatedEditions;
}

export function registerCitations(session: Session, catalogue: CatalogueStore, log: vscode.LogOutputChannel): { citations: Citations; disposable: vscode.Disposable } {
  const resolver = new CitationResolver(session, catalogue);
  const links = new CitationLinkProvider(resolver);
  const hovers = new CitationHoverProvider(resolver, session);
  const outdated = new OutdatedEditions(resolver);
  const disposable = vscode.Disposable.from(
    resolver,
    outdated,
    vscode.languages.registerDocumentLinkProvider(CITATION_DOCUMENTS, links),
    vscode.languages.registerHoverProvider(CITATION_DOCUMENTS, hovers),
    vscode.languages.registerCodeActionsProvider(CITATION_DOCUMENTS, outdated, { providedCodeActionKinds: OutdatedEditions.providedCodeActionKinds }),
    vscode.commands.registerCommand(OPEN_CITATION, async (arg: unknown) => {
      try {
        return await openCitation(arg, resolver);
      } catch (error) {
        void showError(error, log);
        return undefined;
      }
    }),
  );
  return { citations: { resolver, links, hovers, outdated }, disposable };
}
