import * as assert from 'node:assert/strict';
import type { Clause } from '../../src/core/service/index';
import { nestClauses, type StandardNode } from '../../src/extension/targets/nodes';

describe('tree nodes', () => {
  const owner: StandardNode = { kind: 'standard', position: 3, standard: { urn: 'urn:iso:std:iso:1', title: 'T', raw: {} } };
  const clause = (id: string, parent?: string): Clause => ({ id, clauseId: id.split('/').pop() ?? id, types: ['corext:Clause'], title: id, raw: {}, parent });

  it('nests clauses by parent and keys every node uniquely, even when the server lists an @id twice', () => {
    const roots = nestClauses(owner, [clause('h/a'), clause('h/a/1', 'h/a'), clause('h/a'), clause('h/b'), clause('h/a/1', 'h/a')]);
    assert.deepEqual(
      roots.map((n) => n.key),
      ['h/a', 'h/a#2', 'h/b'],
    );
    assert.deepEqual(
      roots[0].children.map((n) => n.key),
      ['h/a/1', 'h/a/1#2'],
      'children go to the first node of their parent',
    );
    const keys = [roots, roots[0].children].flat().map((n) => n.key);
    assert.equal(new Set(keys).size, keys.length);
  });
});
