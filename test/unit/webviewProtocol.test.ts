import * as assert from 'node:assert/strict';
import { clausePageHtml } from '../../src/webview/html';
import { readClauseRef, readPageMessage, resolveClauseTarget } from '../../src/webview/protocol';

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
    assert.deepEqual(readClauseRef({ urn: 'urn:x:y', clauseId: 'c', types: ['corext:Scope', 3] }), { urn: 'urn:x:y', clauseId: 'c', id: undefined, title: undefined, number: undefined, types: ['corext:Scope'], standardReference: undefined, standardTitle: undefined });
    assert.equal(readClauseRef({ urn: 'urn:x:y' }), undefined);
    assert.equal(readClauseRef(undefined), undefined);
  });

  it('resolves cross-reference targets', () => {
    assert.deepEqual(resolveClauseTarget('http://h/preprod/v1/standards/urn:iso:std:iso:1/clauses/abc', 'urn:other:x'), { urn: 'urn:iso:std:iso:1', clauseId: 'abc' });
    assert.deepEqual(resolveClauseTarget('https://h/v1/standards/urn%3Aiso%3A2/clauses/d?x#y', 'urn:other:x'), { urn: 'urn:iso:2', clauseId: 'd' });
    assert.deepEqual(resolveClauseTarget('https://content.example/clauses/uuid-1', 'urn:iso:std:iso:9'), { urn: 'urn:iso:std:iso:9', clauseId: 'uuid-1' });
    assert.equal(resolveClauseTarget('', 'urn:x:y'), undefined);
  });

  it('builds a page with a strict CSP, a nonce and no inline data', () => {
    const html = clausePageHtml({ cspSource: 'vscode-webview://abc', scriptUri: 'https://file/clause.js', styleUri: 'https://file/c.css', nonce: 'NONCE123' }, '<script>alert(1)</script>');
    assert.match(html, /default-src 'none'/);
    assert.match(html, /script-src 'nonce-NONCE123'/);
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
    assert.match(html, /<script nonce="NONCE123" src="https:\/\/file\/clause.js">/);
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the title is escaped');
    const other = clausePageHtml({ cspSource: 'x', scriptUri: 's', styleUri: 't' }, 't');
    const nonces = [...other.matchAll(/nonce-([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    assert.ok(nonces[0] && nonces[0].length >= 20 && nonces[0] !== 'NONCE123', 'a fresh random nonce');
  });
});
