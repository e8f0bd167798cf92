/**
 * Issue 52's measure, in plain Node: every clause of the sandbox's STS and Metanorma standards, read over HTTP with
 * its clause list as the page reads it, through the document model and the text view. What a reader of the
 * published page would miss or see twice: a formula without its key, a bibliography entry without identifier and
 * title, a number, annex label, obligation or caption label shown twice, a term reference "()", and text of the
 * source not shown (at least 97 % of the text the published page prints: the body's text nodes, without metadata —
 * identifiers, URNs and URIs, ids, the standard's record — nor what the published page itself prints once, such as
 * a caption's repeat of its label).
 */
import * as assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { buildDocument, documentHeading, documentText, flowText, type Block, type ClauseDocument } from '../../src/core/document/index';
import { clauseMarkdown } from '../../src/core/document/clauseMarkdown';
import { shownHeading } from '../../src/core/document/listedNumbers';
import { clauseContextOf } from '../../src/core/model';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom, type StandardsService } from '../../src/core/service/index';
import { coverage, shownTextFindings, sourceText, type Json } from '../harness/publishedText';

function all(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    out.push(block);
    if (
      block.kind === 'section' ||
      block.kind === 'note' ||
      block.kind === 'example' ||
      block.kind === 'admonition' ||
      block.kind === 'figure' ||
      block.kind === 'quote'
    )
      out.push(...all(block.children));
    if (block.kind === 'list') for (const item of block.items) out.push(...all(item.blocks));
    if (block.kind === 'definitions') for (const item of block.items) out.push(...all(item.definition));
    if (block.kind === 'term') out.push(...all([...block.definition, ...block.examples, ...block.notes]));
    if (block.kind === 'table') out.push(...all(block.notes));
    if (block.kind === 'formula') out.push(...all(block.where));
  }
  return out;
}

/** What the page and the text view show twice or leave out, in one clause. */
function findings(document: ClauseDocument, heading: string[], body: Json): string[] {
  const found: string[] = [];
  const text = [
    ...heading,
    ...documentText(document)
      .split('\n')
      .slice(documentHeading(document.number, document.title, document.label).length),
  ].join('\n');
  const shown = `${text}\n${clauseMarkdown(document)}`;
  for (const block of all(document.blocks)) {
    if (block.kind === 'formula' && !block.where.length) found.push(`a formula without its key: ${block.label ?? ''}`);
    if (block.kind === 'reference' && (!block.citation || !flowText(block.title).trim()))
      found.push(`a bibliography entry without identifier or title: ${block.label ?? ''} ${block.citation} ${flowText(block.details)}`);
    if ((block.kind === 'table' || block.kind === 'figure') && block.label && flowText(block.caption).startsWith(block.label))
      found.push(`a caption label twice: ${block.label}`);
  }
  found.push(...shownTextFindings(body, text, shown));
  return found;
}

describe("published-page sweep: every clause of the sandbox's STS and Metanorma standards (issue 52)", function () {
  this.timeout(120_000);
  const started: RunningSandbox[] = [];
  after(() => Promise.all(started.map((s) => s.close())));

  async function service(vocabulary: 'sts' | 'metanorma'): Promise<StandardsService> {
    const sandbox = await startSandbox({ vocabulary, standards: 200 });
    started.push(sandbox);
    return createStandardsService(serviceOptionsFrom(sandbox));
  }

  for (const vocabulary of ['sts', 'metanorma'] as const) {
    it(`${vocabulary}: no formula without its key, entry without identifier and title, doubled number or label, "()", nor clause under 97 % of its text`, async () => {
      const client = await service(vocabulary);
      const problems: string[] = [];
      const seen = { clauses: 0, formulas: 0, references: 0, annexes: 0, terms: 0, listedNumbers: 0, titleNumbersOnly: 0, lowest: 1 };
      for (const standard of (await client.listStandards({ limit: 10, offset: 0 })).items) {
        const clauses = await client.listClauses(standard.urn);
        for (const clause of clauses) {
          const body = (await client.getClause(standard.urn, clause.clauseId)) as Json;
          const context = clauseContextOf(clause, clauses);
          const document = buildDocument(body, context);
          // The page's heading: the model's and the clause list's parts, each once.
          const once = shownHeading(document, context);
          const heading = documentHeading(once.number, once.title, once.label);
          const where = `${standard.reference} "${clause.title}"`;
          problems.push(...findings(document, heading, body).map((f) => `${where}: ${f}`));
          seen.clauses++;
          if (clause.number !== undefined) seen.listedNumbers++;
          else if (/^\d/.test(clause.title)) seen.titleNumbersOnly++;
          if (once.label) seen.annexes++;
          const blocks = all(document.blocks);
          seen.formulas += blocks.filter((b) => b.kind === 'formula').length;
          seen.references += blocks.filter((b) => b.kind === 'reference').length;
          seen.terms += blocks.filter((b) => b.kind === 'term').length;
          seen.lowest = Math.min(seen.lowest, coverage(sourceText(body).join(' '), [...heading, documentText(document)].join('\n')));
        }
      }
      assert.deepEqual(problems.slice(0, 20), [], `${problems.length} findings`);
      // The sweep met what it is for.
      for (const kind of ['formulas', 'references', 'annexes', 'terms'] as const) assert.ok(seen[kind] > 5, `${kind}: ${JSON.stringify(seen)}`);
      if (vocabulary === 'sts') assert.ok(seen.listedNumbers > 0 && seen.titleNumbersOnly > 0, `both list shapes: ${JSON.stringify(seen)}`);
      assert.ok(seen.clauses > 100, JSON.stringify(seen));
    });
  }
});
