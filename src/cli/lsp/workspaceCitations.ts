/**
 * The citations of the workspace's files, for workspace/symbol ("find every place ISO 14971 is cited"): the files
 * `check` would read under the workspace root (its listing: git's files or a walk, the config's include and exclude),
 * each read within check's size limit and its citations kept by its size and modification time, so a query reads
 * again only what changed. At most MAX_CHECKED_FILES files (the rest said in the log); the event loop gets a turn
 * every slice of files, so other requests and a cancellation are heard.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_CHECKED_FILES } from '../../core/agentTools/fileBounds';
import { findCitations } from '../../core/citations/recognise';
import { yieldNow } from '../../core/service/yieldNow';
import { listFiles, MAX_FILE_BYTES, readListedFile } from '../files';
import type { CitingText } from './citationFeatures';
import type { LspWorkspace } from './lspWorkspace';

/** Files read between two turns of the event loop. */
const FILES_PER_SLICE = 100;

export class WorkspaceCitations {
  private readonly known = new Map<string, { stamp: string; found: CitingText }>();

  constructor(
    private readonly workspace: LspWorkspace,
    private readonly tell: (line: string) => void,
  ) {}

  /** The files' citations, except those of `skip` (open documents, whose text is the editor's). */
  async citing(skip: ReadonlySet<string>, cancelled: () => boolean): Promise<CitingText[]> {
    let files: string[];
    try {
      files = listFiles(this.workspace.root, [], this.workspace.config);
    } catch (error) {
      this.tell(`the workspace's files could not be listed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
    if (files.length > MAX_CHECKED_FILES)
      this.tell(`the workspace has ${files.length} files to read; workspace symbols come from the first ${MAX_CHECKED_FILES} and the open documents.`);
    const found: CitingText[] = [];
    const seen = new Set<string>();
    for (const [i, file] of files.slice(0, MAX_CHECKED_FILES).entries()) {
      if (i % FILES_PER_SLICE === FILES_PER_SLICE - 1) await yieldNow();
      if (cancelled()) break;
      const absolute = path.join(this.workspace.root, file);
      const uri = pathToFileURL(absolute).href;
      seen.add(uri);
      if (skip.has(uri)) continue;
      const citing = this.citationsOf(file, absolute, uri);
      if (citing?.citations.length) found.push(citing);
    }
    for (const uri of this.known.keys()) if (!seen.has(uri)) this.known.delete(uri);
    return found;
  }

  private citationsOf(file: string, absolute: string, uri: string): CitingText | undefined {
    let stamp: string;
    try {
      const stat = fs.statSync(absolute);
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return undefined; // Gone since it was listed.
    }
    const kept = this.known.get(uri);
    if (kept?.stamp === stamp) return kept.found;
    let text: ReturnType<typeof readListedFile>;
    try {
      text = readListedFile(this.workspace.root, file, MAX_FILE_BYTES);
    } catch {
      return undefined; // Unreadable: no symbols, as an unlisted file.
    }
    const found = { uri, citations: typeof text === 'string' ? findCitations(text) : [] };
    this.known.set(uri, { stamp, found });
    return found;
  }
}
