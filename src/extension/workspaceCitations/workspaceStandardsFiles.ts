/**
 * The files a repository keeps for the check, read per workspace folder as the command line reads them in the folder
 * it runs in: standards.config.json (else package.json's "standards" key) and standards.lock. Read when first asked
 * and again when they change on disk. A broken one is a Problem on that file (what is wrong, and where) and is used as
 * absent, never half. The endpoints of the config (baseUrl, tokenUrl, scope) are the command line's only: a
 * repository must not choose where the user's credentials go, as workspace settings cannot (README).
 */
import * as vscode from 'vscode';
import { CONFIG_FILE, ConfigError, configFromText, type CheckConfig } from '../../core/check/checkConfig';
import { LOCKFILE, LOCKFILE_HOLD, LockfileError, parseLockfile, serialiseLockfile, type Lockfile } from '../../core/check/lockfile';
import { LockBusy } from '../../core/check/lockBusy';
import { CAN_HOLD_LOCKFILES, changeLockfile } from '../../core/check/lockfileHold';
import { Disposable } from '../../core/lifecycle';

/** What a folder's files say; each part undefined when its file is absent or broken. */
export interface FolderStandardsFiles {
  config: CheckConfig;
  /** The file the config was read from, as written (where its `notApplicable` entries are placed). */
  configSource?: { uri: vscode.Uri; text: string };
  lock?: Lockfile;
}

const SOURCE = 'Standards Explorer';
/** How long Mark as Reviewed waits for a `standards-explorer lock` run that holds the lock. */
const LOCK_WAIT_MS = 30_000;

/** Which of a folder's files changed. */
export interface FolderFileChange {
  folder: vscode.WorkspaceFolder;
  file: 'config' | 'lock';
}

