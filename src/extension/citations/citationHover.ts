/**
 * Hovering a citation: the standard (reference, title, status — "replaced by …"), the cited clause's heading and
 * first paragraph, and the commands Open Clause, Open JSON to the Side and Copy Link. Command links are trusted for
 * this extension's own commands only. Server text goes in as text (escaped), never as Markdown.
 *
 * One request per hover at most: the clause list and the first paragraph come from what earlier hovers and clicks
 * fetched (clauseGlances.ts); the first thing missing costs the hover's one request, and anything else missing is
 * left for the next hover, which says so ("Hover again…") rather than wait for a second request.
 *
 * Never silence: while the catalogue index is being built the hover says how far it is; a reference the catalogue
 * has no record of says so, with a link that searches the catalogue for it (Find Standard…).
 */
import * as vscode from 'vscode';
import { commandLink as link, commandTarget } from '../../core/markdownLinks';
import { clauseRefOf, type ClauseRef, type StandardRef } from '../../core/model';
import { clauseLabel, standardLabel } from '../../core/labels';
import { displayText } from '../../core/service/displayText';
import type { Clause } from '../../core/service/types';
import type { ServiceAccess } from '../connection/serviceAccess';
import { progressText } from '../catalogue/catalogueStore';
import { standardRefOf, type CitationResolver } from '../workspaceCitations/citationResolver';
import { OPEN_CITATION, citationNotes, escaped, locatorLabel, statusLine, targetOf } from '../../core/citations/citationTarget';
import { RequestBudget } from '../../core/citations/clauseGlances';
import { firstParagraph } from '../../core/citations/clauseSummary';
import { isJudged, namesClause, writtenReference, type Citation } from '../../core/citations/recognise';
import { resolveLocator, type ResolvedStandard } from '../../core/citations/resolve';
import { inBrowser } from '../../core/runtime';

/** The only commands a hover may run. */
export const HOVER_COMMANDS = [
  'standardsExplorer.openClause',
  'standardsExplorer.openClauseJson',
  'standardsExplorer.copyClauseLink',
  'standardsExplorer.revealStandard',
  'standardsExplorer.signIn',
  'standardsExplorer.connectSandbox',
  'standardsExplorer.findStandard',
  OPEN_CITATION,
];

