/**
 * The browser's src/core/service/localFiles.ts: StorageFiles through VS Code's `workspace.fs` on the extension's
 * global storage (locations are URIs). A web worker has no owners or modes to set, and `workspace.fs` cannot set a
 * file's time: `touch` does nothing, so caches evict the least recently written first.
 */
import * as vscode from 'vscode';
import type { StorageFiles } from '../../core/service/storageFiles';

const uri = (location: string): vscode.Uri => vscode.Uri.parse(location, true);

function bytesOf(pieces: readonly (string | Uint8Array)[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts = pieces.map((piece) => (typeof piece === 'string' ? encoder.encode(piece) : piece));
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}

export const localFiles: StorageFiles = {
  join: (location, ...names) => vscode.Uri.joinPath(uri(location), ...names).toString(),

  async list(folder) {
    try {
      return (await vscode.workspace.fs.readDirectory(uri(folder))).map(([name]) => name);
    } catch {
      return [];
    }
  },

  async facts(file) {
    try {
      const stat = await vscode.workspace.fs.stat(uri(file));
      return { size: stat.size, mtimeMs: stat.mtime };
    } catch {
      return undefined;
    }
  },

  async *chunks(file) {
    yield await vscode.workspace.fs.readFile(uri(file));
  },

  async writePrivate(file, pieces) {
    const target = uri(file);
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(target, '..'));
    await vscode.workspace.fs.writeFile(target, bytesOf(pieces));
  },

  touch: async () => undefined,

  async remove(location) {
    try {
      await vscode.workspace.fs.delete(uri(location), { recursive: true, useTrash: false });
    } catch (error) {
      if (!(error instanceof vscode.FileSystemError && error.code === 'FileNotFound')) throw error;
    }
  },
};
