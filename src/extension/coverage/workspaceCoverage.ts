/**
 * The Coverage view: every clause of one edition in document order, each with the places in the workspace that cite
 * it and a status — addressed, not applicable (a `standards: not-applicable` line or the folder config's
 * `notApplicable`, with its reason), or open — and the counts above. It is computed in the core
 * (core/compliance) from what the References view has read, and again a moment after that changes (the
 * References view reads changed files only), so typing is never held up. Citations of clauses the edition does not
 * have are listed as problems and shown as diagnostics. Export Coverage… writes the mapping table auditors ask for.
 */
import * as vscode from 'vscode';
import { coverageFromSources, annexObligations, configJustifications, type CoverageSources } from '../../core/compliance/coverageSources';
import type { CoverageReport, Obligation } from '../../core/compliance/coverage';
import { coverageOutline, type OutlineNode } from '../../core/compliance/coverageOutline';
import { formatCoverage, type CoverageFormat } from '../../core/compliance/coverageFormats';
import type { Justification } from '../../core/compliance/justifications';
import { yieldNow } from '../../core/service/yieldNow';
import { Disposable } from '../../core/lifecycle';
import type { Clause } from '../../core/service/types';
import type { ServiceAccess } from '../connection/serviceAccess';
import type { CitationResolver } from '../workspaceCitations/citationResolver';
import type { WorkspaceReferences } from '../references/referencesView';
import type { WorkspaceStandardsFiles } from '../workspaceCitations/workspaceStandardsFiles';
import { noticeText } from '../errorText';
import { showInformation } from '../notify';
import { coverageItem, type CoverageNode } from './coverageNodes';
import { unavailableNode, type MessageNode } from '../references/referenceNodes';

/** The standard last shown, per workspace: the view shows it again after a reload. */
const STATE_KEY = 'standardsExplorer.coverage.standard';
const REFRESH_DELAY_MS = 300;
const SOURCE = 'Standards Explorer';
/** A column past the end of any line: the editor fits the range to the line. */
const WHOLE_LINE = 100_000;
const EXPORT_FORMATS: Record<string, CoverageFormat> = { md: 'md', markdown: 'md', csv: 'csv', html: 'html', htm: 'html', json: 'json' };

export interface CoveredStandard {
  urn: string;
  reference: string;
}

/** A standard the workspace cites, for the palette's choice. */
export interface CitedStandard extends CoveredStandard {
  title: string;
  count: number;
}

export class WorkspaceCoverage extends Disposable implements vscode.TreeDataProvider<CoverageNode> {
  private standard: CoveredStandard | undefined;
  private sources: CoverageSources | undefined;
  private report: CoverageReport | undefined;
  /** Why there is no report (signed out, the service failed), with what to do. */
  private failure: MessageNode | undefined;
  private openOnly = false;
  private normativeOnly = true;
  private readonly obligations = new Map<string, Promise<Map<string, Obligation>>>();
  /** The config files of the folders, as the justifications name them (workspace-relative). */
  private readonly configUris = new Map<string, vscode.Uri>();
  private readonly diagnostics = this.register(vscode.languages.createDiagnosticCollection('standardsExplorer.coverage'));
  private readonly changed = this.register(new vscode.EventEmitter<CoverageNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private readonly updated = this.register(new vscode.EventEmitter<CoverageReport | undefined>());
  /** Fired after each computation (for the view's counts and for tests). */
  readonly onDidUpdate = this.updated.event;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly references: WorkspaceReferences,
    private readonly resolver: CitationResolver,
    private readonly session: ServiceAccess,
    private readonly files: WorkspaceStandardsFiles,
    private readonly state: vscode.Memento,
  ) {
    super();
    this.standard = coveredStandardOf(state.get(STATE_KEY));
    this.register(references.onDidChangeTreeData(() => this.schedule()));
    this.register(files.onDidChange(({ file }) => file === 'config' && this.schedule()));
    this.register(
      resolver.onDidChange(() => {
        // Another connection or catalogue: the annexes' bodies are read again.
        this.obligations.clear();
        this.schedule();
      }),
    );
    this.register({ dispose: () => clearTimeout(this.timer) });
  }

