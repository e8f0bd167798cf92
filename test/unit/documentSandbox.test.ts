/**
 * The document model on what the sandbox serves over HTTP (real identity provider and service client), in both
 * of its vocabularies: every clause reads as blocks, with no identifier, flag or notation name in its text.
 */
import * as assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { parseArgs } from '../../sandbox/cli';
import { buildDocument, documentText, type Block, type ClauseDocument, type Inline } from '../../src/core/document/index';
import { clauseContextOf } from '../../src/core/model';
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

/** Every block, depth first (sections, notes, lists, term entries, tables' notes). */
function all(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    out.push(block);
    if (block.kind === 'section' || block.kind === 'note' || block.kind === 'example' || block.kind === 'admonition' || block.kind === 'figure')
      out.push(...all(block.children));
    if (block.kind === 'list') for (const item of block.items) out.push(...all(item.blocks));
    if (block.kind === 'term') out.push(...all([...block.definition, ...block.examples, ...block.notes]));
    if (block.kind === 'table') out.push(...all(block.notes));
  }
  return out;
}

/** Every link in the blocks' running text. */
function links(blocks: readonly Block[]): Array<Extract<Inline, { kind: 'link' }>> {
  const found: Array<Extract<Inline, { kind: 'link' }>> = [];
  const visit = (flow: readonly Inline[]): void => {
    for (const part of flow) {
      if (typeof part === 'string') continue;
      if (part.kind === 'link') found.push(part);
      if (part.kind === 'link' || part.kind === 'style') visit(part.children);
    }
  };
  for (const block of all(blocks)) {
    if (block.kind === 'paragraph' || block.kind === 'heading') visit(block.content);
    if (block.kind === 'term') visit(block.source);
  }
  return found;
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

/** A Metanorma body in either form: the older keyed `content`, or the real nesting's `mn:content`. */
function isMetanorma(body: Record<string, unknown>): boolean {
  return Array.isArray(body.content) || Array.isArray(body['mn:content']);
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
        assert.equal(vocabulary === 'metanorma' ? isMetanorma(body) : Array.isArray(body['corext:content']), true, `a ${vocabulary} body`);
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

  for (const vocabulary of ['metanorma', 'corext'] as const) {
    it(`numbers and names everything in the ${vocabulary} clauses of 20 standards, read with their clause lists`, async () => {
      const service = await sandboxWith(vocabulary);
      const forms = new Set<string>();
      let xrefs = 0;
      for (const standard of (await service.listStandards({ limit: 20, offset: 0 })).items) {
        const clauses = await service.listClauses(standard.urn);
        for (const clause of clauses) {
          const body = (await service.getClause(standard.urn, clause.clauseId)) as Record<string, unknown>;
          if (vocabulary === 'metanorma') forms.add(Array.isArray(body['mn:content']) ? 'nested' : 'keyed');
          const document = buildDocument(body, clauseContextOf(clause, clauses));
          const text = documentText(document);
          const where = `${standard.reference} ${clause.number ?? ''} ${clause.title ?? ''}`;
          assert.doesNotMatch(
            text.replace(/Normative references/g, ''),
            /\breference\b|another part of this document/,
            `${where}: a cross-reference without a name`,
          );
          for (const block of all(document.blocks)) {
            if (block.kind === 'term') assert.match(block.number ?? '', /^\d+(\.\d+)+$/, `${where}: a term entry without its number`);
            if (block.kind === 'table' || block.kind === 'figure')
              assert.match(block.label ?? '', /^(Table|Figure) ([A-Z]\.)?\d+$/, `${where}: ${block.kind} without its number`);
            if (block.kind === 'formula') assert.match(block.label ?? '', /^\(([A-Z]\.)?\d+\)$/, `${where}: formula without its number`);
            if (block.kind === 'section' && clause.number) assert.ok(block.number?.startsWith(`${clause.number}.`), `${where}: subclause "${block.number}"`);
          }
          xrefs += links(document.blocks).filter((l) => l.target.kind === 'clause').length;
        }
      }
      if (vocabulary === 'metanorma') assert.deepEqual([...forms].sort(), ['keyed', 'nested'], 'both Metanorma forms are served');
      assert.ok(xrefs > 20, `${xrefs} cross-references`);
    });
  }

  it('mixes both vocabularies by default, deterministically', async () => {
    const first = await read(await sandboxWith('mixed'), 12);
    const metanorma = first.filter(({ body }) => isMetanorma(body)).length;
    assert.ok(metanorma > 0 && metanorma < first.length, `${metanorma} of ${first.length} clauses are Metanorma`);
    const again = await read(await sandboxWith('mixed'), 12);
    assert.deepEqual(
      again.map(({ body }) => isMetanorma(body)),
      first.map(({ body }) => isMetanorma(body)),
    );
  });

  it('takes --vocabulary on the command line and refuses unknown ones', async () => {
    assert.equal(parseArgs(['--vocabulary', 'metanorma']).vocabulary, 'metanorma');
    await assert.rejects(startSandbox({ vocabulary: 'docbook' as 'corext' }), /Unknown vocabulary "docbook"/);
  });
});
