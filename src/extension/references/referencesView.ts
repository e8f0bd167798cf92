/**
 * The References view: every citation in the workspace grouped standard → clause → file:line, with counts and
 * outdated editions marked. The first time the view is shown, the files matching `standardsExplorer.references.include`
 * (less `files.exclude`) are read in small batches with progress; from then on, a file is read again when it
 * changes on disk or in an editor. Recognition is kept per file; resolution uses the catalogue index, so the view
 * follows a rebuilt index without reading anything again. Export References… writes the matrix as CSV or Markdown.
 * A cited clause whose text changed since its review (the folder's standards.lock) is marked, with Compare with the
 * Reviewed Version and Mark as Reviewed on it.
 */
import * as vscode from 'vscode';
import { countNotRead, type NotRead } from '../../core/scan/fileBytes';
import type { CitationResolver } from '../workspaceCitations/citationResolver';
import type { CitationTarget } from '../../core/citations/citationTarget';
import { writtenReference, type Citation } from '../../core/citations/recognise';
import {
  groupReferences,
  summariseStandards,
  type Occurrence,
  type OccurrenceSays,
  type StandardGroup,
  type StandardSummary,
} from '../../core/citations/referenceReport';
import { exportReferences } from './referencesExport';
import { searchable } from './searchable';
import type { FoundJustifications } from '../../core/compliance/justifications';
import type { FileCitations } from './fileCitations';
import { forget, readFiles, scanFiles, withScanWorker, type ScanInto } from './workspaceScan';
import { CitingFiles } from './citingFiles';
import type { CoverageSources } from '../../core/compliance/coverageSources';
import { notReadNodes, referenceItem, referenceTarget, rootNodes, type ReferenceNode, type UnresolvedReference } from './referenceNodes';
import type { ClauseReviews, ReviewedClauseArgs } from '../workspaceCitations/clauseReviews';
import { reviewMark } from './reviewMark';
import { pacedRests } from '../../core/scan/scanPace';
import { CitationSayings, standingTally, type ScanTally } from './resolvedCitations';
import { scanProgress } from './scanProgress';

import { REFERENCES_VIEW } from '../../core/citations/ids';
import { withNotificationProgress } from '../notify';

export type { ReferenceNode } from './referenceNodes';
export { REFERENCES_VIEW };
export const INCLUDE_SETTING = 'references.include';
const CHANGE_DEBOUNCE_MS = 500;
/** A citation of one edition, as the Coverage view counts it. */
export type CitedPlace = CoverageSources['citations'][number];

