/**
 * Clause JSON as read-only documents beside the code: `standards:/ISO 9001:2015/1 Scope.json?urn=…&clause=…` reads
 * the clause content, pretty-printed (standardsUri.ts says the shapes, the earlier `/<urn>/<clauseId>/…` too).
 * Folding, search, breadcrumbs, diff and copy work as for any JSON file; writes are refused. `….md` reads the same
 * clause as Markdown (clauseMarkdown.ts): for reading, copying, the Markdown preview and diffs. A breadcrumb's
 * folder (the standard) lists its clauses by name: the names this session has read stand for their ids.
 */
import * as vscode from 'vscode';
import { errorText } from '../errorText';
import { clauseHeading, documentLabel } from '../../core/labels';
import { Disposable } from '../../core/lifecycle';
import { clauseContextOf } from '../../core/model';
import type { ClauseContext } from '../../core/document/numbering';
import { isServiceError } from '../../core/service/index';
import type { ServiceAccess } from '../connection/serviceAccess';
import { documentModel } from './documentModel';
import { STANDARDS_SCHEME, parseStandardsUri, readableSegment, type ClauseFormat, type StandardsPath } from './standardsUri';

interface Known {
  size: number;
  mtime: number;
}

/** What a path means: a shape of standardsUri.ts, or a standard's folder known by its name. */
type Resolved = StandardsPath | { kind: 'namedFolder'; urn: string; folder: string };

export class StandardsFileSystem extends Disposable implements vscode.FileSystemProvider {
  private readonly emitter = this.register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this.emitter.event;
  /** Size and first-read time of documents already read, so stat is cheap and stable. */
  private readonly known = new Map<string, Known>();
  private readonly started = Date.now();
  /** Documents last read from a stored copy because the service could not be reached: URI → when stored. */
  private readonly offline = new Map<string, number>();
  private readonly offlineChanged = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** Fired when a document turns out to be an offline copy, or stops being one. */
  readonly onDidChangeOffline = this.offlineChanged.event;
  /** The standards' folder names read in this session → URN; and a folder's file names listed → the clause's ids. */
  private readonly folders = new Map<string, string>();
  private readonly files = new Map<string, { urn: string; clauseId: string }>();

  constructor(
    private readonly session: ServiceAccess,
    /** Told of every clause body read (Go to Term keeps the terms of Terms-and-definitions clauses). */
    private readonly onBody?: (source: { urn: string; clauseId: string }, body: unknown) => void,
  ) {
    super();
  }

  /** When the document was last read from a stored copy (the service could not be reached), the date it was stored. */
  offlineSince(uri: vscode.Uri): number | undefined {
    return this.offline.get(uri.toString());
  }

