/**
 * The document model on what the sandbox serves over HTTP (real identity provider and service client), in both
 * of its vocabularies: every clause reads as blocks, with no identifier, flag or notation name in its text.
 */
import * as assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { parseArgs } from '../../sandbox/cli';
import { buildDocument, documentText, type Block, type ClauseDocument } from '../../src/core/document/index';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom, type StandardsService } from '../../src/core/service/index';

const TECHNICAL = /[0-9a-f]{8}-[0-9a-f]{4}-|urn:|#_|\b_[0-9a-f]{6}|\btrue\b|\bfalse\b|MathML|AsciiMath|LaTeX|displayorder|inline-header|obligation|image\/svg/;

function kinds(blocks: readonly Block[], into: Set<string>): Set<string> {
  for (const block of blocks) {
    into.add(block.kind === 'formula' ? `formula:${block.math.notation}` : block.kind);
    if (block.kind === 'section') {
      if (block.title.length) into.add('titled section');
      kinds(block.children, into);
    }
    if (block.kind === 'note' || block.kind === 'example' || block.kind === 'admonition') kinds(block.children, into);
    if (block.kind === 'list') block.items.forEach((item) => kinds(item.blocks, into));
  }
  return into;
}

async function read(service: StandardsService, standards: number): Promise<Array<{ body: Record<string, unknown>; document: ClauseDocument }>> {
  const out: Array<{ body: Record<string, unknown>; document: ClauseDocument }> = [];
  for (const standard of (await service.listStandards({ limit: standards, offset: 0 })).items) {
    for (const clause of await service.listClauses(standard.urn)) {
      const body = (await service.getClause(standard.urn, clause.clauseId)) as Record<string, unknown>;
      out.push({ body, document: buildDocument(body) });
    }
  }
  return out;
}

describe('document model: the sandbox vocabularies over HTTP', function () {
  this.timeout(120_000);
  const started: RunningSandbox[] = [];
  after(() => Promise.all(started.map((s) => s.close())));

  async function sandboxWith(vocabulary: 'corext' | 'metanorma' | 'mixed'): Promise<StandardsService> {
    const sandbox = await startSandbox({ vocabulary, standards: 300 });
    started.push(sandbox);
    return createStandardsService(serviceOptionsFrom(sandbox));
  }

  for (const vocabulary of ['metanorma', 'corext'] as const) {
    it(`reads every ${vocabulary} clause of 15 standards as blocks, without identifiers`, async () => {
      const clauses = await read(await sandboxWith(vocabulary), 15);
      const seen = new Set<string>();
      for (const { body, document } of clauses) {
        assert.equal(vocabulary === 'metanorma' ? Array.isArray(body.content) : Array.isArray(body['corext:content']), true, `a ${vocabulary} body`);
        const text = documentText(document);
        assert.ok(document.blocks.length > 0, `${document.title}: no blocks`);
        assert.doesNotMatch(text, TECHNICAL, `${document.title}: technical text shown`);
        kinds(document.blocks, seen);
        for (const block of document.blocks) if (block.kind === 'term') seen.add(block.preferred.length ? 'term' : 'term without designation');
      }
      for (const kind of ['paragraph', 'list', 'titled section', 'table', 'note', 'term', 'reference'])
        assert.ok(seen.has(kind), `no ${kind} among ${[...seen].join(', ')}`);
      if (vocabulary === 'metanorma')
        for (const kind of ['formula:mathml', 'admonition', 'figure']) assert.ok(seen.has(kind), `no ${kind} among ${[...seen].join(', ')}`);
      assert.ok(!seen.has('term without designation'));
    });
  }

  it('mixes both vocabularies by default, deterministically', async () => {
    const first = await read(await sandboxWith('mixed'), 12);
    const metanorma = first.filter(({ body }) => Array.isArray(body.content)).length;
    assert.ok(metanorma > 0 && metanorma < first.length, `${metanorma} of ${first.length} clauses are Metanorma`);
    const again = await read(await sandboxWith('mixed'), 12);
    assert.deepEqual(
      again.map(({ body }) => Array.isArray(body.content)),
      first.map(({ body }) => Array.isArray(body.content)),
    );
  });

  it('takes --vocabulary on the command line and refuses unknown ones', async () => {
    assert.equal(parseArgs(['--vocabulary', 'metanorma']).vocabulary, 'metanorma');
    await assert.rejects(startSandbox({ vocabulary: 'docbook' as 'corext' }), /Unknown vocabulary "docbook"/);
  });
});
