/**
 * The diagnostics of references in open documents:
 * - outdated editions: a withdrawn edition, or one older than the current edition of the same number and part
 *   ("ISO 17301-1:2016 has been replaced by ISO 17301-1:2023"), with a Quick Fix that rewrites the reference to the
 *   current edition and keeps its clause locator, and one that opens the cited clause of both editions side by side;
 * - changed clauses: a cited clause whose text changed since it was reviewed (the folder's standards.lock), with the
 *   Quick Fixes Compare with the Reviewed Version and Mark as Reviewed;
 * - references the catalogue has no record of (check's `unknown` rule);
 * - undated references, when the folder's standards.config.json asks for them.
 * Each rule's severity is the one `standards-explorer check` gives it: the shared table (core/check/severities.ts),
 * or the folder's standards.config.json `rules`. The `standardsExplorer.diagnostics` setting, when a user set a level
 * (hint, information, warning), keeps setting the outdated editions' level where the config does not; `off` turns
 * every diagnostic off. Open documents are checked a moment after they change (debounced), visible lines first; a
 * newer change cancels a check under way.
 */
import * as vscode from 'vscode';
import { standardLabel } from '../../core/labels';
import type { CitationResolver } from '../workspaceCitations/citationResolver';
import { locatorLabel, targetOf } from '../../core/citations/citationTarget';
import { COMPARE_CITED, comparableLocator, type CitedEditions } from './compareCited';
import { writtenReference, type Citation } from '../../core/citations/recognise';
import { outdatedEdition, outdatedRule, replacementText } from '../../core/citations/outdated';
import { citationEdits } from '../../core/check/citationEdits';
import type { ReportedSeverity, RuleId } from '../../core/check/rules';
import { reportedSeverityOf } from '../../core/check/severities';
import { clauseShortName } from '../../core/labels';
import type { ClauseReviews, CitedClauseReview, ReviewedClauseArgs } from '../workspaceCitations/clauseReviews';
import { COMPARE_REVIEWED, MARK_REVIEWED } from '../../core/citations/ids';
import { isCitedUri } from '../workspaceCitations/citedDocuments';

export const DIAGNOSTICS_SETTING = 'standardsExplorer.diagnostics';
export const OUTDATED_CODE = 'outdatedEdition';
export const CHANGED_CODE = 'clauseChanged';
export const UNDATED_CODE = 'undatedReference';
export const UNKNOWN_CODE = 'unknownStandard';
const SOURCE = 'Standards Explorer';
const DEBOUNCE_MS = 400;
/** Bigger documents are not checked as you type (links and hovers still work in them). */
const MAX_DOCUMENT_LENGTH = 5_000_000;

/** The setting's values: `default` is the shared table's severities (as `check`); the others, a user's own level. */
type Level = 'default' | 'off' | 'hint' | 'information' | 'warning';
const SEVERITY: Record<Exclude<Level, 'off' | 'default'>, vscode.DiagnosticSeverity> = {
  hint: vscode.DiagnosticSeverity.Hint,
  information: vscode.DiagnosticSeverity.Information,
  warning: vscode.DiagnosticSeverity.Warning,
};
/** The config's severities (as the command line names them) in the editor. */
const CHECK_SEVERITY: Record<ReportedSeverity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  note: vscode.DiagnosticSeverity.Information,
};

/** What a changed-clause diagnostic knows for its Quick Fixes. */
interface ChangedClause {
  diagnostic: vscode.Diagnostic;
  args: ReviewedClauseArgs;
}

export function isCheckedDocument(document: vscode.TextDocument): boolean {
  return isCitedUri(document.uri) && document.getText().length <= MAX_DOCUMENT_LENGTH;
}