export class WorkspaceStandardsFiles extends Disposable {
  /** Problems of the files themselves (a broken config or lock). */
  private readonly problems = this.register(vscode.languages.createDiagnosticCollection('standardsExplorer.workspaceFiles'));
  private readonly read = new Map<string, Promise<FolderStandardsFiles>>();
  private readonly changed = this.register(new vscode.EventEmitter<FolderFileChange>());
  /** Fired when a folder's config or lock changed (on disk, or written here). */
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(`**/{${CONFIG_FILE},${LOCKFILE},package.json}`));
    const reread = (uri: vscode.Uri): void => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      // Only the folder's own files count, as for the command line run in that folder.
      const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
      if (!folder || vscode.Uri.joinPath(folder.uri, name).toString() !== uri.toString()) return;
      this.forget(folder, name === LOCKFILE ? 'lock' : 'config');
    };
    this.register(watcher.onDidCreate(reread));
    this.register(watcher.onDidChange(reread));
    this.register(watcher.onDidDelete(reread));
    this.register(
      vscode.workspace.onDidChangeWorkspaceFolders((e) => {
        for (const folder of e.removed) this.read.delete(folder.uri.toString());
      }),
    );
  }

  /** The config and lock of the folder that holds `uri` (none outside a folder). */
  async forUri(uri: vscode.Uri): Promise<FolderStandardsFiles & { folder?: vscode.WorkspaceFolder }> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    return folder ? { folder, ...(await this.forFolder(folder)) } : { config: {} };
  }

  forFolder(folder: vscode.WorkspaceFolder): Promise<FolderStandardsFiles> {
    const key = folder.uri.toString();
    let files = this.read.get(key);
    if (!files) this.read.set(key, (files = this.load(folder)));
    return files;
  }

  /**
   * Changes the folder's lock by `change`, given the lock as it is on disk now (not as last read: the command line
   * may have written it since), and writes it whole (sorted, as `standards-explorer lock` writes it). On disk it
   * holds standards.lock.lock meanwhile, as `lock` does, waiting up to LOCK_WAIT_MS for a `lock` run that holds it.
   */
  async changeLock(folder: vscode.WorkspaceFolder, change: (lock: Lockfile | undefined) => Lockfile): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(folder.uri, LOCKFILE);
    try {
      if (CAN_HOLD_LOCKFILES && folder.uri.scheme === 'file') await changeLockfile(folder.uri.fsPath, { waitMs: LOCK_WAIT_MS }, change);
      else await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(serialiseLockfile(change(parsedLock(await readText(uri))))));
    } catch (error) {
      if (error instanceof LockBusy)
        throw new Error(
          error.holder
            ? vscode.l10n.t(
                '{0} is being written by another standards-explorer lock (process {1} on {2}, since {3}). Try again when it is done; if nothing is writing it, delete {4}.',
                LOCKFILE,
                error.holder.pid,
                error.holder.host,
                error.holder.since,
                LOCKFILE_HOLD,
              )
            : vscode.l10n.t(
                '{0} is being written by another standards-explorer lock. Try again when it is done; if nothing is writing it, delete {1}.',
                LOCKFILE,
                LOCKFILE_HOLD,
              ),
          { cause: error },
        );
      throw error;
    } finally {
      this.forget(folder, 'lock');
    }
    return uri;
  }

  private forget(folder: vscode.WorkspaceFolder, file: FolderFileChange['file']): void {
    this.read.delete(folder.uri.toString());
    this.changed.fire({ folder, file });
  }

  private async load(folder: vscode.WorkspaceFolder): Promise<FolderStandardsFiles> {
    const [config, lock] = await Promise.all([this.loadConfig(folder), this.loadLock(folder)]);
    return { ...config, ...(lock ? { lock } : {}) };
  }

  private async loadConfig(folder: vscode.WorkspaceFolder): Promise<Pick<FolderStandardsFiles, 'config' | 'configSource'>> {
    for (const [name, fromPackageJson] of [
      [CONFIG_FILE, false],
      ['package.json', true],
    ] as const) {
      const uri = vscode.Uri.joinPath(folder.uri, name);
      const text = await readText(uri);
      if (text === undefined) continue;
      try {
        this.problems.delete(uri);
        const config = configFromText(text, name, fromPackageJson);
        if (config) return { config, configSource: { uri, text } };
      } catch (error) {
        // A package.json that is not JSON is not ours to report.
        if (fromPackageJson) continue;
        this.report(uri, text, error, error instanceof ConfigError ? error.key : undefined);
      }
      // The config file exists: package.json is not read, as on the command line.
      return { config: {} };
    }
    return { config: {} };
  }

  private async loadLock(folder: vscode.WorkspaceFolder): Promise<Lockfile | undefined> {
    const uri = vscode.Uri.joinPath(folder.uri, LOCKFILE);
    const text = await readText(uri);
    this.problems.delete(uri);
    if (text === undefined) return undefined;
    try {
      return parseLockfile(text, LOCKFILE);
    } catch (error) {
      if (!(error instanceof LockfileError)) throw error;
      this.report(uri, text, error);
      return undefined;
    }
  }

  /** A Problem on the file, at the key at fault when it can be found. */
  private report(uri: vscode.Uri, text: string, error: unknown, key?: string): void {
    const message = error instanceof Error ? error.message : String(error);
    const name = key?.slice(key.lastIndexOf('.') + 1);
    const at = name ? text.indexOf(JSON.stringify(name)) : -1;
    const before = at < 0 ? '' : text.slice(0, at);
    const line = before.split('\n').length - 1;
    const character = at < 0 ? 0 : at - (before.lastIndexOf('\n') + 1);
    const range = new vscode.Range(line, character, line, at < 0 ? 0 : character + JSON.stringify(name).length);
    const diagnostic = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Error);
    diagnostic.source = SOURCE;
    this.problems.set(uri, [diagnostic]);
  }
}

/** The lock of `text` (undefined: no file); a broken one throws lockfile's LockfileError, so nothing is written over it. */
function parsedLock(text: string | undefined): Lockfile | undefined {
  return text === undefined ? undefined : parseLockfile(text, LOCKFILE);
}

/** The file's text as saved, or undefined when there is none. */
async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
