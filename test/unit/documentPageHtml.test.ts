import * as assert from 'node:assert/strict';
import { clausePageHtml, serviceOrigin } from '../../src/extension/webview/html';

describe('clause page HTML: images only from the service origin', () => {
  const resources = { cspSource: 'vscode-webview://abc', scriptUri: 'https://file/clause.js', styleUri: 'https://file/c.css', nonce: 'N' };

  it('adds the service origin, and nothing else, to img-src and tells the page', () => {
    const html = clausePageHtml({ ...resources, imageOrigin: 'https://api.example.com/preprod/v1/standards/urn:x:y/clauses/abc?x=1' }, 't');
    assert.match(html, /img-src vscode-webview:\/\/abc data: https:\/\/api\.example\.com;/);
    assert.match(html, /<main id="page" aria-live="polite" data-image-origin="https:\/\/api\.example\.com">/);
    assert.match(
      clausePageHtml({ ...resources, imageOrigin: 'http://127.0.0.1:4000/preprod/v1/x' }, 't'),
      /img-src vscode-webview:\/\/abc data: http:\/\/127\.0\.0\.1:4000;/,
    );
  });

  it('keeps the CSP strict when the origin is missing or odd', () => {
    for (const odd of [
      undefined,
      '',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      "https://x.example; script-src 'unsafe-inline'",
      '*',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const html = clausePageHtml({ ...resources, imageOrigin: odd }, 't');
      assert.match(html, /img-src vscode-webview:\/\/abc data:;/, String(odd));
      assert.doesNotMatch(html, /data-image-origin|unsafe-inline/, String(odd));
    }
    assert.equal(serviceOrigin('https://user:pw@api.example.com:8443/a'), 'https://api.example.com:8443');
  });
});
