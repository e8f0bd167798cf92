import * as assert from 'node:assert/strict';
import { clauseLinkProblem, clauseTarget } from '../../src/core/clauseLinks';

describe('clause links from the server', () => {
  const sandbox = 'http://127.0.0.1:4000/preprod';

  it('lets https: links and the service’s own origin through', () => {
    assert.equal(clauseLinkProblem('https://api.example.com/v1/standards/urn:x:y/clauses/1', undefined), undefined);
    assert.equal(clauseLinkProblem('http://127.0.0.1:4000/preprod/v1/standards/urn:x:y/clauses/1', sandbox), undefined);
  });

  it('refuses javascript:, command:, data:, file:, other http origins and odd characters', () => {
    const bad = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'command:workbench.action.terminal.new',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vscode://ms-vscode.something/x',
      'http://127.0.0.1:4001/preprod/v1/x',
      'http://evil.example/x',
      'https://user:pass@api.example.com/x',
      'https://api.example.com/a b',
      'https://api.example.com/\u202Eevil',
      'https://api.example.com/a\nb',
      'relative/path',
      `https://api.example.com/${'x'.repeat(3000)}`,
    ];
    for (const id of bad) assert.ok(clauseLinkProblem(id, sandbox), id.slice(0, 50));
    assert.match(clauseLinkProblem('javascript:alert(1)', sandbox) ?? '', /"javascript:" link/);
  });

  it('reads cross-reference targets without backtracking on long input', () => {
    assert.deepEqual(clauseTarget(`${sandbox}/v1/standards/urn:iso:std:iso:1/clauses/abc/`, 'urn:x:y', sandbox), { urn: 'urn:iso:std:iso:1', clauseId: 'abc' });
    assert.equal(
      clauseTarget(`${sandbox}/v1/standards/urn:iso:std:iso:1/extra/clauses/abc`, 'urn:iso:x', sandbox)?.urn,
      'urn:iso:x',
      'not the service path: read as a clause id of this standard',
    );
    assert.equal(clauseTarget('/'.repeat(2000), 'urn:x:y', sandbox), undefined);
    assert.equal(clauseTarget('c1', 'not-a-urn', sandbox), undefined);
  });
});