  /** The standard shown, if any. */
  get shown(): CoveredStandard | undefined {
    return this.standard;
  }

  /** The last report computed (undefined before the first, or when it failed). */
  get current(): CoverageReport | undefined {
    return this.report;
  }

  get filters(): { openOnly: boolean; normativeOnly: boolean } {
    return { openOnly: this.openOnly, normativeOnly: this.normativeOnly };
  }

  /** Shows the coverage of `standard` (and remembers it for this workspace); resolves with its report. */
  async show(standard: CoveredStandard): Promise<CoverageReport | undefined> {
    this.standard = { urn: standard.urn, reference: standard.reference || standard.urn };
    this.sources = undefined;
    this.report = undefined;
    this.failure = undefined;
    await this.state.update(STATE_KEY, this.standard);
    return this.refresh();
  }

  /** Open clauses only, or every clause. */
  showOpenOnly(openOnly: boolean): void {
    this.openOnly = openOnly;
    this.changed.fire(undefined);
    this.updated.fire(this.report);
  }

  /** Normative clauses only (the default), or informative ones too: the counts change with it. */
  showNormativeOnly(normativeOnly: boolean): void {
    this.normativeOnly = normativeOnly;
    this.rebuild();
  }

  /** "41 of 57 clauses addressed, 6 not applicable, 10 open", for the view's message. */
  summary(): string | undefined {
    if (!this.report) return undefined;
    const { counts } = this.report;
    const line = vscode.l10n.t('{0} of {1} clauses addressed, {2} not applicable, {3} open', counts.addressed, counts.total, counts.notApplicable, counts.open);
    return this.openOnly ? vscode.l10n.t('{0} · open clauses shown', line) : line;
  }

  /** The standards the workspace cites, most cited first: what the palette offers. */
  async citedStandards(): Promise<CitedStandard[]> {
    await this.references.ready();
    const standards = await this.references.citedStandards();
    if ('unavailable' in standards) return [];
    return standards
      .map((group) => ({ urn: group.urn, reference: group.standard, title: group.title, count: group.count }))
      .sort((a, b) => b.count - a.count || a.reference.localeCompare(b.reference));
  }

  /** Computes the coverage again now (after any computation under way); resolves with the report. */
  refresh(): Promise<CoverageReport | undefined> {
    clearTimeout(this.timer);
    const run = this.queue.then(() => this.compute());
    this.queue = run;
    return run.then(() => this.report);
  }

  async getChildren(node?: CoverageNode): Promise<CoverageNode[]> {
    if (!node) {
      // No standard chosen: the view's welcome content offers the choice.
      if (!this.standard) return [];
      if (!this.report && !this.failure) await this.refresh();
      if (this.failure || !this.report) return this.failure ? [this.failure] : [];
      const { report } = this;
      const roots: CoverageNode[] = [];
      if (report.problems.length) roots.push({ kind: 'problems', problems: report.problems.map((problem) => ({ problem, uri: this.uriOf(problem.file) })) });
      const outline = coverageOutline(report.rows, { openOnly: this.openOnly });
      if (!outline.length) {
        roots.push({
          kind: 'message',
          text: this.openOnly
            ? vscode.l10n.t('No open clauses: every clause shown is addressed or not applicable.')
            : vscode.l10n.t('{0} lists no clauses.', report.standard.reference),
        });
      }
      return [...roots, ...outline.map((o) => this.clauseNode(o))];
    }
    if (node.kind === 'problems') return node.problems.map(({ problem, uri }) => ({ kind: 'problem', problem, uri }));
    if (node.kind !== 'coverageClause') return [];
    const { row, children } = node.outline;
    const places: CoverageNode[] = row.citedAt.map((place) => ({ kind: 'place', place, uri: this.uriOf(place.file) }));
    if (row.justification) places.push({ kind: 'place', place: row.justification, uri: this.uriOf(row.justification.file), reason: row.justification.reason });
    return [...places, ...children.map((o) => this.clauseNode(o))];
  }

