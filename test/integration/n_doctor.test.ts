import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { resetSandbox, sandboxRoute, signInToSandbox } from './fixtures';

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

  it('names a clock-skewed token issued by the identity provider, with the fix', async () => {
    await signInToSandbox();
    await resetSandbox();
    // The sandbox's provider stamps its tokens 15 minutes ahead; the signed-in session holds no token yet after reset.
    await sandboxRoute('config', { tokenClockSkewSeconds: 900 });
    try {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const document = (await vscode.commands.executeCommand('standardsExplorer.connectionDoctor')) as vscode.TextDocument;
      const text = document.getText();
      const tokenLine = text.split('\n').find((l) => /Token\b/.test(l) && /in the future/.test(l));
      assert.ok(tokenLine, `a Token line saying the token was issued in the future:\n${text}`);
      assert.match(tokenLine, /FAIL/i);
      assert.match(text, /clock/i);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      await sandboxRoute('config', { tokenClockSkewSeconds: 0 });
    }
  });
});
