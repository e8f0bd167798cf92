/**
 * The catalogue index on disk (global storage, one file per connection: Session.storageScope): loaded when needed, built in the
 * background with progress and cancellation when missing, rebuilt on demand. While a build runs, what has arrived
 * is searchable (`live`); a cancelled or failed build keeps its pages and the next build resumes from them. A build
 * asked for by a command shows a notification; one started on sign-in (indexOnSignIn.ts) shows its progress in the
 * status bar only (`quiet`), and either can be cancelled (`cancelBuild`).
 */
import * as vscode from 'vscode';
import type { ServiceAccess } from '../connection/serviceAccess';
import { onFirstUse } from '../../core/lifecycle';
import type { CatalogueIndex, IndexBuilder } from '../../core/catalogue/catalogueIndex';
import type * as IndexBundle from './catalogueIndex.lazy';
import { localFiles } from '../../core/service/localFiles';
import { TimeSlicer } from '../../core/service/timeSlicer';
import { withNotificationProgress } from '../notify';
/** The catalogue index (Find Standard, references in code): loaded when it is first built or read back. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const indexBundle = onFirstUse(() => require('./catalogueIndex.lazy') as typeof IndexBundle);

/** The service's usual maximum page; the offset moves by what comes back, so a smaller maximum is fine. */
const INDEX_PAGE_SIZE = 1000;

/** The index as it stands: finished, or what a running build has brought so far. */
/** How far a running build is: entries loaded, of `total` when the service said. */
export interface BuildProgress {
  loaded: number;
  total?: number;
}

export interface LiveIndex {
  index: CatalogueIndex;
  /** Resolves with the finished index; undefined when `index` is finished. */
  finished?: Promise<CatalogueIndex>;
}

/** Which connection an index belongs to: its storage scope (environment) and the base URL stored inside the file. */
interface Where {
  scope: string;
  baseUrl: string;
}

