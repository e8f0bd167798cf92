/**
 * A chat participant, installed beside Standards Explorer in the e2e editor, for the picture of a tool call's
 * confirmation: the offline editor has no language model (Copilot needs the network and a sign-in), so a test-only
 * participant stands in for the model's decision to call a tool — `@standards-demo` runs search_standards, then
 * get_clause on the first hit, through `vscode.lm.invokeTool` with the chat request's token, exactly as an agent's
 * tool call goes. What VS Code shows (the confirmation, the tool's answer) is VS Code's own and Standards Explorer's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO } from '../harness/tools';

export const PARTICIPANT = 'standards-demo';

const SOURCE = `
const vscode = require('vscode');
exports.activate = (context) => {
  const participant = vscode.chat.createChatParticipant('chatDemo.standards', async (request, _context, stream, token) => {
    const text = (result) => result.content.map((part) => part.value || '').join('\\n');
    const found = text(await vscode.lm.invokeTool('search_standards', { input: { query: request.prompt, limit: 1 }, toolInvocationToken: request.toolInvocationToken }, token));
    const reference = /^1\\. (\\S+ [^ (]+)/m.exec(found);
    if (!reference) { stream.markdown(found); return; }
    const clause = await vscode.lm.invokeTool('get_clause', { input: { standard: reference[1], section: 'Scope' }, toolInvocationToken: request.toolInvocationToken }, token);
    stream.markdown(text(clause));
  });
  context.subscriptions.push(participant);
};
`;

/** Packs the participant as a VSIX (vsce, from the project's devDependencies); returns its path. */
export function buildChatParticipantVsix(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'se-chat-participant-'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'chat-demo',
      displayName: 'Chat Demo',
      publisher: 'standards-explorer-tests',
      version: '0.0.1',
      license: 'MIT',
      engines: { vscode: '^1.100.0' },
      main: './extension.js',
      activationEvents: [],
      contributes: {
        chatParticipants: [{ id: 'chatDemo.standards', name: PARTICIPANT, fullName: 'Standards demo', description: 'Reads the Scope of a standard', isSticky: false }],
      },
    }),
  );
  writeFileSync(path.join(dir, 'extension.js'), SOURCE);
  writeFileSync(path.join(dir, 'README.md'), 'Test-only: a chat participant that calls the Standards Explorer tools.\n');
  writeFileSync(path.join(dir, 'LICENSE'), 'MIT\n');
  const vsix = path.join(dir, 'chat-demo.vsix');
  execFileSync(path.join(REPO, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '-o', vsix], { cwd: dir, stdio: 'pipe' });
  return vsix;
}
