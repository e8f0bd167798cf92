/**
 * Completion of references: after a publisher prefix ("ISO ", "IEC 623", "ISO/IEC 270") in Markdown or plain text,
 * or in a comment of other files, the catalogue's standards of that publisher, ranked as Find Standard ranks them
 * (current editions first). The whole reference replaces what was typed. Uses the index only: no request.
 */
import * as vscode from 'vscode';
import { factsLabel } from '../../core/catalogue/standardFacts';
import { standardLabel } from '../../core/labels';
import { displayText } from '../../core/service/displayText';
import type { CitationResolver } from '../workspaceCitations/citationResolver';

const LIMIT = 50;
// The publisher and what follows it up to the cursor: digits, parts, a year being typed.
const TYPED = /(?<![\w/.-])(ISO\/IEC\/IEEE|ISO\/IEC|ISO\/TS|ISO\/TR|IEC\/TS|IEC\/TR|EN ISO|EN IEC|ISO|IEC|CISPR|IEEE|EN) (\d[0-9A-Z:-]{0,20})?$/;
const PROSE_LANGUAGES = new Set(['markdown', 'plaintext', 'restructuredtext', 'asciidoc', 'latex']);
// Line comments and the inside of block comments in most languages.
const COMMENT = /\/\/|[#;%]|\/\*|^\s*\*|--|<!--/;

export class CitationCompletionProvider implements vscode.CompletionItemProvider {
  constructor(private readonly resolver: CitationResolver) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const before = document.lineAt(position.line).text.slice(0, position.character).slice(-200);
    const typed = TYPED.exec(before);
    if (!typed) return undefined;
    if (!PROSE_LANGUAGES.has(document.languageId) && !COMMENT.test(before.slice(0, typed.index))) return undefined;
    const index = await this.resolver.currentIndex();
    if (typeof index === 'string' || token.isCancellationRequested) return undefined;
    const publisher = typed[1].replace(/^EN /, '');
    const hits = index
      .searchHits(`${publisher} ${typed[2] ?? ''}`, LIMIT * 2)
      .filter((h) => (h.entry.reference ?? '').startsWith(`${publisher} `) && !h.facts.draft);
    const range = new vscode.Range(position.line, position.character - typed[0].length, position.line, position.character);
    const items = hits.slice(0, LIMIT).map(({ entry, facts }, rank) => {
      const reference = standardLabel(entry);
      const written = typed[1].startsWith('EN ') ? `EN ${reference}` : reference;
      const item = new vscode.CompletionItem({ label: written, description: displayText(entry.title) }, vscode.CompletionItemKind.Reference);
      item.range = range;
      item.insertText = written;
      item.filterText = written;
      item.sortText = String(rank).padStart(4, '0');
      item.detail = factsLabel(facts) || vscode.l10n.t('current');
      return item;
    });
    // Typing more digits narrows the catalogue query itself, so the list is asked for again.
    return new vscode.CompletionList(items, true);
  }
}
