/**
 * Go to Definition (F12, Ctrl+click where links are off) on a citation that names a clause ("ISO 14971:2019, 7.1",
 * "clause 5 of ISO 9001", a clause @id URL): the clause, as its Markdown document (`standards:`), at its top. A
 * citation of a whole standard, or of a table or figure, has no definition here: its link shows the standard.
 */
import * as vscode from 'vscode';
import { documentName, standardLabel } from '../../core/labels';
import { namesClause } from '../../core/citations/recognise';
import { clauseDocumentUri } from '../documents/clauseDocumentUri';
import type { CitationResolver } from '../workspaceCitations/citationResolver';

export class CitationDefinitionProvider implements vscode.DefinitionProvider {
  constructor(private readonly resolver: CitationResolver) {}

  async provideDefinition(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Location | undefined> {
    const citation = this.resolver.citationAt(document, position);
    if (!citation) return undefined;
    const index = await this.resolver.currentIndex();
    if (typeof index === 'string' || token.isCancellationRequested) return undefined;
    const standard = this.resolver.resolve(index, citation);
    if (!standard) return undefined;
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const urn = citation.kind === 'clauseUri' ? citation.urn : standard.entry.urn;
      const clause =
        citation.kind === 'clauseUri'
          ? await this.resolver.clauseById(urn, citation.clauseId, controller.signal)
          : citation.kind === 'reference' && namesClause(citation.locator)
            ? (await this.resolver.clauseFor(urn, citation.locator, controller.signal))?.clause
            : undefined;
      if (!clause) return undefined;
      const uri = clauseDocumentUri(urn, clause.clauseId, documentName(clause, standardLabel(standard.entry)), 'markdown');
      return new vscode.Location(uri, new vscode.Position(0, 0));
    } catch {
      // Offline or signed out: no definition now (the hover says why).
      return undefined;
    } finally {
      cancel.dispose();
    }
  }
}
