/**
 * Failed states say what to do (issue 51): a sandbox that has stopped is started again by "Connect to Local Sandbox"
 * within the call, and the status bar says "offline — reading saved copies" (a warning, not an error) while pinned
 * copies are read because the service cannot be reached.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startSandbox } from '../../sandbox/index';
import { connectionLook } from '../../src/extension/statusBar';
import type { ClauseNode, SectionNode, StandardNode } from '../../src/extension/targets/nodes';
import { api, resetSandbox, restartSandbox, signInToSandbox, until } from './fixtures';

describe('failed states say what to do', () => {
  it('Connect to Local Sandbox starts a new sandbox when the one the editor was started with has stopped, and says so', async () => {
    const { session, shownMessages } = await api();
    // What `npm run demo` does: the editor is started with a sandbox's connection line, then that sandbox stops.
    const stopped = await startSandbox({ standards: 5 });
    const { baseUrl, tokenUrl, clientId, clientSecret } = stopped;
    await stopped.close();
    process.env.STANDARDS_EXPLORER_SANDBOX = JSON.stringify({ baseUrl, tokenUrl, clientId, clientSecret });
    try {
      const connected = (await vscode.commands.executeCommand('standardsExplorer.connectSandbox')) as string;
      assert.notEqual(connected, baseUrl, 'not the sandbox that has stopped');
      assert.match(connected, /^http:\/\/127\.0\.0\.1:\d+\/preprod$/);
      assert.equal(session.isSandbox, true);
      // The new one answers: the catalogue is there at once.
      const page = await (await session.service()).listStandards({ limit: 1, offset: 0 });
      assert.equal(page.items.length, 1);
      // And the user is told why a new one runs (the notification is shown without waiting for it to be closed).
      const why = new RegExp(`has stopped \\(connection refused at 127\\.0\\.0\\.1:${new URL(baseUrl).port} — is the service running\\?\\)`);
      // The list keeps the last 50 messages (it shifts when full): the port names this test's message.
      await until(() => (why.test(shownMessages.join('\n')) ? true : undefined), `a message matching ${String(why)}`);
    } finally {
      delete process.env.STANDARDS_EXPLORER_SANDBOX;
      await vscode.commands.executeCommand('standardsExplorer.signOut');
    }
  });

  it('says "offline — reading saved copies" in the status bar while pinned copies are read, with what to do', async () => {
    await resetSandbox();
    await signInToSandbox();
    const { model, tree, myStandards, session } = await api();
    model.refresh();
    const standard = ((await tree.catalogueChildren()) as StandardNode[])[8];
    await vscode.commands.executeCommand('standardsExplorer.pin', standard);
    assert.ok(await myStandards.pinning.whenDownloaded(standard.standard.urn), 'the pinned copy was downloaded');
    try {
      // A fresh session, as after a restart: nothing is held in memory, the copies are read from disk.
      await signInToSandbox();
      await restartSandbox(async () => {
        model.refresh();
        const pinned = ((await tree.getChildren()) as SectionNode[]).find((n) => n.section === 'pinned');
        assert.ok(pinned, 'a Pinned root');
        const [node] = (await tree.getChildren(pinned)) as StandardNode[];
        const clauses = (await tree.getChildren(node)) as ClauseNode[];
        assert.ok(clauses.length > 0, 'the stored clauses');
        assert.equal(session.state.kind, 'offline', JSON.stringify(session.state));
        const look = connectionLook(session.state, session.environment.name);
        assert.equal(look.text, '$(cloud-offline) Standards: offline — reading saved copies');
        assert.equal(look.background, 'statusBarItem.warningBackground');
        assert.match(look.tooltip, /cannot be reached: pinned standards are read from the copies saved on this machine\. Check your network/);
        assert.equal(look.command, 'standardsExplorer.connectionDoctor');
      });
    } finally {
      await myStandards.pinning.unpin(standard.standard.urn);
    }
  });
});
