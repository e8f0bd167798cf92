import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as vscode from 'vscode';
import type { RunningSandbox } from '../../sandbox/types';
import { CITED_RECORDS } from '../unit/citationRecords';
import { ACCESS_TOKEN_ENV, mcpServerProvider, type McpStdioServerDefinitionClass } from '../../src/extension/agentTools/mcpServer';
import { api, ownSandboxInFolder, signInTo, signInToSandbox } from './fixtures';

/** A tool's answer as VS Code gives it to a model: the text parts, joined. */
async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('\n---\n');
}

describe('agent tools in VS Code (vscode.lm.invokeTool)', function () {
  this.timeout(90_000);
  // Real references (ISO 9001, IEC 62304, ISO/IEC 27001…) in a sandbox of the suite's own, as the citations suite.
  let own: RunningSandbox;
  let folder: vscode.WorkspaceFolder;
  const file = (name: string) => vscode.Uri.joinPath(folder.uri, name);

  before(async () => {
    ({ own, folder } = await ownSandboxInFolder(CITED_RECORDS));
    await vscode.workspace.fs.writeFile(
      file('agent/requirements.txt'),
      new TextEncoder().encode('REQ-1: The quality system follows ISO 9001:2008, clause 4.1.\nREQ-2: Software per IEC 62304:2006, 5.1.\n'),
    );
  });

  after(async () => {
    await vscode.workspace.fs.delete(file('agent'), { recursive: true }).then(undefined, () => undefined);
    await signInToSandbox();
    await own.close();
  });

  it('declares the six tools to VS Code, each with its #reference and schema', () => {
    const ours = vscode.lm.tools.filter((tool) => tool.tags.includes('standards'));
    assert.deepEqual(ours.map((tool) => tool.name).sort(), [
      'check_references',
      'find_citations',
      'get_clause',
      'list_clauses',
      'lookup_term',
      'search_standards',
    ]);
    const clause = ours.find((tool) => tool.name === 'get_clause');
    assert.deepEqual((clause?.inputSchema as { required?: string[] } | undefined)?.required, ['standard']);
  });

  it('search_standards, list_clauses and get_clause answer from the signed-in service, with editions and links back to the clause page', async () => {
    const search = await invoke('search_standards', { query: 'ISO 9001' });
    assert.match(search, /ISO 9001:2015 \(2015 edition, current\)/);
    assert.match(search, /ISO 9001:2008 \(2008 edition, withdrawn; replaced by ISO 9001:2015\)/);
    const outline = await invoke('list_clauses', { standard: 'ISO 9001:2015' });
    assert.match(outline, /^ISO 9001:2015\n/);
    assert.match(outline, /Scope/);
    const scope = await invoke('get_clause', { standard: 'ISO 9001:2015', section: 'Scope' });
    assert.match(scope, /^ISO 9001:2015, 1 Scope\nEdition: ISO 9001:2015 \(2015 edition, current\)/);
    // The citations part: a link that opens the clause in Standards Explorer.
    const [, sources] = scope.split('\n---\n');
    assert.match(
      sources,
      /^Sources \(cite these; each link opens the clause in Standards Explorer\):\n- \[ISO 9001:2015, 1\]\(command:standardsExplorer\.openCitation\?/,
    );
    const link = /\((command:standardsExplorer\.openCitation\?[^)]+)\)/.exec(sources)?.[1];
    assert.ok(link);
    const [target] = JSON.parse(decodeURIComponent(link.slice(link.indexOf('?') + 1))) as Array<{ urn: string; clauseId?: string }>;
    assert.equal(target.urn, 'urn:iso:std:iso:9001:ed-5:stage-90.93');
    assert.ok(target.clauseId, 'the clause is named');
  });

  it('lookup_term answers a defined term with its source', async () => {
    const terms = await invoke('get_clause', { standard: 'ISO 9001:2015', section: 'Terms and definitions' });
    const term = /\*\*([^*]+)\*\*/.exec(terms)?.[1];
    assert.ok(term, terms.slice(0, 400));
    const entry = await invoke('lookup_term', { standard: 'ISO 9001:2015', term });
    assert.match(entry, new RegExp(`^ISO 9001:2015, 3\\.\\d+(?:\\.\\d+)* ${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('check_references reads workspace files, never a path outside the workspace', async () => {
    const checked = await invoke('check_references', { paths: ['agent'] });
    assert.match(checked, /agent\/requirements\.txt:1:[^\n]*ISO 9001:2008[^\n]*withdrawn/);
    const outside = await invoke('check_references', { paths: ['../../etc/passwd'] });
    assert.match(outside, /is not inside a folder open in this editor/);
    // A link in the folder to a file outside it (no citation in it: the References view's counts stay as they are).
    const secret = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'se-outside-')), 'secret.txt');
    fs.writeFileSync(secret, 'Not for the tool.\n');
    fs.symlinkSync(secret, path.join(folder.uri.fsPath, 'agent', 'linked.txt'));
    try {
      const linked = await invoke('check_references', { paths: ['agent'] });
      assert.match(linked, /Not read: 1 symbolic link leading outside the folders this tool may read \(not followed\): agent\/linked\.txt\./);
    } finally {
      fs.rmSync(path.join(folder.uri.fsPath, 'agent', 'linked.txt'));
      fs.rmSync(path.dirname(secret), { recursive: true, force: true });
    }
    const text = await invoke('check_references', { text: 'Per ISO/IEC 27001:2013, A.9.' });
    assert.match(text, /ISO\/IEC 27001:2013[^\n]*(superseded|withdrawn|newer)/);
  });

  it('find_citations answers from the References view scan of the workspace', async () => {
    const found = await invoke('find_citations', { standard: 'ISO 9001' });
    assert.match(found, /^The workspace cites ISO 9001 once\. Editions cited: ISO 9001:2008 \(Withdrawn — replaced by ISO 9001:2015\)\./);
    assert.match(found, /\n- agent\/requirements\.txt:1: "ISO 9001:2008, clause 4\.1" → ISO 9001:2008, clause 4\.1 \(Withdrawn/);
    assert.match(await invoke('find_citations', { standard: 'IEC 62304:2006', clause: '5.1' }), /^The workspace cites IEC 62304:2006, 5\.1 once\./);
  });

  it('answers bad input with the schema complaint, and a clause that does not exist with what to do', async () => {
    assert.match(await invoke('get_clause', { standard: 42 }), /input\.standard must be string/);
    assert.match(await invoke('get_clause', { standard: 'ISO 9001', clause: '4.1' }), /ISO 9001 has 2 editions in the catalogue: call again with the year/);
    assert.match(await invoke('get_clause', { standard: 'ISO 9001:2015', clause: '99.9' }), /ISO 9001:2015 has no clause 99\.9/);
  });

  it('asks before reading clause text (it counts against the subscription), not before a search', async () => {
    const { agentTools } = await api();
    const ask = agentTools.prepare('get_clause', { input: { standard: 'ISO 9001:2015', clause: '4.1' } });
    assert.equal(ask.confirmationMessages?.title, 'Read from the Standards Content Service?');
    const message = ask.confirmationMessages?.message;
    assert.match(
      typeof message === 'string' ? message : (message?.value ?? ''),
      /ISO 9001:2015, 4\.1 of the licensed text\. Each clause read counts against your subscription/,
    );
    assert.equal(agentTools.prepare('search_standards', { input: { query: 'ISO 9001' } }).confirmationMessages, undefined);
  });

  it('says "not connected" with what to do when nobody is signed in', async () => {
    await vscode.commands.executeCommand('standardsExplorer.signOut');
    try {
      assert.match(
        await invoke('list_clauses', { standard: 'urn:iso:std:iso:9001:ed-5:stage-90.93' }),
        /not connected to a Standards Content Service .*"Standards: Sign In"/,
      );
    } finally {
      await signInTo(own);
    }
  });

  it('offers the MCP server to VS Code: the endpoint eagerly, a short-lived token only when it starts — and the server it starts answers', async function () {
    // VS Code 1.101's class: the minimum VS Code (1.100) offers the tools without the server.
    // The class is 1.101's, which @types/vscode 1.100 (engines.vscode) does not declare.
    const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionClass }).McpStdioServerDefinition;
    if (!Definition) this.skip();
    const { session } = await api();
    const extension = vscode.extensions.all.find((e) => e.id.endsWith('.standards-explorer'));
    assert.ok(extension);
    const listeners: vscode.Disposable[] = [];
    const provider = mcpServerProvider({ session, extensionUri: extension.extensionUri, version: '1' }, Definition, listeners);
    const token = new vscode.CancellationTokenSource().token;
    const [offered] = (await provider.provideMcpServerDefinitions(token)) ?? [];
    assert.ok(offered, 'one server while signed in');
    // check_references reads the workspace folders (--root each), never the home folder VS Code starts it in.
    const roots = (vscode.workspace.workspaceFolders ?? []).flatMap((f) => ['--root', f.uri.fsPath]);
    assert.deepEqual(offered.args.slice(1), ['mcp', ...roots]);
    assert.equal(offered.cwd?.fsPath, vscode.workspace.workspaceFolders?.[0].uri.fsPath);
    assert.match(offered.args[0], /dist[\\/]cli\.js$/);
    assert.equal(offered.env.STANDARDS_BASE_URL, own.baseUrl);
    assert.equal(offered.env[ACCESS_TOKEN_ENV], undefined, 'no credential before VS Code starts it');
    const resolved = await provider.resolveMcpServerDefinition?.(offered, token);
    assert.ok(resolved);
    const handedOver = String(resolved.env[ACCESS_TOKEN_ENV]);
    assert.ok(handedOver.length > 10, 'a token');
    const definition = JSON.stringify(resolved);
    assert.ok(!definition.includes(own.clientSecret) && !definition.includes(own.clientId), 'never the client credentials');
    // Started as VS Code starts it, driven by the MCP SDK's own client.
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
    for (const [key, value] of Object.entries(resolved.env)) if (value !== null) env[key] = String(value);
    // Not in the folder: the roots come from the arguments.
    const transport = new StdioClientTransport({ command: resolved.command, args: resolved.args, env, cwd: os.tmpdir(), stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'integration-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['check_references', 'get_clause', 'list_clauses', 'lookup_term', 'search_standards']);
      const result = await client.callTool({ name: 'get_clause', arguments: { standard: 'ISO 9001:2015', section: 'Scope' } });
      const [first] = result.content as Array<{ text: string }>;
      assert.match(first.text, /^ISO 9001:2015, 1 Scope\n/);
      const checked = await client.callTool({ name: 'check_references', arguments: { paths: ['agent'] } });
      assert.match((checked.content as Array<{ text: string }>)[0].text, /agent\/requirements\.txt:1:[^\n]*ISO 9001:2008[^\n]*withdrawn/);
    } finally {
      await client.close();
    }
    assert.ok(!stderr.includes(handedOver) && !stderr.includes(own.clientSecret), 'nothing secret in the server log');
    for (const listener of listeners) listener.dispose();
  });
});