export class CitationHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly resolver: CitationResolver,
    private readonly session: ServiceAccess,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const citation = this.resolver.citationAt(document, position);
    if (!citation) return undefined;
    const range = new vscode.Range(citation.line, citation.start, citation.line, citation.end);
    const index = await this.resolver.currentIndex();
    if (index === 'signedOut') {
      // The local sandbox is a program the desktop editor starts: not offered in the browser.
      const text = inBrowser
        ? vscode.l10n.t('Standards Explorer is not signed in: [Sign In…]({0}) to open this reference.', 'command:standardsExplorer.signIn')
        : vscode.l10n.t(
            'Standards Explorer is not signed in: [Sign In…]({0}) or [Connect to Local Sandbox]({1}) to open this reference.',
            'command:standardsExplorer.signIn',
            'command:standardsExplorer.connectSandbox',
          );
      return new vscode.Hover(markdown().appendMarkdown(text), range);
    }
    const loading = this.resolver.loading;
    if (index === 'noIndex' && loading) {
      const text =
        loading.loaded || loading.total
          ? vscode.l10n.t('The catalogue is still loading — {0}. This reference resolves when it is ready.', progressText(loading.loaded, loading.total))
          : vscode.l10n.t('The catalogue is still loading (its first page). This reference resolves when it is ready.');
      return new vscode.Hover(markdown().appendMarkdown(escaped(text)), range);
    }
    if (index === 'noIndex') {
      return new vscode.Hover(
        markdown().appendMarkdown(
          vscode.l10n.t(
            'The catalogue index is not built yet, so references are not resolved. [Find Standard…]({0}) builds it.',
            'command:standardsExplorer.findStandard',
          ),
        ),
        range,
      );
    }
    const standard = this.resolver.resolve(index, citation);
    if (token.isCancellationRequested) return undefined;
    if (!standard) return isJudged(citation) ? new vscode.Hover(unresolvedHover(citation), range) : undefined;
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      return new vscode.Hover(await this.content(citation, standard, controller.signal), range);
    } finally {
      cancel.dispose();
    }
  }

  private async content(citation: Citation, standard: ResolvedStandard, signal: AbortSignal): Promise<vscode.MarkdownString> {
    const ref = standardRefOf(standard);
    const md = markdown();
    md.appendMarkdown('**')
      .appendMarkdown(escaped(standardLabel(ref)))
      .appendMarkdown('**');
    if (standard.entry.title) md.appendMarkdown(escaped(` — ${displayText(standard.entry.title)}`));
    md.appendMarkdown('\n\n')
      .appendMarkdown(escaped(statusLine(standard)))
      .appendMarkdown('\n\n');
    for (const note of citationNotes(citation, standard)) md.appendMarkdown('*').appendMarkdown(escaped(note)).appendMarkdown('*\n\n');

    const budget = new RequestBudget();
    const { clause, problem } = await this.citedClause(citation, ref, signal, budget);
    const links: string[] = [];
    if (clause) {
      md.appendMarkdown('---\n\n**')
        .appendMarkdown(escaped(clauseLabel(clause)))
        .appendMarkdown('**\n\n');
      // A clause found by a locator it does not match exactly ("9.4.2" in 9.4) says so under its heading.
      if (problem) md.appendMarkdown('*').appendMarkdown(escaped(problem)).appendMarkdown('*\n\n');
      const paragraph = await this.paragraphOf(clause, signal, budget);
      if (paragraph === LATER)
        md.appendMarkdown('*')
          .appendMarkdown(escaped(vscode.l10n.t('Hover again to read its first paragraph.')))
          .appendMarkdown('*\n\n');
      else if (paragraph) md.appendMarkdown(escaped(paragraph)).appendMarkdown('\n\n');
      links.push(link(vscode.l10n.t('Open Clause'), 'standardsExplorer.openClause', clause));
      links.push(link(vscode.l10n.t('Open JSON to the Side'), 'standardsExplorer.openClauseJson', clause));
      if (clause.id) links.push(link(vscode.l10n.t('Copy Link'), 'standardsExplorer.copyClauseLink', clause));
    } else if (problem) {
      md.appendMarkdown(escaped(problem)).appendMarkdown('\n\n');
    }
    links.push(link(vscode.l10n.t('Show in Standards View'), 'standardsExplorer.revealStandard', ref));
    if (standard.replacedBy)
      links.push(
        link(vscode.l10n.t('Open {0}', standardLabel(standard.replacedBy)), OPEN_CITATION, {
          ...targetOf(citation, { ...standard, entry: standard.replacedBy }),
          clauseId: undefined,
        }),
      );
    md.appendMarkdown(links.join(' · '));
    return md;
  }

  /** The cited clause, or a line saying why there is none (not found, a table, offline…). */
  private async citedClause(
    citation: Citation,
    standard: StandardRef,
    signal: AbortSignal,
    budget: RequestBudget,
  ): Promise<{ clause?: ClauseRef; problem?: string }> {
    const label = standardLabel(standard);
    try {
      if (citation.kind === 'clauseUri') {
        const clause = (await this.clausesOf(citation.urn, signal, budget)).find((c) => c.clauseId === citation.clauseId);
        return clause
          ? { clause: clauseRefOf({ ...standard, urn: citation.urn }, clause) }
          : { problem: vscode.l10n.t('{0} has no such clause any more.', label) };
      }
      if (citation.kind !== 'reference' || !citation.locator) return {};
      if (!namesClause(citation.locator))
        return { problem: vscode.l10n.t('{0} is inside a clause; the clause list cannot say which.', locatorLabel(citation.locator)) };
      const found = resolveLocator(await this.clausesOf(standard.urn, signal, budget), citation.locator);
      if (!found) return { problem: vscode.l10n.t('{0} has no {1}.', label, locatorLabel(citation.locator)) };
      const clause = clauseRefOf(standard, found.clause);
      return found.exact
        ? { clause }
        : { clause, problem: vscode.l10n.t('{0} is not in the clause list; this is the clause that holds it.', locatorLabel(citation.locator)) };
    } catch (error) {
      return { problem: unavailable(error, this.session) };
    }
  }

  /** The clause list, as an earlier hover or click fetched it, else from the service (the hover's one request). */
  private async clausesOf(urn: string, signal: AbortSignal, budget: RequestBudget): Promise<readonly Clause[]> {
    const known = this.resolver.glances.clauses(urn);
    if (known) return known;
    // Always affordable: the clause list is the first thing a hover may fetch.
    budget.spend();
    return this.resolver.clauseList(urn, signal);
  }

  /** The first paragraph: known, fetched with the hover's request when it is still unspent, or LATER. */
  private async paragraphOf(clause: ClauseRef, signal: AbortSignal, budget: RequestBudget): Promise<string | undefined | typeof LATER> {
    const known = this.resolver.glances.paragraph(clause.urn, clause.clauseId);
    if (known !== undefined) return known ?? undefined;
    if (!budget.spend()) return LATER;
    try {
      const paragraph = firstParagraph(await (await this.session.service()).getClause(clause.urn, clause.clauseId, signal));
      this.resolver.glances.rememberParagraph(clause.urn, clause.clauseId, paragraph);
      return paragraph;
    } catch {
      // The heading and the commands are worth showing without it.
      return undefined;
    }
  }
}

/**
 * "ISO 9001:2008 is not in this catalogue — search for it": the search is Find Standard… with the reference as its
 * query (the argument goes in as URI-encoded JSON: markdownLinks.ts).
 */
function unresolvedHover(citation: Exclude<Citation, { kind: 'clauseUri' }>): vscode.MarkdownString {
  const cited = citation.kind === 'reference' ? writtenReference(citation) : citation.urn;
  const md = markdown();
  md.appendMarkdown(
    vscode.l10n.t(
      '**{0}** is not in this catalogue — [search for it]({1})',
      escaped(cited),
      commandTarget('standardsExplorer.findStandard', { prefill: cited }),
    ),
  );
  md.appendMarkdown('\n\n').appendMarkdown(
    escaped(vscode.l10n.t('Check the number, part and year as written, or whether the standard comes from a publisher outside the catalogue.')),
  );
  return md;
}

/** The first paragraph waits for the next hover: this one has sent its request. */
const LATER = Symbol('later');

function markdown(): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = { enabledCommands: HOVER_COMMANDS };
  return md;
}

function unavailable(error: unknown, session: ServiceAccess): string {
  const message = error instanceof Error ? error.message : String(error);
  return session.baseUrl ? vscode.l10n.t('The clause could not be loaded: {0}', message) : vscode.l10n.t('Not signed in.');
}
