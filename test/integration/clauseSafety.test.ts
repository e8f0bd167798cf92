/**
 * Issue 10 items 3 and 4 in a real VS Code: server-controlled @ids are used as links only when safe, cross-references
 * open inside their page's tab (never a panel each), and server titles reach the tab without bidi controls. (Which page messages the host
 * acts on is decided by decidePageAction, unit-tested in test/unit/webviewProtocol.test.ts.)
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ClauseRef } from '../../src/core/model';
import { api, insertedReference, nextEvent, resetSandbox, scopeRef, signInToSandbox, until } from './fixtures';

function clauseTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview);
}

describe('clause links and panels', () => {
  before(async () => {
    await resetSandbox();
    await signInToSandbox();
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('refuses to copy a clause @id that is not an https: (or service) link', async () => {
    for (const id of ['javascript:alert(1)', 'command:workbench.action.terminal.new', 'data:text/html,x', 'http://elsewhere.example/c/1']) {
      await vscode.env.clipboard.writeText('unchanged');
      const copied = await vscode.commands.executeCommand('standardsExplorer.copyClauseLink', { urn: 'urn:iso:std:iso:1:ed-1', clauseId: 'x', id });
      assert.equal(copied, undefined, id);
      assert.equal(await vscode.env.clipboard.readText(), 'unchanged', id);
    }
    const { session } = await api();
    const own = `${session.baseUrl}/v1/standards/urn:iso:std:iso:1:ed-1/clauses/x`;
    await vscode.commands.executeCommand('standardsExplorer.copyClauseLink', { urn: 'urn:iso:std:iso:1:ed-1', clauseId: 'x', id: own });
    assert.equal(await vscode.env.clipboard.readText(), own, 'the sandbox’s own http origin is allowed');
  });

  it('inserts the plain reference instead of a link to a javascript: or command: @id', async () => {
    for (const format of ['markdown', 'uri']) {
      assert.equal(await insertedReference(format, scopeRef('javascript:alert(document.cookie)')), 'ISO 9001:2015, Clause 1 Scope', format);
    }
  });

  it('shows a server title in the tab without bidi controls', async () => {
    const { session, pages } = await api();
    const service = await session.service();
    const [standard] = (await service.listStandards({ limit: 1, offset: 3 })).items;
    const [clause] = await service.listClauses(standard.urn);
    const rendered = nextEvent(pages.onDidRender, 'the clause page to render');
    await pages.open({ urn: standard.urn, clauseId: clause.clauseId, title: 'Safe\u202E txt.exe\u2066 title\n2', number: '4\u202D' });
    await rendered;
    const [tab] = clauseTabs();
    // "<reference> · <heading>" once the standard is read (issue 51): the heading without controls either way.
    assert.match(tab.label, /^(.+ · )?4 Safe txt\.exe title 2$/);
    assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(tab.label), tab.label);
  });

  it('lets the page load images from the configured service only, whatever origin a clause @id names', async () => {
    const { session, pages } = await api();
    const service = await session.service();
    const [standard] = (await service.listStandards({ limit: 1, offset: 4 })).items;
    const [clause] = await service.listClauses(standard.urn);
    const ref = { urn: standard.urn, clauseId: clause.clauseId, id: 'https://tracker.example/v1/standards/x/clauses/y' };
    const rendered = nextEvent(pages.onDidRender, 'the clause page to render');
    await pages.open(ref);
    await rendered;
    const csp = /img-src ([^;"]*)/.exec(pages.pageHtml(ref) ?? '')?.[1] ?? '';
    assert.ok(csp.includes(new URL(session.baseUrl as string).origin), `img-src "${csp}" allows the configured service`);
    assert.ok(!csp.includes('tracker.example'), `img-src "${csp}" allows an origin the clause named`);
  });

  it("opens cross-references inside the page's own tab instead of a new panel each time", async () => {
    const { session, pages } = await api();
    const service = await session.service();
    const [standard] = (await service.listStandards({ limit: 1, offset: 5 })).items;
    const clauses = (await service.listClauses(standard.urn)).slice(0, 4);
    const refOf = (i: number): ClauseRef => ({ urn: standard.urn, clauseId: clauses[i].clauseId });
    const before = pages.size;
    const titleOf = (i: number) => `${standard.reference} · ${clauses[i].number ? `${clauses[i].number} ` : ''}${clauses[i].title}`;

    let rendered = nextEvent(pages.onDidRender, 'the clause page to render');
    await pages.open({ ...refOf(0), title: clauses[0].title, number: clauses[0].number });
    await rendered;
    for (const i of [1, 2, 3]) {
      rendered = nextEvent(pages.onDidRender, 'the clause page to render');
      pages.follow(refOf(i), refOf(i - 1));
      const event = await rendered;
      assert.equal(event.ref.clauseId, clauses[i].clauseId);
      assert.equal(pages.size, before + 1, `after following ${i}: the one tab`);
    }
    // The tab's title was re-read from the service (the target carried none).
    if (clauses[3].title) await until(() => clauseTabs().some((t) => t.label === titleOf(3)) || undefined, `a tab titled ${titleOf(3)}`);
  });
});
