/**
 * The catalogue index on disk (global storage, one file per service base URL): loaded when needed, built in the
 * background with progress and cancellation when missing, rebuilt on demand.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import type { Session } from '../session';
import { CatalogueIndex, buildCatalogueIndex } from './catalogueIndex';

/** The service's usual maximum page; the offset moves by what comes back, so a smaller maximum is fine. */
const INDEX_PAGE_SIZE = 1000;

export class CatalogueStore implements vscode.Disposable {
  private cached: { baseUrl: string; index: CatalogueIndex } | undefined;
  private building: Promise<CatalogueIndex> | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly storage: vscode.Uri,
    private readonly session: Session,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscription = session.onDidChange(() => {
      if (this.cached && this.cached.baseUrl !== session.baseUrl) this.cached = undefined;
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }

  /** The index in memory, from disk, or built now (with a progress notification). */
  async get(): Promise<CatalogueIndex> {
    const baseUrl = this.session.baseUrl;
    if (!baseUrl) throw new Error(vscode.l10n.t('Not connected. Sign in or connect to the local sandbox first.'));
    if (this.cached?.baseUrl === baseUrl) return this.cached.index;
    const fromDisk = await this.read(baseUrl);
    if (fromDisk) {
      this.cached = { baseUrl, index: fromDisk };
      return fromDisk;
    }
    return this.rebuild();
  }

  /** Pages the whole catalogue again; one build at a time. */
  rebuild(): Promise<CatalogueIndex> {
    this.building ??= this.build().finally(() => (this.building = undefined));
    return this.building;
  }

  private async build(): Promise<CatalogueIndex> {
    const baseUrl = this.session.baseUrl;
    if (!baseUrl) throw new Error(vscode.l10n.t('Not connected. Sign in or connect to the local sandbox first.'));
    const service = await this.session.service();
    const started = Date.now();
    const index = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Indexing the standards catalogue'), cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        let reported = 0;
        return buildCatalogueIndex((page, signal) => service.listStandards(page, signal), {
          pageSize: INDEX_PAGE_SIZE,
          signal: controller.signal,
          onProgress: ({ loaded, total }) => {
            const increment = total ? ((loaded - reported) / total) * 100 : undefined;
            reported = loaded;
            progress.report({ increment, message: total ? `${loaded.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}` : loaded.toLocaleString('en-US') });
          },
        });
      },
    );
    this.log.info(`Catalogue index built: ${index.size} standards in ${Date.now() - started} ms`);
    this.cached = { baseUrl, index };
    await this.write(baseUrl, index).catch((error: unknown) => this.log.warn(`Could not save the catalogue index: ${String(error)}`));
    return index;
  }

  /** Where the index of `baseUrl` is kept. */
  fileFor(baseUrl: string): vscode.Uri {
    const name = createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);
    return vscode.Uri.joinPath(this.storage, `catalogue-${name}.json`);
  }

  private async read(baseUrl: string): Promise<CatalogueIndex | undefined> {
    try {
      const bytes = await vscode.workspace.fs.readFile(this.fileFor(baseUrl));
      return CatalogueIndex.fromStored(JSON.parse(new TextDecoder().decode(bytes)) as unknown, baseUrl);
    } catch {
      return undefined;
    }
  }

  /** Readable by this user only (0600 in a 0700 folder): what someone subscribes to is nobody else's business. */
  private async write(baseUrl: string, index: CatalogueIndex): Promise<void> {
    const bytes = new TextEncoder().encode(JSON.stringify(index.toStored(baseUrl)));
    const target = this.fileFor(baseUrl);
    if (target.scheme !== 'file') {
      await vscode.workspace.fs.createDirectory(this.storage);
      await vscode.workspace.fs.writeFile(target, bytes);
      return;
    }
    await fs.mkdir(this.storage.fsPath, { recursive: true, mode: 0o700 });
    await fs.chmod(this.storage.fsPath, 0o700);
    // Written aside, then renamed: a crash never leaves half an index to be read back.
    const partial = `${target.fsPath}.${process.pid}.partial`;
    await fs.writeFile(partial, bytes, { mode: 0o600 });
    await fs.rename(partial, target.fsPath);
  }
}