export class OutdatedEditions implements vscode.Disposable, vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];
  readonly collection = vscode.languages.createDiagnosticCollection('standardsExplorer');
  private readonly pending = new Map<string, { timer?: NodeJS.Timeout; source?: vscode.CancellationTokenSource }>();
  private readonly subscriptions: vscode.Disposable[];
  private readonly settled = new vscode.EventEmitter<vscode.Uri>();
  /** Fired when a document's diagnostics are published (for tests and the References view). */
  readonly onDidUpdate = this.settled.event;
  /** The changed clauses behind each document's diagnostics, for the Quick Fixes. */
  private readonly changedClauses = new Map<string, ChangedClause[]>();

  constructor(
    private readonly resolver: CitationResolver,
    private readonly reviews?: ClauseReviews,
  ) {
    this.subscriptions = [
      ...(reviews ? [reviews.onDidChange(() => this.refreshAll())] : []),
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, DEBOUNCE_MS)),
      vscode.workspace.onDidCloseTextDocument((d) => this.clear(d.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(DIAGNOSTICS_SETTING) && this.refreshAll()),
      resolver.onDidChange(() => this.refreshAll()),
    ];
    this.refreshAll();
  }

  dispose(): void {
    for (const uri of [...this.pending.keys()]) this.cancel(uri);
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
    this.settled.dispose();
  }

  refreshAll(): void {
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  /** Checks `document` now (tests) and resolves when its diagnostics are published. */
  async check(document: vscode.TextDocument): Promise<readonly vscode.Diagnostic[]> {
    this.cancel(document.uri.toString());
    await this.run(document, new vscode.CancellationTokenSource());
    return this.collection.get(document.uri) ?? [];
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    if (!isCheckedDocument(document)) return;
    const key = document.uri.toString();
    this.cancel(key);
    const source = new vscode.CancellationTokenSource();
    const timer = setTimeout(() => void this.run(document, source), delay);
    this.pending.set(key, { timer, source });
  }

  private cancel(key: string): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.source?.cancel();
    pending.source?.dispose();
    this.pending.delete(key);
  }

  private clear(uri: vscode.Uri): void {
    this.cancel(uri.toString());
    this.collection.delete(uri);
    this.changedClauses.delete(uri.toString());
    this.resolver.forget(uri);
  }

  private async run(document: vscode.TextDocument, source: vscode.CancellationTokenSource): Promise<void> {
    const level = vscode.workspace.getConfiguration('standardsExplorer', document.uri).get<Level>('diagnostics', 'default');
    if (level === 'off' || document.isClosed) {
      this.collection.delete(document.uri);
      this.changedClauses.delete(document.uri.toString());
      return;
    }
    const version = document.version;
    const visible = vscode.window.visibleTextEditors.filter((e) => e.document === document).flatMap((e) => e.visibleRanges);
    const [both, files] = await Promise.all([this.resolver.resolveDocument(document, source.token, visible), this.reviews?.files.forUri(document.uri)]);
    const stale = (): boolean => source.token.isCancellationRequested || document.version !== version || document.isClosed;
    if (stale()) return;
    const ownLevel = level in SEVERITY ? SEVERITY[level as keyof typeof SEVERITY] : undefined;
    // As check reports it: the folder's standards.config.json, else the user's own level (outdated editions only),
    // else the shared table.
    const severity = (rule: RuleId): vscode.DiagnosticSeverity | undefined => {
      if (!files?.config.rules?.[rule] && ownLevel !== undefined && (rule === 'withdrawn' || rule === 'superseded')) return ownLevel;
      const reported = reportedSeverityOf(rule, files?.config.rules);
      return reported && CHECK_SEVERITY[reported];
    };
    const resolved = typeof both === 'string' ? both : both.resolved;
    const diagnostics: vscode.Diagnostic[] = [];
    const add = (citation: Citation, message: string, code: string, level: vscode.DiagnosticSeverity | undefined): vscode.Diagnostic | undefined => {
      if (level === undefined) return undefined;
      // The reference alone: the locator, before or after it, is not what is outdated, and the Quick Fix keeps it.
      const [start, end] = citation.kind === 'reference' ? [citation.referenceStart, citation.referenceEnd] : [citation.start, citation.end];
      const diagnostic = new vscode.Diagnostic(new vscode.Range(citation.line, start, citation.line, end), message, level);
      diagnostic.source = SOURCE;
      diagnostic.code = code;
      diagnostics.push(diagnostic);
      return diagnostic;
    };
    const changed: ChangedClause[] = [];
    if (typeof resolved !== 'string') {
      for (const { citation, standard } of resolved) {
        // Informal citations ("IEC62304") are linked and hovered, never judged: they are of low confidence.
        if (citation.kind === 'clauseUri' || (citation.kind === 'reference' && citation.reference.informal)) continue;
        const cited = citation.kind === 'reference' ? writtenReference(citation) : standardLabel(standard.entry);
        if (citation.kind === 'reference' && !citation.reference.year) {
          add(
            citation,
            vscode.l10n.t('{0} names no edition year (it resolves to {1})', cited, standardLabel(standard.entry)),
            UNDATED_CODE,
            severity('undated'),
          );
        }
        const outdated = outdatedEdition(standard);
        if (!outdated) continue;
        const message =
          outdated.kind === 'replaced'
            ? vscode.l10n.t('{0} has been replaced by {1}', cited, standardLabel(outdated.by))
            : vscode.l10n.t('{0} is {1}; the catalogue has no current edition of it', cited, outdated.status);
        add(citation, message, OUTDATED_CODE, severity(outdatedRule(standard, outdated)));
      }
      for (const citation of typeof both === 'string' ? [] : both.unresolved) {
        const cited = citation.kind === 'reference' ? writtenReference(citation) : citation.text;
        add(citation, vscode.l10n.t('{0} is not in this catalogue', cited), UNKNOWN_CODE, severity('unknown'));
      }
      for (const review of this.reviews ? await this.reviews.reviewsOf(document, resolved, source.token) : []) {
        if (review.review.state !== 'changed') continue;
        const diagnostic = add(review.citation, changedMessage(review), CHANGED_CODE, severity('changed'));
        if (diagnostic) changed.push({ diagnostic, args: reviewArgs(review) });
      }
      if (stale()) return;
    }
    this.collection.set(document.uri, diagnostics);
    this.changedClauses.set(document.uri.toString(), changed);
    this.settled.fire(document.uri);
  }

  /**
   * For each outdated-edition diagnostic in range: "Replace with ISO 17301-1:2023", and, when the reference names a
   * clause, "Compare §5 of ISO 17301-1:2016 and ISO 17301-1:2023 side by side" (compareCited.ts).
   */
  async provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const changed = this.changedActions(document, context);
    const ours = context.diagnostics.filter((d) => d.source === SOURCE && d.code === OUTDATED_CODE);
    if (!ours.length) return changed;
    const index = await this.resolver.currentIndex();
    if (typeof index === 'string') return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of ours) {
      const citation = this.resolver.citationAt(document, diagnostic.range.start);
      const standard = citation && this.resolver.resolve(index, citation);
      const current = standard?.replacedBy;
      if (!citation || !current || citation.kind === 'clauseUri') continue;
      const replacement = replacementText(citation, current);
      if (replacement) {
        // The edit `standards-explorer fix` makes (core/check/citationEdits.ts), worked out on the citation's line.
        // One it would leave (the clause may be numbered differently) is offered to the person, never preferred.
        const { start, end } = diagnostic.range;
        const line = document.lineAt(start.line).text;
        const finding = {
          rule: 'superseded',
          line: 1,
          column: start.character + 1,
          endColumn: end.character + 1,
          cited: line.slice(start.character, end.character),
          fix: replacement,
        } as const;
        const { edits } = citationEdits(line, [finding]);
        const action = new vscode.CodeAction(vscode.l10n.t('Replace with {0}', replacement), vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        const [edit] = edits;
        if (edit) action.edit.replace(document.uri, new vscode.Range(start.line, edit.start, start.line, edit.end), edit.newText);
        else action.edit.replace(document.uri, diagnostic.range, replacement);
        action.diagnostics = [diagnostic];
        action.isPreferred = edit !== undefined;
        actions.push(action);
      }
      // Offered without a request: the clause lists are read when it is chosen.
      const locator = citation.kind === 'reference' ? citation.locator : undefined;
      if (citation.kind === 'reference' && comparableLocator(locator)) {
        const title = vscode.l10n.t('Compare {0} of {1} and {2} side by side', locatorLabel(locator), writtenReference(citation), standardLabel(current));
        const editions: CitedEditions = { cited: targetOf(citation, standard), current: targetOf(citation, { ...standard, entry: current }) };
        const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        action.command = { command: COMPARE_CITED, title, arguments: [editions] };
        action.diagnostics = [diagnostic];
        actions.push(action);
      }
    }
    return [...actions, ...changed];
  }

  /** Compare with the Reviewed Version and Mark as Reviewed, for each changed-clause diagnostic in the context. */
  private changedActions(document: vscode.TextDocument, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const known = this.changedClauses.get(document.uri.toString()) ?? [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== SOURCE || diagnostic.code !== CHANGED_CODE) continue;
      const found = known.find((k) => k.diagnostic.range.isEqual(diagnostic.range) && k.diagnostic.message === diagnostic.message);
      if (!found) continue;
      for (const [title, command, preferred] of [
        [vscode.l10n.t('Compare with the Reviewed Version'), COMPARE_REVIEWED, true],
        [vscode.l10n.t('Mark as Reviewed'), MARK_REVIEWED, false],
      ] as const) {
        const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        action.command = { command, title, arguments: [found.args] };
        action.diagnostics = [diagnostic];
        action.isPreferred = preferred;
        actions.push(action);
      }
    }
    return actions;
  }
}

/** "Clause 7.1 of ISO 14971:2019 changed since it was reviewed on 2026-03-01 (by Ada)". */
function changedMessage({ clause, standard, review }: CitedClauseReview): string {
  if (review.state !== 'changed') return '';
  const { on, by } = review.locked.reviewed;
  const name = clauseShortName(clause);
  const edition = standardLabel(standard.entry);
  return by
    ? vscode.l10n.t('{0} of {1} changed since it was reviewed on {2} by {3}', name, edition, on, by)
    : vscode.l10n.t('{0} of {1} changed since it was reviewed on {2}', name, edition, on);
}

export function reviewArgs({ folder, standard, clause }: Pick<CitedClauseReview, 'folder' | 'standard' | 'clause'>): ReviewedClauseArgs {
  return {
    folder: folder.uri.toString(),
    urn: standard.entry.urn,
    ...(standard.entry.reference ? { reference: standard.entry.reference } : {}),
    clauseId: clause.clauseId,
  };
}
