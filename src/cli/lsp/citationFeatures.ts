/**
 * The language server's answers in the protocol's shapes, each from the core's own computation: check's findings as
 * diagnostics, fix's edits as code actions, the index's references as completions, the citations of the open
 * documents as workspace symbols, and links to the cited clauses on the service.
 */
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  SymbolKind,
  type CancellationToken,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type DocumentLink,
  type Position,
  type Range,
  type SymbolInformation,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CatalogueIndex } from '../../core/catalogue/catalogueIndex';
import { factsLabel } from '../../core/catalogue/standardFacts';
import { citationEdits } from '../../core/check/citationEdits';
import type { Finding } from '../../core/check/checkText';
import type { ReportedSeverity } from '../../core/check/rules';
import { locatorLabel } from '../../core/citations/citationTarget';
import { findCitations, namesClause, type Citation, type Locator } from '../../core/citations/recognise';
import { referenceCompletions, type TypedReference } from '../../core/citations/referenceCompletion';
import { resolveLocator, resolveStandard } from '../../core/citations/resolve';
import { clauseLinkProblem } from '../../core/clauseLinks';
import { standardLabel } from '../../core/labels';
import type { ManagedStandardsService } from '../../core/service/managedService';
import { displayText } from '../../core/service/displayText';

const SEVERITY: Record<ReportedSeverity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  note: DiagnosticSeverity.Information,
};
const COMPLETIONS = 50;
/** Workspace symbols and document links answered at most: a client lists them, it does not page. */
export const MAX_ITEMS = 1000;

export function diagnosticOf(finding: Finding): Diagnostic {
  return {
    range: rangeOf(finding.line - 1, finding.column - 1, finding.endColumn - 1),
    severity: SEVERITY[finding.severity],
    code: finding.rule,
    source: 'standards-explorer',
    message: finding.message,
    ...(finding.fix ? { data: { fix: finding.fix } } : {}),
  };
}

/**
 * The fixes of the findings in `range`: the edits `standards-explorer fix` makes (core/check/citationEdits.ts); one
 * it would leave (the clause may be numbered differently in the new edition) is offered, never preferred, as in VS Code.
 */