  watch(): vscode.Disposable {
    // Published clauses do not change under the reader; nothing to watch.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const path = this.resolve(uri);
    if (!path) throw vscode.FileSystemError.FileNotFound(uri);
    if (path.kind !== 'clause') {
      return { type: vscode.FileType.Directory, ctime: this.started, mtime: this.started, size: 0, permissions: vscode.FilePermission.Readonly };
    }
    const known = this.known.get(key(path.urn, path.clauseId, path.format)) ?? (await this.load(uri, path.urn, path.clauseId, path.format)).known;
    return { type: vscode.FileType.File, ctime: known.mtime, mtime: known.mtime, size: known.size, permissions: vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const path = this.resolve(uri);
    if (!path || path.kind !== 'clause') throw vscode.FileSystemError.FileNotFound(uri);
    return (await this.load(uri, path.urn, path.clauseId, path.format)).bytes;
  }

  async readDirectory(uri: vscode.Uri): Promise<Array<[string, vscode.FileType]>> {
    const path = this.resolve(uri);
    if (!path || path.kind === 'clause') throw vscode.FileSystemError.FileNotFound(uri);
    if (path.kind === 'root') return [...this.folders.keys()].map((folder): [string, vscode.FileType] => [folder, vscode.FileType.Directory]);
    const clauses = await this.call(uri, (service) => service.listClauses(path.urn));
    if (path.kind === 'namedFolder') return this.listByName(path.folder, path.urn, clauses);
    if (path.kind === 'standard') return clauses.map((c): [string, vscode.FileType] => [c.clauseId, vscode.FileType.Directory]);
    const clause = clauses.find((c) => c.clauseId === path.clauseId);
    if (!clause) throw vscode.FileSystemError.FileNotFound(uri);
    return [
      [`${documentLabel(clause)}.json`, vscode.FileType.File],
      [`${documentLabel(clause)}.md`, vscode.FileType.File],
    ];
  }

  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(oldUri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(oldUri);
  }

  /**
   * What a URI names: its ids (query, or the earlier path shape); else, for a path of names only (a breadcrumb's
   * folder, or a file picked in it), the ids this session read under those names.
   */
  private resolve(uri: vscode.Uri): Resolved | undefined {
    const parsed = parseStandardsUri(uri);
    const segments = uri.path.split('/').filter(Boolean);
    if (parsed) {
      if (parsed.kind === 'clause' && uri.query && segments.length === 2) this.folders.set(segments[0], parsed.urn);
      return parsed;
    }
    const urn = this.folders.get(segments[0]);
    if (segments.length === 1 && urn) return { kind: 'namedFolder', urn, folder: segments[0] };
    const ids = segments.length === 2 ? this.files.get(`${segments[0]}/${segments[1]}`) : undefined;
    const format = ids && (segments[1].endsWith('.md') ? 'markdown' : 'json');
    return ids && format ? { kind: 'clause', ...ids, label: segments[1], format } : undefined;
  }

  /** A standard's clauses by the names their documents have; a name shared by two clauses gets its place, "Note (2)". */
  private listByName(
    folder: string,
    urn: string,
    clauses: ReadonlyArray<{ clauseId: string; title?: string; number?: string; types: readonly string[] }>,
  ): Array<[string, vscode.FileType]> {
    const seen = new Map<string, number>();
    const entries: Array<[string, vscode.FileType]> = [];
    for (const clause of clauses) {
      const base = readableSegment(clauseHeading(clause), 'clause');
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const name = count > 1 ? `${base} (${count})` : base;
      for (const extension of ['.json', '.md']) {
        this.files.set(`${folder}/${name}${extension}`, { urn, clauseId: clause.clauseId });
        entries.push([`${name}${extension}`, vscode.FileType.File]);
      }
    }
    return entries;
  }

  private async load(uri: vscode.Uri, urn: string, clauseId: string, format: ClauseFormat): Promise<{ bytes: Uint8Array; known: Known }> {
    const { value: body, offlineSince } = await this.call(uri, (service) => service.getClauseCopy(urn, clauseId));
    if (this.offline.get(uri.toString()) !== offlineSince) {
      if (offlineSince === undefined) this.offline.delete(uri.toString());
      else this.offline.set(uri.toString(), offlineSince);
      this.offlineChanged.fire(uri);
    }
    this.onBody?.({ urn, clauseId }, body);
    const text =
      format === 'markdown'
        ? documentModel().clauseMarkdown(documentModel().buildDocument(body, await this.contextOf(urn, clauseId)))
        : `${JSON.stringify(body, null, 2)}\n`;
    const bytes = new TextEncoder().encode(text);
    const id = key(urn, clauseId, format);
    const known = { size: bytes.byteLength, mtime: this.known.get(id)?.mtime ?? Date.now() };
    this.known.set(id, known);
    return { bytes, known };
  }

  /** The clause's number and the standard's clause list, for numbers and cross-reference labels; without them when the list cannot be read. */
  private async contextOf(urn: string, clauseId: string): Promise<ClauseContext> {
    const clauses = await this.session
      .service()
      .then((service) => service.listClausesCopy(urn))
      .then((copy) => copy.value)
      .catch(() => undefined);
    return clauseContextOf(clauses?.find((c) => c.clauseId === clauseId) ?? {}, clauses);
  }

  private async call<T>(uri: vscode.Uri, work: (service: Awaited<ReturnType<ServiceAccess['service']>>) => Promise<T>): Promise<T> {
    try {
      return await work(await this.session.service());
    } catch (error) {
      if (isServiceError(error) && (error.kind === 'notFound' || error.kind === 'invalidInput')) throw vscode.FileSystemError.FileNotFound(uri);
      throw vscode.FileSystemError.Unavailable(errorText(error));
    }
  }
}

function key(urn: string, clauseId: string, format: ClauseFormat): string {
  return `${urn}\u0000${clauseId}\u0000${format}`;
}

export { STANDARDS_SCHEME };
