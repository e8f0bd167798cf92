/**
 * Issue 50 point 5 in a real VS Code: what the agent chose (a tool call's input) shows in the chat's confirmation and
 * progress line as text — an untrusted MarkdownString whose every Markdown character is escaped — never as a link.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api } from './fixtures';

/** A link as a Markdown renderer reads one: `](` written together, not escaped. */
const LINK = /(?<!\\)\]\(/;

describe('agent input in the tool confirmation', () => {
  it('shows a crafted input as text in the confirmation and the progress line', async () => {
    const hooks = await api();
    const input = { standard: 'ISO 1](command:workbench.action.terminal.new) [x', section: '**Approve** $(terminal)' };
    const prepared = hooks.agentTools.prepare('get_clause', { input });
    const message = prepared.confirmationMessages?.message;
    assert.ok(message instanceof vscode.MarkdownString, 'get_clause reads clause bodies: it asks first, in Markdown of ours');
    assert.ok(!message.isTrusted, 'no command of the message runs');
    assert.doesNotMatch(message.value, LINK, message.value);
    assert.ok(message.value.includes(String.raw`ISO 1\]\(command:workbench.action.terminal.new\) \[x, \*\*Approve\*\* \$\(terminal\)`), message.value);
    const progress = prepared.invocationMessage;
    assert.ok(progress instanceof vscode.MarkdownString);
    assert.doesNotMatch(progress.value, LINK, progress.value);
  });
});
