/**
 * Which workspace files the References view reads: in each folder, those its standards.config.json includes and does
 * not exclude (as the command line run there reads them), else those of the setting's glob; files.exclude applies to
 * both. Listed for a scan (workspaceScan.ts), and asked of a file that changed.
 */
import * as vscode from 'vscode';
import { fileMatcher, searchGlob } from '../../core/check/fileFilter';
import type { ScanThread } from '../../core/scan/scanThread';
import type { ClauseReviews } from '../workspaceCitations/clauseReviews';
import { listedFiles } from './workspaceScan';

/** At most this many files in a scan. */
const MAX_FILES = 20_000;

export class CitingFiles {
  /** The folders whose standards.config.json says which files to read: folder URI → its test of a relative path. */
  private readonly folderFilters = new Map<string, (relativePath: string) => boolean>();
  private settingFilter: { glob: string; test: (relativePath: string) => boolean } | undefined;

  constructor(
    /** The glob of `standardsExplorer.references.include`. */
    private readonly include: () => string,
    private readonly reviews?: ClauseReviews,
    private readonly log?: Pick<vscode.LogOutputChannel, 'warn'>,
  ) {}

  /** Whether some folder's config, as the last listing read it, says which files it reads. */
  get byConfig(): boolean {
    return this.folderFilters.size > 0;
  }

  /** The files a scan reads now (each folder's config read again), at most MAX_FILES, listed by `worker` where it can. */
  async list(worker: () => ScanThread, token?: vscode.CancellationToken): Promise<vscode.Uri[]> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const configs = await Promise.all(folders.map(async (folder) => ({ folder, config: (await this.reviews?.files.forFolder(folder))?.config })));
    this.folderFilters.clear();
    const found = new Map<string, vscode.Uri>();
    for (const { folder, config } of configs) {
      const filter = config && (config.include || config.exclude) ? config : undefined;
      const wanted = filter && fileMatcher(filter, this.include());
      if (wanted) this.folderFilters.set(folder.uri.toString(), wanted);
      // The config's globs as the command line reads them (one without "/" in any folder); the setting's as VS Code's search does.
      const globs = filter ? (filter.include ?? [this.include()]).map(searchGlob) : [this.include()];
      for (const uri of await listedFiles(folder, globs, worker, MAX_FILES - found.size, { token, log: this.log })) {
        if (!wanted || wanted(vscode.workspace.asRelativePath(uri, false))) found.set(uri.toString(), uri);
      }
      if (found.size >= MAX_FILES || token?.isCancellationRequested) break;
    }
    return [...found.values()];
  }

  /** Whether a changed file is one the view reads (its folder's config, else the setting). */
  wanted(uri: vscode.Uri): boolean {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const filter = folder && this.folderFilters.get(folder.uri.toString());
    const include = this.include();
    if (this.settingFilter?.glob !== include) this.settingFilter = { glob: include, test: fileMatcher({}, include) };
    return (filter ?? this.settingFilter.test)(vscode.workspace.asRelativePath(uri, false));
  }
}