export function codeActions(uri: string, text: string, findings: readonly Finding[], range: Range): CodeAction[] {
  const { edits } = citationEdits(text, findings);
  const editAt = new Map(edits.map((edit) => [`${edit.line}:${edit.start}`, edit]));
  const actions: CodeAction[] = [];
  for (const finding of findings) {
    const diagnostic = diagnosticOf(finding);
    if (!finding.fix || !overlaps(diagnostic.range, range)) continue;
    const edit = editAt.get(`${finding.line - 1}:${finding.column - 1}`);
    const change = edit ? { range: rangeOf(edit.line, edit.start, edit.end), newText: edit.newText } : { range: diagnostic.range, newText: finding.fix };
    actions.push({
      title: `Replace with ${finding.fix}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: edit !== undefined,
      edit: { changes: { [uri]: [change] } },
    });
  }
  return actions;
}

/** The references completing what was typed before `position`, ranked as Find Standard ranks them. */
export function completions(index: CatalogueIndex, typed: TypedReference, position: Position): CompletionList {
  const range = { start: { line: position.line, character: position.character - typed.length }, end: position };
  const items = referenceCompletions(index, typed, COMPLETIONS).map(({ written, hit }, rank): CompletionItem => ({
    label: written,
    kind: CompletionItemKind.Reference,
    detail: displayText(hit.entry.title ?? ''),
    labelDetails: { description: factsLabel(hit.facts) || 'current' },
    textEdit: { range, newText: written },
    filterText: written,
    sortText: String(rank).padStart(4, '0'),
  }));
  // Typing more digits narrows the catalogue query itself, so the list is asked for again.
  return { isIncomplete: true, items };
}

/** Where citations were found: an open document's or a workspace file's URI and its citations. */
export interface CitingText {
  uri: string;
  citations: readonly Citation[];
}

/** The citations of `texts` whose text or resolved reference holds `query` (spaces and case aside), at most MAX_ITEMS. */
export function citationSymbols(texts: Iterable<CitingText>, index: CatalogueIndex, query: string, token: CancellationToken): SymbolInformation[] {
  const wanted = squeezed(query);
  const symbols: SymbolInformation[] = [];
  for (const { uri, citations } of texts) {
    if (token.isCancellationRequested || symbols.length >= MAX_ITEMS) break;
    for (const citation of citations) {
      if (citation.kind === 'clauseUri') continue;
      const standard = resolveStandard(index, citation);
      const name = displayText(citation.text);
      const reference = standard ? standardLabel(standard.entry) : '';
      if (wanted && !squeezed(name).includes(wanted) && !squeezed(reference).includes(wanted)) continue;
      symbols.push({
        name,
        kind: citation.kind === 'reference' && citation.locator ? SymbolKind.Field : SymbolKind.Module,
        location: { uri, range: rangeOf(citation.line, citation.start, citation.end) },
        containerName: standard ? `${reference}${standard.entry.title ? ` — ${displayText(standard.entry.title)}` : ''}` : 'not in the catalogue',
      });
      if (symbols.length >= MAX_ITEMS) break;
    }
  }
  return symbols;
}

/** What a document link carries to its resolution: the edition and the clause it names. */
interface LinkData {
  urn: string;
  locator: Locator;
}

/** A link, to be resolved, on each citation of a clause, annex or section of an edition the catalogue has. */
export function citationLinks(text: string, index: CatalogueIndex): DocumentLink[] {
  const links: DocumentLink[] = [];
  for (const citation of findCitations(text)) {
    if (citation.kind !== 'reference' || !namesClause(citation.locator)) continue;
    const standard = resolveStandard(index, citation);
    if (!standard) continue;
    const data: LinkData = { urn: standard.entry.urn, locator: { kind: citation.locator.kind, value: citation.locator.value } };
    const tooltip = `Open ${standardLabel(standard.entry)}, ${locatorLabel(citation.locator)} on the service`;
    links.push({ range: rangeOf(citation.line, citation.start, citation.end), tooltip, data });
    if (links.length >= MAX_ITEMS) break;
  }
  return links;
}

/**
 * The link with its target, the clause's @id on the service — only an https: URL or one of the service's own origin
 * (clauseLinks.ts), never javascript:, file: or command: — or as it came, with why said to `tell`.
 */
export async function resolvedLink(
  link: DocumentLink,
  service: ManagedStandardsService,
  serviceBaseUrl: string | undefined,
  token: CancellationToken,
  tell: (line: string) => void,
): Promise<DocumentLink> {
  const data = link.data as Partial<LinkData> | undefined;
  if (typeof data?.urn !== 'string' || !namesClause(data.locator) || typeof data.locator.value !== 'string') return link;
  const controller = new AbortController();
  token.onCancellationRequested(() => controller.abort());
  try {
    const found = resolveLocator(await service.listClauses(data.urn, controller.signal), data.locator);
    if (!found) tell(`${data.urn} has no ${locatorLabel(data.locator)}: no link.`);
    else if (clauseLinkProblem(found.clause.id, serviceBaseUrl)) tell(`the link of ${displayText(found.clause.id).slice(0, 200)} is not used.`);
    else return { ...link, target: found.clause.id };
  } catch (error) {
    if (!controller.signal.aborted) tell(`the clauses of ${data.urn} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return link;
}

/** The citation under a position: the line alone is read (citations never span lines). */
export function citationAt(document: TextDocument, line: number, character: number): Citation | undefined {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '');
  const found = findCitations(text).find((c) => c.start <= character && character <= c.end);
  return found && { ...found, line };
}

export function rangeOf(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Position, y: Position): boolean => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** Lower case without spaces: "iso 14971" finds "ISO 14971:2019". */
function squeezed(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}
