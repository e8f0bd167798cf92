/**
 * The files the extension and the command line keep for themselves — clause caches, offline copies of pinned standards,
 * kept reviewed texts, the catalogue index: a port. Node's file system on the desktop and the command line
 * (localFiles.ts); VS Code's `workspace.fs` on the extension's global storage in the browser (src/web/ports/localFiles.ts).
 * A location is a path on the desktop, a URI in the browser; only `join` makes new ones.
 */
export interface FileFacts {
  size: number;
  /** Last modified (ms since the epoch): a read refreshes it where the host can (`touch`), for least-recently-used eviction. */
  mtimeMs: number;
}

export interface StorageFiles {
  /** `location` and the names under it. */
  join(location: string, ...names: string[]): string;
  /** The names in a folder; none when it does not exist. */
  list(folder: string): Promise<string[]>;
  /** Size and time of a file; undefined when there is none. */
  facts(file: string): Promise<FileFacts | undefined>;
  /** The file's bytes as they are read (rejects when it is missing or unreadable). */
  chunks(file: string): AsyncIterable<Uint8Array>;
  /**
   * Writes a file whole or not at all, a piece at a time (no string of all of it is made): owner-only, in an owner-only
   * folder made when missing (where the host has owners: the desktop).
   */
  writePrivate(file: string, pieces: readonly (string | Uint8Array)[]): Promise<void>;
  /** Marks a file as just used, for least-recently-used eviction (where the host can). */
  touch(file: string): Promise<void>;
  /** Removes a file or a folder with everything in it; nothing when it is not there. */
  remove(location: string): Promise<void>;
}
