/**
 * What the agent tools read in VS Code (the core's ToolContext): the stored catalogue index (built on first use, as
 * Find Standard builds it), the signed-in session's clause lists and bodies (with the offline copies and the clause
 * cache behind them), files of the open workspace folders only, and the References view's scan for find_citations.
 * A missing connection is a ToolProblem in this editor's words (which command fixes it), never an exception.
 */
import * as vscode from 'vscode';
import { boundedText, MAX_CHECKED_FILES, realPathsOf } from '../../core/agentTools/fileBounds';
import { ToolProblem, type ReadFile, type ToolContext } from '../../core/agentTools/index';
import type { Remedy } from '../../core/service/errors';
import { workspaceText } from '../workspaceCitations/workspaceText';
import type { AgentToolsDeps, NotConnected } from './agentToolsHost';

export function vscodeToolContext({ connection, citations }: AgentToolsDeps): ToolContext {
  const service = async () => connected(await connection.service());
  return {
    catalogue: async () => connected(await connection.catalogue()),
    clauses: {
      listClausesCopy: async (urn, signal) => (await service()).listClausesCopy(urn, signal),
      getClauseCopy: async (urn, clauseId, signal) => (await service()).getClauseCopy(urn, clauseId, signal),
    },
    get serviceBaseUrl() {
      return connection.baseUrl;
    },
    readFiles: (paths, signal) => workspaceFiles(paths, signal),
    workspaceCitations: async () => {
      const references = citations().references;
      await references.scan();
      const found = await references.occurrences();
      if (!Array.isArray(found)) {
        throw new ToolProblem(
          found.unavailable === 'signedOut'
            ? 'Standards Explorer is not signed in to the Standards Content Service: ask the user to run "Standards: Sign In" (or connect to the sandbox), then call the tool again.'
            : 'The catalogue index is not built yet, so citations cannot be resolved: call search_standards once (it builds the index), then call this tool again.',
        );
      }
      return found;
    },
    remedyText: (remedy: Remedy) => REMEDIES[remedy],
  };
}

/** What fixes a service failure, in this editor: the commands and settings the user has. */
const REMEDIES: Partial<Record<Remedy, string>> = {
  signIn: 'The credentials were refused: ask the user to run "Standards: Sign In" again, then call the tool again.',
  baseUrl: 'The service address looks wrong: ask the user to check the setting standardsExplorer.baseUrl (or run "Standards: Connection Doctor").',
  tokenUrl: 'The token address looks wrong: ask the user to check the setting standardsExplorer.tokenUrl (or run "Standards: Connection Doctor").',
  network: 'The service cannot be reached: ask the user to run "Standards: Connection Doctor", which says what fails between this editor and the service.',
};

function connected<T extends object>(value: T | NotConnected): T {
  if (!('notConnected' in value)) return value;
  throw new ToolProblem(
    `Standards Explorer is not connected to a Standards Content Service (${value.notConnected}): ask the user to run "Standards: Sign In" (or "Standards: Connect to Local Sandbox"), then call the tool again.`,
  );
}

/**
 * The texts of `paths`, files or folders relative to a workspace folder (or absolute inside one); a path outside every
 * workspace folder is refused, so an agent cannot read the rest of the machine through the tool. Files on disk are
 * read by their real paths (core/agentTools/fileBounds.ts): a symbolic link leading outside every folder on disk is
 * not followed (findFiles follows links), and the answer says so.
 */
async function* workspaceFiles(paths: readonly string[], signal?: AbortSignal): AsyncIterable<ReadFile> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (!folders.length) throw new ToolProblem('No folder is open in this editor: pass the text to check in `text` instead.');
  let count = 0;
  let realFolders: string[] | undefined;
  for (const given of paths) {
    const uri = insideWorkspace(given, folders);
    if (!uri) throw new ToolProblem(`${given} is not inside a folder open in this editor; paths are relative to the workspace.`);
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch {
      throw new ToolProblem(`${given}: no such file or folder in the workspace.`);
    }
    const uris =
      stat.type & vscode.FileType.Directory
        ? await vscode.workspace.findFiles(new vscode.RelativePattern(uri, '**/*'), undefined, MAX_CHECKED_FILES + 1)
        : [uri];
    for (const file of uris.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      if (signal?.aborted) return;
      if (++count > MAX_CHECKED_FILES) throw new ToolProblem(`More than ${MAX_CHECKED_FILES} files under ${paths.join(', ')}: name smaller folders.`);
      const name = vscode.workspace.asRelativePath(file);
      if (file.scheme !== 'file') {
        yield { file: name, text: await workspaceText(file) };
        continue;
      }
      realFolders ??= await realPathsOf(folders.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath));
      const read = await boundedText(file.fsPath, realFolders);
      yield 'text' in read ? { file: name, text: read.text } : { file: name, text: undefined, skipped: read.skipped };
    }
  }
}

/** `given` as a URI inside one of `folders` (a relative path against the first folder that has it), or undefined. */
function insideWorkspace(given: string, folders: readonly vscode.WorkspaceFolder[]): vscode.Uri | undefined {
  const candidates = given.startsWith('/') || /^[a-z]:[\\/]/i.test(given) ? [vscode.Uri.file(given)] : folders.map((f) => vscode.Uri.joinPath(f.uri, given));
  for (const uri of candidates) {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    // joinPath normalises "..": a path that climbs out of its folder lands outside every folder, or in another one.
    if (folder && uri.path.startsWith(`${folder.uri.path.replace(/\/$/, '')}/`)) return uri;
    if (folder && uri.path === folder.uri.path) return uri;
  }
  return undefined;
}
