import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { resetSandbox, signInToSandbox } from './fixtures';

describe('Connection Doctor', () => {
  it('opens a Markdown report of every check against the signed-in service, without a secret', async () => {
    const s = await signInToSandbox();
    await resetSandbox();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const document = (await vscode.commands.executeCommand('standardsExplorer.connectionDoctor')) as vscode.TextDocument;
    assert.equal(document.languageId, 'markdown');
    assert.equal(vscode.window.activeTextEditor?.document, document);
    const text = document.getText();
    assert.match(text, /^# Standards Explorer — Connection Doctor/);
    assert.match(text, /Nothing failed/);
    for (const check of ['Setting standardsExplorer.baseUrl', 'Client credentials', 'Secret storage', 'Connection 127.0.0.1', 'Token request', 'Service call'])
      assert.ok(text.includes(check), check);
    assert.ok(!text.includes(s.clientSecret), 'no client secret');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