  getTreeItem(node: CoverageNode): vscode.TreeItem {
    return coverageItem(node);
  }

  /**
   * Writes the report to `target` (Markdown, CSV, HTML or JSON by its extension), asking where when not given;
   * returns the file. Every clause is written, whatever the view's open-only filter: a mapping table lists them all.
   */
  async export(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const standard = this.standard;
    if (!standard) throw new Error(vscode.l10n.t('Choose a standard first: Show Coverage of a Standard… in the Coverage view or the Command Palette.'));
    const report = this.report ?? (await this.refresh());
    if (!report) throw new Error(this.failure?.text ?? vscode.l10n.t('The coverage of {0} could not be computed.', standard.reference));
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri =
      target ??
      (await vscode.window.showSaveDialog({
        title: vscode.l10n.t('Export Coverage'),
        defaultUri: folder && vscode.Uri.joinPath(folder, `coverage-${fileNameOf(standard.reference)}.md`),
        filters: { Markdown: ['md'], CSV: ['csv'], HTML: ['html'] },
      }));
    if (!uri) return undefined;
    const extension = uri.path.slice(uri.path.lastIndexOf('.') + 1).toLowerCase();
    const format = EXPORT_FORMATS[extension];
    if (!format) throw new Error(vscode.l10n.t('{0}: Export Coverage writes .md, .csv, .html or .json files; choose a name with one of these.', uri.fsPath));
    // The report quotes citations: it is not a source of them (core/generatedReports.ts says so in the file too).
    this.references.ignore(uri);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(formatCoverage(report, format)));
    void showInformation(vscode.l10n.t('Exported the coverage of {0} to {1}.', report.standard.reference, vscode.workspace.asRelativePath(uri)));
    return uri;
  }

  private clauseNode(outline: OutlineNode): CoverageNode {
    const standard = this.report?.standard ?? { urn: '', reference: '' };
    return { kind: 'coverageClause', urn: standard.urn, clauseId: outline.row.clauseId, reference: standard.reference, outline };
  }

  /** A computation a moment after the last change: a burst of changed files is counted once. */
  private schedule(): void {
    if (!this.standard) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), REFRESH_DELAY_MS);
  }

  private async compute(): Promise<void> {
    const standard = this.standard;
    if (!standard || this.isDisposed) return;
    // Each step below takes milliseconds to tens of them over a large workspace, and what a step waits for is often
    // at hand already (a resolved promise gives no turn): without a turn between them, a computation held the host
    // 50–85 ms at a time (bench/referencesScan.ts, 5 000 files).
    const turn = async (): Promise<boolean> => {
      await yieldNow();
      return this.standard === standard && !this.isDisposed;
    };
    try {
      await this.references.ready();
      const index = await this.resolver.currentIndex();
      if (!(await turn())) return;
      const citations = await this.references.citationsOf(standard.urn);
      if (typeof index === 'string' || 'unavailable' in citations)
        return this.fail(
          unavailableNode(typeof index === 'string' ? index : 'noIndex', vscode.l10n.t('Sign in to see which clauses this workspace addresses.')),
        );
      if (!(await turn())) return;
      const clauses = await this.resolver.clauseList(standard.urn);
      if (!(await turn())) return;
      const [obligations, fromConfig] = await Promise.all([this.obligationsOf(standard.urn, clauses), this.configJustifications()]);
      // Another standard chosen meanwhile has its own computation.
      if (!(await turn())) return;
      const marks = this.references.justifications();
      const sources: CoverageSources = {
        standard,
        clauses,
        citations,
        justifications: [...marks.justifications, ...fromConfig].map((j) => ({ ...j, urn: this.resolver.resolve(index, j.citation)?.entry.urn })),
        justificationProblems: marks.problems,
        obligations,
      };
      if (!(await turn())) return;
      const { normativeOnly } = this;
      const report = coverageFromSources(sources, { normativeOnly });
      if (!(await turn())) return;
      this.sources = sources;
      this.failure = undefined;
      // A filter changed meanwhile: the report as it now filters.
      this.present(this.normativeOnly === normativeOnly ? report : coverageFromSources(sources, { normativeOnly: this.normativeOnly }));
    } catch (error) {
      if (this.standard !== standard) return;
      this.fail({
        kind: 'message',
        text: vscode.l10n.t('The coverage of {0} could not be computed: {1}', standard.reference, noticeText(error)),
        command: { command: 'standardsExplorer.refreshCoverage', title: vscode.l10n.t('Retry') },
      });
    }
  }

  private fail(message: MessageNode): void {
    this.sources = undefined;
    this.report = undefined;
    this.failure = message;
    this.diagnostics.clear();
    this.changed.fire(undefined);
    this.updated.fire(undefined);
  }

  /** The report from what was gathered, with the filters as they are; its problems as diagnostics. */
  private rebuild(): void {
    if (this.sources) this.present(coverageFromSources(this.sources, { normativeOnly: this.normativeOnly }));
  }

  /** The report in the view, and its problems as diagnostics. */
  private present(report: CoverageReport): void {
    this.report = report;
    this.publishProblems(report);
    this.changed.fire(undefined);
    this.updated.fire(this.report);
  }

  private publishProblems(report: CoverageReport): void {
    const byFile = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    for (const problem of report.problems) {
      const uri = this.uriOf(problem.file);
      if (!uri) continue;
      const line = problem.line - 1;
      const diagnostic = new vscode.Diagnostic(new vscode.Range(line, 0, line, WHOLE_LINE), problem.why, vscode.DiagnosticSeverity.Warning);
      diagnostic.source = SOURCE;
      // As the command line names it (core/check/rules.ts); a justification that justifies nothing has its own.
      diagnostic.code = problem.cited === 'standards: not-applicable' ? 'not-applicable' : 'missing-clause';
      const entry = byFile.get(uri.toString()) ?? { uri, diagnostics: [] };
      entry.diagnostics.push(diagnostic);
      byFile.set(uri.toString(), entry);
    }
    this.diagnostics.clear();
    for (const { uri, diagnostics } of byFile.values()) this.diagnostics.set(uri, diagnostics);
  }

  /** Whether each annex is normative, read from its body once per connection (a body not readable counts as normative). */
  private obligationsOf(urn: string, clauses: readonly Clause[]): Promise<Map<string, Obligation>> {
    let known = this.obligations.get(urn);
    if (!known) {
      known = this.session.service().then((service) => annexObligations(clauses, (clauseId) => service.getClause(urn, clauseId).catch(() => undefined)));
      // A failure is not kept: the next computation asks again.
      known.catch(() => this.obligations.delete(urn));
      this.obligations.set(urn, known);
    }
    return known;
  }

  /** Each folder's config `notApplicable` entries, placed at their line of the config. */
  private async configJustifications(): Promise<Justification[]> {
    const all: Justification[] = [];
    this.configUris.clear();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const { config, configSource } = await this.files.forFolder(folder);
      if (!config.notApplicable?.length || !configSource) continue;
      const file = vscode.workspace.asRelativePath(configSource.uri);
      this.configUris.set(file, configSource.uri);
      all.push(...configJustifications(config.notApplicable, file, configSource.text));
    }
    return all;
  }

  private uriOf(file: string): vscode.Uri | undefined {
    return this.references.uriOfFile(file) ?? this.configUris.get(file);
  }
}

/** What the workspace state held, when it is still a standard (a state of another version is dropped). */
function coveredStandardOf(value: unknown): CoveredStandard | undefined {
  const candidate = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof CoveredStandard, unknown>>;
  return typeof candidate.urn === 'string' && typeof candidate.reference === 'string' ? { urn: candidate.urn, reference: candidate.reference } : undefined;
}

/** "IEC 62304:2006+AMD1:2015" → "iec-62304-2006-amd1-2015". */
function fileNameOf(reference: string): string {
  return (
    reference
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'standard'
  );
}