export class WorkspaceReferences implements vscode.TreeDataProvider<ReferenceNode>, vscode.Disposable {
  /** Citations per file URI, as recognised (resolution happens when the tree is drawn). */
  /** The files read that cite a standard, and those not read (too large, binary): what the view shows. */
  private shown: ScanInto = { files: new Map(), notRead: new Map() };
  /**
   * What a scan under way has read so far: it replaces `files` when the scan ends, so that the view, its export and
   * the Coverage view never see a workspace half read (a config change rescans while they compute).
   */
  private scanInto: ScanInto | undefined;
  /**
   * What the last scan resolved as it read: the walks below use it while the files shown are the ones it read, and
   * let it go once they are not (it holds the files it read).
   */
  private tally: ScanTally | undefined;
  /** The URI of each file as the occurrences name it (workspace-relative). */
  private readonly uris = new Map<string, vscode.Uri>();
  /** The file `nameOf` named last. */
  private named: { read: FileCitations; name: string } | undefined;
  /** What each file's citations say once resolved, kept while its citations and the index are the same. */
  private readonly sayings: CitationSayings;
  private scanning: Promise<number> | undefined;
  private scanned = false;
  private readonly changed = new vscode.EventEmitter<ReferenceNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly dirty = new Map<string, vscode.Uri>();
  /** Files this view exported: a report of the references is not a source of them. */
  private readonly exported = new Set<string>();
  /** Every file the last scan found (with references or not): others are checked against files.exclude first. */
  private readonly found = new Set<string>();
  private dirtyTimer: NodeJS.Timeout | undefined;
  /** Which files a scan reads, and whether a changed file is one of them. */
  private readonly citing: CitingFiles;
  private watcher: vscode.FileSystemWatcher | undefined;
  private watched: string | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly resolver: CitationResolver,
    /** The glob of `standardsExplorer.references.include`, as the settings checked it (config.ts). */
    private readonly includeSetting: () => string,
    private readonly reviews?: ClauseReviews,
    /** Where a scan says its worker could not run (VS Code's search and the host's thread stood in). */
    private readonly log?: Pick<vscode.LogOutputChannel, 'warn'>,
  ) {
    this.sayings = new CitationSayings(resolver);
    this.citing = new CitingFiles(() => this.include(), reviews, log);
    this.subscriptions = [
      ...(reviews ? [reviews.onDidChange(({ file }) => file === 'lock' && this.changed.fire(undefined))] : []),
      resolver.onDidChange(() => this.changed.fire(undefined)),
      vscode.workspace.onDidChangeTextDocument((e) => this.scanned && this.shown.files.has(e.document.uri.toString()) && this.markDirty(e.document.uri)),
      // A saved file may cite a standard for the first time (the watcher also sees it, but not on every system); on disk
      // or in a remote or virtual workspace alike: markDirty keeps the workspace folders' files only.
      vscode.workspace.onDidSaveTextDocument((d) => this.scanned && this.citing.wanted(d.uri) && this.markDirty(d.uri)),
      // A folder's standards.config.json says which files are read.
      ...(reviews ? [reviews.files.onDidChange(({ file }) => file === 'config' && this.scanned && void this.scan())] : []),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`standardsExplorer.${INCLUDE_SETTING}`) && this.scanned) void this.scan();
      }),
    ];
  }

  dispose(): void {
    clearTimeout(this.dirtyTimer);
    this.watcher?.dispose();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }

  /** The include glob of the setting (files.exclude applies on top). */
  include(): string {
    return this.includeSetting();
  }

  /**
   * Reads every matching file again (one scan at a time), with progress in the view or, when `cancellable`, in a
   * notification with a Cancel button; resolves with the number of files read.
   */
  scan(cancellable = false): Promise<number> {
    this.scanning ??= (async () => {
      try {
        const run = (token?: vscode.CancellationToken, progress?: vscode.Progress<{ message?: string; increment?: number }>) => this.readAll(token, progress);
        return cancellable
          ? await withNotificationProgress({ title: vscode.l10n.t('Finding standards references'), cancellable: true }, (p, t) => run(t, p))
          : await vscode.window.withProgress({ location: { viewId: REFERENCES_VIEW } }, () => run());
      } finally {
        this.scanning = undefined;
        this.scanned = true;
        this.watch();
        this.changed.fire(undefined);
      }
    })();
    return this.scanning;
  }

  /**
   * Every resolved occurrence (of `standard` alone when given), for the export, the agent tools and an opened
   * standard; undefined with a reason when nothing can be resolved.
   */
  async occurrences(standard?: StandardSummary): Promise<Occurrence[] | { unavailable: 'signedOut' | 'noIndex' }> {
    const occurrences: Occurrence[] = [];
    const unavailable = await this.eachResolved(
      (read, citation, saying) => {
        if (!standard || (saying.standard === standard.standard && saying.urn === standard.urn))
          occurrences.push({ file: this.nameOf(read), line: citation.line + 1, text: citation.text, ...saying });
      },
      undefined,
      standard && ((tally) => tally.standards.placesOf(standard.urn, standard.standard)),
    );
    return unavailable ?? occurrences;
  }

  /**
   * The standards cited, with their counts, in the order of the view's first level: no occurrence is made per
   * citation (a hundred thousand of them made the first draw hold the host's collector), a standard's are made when
   * it is opened (`groupOf`).
   */
  async citedStandards(): Promise<StandardSummary[] | { unavailable: 'signedOut' | 'noIndex' }> {
    const cited = await this.citedAndUnresolved(false);
    return 'unavailable' in cited ? cited : cited.standards;
  }

  /** `standard` grouped by clause, from its occurrences alone: what opening it in the view shows. */
  async groupOf(standard: StandardSummary): Promise<StandardGroup | undefined> {
    const occurrences = await this.occurrences(standard);
    if ('unavailable' in occurrences) return undefined;
    return (await groupReferences(occurrences, pacedRests()))[0];
  }

  /**
   * Each citation of the files read that resolves, with its file and what it says (resolvedCitations.ts); the reason
   * when nothing can be resolved.
   */
  private async eachResolved(
    visit: (read: FileCitations, citation: Citation, saying: OccurrenceSays) => void,
    unresolved?: (read: FileCitations, citation: Citation) => void,
    placesIn?: (tally: ScanTally) => number[],
  ): Promise<{ unavailable: 'signedOut' | 'noIndex' } | undefined> {
    const index = await this.resolver.currentIndex();
    if (typeof index === 'string') return { unavailable: index };
    // Named again at each walk: the workspace's folders may have changed since.
    this.named = undefined;
    // The walk of one standard or edition goes to its citations alone while the last scan's tally stands.
    const tally = placesIn && (this.tally = standingTally(this.tally, index, this.shown.files));
    if (tally) await this.sayings.eachAt(tally, placesIn(tally), visit);
    else await this.sayings.each([...this.shown.files.values()], index, visit, unresolved);
    return undefined;
  }

  /**
   * The standards cited and, apart, the references the catalogue has no record of (the Unresolved group: check's
   * `unknown` findings), each with its places; from the last scan's tally while it stands, else from a walk over
   * every citation.
   */
  private async citedAndUnresolved(
    withUnresolved = true,
  ): Promise<{ standards: StandardSummary[]; unresolved: UnresolvedReference[] } | { unavailable: 'signedOut' | 'noIndex' }> {
    const unresolved = new Map<string, UnresolvedReference>();
    const note = (read: FileCitations, citation: Citation): void => {
      const reference = citation.kind === 'reference' ? writtenReference(citation) : citation.text;
      let found = unresolved.get(reference);
      if (!found) unresolved.set(reference, (found = { reference, places: [] }));
      found.places.push({ file: this.nameOf(read), line: citation.line + 1, text: citation.text, uri: read.uri });
    };
    const index = await this.resolver.currentIndex();
    const tally = typeof index === 'string' ? undefined : (this.tally = standingTally(this.tally, index, this.shown.files));
    let standards: StandardSummary[];
    if (tally) {
      this.named = undefined;
      standards = tally.standards.summaries();
      for (let p = 0; withUnresolved && p < tally.unresolved.length; p += 2) {
        const read = tally.files[tally.unresolved[p]];
        note(read, read.citations[tally.unresolved[p + 1]]);
      }
    } else {
      const says: OccurrenceSays[] = [];
      const unavailable = await this.eachResolved((_read, _citation, saying) => says.push(saying), withUnresolved ? note : undefined);
      if (unavailable) return unavailable;
      standards = await summariseStandards(says, pacedRests());
    }
    return { standards, unresolved: [...unresolved.values()].sort((a, b) => a.reference.localeCompare(b.reference)) };
  }

  /**
   * A file as occurrences name it (workspace-relative), remembered with its URI (`uriOf`); named when an occurrence
   * of it is made, once for a file's run of them (no closure or name per citation).
   */
  private nameOf(read: FileCitations): string {
    if (this.named?.read !== read) {
      this.named = { read, name: vscode.workspace.asRelativePath(read.uri) };
      this.uris.set(this.named.name, read.uri);
    }
    return this.named.name;
  }

  /**
   * The citations of one edition (`urn`), as the Coverage view counts them, the host given back every few
   * milliseconds. Undefined with a reason when nothing can be resolved.
   */
  async citationsOf(urn: string): Promise<CitedPlace[] | { unavailable: 'signedOut' | 'noIndex' }> {
    const places: CitedPlace[] = [];
    const unavailable = await this.eachResolved(
      (read, citation, saying) => {
        // Only a reference names a clause (a clause URL is not counted).
        if (citation.kind === 'reference' && saying.urn === urn)
          places.push({ file: this.nameOf(read), line: citation.line + 1, cited: citation.text, urn, locator: citation.locator, locators: citation.locators });
      },
      undefined,
      (tally) => tally.standards.placesOf(urn),
    );
    return unavailable ?? places;
  }

  /** Resolves when the workspace has been read once (reading it now if it has not, with progress as `scan` shows it). */
  async ready(cancellable = false): Promise<void> {
    if (!this.scanned) await this.scan(cancellable);
  }

  /** The `standards: not-applicable` lines of the files read (core/compliance/justifications.ts), and those that justify nothing. */
  justifications(): FoundJustifications {
    const all: FoundJustifications = { justifications: [], problems: [] };
    for (const { marks } of this.shown.files.values()) {
      all.justifications.push(...(marks?.justifications ?? []));
      all.problems.push(...(marks?.problems ?? []));
    }
    return all;
  }

  /** The URI of a file as occurrences name it (workspace-relative), once `occurrences` or `citationsOf` named it. */
  uriOfFile(file: string): vscode.Uri | undefined {
    return this.uris.get(file);
  }

  /** A report written into the workspace (an export) is not a source of references. */
  ignore(uri: vscode.Uri): void {
    this.exported.add(uri.toString());
    if (this.scanInto) forget(this.scanInto, uri);
    if (forget(this.shown, uri)) this.changed.fire(undefined);
  }

  /** The files the last scan listed but did not read, by reason: an export says them too. */
  notReadCounts(): Record<NotRead, number> {
    return countNotRead(this.shown.notRead.values());
  }

  /** The files read so far that cite a standard, relative to the workspace: for tests, to say what was counted. */
  get citingFiles(): string[] {
    return [...this.shown.files.values()].map(({ uri }) => vscode.workspace.asRelativePath(uri)).sort();
  }

  async getChildren(node?: ReferenceNode): Promise<ReferenceNode[]> {
    if (!node) {
      if (!this.scanned) await this.scan();
      const cited = await this.citedAndUnresolved();
      const roots = rootNodes(cited, { loading: this.resolver.loading, citing: this.shown.files.size, include: this.include() });
      // Last, whatever the view shows: the files it did not read.
      return [...roots, ...notReadNodes(this.shown.notRead.values())];
    }
    if (node.kind === 'unresolved') return node.references.map((reference) => ({ kind: 'unresolvedReference', reference }));
    if (node.kind === 'unresolvedReference') return node.reference.places.map((place) => ({ kind: 'unresolvedPlace', place }));
    if (node.kind === 'standard') {
      // Cited no more, or nothing resolvable (signed out), since the level was drawn: the refresh under way redraws it.
      const clauses = (await this.groupOf(node.group))?.clauses ?? [];
      const { group } = node;
      return Promise.all(
        clauses.map(async (clause) => ({
          kind: 'clause' as const,
          group,
          clause,
          review: this.reviews && (await reviewMark(this.reviews, this.resolver, group, clause, (o) => this.uriOf(o))),
        })),
      );
    }
    if (node.kind === 'clause') return node.clause.occurrences.map((occurrence) => ({ kind: 'occurrence', occurrence, uri: this.uriOf(occurrence) }));
    return [];
  }

  getTreeItem(node: ReferenceNode): vscode.TreeItem {
    return referenceItem(node);
  }

  /** The target of "Open Clause" on a standard or clause node. */
  targetOf(node: ReferenceNode): CitationTarget | undefined {
    return referenceTarget(node);
  }

  /** The changed clause a node of this view names (its context menu's commands), if it is one. */
  reviewArgsOf(node: unknown): ReviewedClauseArgs | undefined {
    const candidate = node as Partial<Extract<ReferenceNode, { kind: 'clause' }>> | undefined;
    return candidate?.kind === 'clause' ? candidate.review?.args : undefined;
  }

  /** Writes the matrix to `target` (CSV, or Markdown for .md), asking where when not given; returns the file. */
  export(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    return exportReferences(this, target);
  }

  private readAll(token?: vscode.CancellationToken, progress?: vscode.Progress<{ message?: string; increment?: number }>): Promise<number> {
    return withScanWorker(async (worker) => {
      const uris = (await this.citing.list(worker, token)).filter((u) => !this.exported.has(u.toString()));
      this.found.clear();
      for (const uri of uris) this.found.add(uri.toString());
      const next: ScanInto = { files: new Map(), notRead: new Map() };
      this.scanInto = next;
      // Read once per scan: the setting behind it is not free to read, and a scan reads thousands of files.
      const serviceBaseUrl = this.resolver.serviceBaseUrl;
      // The citations are resolved as they come, while the worker reads on: the first draw then finds them resolved.
      const index = await this.resolver.currentIndex();
      const ahead = typeof index === 'string' ? undefined : this.sayings.resolverAhead(index);
      try {
        return await scanFiles(uris, serviceBaseUrl, next, {
          stopped: () => token?.isCancellationRequested === true,
          after: scanProgress(progress, uris.length),
          kept: ahead?.keep,
          worker,
          log: this.log,
        });
      } finally {
        // Cancelled too: what was read is what the view shows, as before.
        this.shown = next;
        this.tally = ahead?.tally;
        this.scanInto = undefined;
      }
    });
  }

  private watch(): void {
    // A folder's config may include files the setting's glob does not: then every file is watched and judged here.
    const glob = this.citing.byConfig ? '**/*' : this.include();
    // The same glob as the scan before: its watcher goes on (one made anew costs VS Code's file watcher a start).
    if (this.watcher && this.watched === glob) return;
    this.watcher?.dispose();
    this.watched = glob;
    this.watcher = vscode.workspace.createFileSystemWatcher(glob);
    this.watcher.onDidCreate((uri) => this.markDirty(uri));
    this.watcher.onDidChange((uri) => this.markDirty(uri));
    this.watcher.onDidDelete((uri) => {
      if (this.scanInto) forget(this.scanInto, uri);
      if (forget(this.shown, uri)) this.changed.fire(undefined);
    });
  }

  /** Files changed on disk or in an editor are read again together, a moment after the last change. */
  private markDirty(uri: vscode.Uri): void {
    // The watcher's glob also matches files outside the workspace (user settings…).
    if (!vscode.workspace.getWorkspaceFolder(uri) || this.exported.has(uri.toString()) || (this.citing.byConfig && !this.citing.wanted(uri))) return;
    this.dirty.set(uri.toString(), uri);
    clearTimeout(this.dirtyTimer);
    this.dirtyTimer = setTimeout(() => void this.readDirty(), CHANGE_DEBOUNCE_MS);
  }

  private async readDirty(): Promise<void> {
    const dirty = [...this.dirty.values()];
    this.dirty.clear();
    const uris: vscode.Uri[] = [];
    for (const uri of dirty) {
      if (!this.found.has(uri.toString()) && !(await searchable(uri))) continue;
      this.found.add(uri.toString());
      uris.push(uri);
    }
    const serviceBaseUrl = this.resolver.serviceBaseUrl;
    // Into the files the view shows and, while a scan is under way, what it has read (a change it read before must not be lost).
    await readFiles(uris, serviceBaseUrl, this.scanInto ? [this.shown, this.scanInto] : [this.shown]);
    this.changed.fire(undefined);
  }

  private uriOf(occurrence: Occurrence): vscode.Uri {
    return this.uris.get(occurrence.file) ?? vscode.Uri.file(occurrence.file);
  }
}
