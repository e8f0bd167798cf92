import * as assert from 'node:assert/strict';
import { clausePageHtml } from '../../src/extension/webview/html';
import type { ClauseRef } from '../../src/core/model';
import { decidePageAction, readClauseRef, readPageMessage, readRestoredRef, type PanelContext } from '../../src/webview/protocol';

describe('clause page protocol and HTML', () => {
  it('accepts only the messages the page may send', () => {
    assert.deepEqual(readPageMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(readPageMessage({ type: 'openClause', target: 'https://h/c/1', extra: 1 }), { type: 'openClause', target: 'https://h/c/1' });
    assert.equal(readPageMessage({ type: 'openClause' }), undefined);
    assert.equal(readPageMessage({ type: 'revealStandard', urn: 42 }), undefined);
    assert.equal(readPageMessage({ type: 'runCommand', command: 'workbench.action.terminal.new' }), undefined);
    assert.equal(readPageMessage('ready'), undefined);
    assert.equal(readPageMessage(null), undefined);
    assert.equal(readPageMessage({ type: 'openClause', target: 'x'.repeat(5000) }), undefined);
  });

  it('checks a ClauseRef restored from state', () => {
    assert.deepEqual(readClauseRef({ urn: 'urn:x:y', clauseId: 'c', types: ['corext:Scope', 3] }), {
      urn: 'urn:x:y',
      clauseId: 'c',
      id: undefined,
      title: undefined,
      number: undefined,
      types: ['corext:Scope'],
      standardReference: undefined,
      standardTitle: undefined,
    });
    assert.equal(readClauseRef({ urn: 'urn:x:y' }), undefined);
    assert.equal(readClauseRef(undefined), undefined);
  });

  it('restores only a checked URN and clause id from page-written state', () => {
    assert.deepEqual(readRestoredRef({ ref: { urn: 'urn:iso:std:iso:9001', clauseId: 'c1', title: 'Forged title', id: 'javascript:alert(1)' }, scrollY: 3 }), {
      urn: 'urn:iso:std:iso:9001',
      clauseId: 'c1',
    });
    // Any clause id but "." and ".." travels as one encoded segment; "../../admin" is an odd id, not a way out.
    assert.deepEqual(readRestoredRef({ ref: { urn: 'urn:iso:std:iso:9001', clauseId: '../../admin' } }), {
      urn: 'urn:iso:std:iso:9001',
      clauseId: '../../admin',
    });
    assert.equal(readRestoredRef({ ref: { urn: 'urn:iso:std:iso:9001', clauseId: '..' } }), undefined);
    assert.equal(readRestoredRef({ ref: { urn: 'not a urn', clauseId: 'c1' } }), undefined);
    assert.equal(readRestoredRef({ ref: { urn: 'urn:iso:std:iso:9001', clauseId: 'a\nb' } }), undefined);
    assert.equal(readRestoredRef('x'), undefined);
  });

  describe('page actions', () => {
    const ref: ClauseRef = {
      urn: 'urn:iso:std:iso:9001',
      clauseId: 'c1',
      id: 'https://api.example.com/preprod/v1/standards/urn:iso:std:iso:9001/clauses/c1',
      title: 'Scope',
      standardReference: 'ISO 9001:2015',
    };
    const panel: PanelContext = { ref, loaded: true, active: true, serviceBaseUrl: 'https://api.example.com/preprod' };

    it('looks up a bibliography identifier the page names (no URN in the source) only from a focused page, as text', () => {
      const message = readPageMessage({ type: 'findReference', citation: 'ISO 14971:2019\u202e' });
      assert.ok(message);
      assert.deepEqual(decidePageAction(message, panel), { kind: 'findReference', citation: 'ISO 14971:2019' });
      assert.equal(decidePageAction(message, { ...panel, active: false }).kind, 'ignore');
      assert.equal(readPageMessage({ type: 'findReference', citation: 'x'.repeat(201) }), undefined);
      assert.equal(readPageMessage({ type: 'findReference' }), undefined);
    });

    it("takes no clause action from the page: those are the title bar's, run by the host on the clause it read", () => {
      for (const type of ['copyLink', 'insertReference', 'openJson', 'openText', 'compare', 'pin', 'unpin'])
        assert.equal(readPageMessage({ type, ref: { id: 'command:workbench.action.terminal.new' } }), undefined, type);
    });

    it('ignores navigation from a panel the user is not in; Retry from any', () => {
      assert.equal(decidePageAction({ type: 'openClause', target: 'c2' }, { ...panel, active: false }).kind, 'ignore');
      assert.deepEqual(decidePageAction({ type: 'retry' }, { ...panel, active: false }), { kind: 'load' });
    });

    it('opens only clauses of the service, by URN and clause id, never trusting the target as the @id', () => {
      const open = (target: string) => decidePageAction({ type: 'openClause', target }, panel);
      assert.deepEqual(open('https://api.example.com/preprod/v1/standards/urn:iso:std:iso:1/clauses/abc'), {
        kind: 'openClause',
        ref: { urn: 'urn:iso:std:iso:1', clauseId: 'abc', standardReference: undefined, standardTitle: undefined },
      });
      assert.deepEqual(open('https://api.example.com/preprod/v1/standards/urn%3Aiso%3Astd%3Aiso%3A9001/clauses/d?x#y'), {
        kind: 'openClause',
        ref: { urn: 'urn:iso:std:iso:9001', clauseId: 'd', standardReference: 'ISO 9001:2015', standardTitle: undefined },
      });
      // The spec's {clause_base}/<clause_id> elsewhere: the clause id within this standard, read from the service.
      assert.deepEqual(open('https://content.example/clauses/uuid-1'), {
        kind: 'openClause',
        ref: { urn: 'urn:iso:std:iso:9001', clauseId: 'uuid-1', standardReference: 'ISO 9001:2015', standardTitle: undefined },
      });
      // Another origin cannot name another standard (its path is not read as the service's).
      assert.equal((open('https://evil.example/preprod/v1/standards/urn:evil:x/clauses/abc') as { ref: ClauseRef }).ref.urn, 'urn:iso:std:iso:9001');
      // A real IEC URN and a clause id holding "/", each one encoded segment.
      assert.deepEqual(open('https://api.example.com/preprod/v1/standards/urn:iec:std:iec:60309-3:1994-02::%2FFRAG1::/clauses/a%2Fb'), {
        kind: 'openClause',
        ref: { urn: 'urn:iec:std:iec:60309-3:1994-02::/FRAG1::', clauseId: 'a/b', standardReference: undefined, standardTitle: undefined },
      });
      for (const bad of [
        '',
        'javascript:alert(1)',
        'command:workbench.action.terminal.new',
        'a b',
        'x\ny',
        '%2e%2e',
        '\u202Eabc',
        'x'.repeat(3000),
        'https://h/a/%E0%A4%A',
      ]) {
        const action = open(bad);
        assert.equal(action.kind, 'refuse', bad.slice(0, 40));
        assert.ok(action.kind === 'refuse' && !/[\u0000-\u001f\u202a-\u202e]/.test(action.message) && action.message.length < 250);
      }
    });

    it('keeps the rendered title to one line without bidi controls', () => {
      assert.deepEqual(decidePageAction({ type: 'rendered', title: 'a\u202Eb\nc', blocks: 1, ms: 2, builtIn: 'worker' }, panel), {
        kind: 'rendered',
        title: 'ab c',
        blocks: 1,
        ms: 2,
        builtIn: 'worker',
      });
    });

    it('reads where the model was built as the page or its worker, nothing else', () => {
      const builtIn = (value: unknown): unknown => {
        const message = readPageMessage({ type: 'rendered', title: 't', blocks: 1, ms: 2, builtIn: value });
        return message?.type === 'rendered' ? message.builtIn : undefined;
      };
      assert.equal(builtIn('worker'), 'worker');
      assert.equal(builtIn('page'), 'page');
      assert.equal(builtIn('<script>'), 'page');
      assert.equal(builtIn(undefined), 'page');
    });
  });

  it('builds a page with a strict CSP, a nonce and no inline data', () => {
    const html = clausePageHtml(
      { cspSource: 'vscode-webview://abc', scriptUri: 'https://file/clause.js', styleUri: 'https://file/c.css', nonce: 'NONCE123' },
      '<script>alert(1)</script>',
    );
    assert.match(html, /default-src 'none'/);
    assert.match(html, /script-src 'nonce-NONCE123'; worker-src blob:"/, 'workers from blob: URIs only (the model worker)');
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
    assert.match(html, /<script nonce="NONCE123" src="https:\/\/file\/clause.js">/);
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the title is escaped');
    const other = clausePageHtml({ cspSource: 'x', scriptUri: 's', styleUri: 't' }, 't');
    const nonces = [...other.matchAll(/nonce-([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    assert.ok(nonces[0] && nonces[0].length >= 20 && nonces[0] !== 'NONCE123', 'a fresh random nonce');
  });
});
