import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DoctorRun } from '../../src/extension/doctor/command';
import { resetSandbox, sandboxRoute, signInToSandbox, until } from './fixtures';

/** The tabs of the Connection Doctor's page (its webview's view type ends with ours). */
function doctorTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('standardsExplorer.connectionDoctor'));
}

/** The page's one tab, once VS Code's tab model has it (it may follow the command's answer by a moment). */
function doctorTab(): Promise<vscode.Tab> {
  return until(
    () => {
      const tabs = doctorTabs();
      return tabs.length === 1 ? tabs[0] : undefined;
    },
    `one Connection Doctor tab (tabs: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label)).join(', ')})`,
  );
}

/** Untitled documents with unsaved text: the report used to be one, and closing VS Code asked to save it. */
function dirtyUntitled(): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((d) => d.isUntitled && d.isDirty);
}

describe('Connection Doctor', () => {
  it('shows a report of every check against the signed-in service on one page, without a secret, and copies it', async () => {
    const s = await signInToSandbox();
    await resetSandbox();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const run = (await vscode.commands.executeCommand('standardsExplorer.connectionDoctor')) as DoctorRun;
    const text = run.markdown;
    assert.match(text, /^# Standards Explorer — Connection Doctor/);
    assert.match(text, /Nothing failed/);
    assert.deepEqual(
      run.results.filter((r) => r.status === 'fail'),
      [],
    );
    for (const check of [
      'Setting standardsExplorer.baseUrl',
      'Client credentials',
      'Secret storage',
      'Connection 127.0.0.1',
      'Token request',
      'Service call',
    ]) {
      assert.ok(text.includes(check), check);
      assert.ok(
        run.results.some((r) => r.title.startsWith(check)),
        `a result for ${check}`,
      );
    }
    assert.ok(!text.includes(s.clientSecret) && !JSON.stringify(run.results).includes(s.clientSecret), 'no client secret');
    // Shown on its page, active: no editor, and nothing unsaved for VS Code to ask about on closing.
    const tab = await doctorTab();
    assert.ok(tab.isActive, 'the page is the active tab');
    assert.equal(tab.label, 'Connection Doctor');
    assert.equal(vscode.window.activeTextEditor, undefined);
    assert.deepEqual(dirtyUntitled(), []);

    // Running it again refreshes the same page.
    const again = (await vscode.commands.executeCommand('standardsExplorer.connectionDoctor')) as DoctorRun;
    assert.equal(again.results.length, run.results.length);
    await doctorTab();
    assert.equal(doctorTabs().length, 1);

    // Copy Report: the Markdown of the report shown, on the clipboard, still without a secret.
    await vscode.env.clipboard.writeText('before');
    const copied = (await vscode.commands.executeCommand('standardsExplorer.copyDoctorReport')) as string;
    assert.equal(copied, again.markdown);
    assert.equal(await vscode.env.clipboard.readText(), again.markdown);
    assert.ok(!copied.includes(s.clientSecret), 'no client secret in the copy');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until(() => doctorTabs().length === 0, 'the page closed');
  });

  it('shows the report on a new page when its page was closed while the checks ran', async () => {
    await signInToSandbox();
    await resetSandbox();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The service call, the last check, answers after 1.5 s: time to close the page showing "Checking…".
    await sandboxRoute('config', { latencyMs: 1500 });
    try {
      const running = vscode.commands.executeCommand('standardsExplorer.connectionDoctor') as Thenable<DoctorRun | undefined>;
      await doctorTab();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const run = await running;
      assert.ok(
        run?.results.some((r) => r.title.startsWith('Service call')),
        'the run finished and gave its results',
      );
      await doctorTab();
    } finally {
      await sandboxRoute('config', { latencyMs: 0 });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('names a clock-skewed token issued by the identity provider, with the fix', async () => {
    await signInToSandbox();
    await resetSandbox();
    // The sandbox's provider stamps its tokens 15 minutes ahead; the signed-in session holds no token yet after reset.
    await sandboxRoute('config', { tokenClockSkewSeconds: 900 });
    try {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const run = (await vscode.commands.executeCommand('standardsExplorer.connectionDoctor')) as DoctorRun;
      const token = run.results.find((r) => r.title === 'Token');
      assert.ok(token, `a Token check: ${run.results.map((r) => r.title).join(', ')}`);
      assert.equal(token.status, 'fail');
      assert.match(token.detail, /in the future/);
      assert.match(token.fix ?? '', /clock/i);
      // The Markdown says the same: a FAIL line for the token, and the clock in what to try.
      const tokenLine = run.markdown.split('\n').find((l) => /Token\b/.test(l) && /in the future/.test(l));
      assert.ok(tokenLine, `a Token line saying the token was issued in the future:\n${run.markdown}`);
      assert.match(tokenLine, /FAIL/i);
      assert.match(run.markdown, /clock/i);
      await doctorTab();
      assert.deepEqual(dirtyUntitled(), []);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } finally {
      await sandboxRoute('config', { tokenClockSkewSeconds: 0 });
    }
  });
});