export class CatalogueStore implements vscode.Disposable {
  private cached: { where: Where; index: CatalogueIndex } | undefined;
  private building: { where: Where; builder: IndexBuilder; done: Promise<CatalogueIndex>; controller: AbortController; progress: BuildProgress } | undefined;
  /** What an unfinished build brought, to resume from. */
  private partial: { where: Where; builder: IndexBuilder } | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fired as a build brings more entries (throttled) and when it ends. */
  readonly onDidProgress = this.changed.event;
  private lastProgress = 0;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly storage: vscode.Uri,
    private readonly session: ServiceAccess,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscription = session.onDidChange(() => {
      // Another environment, or the same one pointed at another service (its index is another catalogue).
      if (this.cached && (this.cached.where.scope !== session.storageScope || this.cached.where.baseUrl !== session.baseUrl)) this.cached = undefined;
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  /** The finished index: in memory, from disk, or built now (with a progress notification). */
  async get(): Promise<CatalogueIndex> {
    const live = await this.live();
    return live.finished ?? live.index;
  }

  /**
   * At once, the index as it stands: finished, or the entries a build has brought so far (starting the build when
   * there is neither), with the promise of the finished one.
   */
  async live(): Promise<LiveIndex> {
    const where = this.connected();
    if (this.cached?.where.scope === where.scope) return { index: this.cached.index };
    if (this.building?.where.scope !== where.scope) {
      const fromDisk = await this.read(where);
      if (fromDisk) {
        this.cached = { where, index: fromDisk };
        return { index: fromDisk };
      }
    }
    const finished = this.rebuild(false);
    const building = this.building;
    return { index: building ? await building.builder.snapshotInSteps() : await finished, finished };
  }

  /**
   * The finished index when it is in memory or on disk, else undefined; never starts a build, for features that
   * only read (references in the editor): they must not page the whole catalogue because a file was opened.
   */
  async peek(): Promise<CatalogueIndex | undefined> {
    const where = this.where();
    if (!where) return undefined;
    if (this.cached?.where.scope === where.scope) return this.cached.index;
    if (this.building?.where.scope === where.scope) return undefined;
    const fromDisk = await this.read(where);
    if (fromDisk && this.session.storageScope === where.scope) this.cached = { where, index: fromDisk };
    return fromDisk;
  }

  /**
   * Pages the catalogue again (from scratch unless `resume`); one build at a time. `quiet`: no notification (the
   * build started on sign-in: the status bar shows it).
   */
  rebuild(fresh = true, { quiet = false }: { quiet?: boolean } = {}): Promise<CatalogueIndex> {
    const where = this.connected();
    if (this.building?.where.scope === where.scope) return this.building.done;
    const resume = !fresh && this.partial?.where.scope === where.scope ? this.partial.builder : undefined;
    const builder = resume ?? new (indexBundle().IndexBuilder)();
    const controller = new AbortController();
    const progress: BuildProgress = { loaded: builder.loaded };
    const done = this.build(where, builder, controller, progress, quiet).finally(() => {
      if (this.building?.builder === builder) this.building = undefined;
      this.changed.fire();
    });
    this.building = { where, builder, done, controller, progress };
    return done;
  }

  /**
   * Builds the index without a notification unless it is in memory, on disk or being built: the build started (its
   * finished index to come), or undefined when none was.
   */
  async buildInBackground(): Promise<{ done: Promise<CatalogueIndex> } | undefined> {
    const where = this.where();
    if (!where || this.building?.where.scope === where.scope) return undefined;
    if (await this.peek()) return undefined;
    // Signed out or switched while the disk was read.
    if (this.where()?.scope !== where.scope || this.building) return undefined;
    // Wrapped: a promise resolved with a promise would wait for the whole build.
    return { done: this.rebuild(false, { quiet: true }) };
  }

  /** How far the build of the current connection's index is; undefined when none runs. */
  get progress(): BuildProgress | undefined {
    const scope = this.session.storageScope;
    return this.building && this.building.where.scope === scope ? { ...this.building.progress } : undefined;
  }

  /** Stops the running build (what it brought is kept: the next build resumes); false when none runs. */
  cancelBuild(): boolean {
    if (!this.building) return false;
    this.building.controller.abort();
    return true;
  }

  /** Where the index of a connection is kept (by its storage scope: one per environment). */
  fileFor(scope: string): vscode.Uri {
    return vscode.Uri.joinPath(this.storage, `catalogue-${scope}.index`);
  }

  private where(): Where | undefined {
    const { storageScope: scope, baseUrl } = this.session;
    return scope && baseUrl ? { scope, baseUrl } : undefined;
  }

  private connected(): Where {
    const where = this.where();
    if (!where) throw new Error(vscode.l10n.t('Not connected. Sign in or connect to the local sandbox first.'));
    return where;
  }

  private async build(where: Where, builder: IndexBuilder, controller: AbortController, state: BuildProgress, quiet: boolean): Promise<CatalogueIndex> {
    const started = Date.now();
    const resumedFrom = builder.loaded;
    try {
      const service = await this.session.service();
      const task = async (progress: vscode.Progress<{ increment?: number; message?: string }>, token?: vscode.CancellationToken): Promise<CatalogueIndex> => {
        token?.onCancellationRequested(() => controller.abort());
        let reported = 0;
        return indexBundle().buildCatalogueIndex((page, signal) => service.listStandards(page, signal), {
          pageSize: INDEX_PAGE_SIZE,
          concurrency: this.session.settings().indexConcurrency,
          signal: controller.signal,
          resume: builder,
          onProgress: ({ loaded, total }) => {
            state.loaded = loaded;
            state.total = total;
            const increment = total ? ((loaded - reported) / total) * 100 : undefined;
            reported = loaded;
            progress.report({ increment, message: progressText(loaded, total) });
            // Pickers refresh on this; often enough to feel live, rarely enough to stay cheap.
            if (Date.now() - this.lastProgress > 250) {
              this.lastProgress = Date.now();
              this.changed.fire();
            }
          },
        });
      };
      const index = quiet
        ? await task({ report: () => undefined })
        : await withNotificationProgress({ title: vscode.l10n.t('Indexing the standards catalogue'), cancellable: true }, task);
      this.partial = undefined;
      this.log.info(`Catalogue index built: ${index.size} standards in ${Date.now() - started} ms${resumedFrom ? ` (resumed after ${resumedFrom})` : ''}`);
      this.cached = { where, index };
      // Not awaited: nothing waits for the disk.
      void this.write(where, index).catch((error: unknown) => this.log.warn(`Could not save the catalogue index: ${String(error)}`));
      return index;
    } catch (error) {
      this.partial = { where, builder };
      this.log.warn(`Catalogue index stopped after ${builder.loaded} standards; the next build resumes from there.`);
      throw error;
    }
  }

  private async read(where: Where): Promise<CatalogueIndex | undefined> {
    try {
      const bytes = await vscode.workspace.fs.readFile(this.fileFor(where.scope));
      // An index of 300 000 records takes a few hundred milliseconds to read back: in slices, the host's turns between.
      const slicer = new TimeSlicer();
      return await indexBundle().CatalogueIndex.fromFileInSlices(bytes, where.baseUrl, () => slicer.due());
    } catch {
      return undefined;
    }
  }

  /** Readable by this user only (0600 in a 0700 folder): what someone subscribes to is nobody else's business. */
  private async write(where: Where, index: CatalogueIndex): Promise<void> {
    const slicer = new TimeSlicer();
    const bytes = await index.toFileInSlices(where.baseUrl, () => slicer.due());
    const target = this.fileFor(where.scope);
    if (target.scheme !== 'file') {
      await vscode.workspace.fs.createDirectory(this.storage);
      await vscode.workspace.fs.writeFile(target, bytes);
      return;
    }
    await localFiles.writePrivate(target.fsPath, [bytes]);
    // The JSON index of earlier versions, read no more.
    await localFiles.remove(target.fsPath.replace(/\.index$/, '.json'));
  }
}

/** "12,000 of 30,000", or "12,000" without a total. */
export function progressText(loaded: number, total: number | undefined): string {
  const count = (n: number): string => n.toLocaleString('en-US');
  return total ? vscode.l10n.t('{0} of {1}', count(loaded), count(total)) : count(loaded);
}
