/**
 * Issue 27 point 1 in a real VS Code: text from a server or from a caller never becomes a `command:` link in a
 * notification, what a server said goes to the log and not to the notification, and commands run with a caller's
 * arguments (a link, another extension) ask before they change where the extension connects, send credentials
 * or write a file. The modal question cannot be clicked from the extension host: the tests answer it through the
 * Test-mode hooks (CallerConfirmation.answerForTests) and read what was asked.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { api, resetSandbox, sandboxRoute, signInToSandbox } from './fixtures';

/** A link as VS Code reads one in a notification: `](` written together. */
const LINK = /\]\((command|https?):/;

describe('caller arguments and quoted text', () => {
  before(async () => {
    await resetSandbox();
    await signInToSandbox();
  });
  afterEach(async () => {
    (await api()).confirmation.answerForTests(() => true);
    await resetSandbox();
  });

  it('asks before a caller adds or switches an environment, signs in or writes a file, and does nothing when refused', async () => {
    const hooks = await api();
    hooks.confirmation.answerForTests(() => false);
    const before = hooks.session.environment.name;
    const asked = (): string => hooks.confirmation.asked[hooks.confirmation.asked.length - 1] ?? '';

    const added = await vscode.commands.executeCommand('standardsExplorer.addEnvironment', {
      name: 'Look here',
      baseUrl: 'https://evil.example/api',
      tokenUrl: 'https://login.evil.example/token',
    });
    assert.equal(added, undefined);
    assert.match(asked(), /add the environment "Look here".*evil\.example.*login\.evil\.example/);
    assert.equal(hooks.session.environment.name, before, 'no environment added or switched to');

    assert.equal(await vscode.commands.executeCommand('standardsExplorer.switchEnvironment', 'default'), undefined);
    assert.match(asked(), /switch to the environment/);

    const signedIn = await vscode.commands.executeCommand('standardsExplorer.signIn', {
      clientId: 'someone',
      clientSecret: 'theirs',
      baseUrl: 'https://evil.example/api',
      tokenUrl: 'https://login.evil.example/token',
    });
    assert.equal(signedIn, false);
    assert.match(asked(), /sign in as client "someone": its secret would be sent to login\.evil\.example, and requests to evil\.example/);
    assert.notEqual(hooks.session.baseUrl, 'https://evil.example/api');

    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'se-export-')), 'report.csv');
    assert.equal(await vscode.commands.executeCommand('standardsExplorer.exportReferences', file), undefined);
    assert.match(asked(), /write the references report to .*report\.csv/);
    assert.equal(existsSync(file), false, 'nothing written');
  });

  it('shows a failure a hostile server explains in our words only, and its words in the log, never as a link', async () => {
    const hooks = await api();
    await sandboxRoute('config', { faults: '500:1', hostileText: true, retryAfterSeconds: 0 });
    const shown = hooks.shownMessages.length;
    await vscode.commands.executeCommand('standardsExplorer.insertScopeReference', {
      urn: 'urn:iso:std:iso:9001:ed-5:stage-60.60',
      reference: 'ISO 9001:2015',
    });
    const deadline = Date.now() + 30_000;
    while (hooks.shownMessages.length === shown && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const message = hooks.shownMessages[hooks.shownMessages.length - 1] ?? '';
    assert.match(message, /failed on the server \(500\)/);
    assert.doesNotMatch(message, /Fix it|evil\.example|command:/, 'the server’s words stay out of the notification');
  });

  it('never lets text a caller passed become a link in a notification', async () => {
    const hooks = await api();
    const hostile = '[Open a terminal](command:workbench.action.terminal.new)';
    await vscode.commands.executeCommand('standardsExplorer.switchEnvironment', hostile);
    const deadline = Date.now() + 10_000;
    while (!hooks.shownMessages.some((m) => m.includes('Open a terminal')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const message = hooks.shownMessages.find((m) => m.includes('Open a terminal')) ?? '';
    assert.match(message, /\[Open a terminal\] \(command:/, 'the brackets show as text');
    assert.doesNotMatch(message, LINK);
  });
});
