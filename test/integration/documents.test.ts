import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandboxStats } from '../../sandbox/index';
import type { ClauseNode, StandardNode } from '../../src/extension/targets/nodes';
import { api, resetSandbox, signInToSandbox } from './fixtures';

describe('standards: documents', () => {
  let urn: string;
  let clause: ClauseNode;
  before(async () => {
    await resetSandbox();
    await signInToSandbox();
    const { tree, model } = await api();
    model.refresh();
    const [first] = (await tree.catalogueChildren()) as StandardNode[];
    urn = first.standard.urn;
    const clauses = (await tree.getChildren(first)) as ClauseNode[];
    clause = clauses.find((c) => c.clause.types.includes('corext:Scope')) as ClauseNode;
  });

  it('reads a clause as pretty-printed JSON with a stable stat', async () => {
    const uri = vscode.Uri.from({ scheme: 'standards', path: `/${urn}/${clause.clause.clauseId}/Scope.json` });
    const bytes = await vscode.workspace.fs.readFile(uri);
    const text = new TextDecoder().decode(bytes);
    const body = JSON.parse(text) as Record<string, unknown>;
    assert.equal(body['@id'], clause.clause.id);
    assert.ok(text.includes('\n  "@context"'), 'pretty-printed');
    const stat = await vscode.workspace.fs.stat(uri);
    assert.equal(stat.size, bytes.byteLength);
    assert.equal(stat.type, vscode.FileType.File);
    assert.deepEqual(await vscode.workspace.fs.stat(uri), stat, 'stable');
    assert.equal(stat.permissions, vscode.FilePermission.Readonly);
  });

  it('refuses writes', async () => {
    const uri = vscode.Uri.from({ scheme: 'standards', path: `/${urn}/${clause.clause.clauseId}/Scope.json` });
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, new Uint8Array([1]))), (e: unknown) => e instanceof vscode.FileSystemError);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.delete(uri)), (e: unknown) => e instanceof vscode.FileSystemError);
  });

  it('answers invalid paths with FileNotFound and no request', async () => {
    const s = await resetSandbox();
    // Not a URN, a clause id of "..", too many segments, not .json, broken percent-encoding.
    for (const path of [
      '/not-a-urn/x/y.json',
      `/${urn}/../y.json`,
      `/${urn}/%2E%2E/y.json`,
      `/${urn}/a/b/c/d.json`,
      `/${urn}/abc/notjson.txt`,
      `/${urn}/%E0%A4%A/y.json`,
    ]) {
      await assert.rejects(
        Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.from({ scheme: 'standards', path }))),
        (e: unknown) => e instanceof vscode.FileSystemError && e.code === 'FileNotFound',
        path,
      );
    }
    assert.equal((await sandboxStats(s)).requests.getClause, 0);
  });

  it('answers an unknown clause with FileNotFound', async () => {
    const uri = vscode.Uri.from({ scheme: 'standards', path: `/${urn}/00000000-0000-4000-8000-000000000000/x.json` });
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri)), (e: unknown) => e instanceof vscode.FileSystemError && e.code === 'FileNotFound');
  });

  it('opens Open Clause JSON to the Side as a JSON editor beside', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const uri = (await vscode.commands.executeCommand('standardsExplorer.openClauseJson', clause)) as vscode.Uri;
    assert.equal(uri.scheme, 'standards');
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), uri.toString());
    assert.equal(editor?.document.languageId, 'json');
    assert.match(uri.path, /^\/[^/]+\/1 [^/]*\.json$/, 'a readable tab label');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
