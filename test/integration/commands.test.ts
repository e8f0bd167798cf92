import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { formatReference } from '../../src/core/references';
import type { StandardNode } from '../../src/extension/targets/nodes';
import { api, insertedReference, resetSandbox, scopeRef, signInToSandbox, until } from './fixtures';

describe('commands', () => {
  before(async () => {
    await signInToSandbox();
    await resetSandbox();
  });

  it('Insert Scope Reference writes the Scope reference at every cursor of an untitled document', async () => {
    const { session } = await api();
    const service = await session.service();
    const { items } = await service.listStandards({ limit: 5, offset: 0 });
    const standard = items[2];
    const scope = (await service.listClauses(standard.urn)).find((c) => c.types.includes('corext:Scope'));
    assert.ok(scope);
    const document = await vscode.workspace.openTextDocument({ content: 'A\nB\n' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selections = [new vscode.Selection(0, 1, 0, 1), new vscode.Selection(1, 1, 1, 1)];
    await vscode.commands.executeCommand('standardsExplorer.insertScopeReference', { urn: standard.urn, reference: standard.reference, title: standard.title });
    const expected = formatReference('plain', standard, { id: scope.id, title: scope.title, number: scope.number, types: scope.types });
    assert.equal(expected, `${standard.reference}, Clause 1 ${scope.title || 'Scope'}`);
    assert.equal(document.getText(), `A${expected}\nB${expected}\n`);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Insert Reference honours the Markdown format setting', async () => {
    assert.equal(await insertedReference('markdown', scopeRef('https://h/c/abc')), '[ISO 9001:2015, Clause 1 Scope](https://h/c/abc)');
  });

  it('Copy URN and Copy Clause Link use the clipboard', async () => {
    await vscode.commands.executeCommand('standardsExplorer.copyUrn', { urn: 'urn:iso:std:iso:1:ed-1' });
    assert.equal(await vscode.env.clipboard.readText(), 'urn:iso:std:iso:1:ed-1');
    await vscode.commands.executeCommand('standardsExplorer.copyClauseLink', { urn: 'urn:iso:std:iso:1:ed-1', clauseId: 'x', id: 'https://h/clauses/x' });
    assert.equal(await vscode.env.clipboard.readText(), 'https://h/clauses/x');
  });

  it('Find Standard reveals the picked standard in the tree, far beyond the loaded page', async () => {
    const { session, view } = await api();
    const service = await session.service();
    const { items } = await service.listStandards({ limit: 1, offset: 237 });
    const wanted = items[0];
    const found = (await vscode.commands.executeCommand('standardsExplorer.findStandard', { query: wanted.reference ?? wanted.title })) as
      { urn: string } | undefined;
    assert.equal(found?.urn, wanted.urn);
    const selected = await until(() => (view.selection[0]?.kind === 'standard' ? (view.selection[0] as StandardNode) : undefined), 'the tree selection');
    assert.equal(selected.standard.urn, wanted.urn);
    assert.equal(selected.position, 237);
  });

  it("a bibliography entry's identifier as printed reveals its standard, or opens Find Standard with it typed in", async () => {
    const { session, view, standardPicker } = await api();
    const service = await session.service();
    const [wanted] = (await service.listStandards({ limit: 1, offset: 41 })).items;
    assert.ok(wanted.reference, `${wanted.urn} has a reference`);
    const found = (await vscode.commands.executeCommand('standardsExplorer.findStandard', { reference: wanted.reference })) as { urn: string } | undefined;
    assert.equal(found?.urn, wanted.urn);
    await until(() => ((view.selection[0] as StandardNode | undefined)?.standard?.urn === wanted.urn ? true : undefined), 'the tree selection');
    // An edition the catalogue lacks is never a guess: the picker, with it typed in.
    const picked = vscode.commands.executeCommand('standardsExplorer.findStandard', { reference: 'ISO 99999:2020' });
    try {
      const open = await until(() => standardPicker.current, 'Find Standard with the identifier');
      assert.equal(open.pick.value, 'ISO 99999:2020');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await picked;
    }
  });
});
