/**
 * Issue 50 point 2: a progress notification renders `[label](command:…)` in its title and in each reported message
 * as a link that runs the command, and titles quote servers ("Downloading {reference} for offline reading"). Every
 * one goes through notify.ts's withNotificationProgress (its pure part, withInertProgress, is run here against a
 * recording withProgress), and a lint rule keeps a raw withProgress in a notification from coming back.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';
import type * as vscode from 'vscode';
import { withInertProgress, type ProgressStep, type WithProgress } from '../../src/extension/inertProgress';

/** The crafted reference of the issue: it closes a label and opens a link of its own. */
const CRAFTED = 'ISO 1](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D) [x';
/** A link as VS Code reads one in a notification (`](` written together), or an icon (`$(`). */
const LINK_OR_ICON = /\]\(|\$\(/;
const NOTIFICATION = 15 as vscode.ProgressLocation;

/** withProgress as VS Code's, recording what it was asked to show. */
function recorder(): { withProgress: WithProgress; options: vscode.ProgressOptions[]; steps: ProgressStep[] } {
  const options: vscode.ProgressOptions[] = [];
  const steps: ProgressStep[] = [];
  // A token that is never cancelled: the two members the task may read.
  const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) } as unknown as vscode.CancellationToken;
  const withProgress: WithProgress = (given, task) => {
    options.push(given);
    return task({ report: (step) => steps.push(step) }, token);
  };
  return { withProgress, options, steps };
}

describe('progress notifications (notify.ts withNotificationProgress)', () => {
  it('shows a crafted reference in the title and the reported messages as text, never a command link or an icon', async () => {
    const { withProgress, options, steps } = recorder();
    const result = await withInertProgress(
      withProgress,
      NOTIFICATION,
      { title: `Downloading ${CRAFTED} for offline reading`, cancellable: true },
      async (progress) => {
        progress.report({ message: `Reading ${CRAFTED} $(terminal)`, increment: 10 });
        progress.report({ increment: 5 });
        return 'done';
      },
    );
    assert.equal(result, 'done', 'the task’s result comes back');
    assert.equal(options.length, 1);
    const [shown] = options;
    assert.equal(shown.location, NOTIFICATION);
    assert.equal(shown.cancellable, true);
    assert.doesNotMatch(shown.title ?? '', LINK_OR_ICON);
    assert.match(shown.title ?? '', /^Downloading ISO 1\] \(command:workbench/, 'the characters stay, only the link syntax is broken');
    assert.equal(steps.length, 2);
    assert.doesNotMatch(steps[0].message ?? '', LINK_OR_ICON);
    assert.equal(steps[0].increment, 10);
    assert.deepEqual(steps[1], { increment: 5 }, 'a step without a message is passed on as it is');
  });
});

describe('the inert-progress lint rule (eslint.config.mjs)', function () {
  this.timeout(120_000);
  const root = path.resolve(__dirname, '../../..');
  // The one rule, not type-aware: no TypeScript program is started.
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId === 'local/inert-progress',
  });
  const problems = async (file: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.map((m) => `${m.line}: ${m.message.slice(0, 40)}`);
  };

  it('refuses a raw withProgress in a notification, and a message reported in one', async () => {
    const raw = [
      "import * as vscode from 'vscode';",
      'export const a = (label: string) =>',
      '  vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: label }, async (progress) => {',
      '    progress.report({ message: label });',
      '  });',
      'const options = { location: 15, title: "x" };',
      'export const b = () => vscode.window.withProgress(options, async () => undefined);',
    ].join('\n');
    const found = await problems('src/extension/pins/probe.ts', raw);
    assert.deepEqual(
      found.map((p) => p.split(':')[0]),
      ['3', '3', '4', '7'],
      found.join('\n'),
    );
  });

  it('lets a progress in the window or a view be, and notify.ts show notifications', async () => {
    const quiet = [
      "import * as vscode from 'vscode';",
      "export const a = () => vscode.window.withProgress({ location: { viewId: 'v' } }, async (p) => p.report({ message: 'x' }));",
      "export const b = () => vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 't' }, async () => undefined);",
    ].join('\n');
    assert.deepEqual(await problems('src/extension/tree/probe.ts', quiet), []);
    const notify =
      "import * as vscode from 'vscode';\nexport const n = () => vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 't' }, async () => undefined);\n";
    assert.deepEqual(await problems('src/extension/notify.ts', notify), []);
  });

  it('finds no raw progress notification in the extension', async () => {
    const results = await eslint.lintFiles(['src/extension/**/*.ts']);
    const found = results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message.slice(0, 40)}`));
    assert.deepEqual(found, []);
    assert.ok(results.length > 100, `${results.length} files linted`);
  });
});
