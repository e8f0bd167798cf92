/**
 * A hover's first paragraph, on what the sandbox serves over HTTP in each of its vocabularies: a clause body of STS
 * or Metanorma has no `corext:Paragraph`, and its hover showed the heading alone, hover after hover (issue 51).
 */
import * as assert from 'node:assert/strict';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { firstParagraph } from '../../src/core/citations/clauseSummary';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom } from '../../src/core/service/index';

describe('Citations: the first paragraph a hover shows, in every vocabulary', function () {
  this.timeout(120_000);
  const started: RunningSandbox[] = [];
  after(() => Promise.all(started.map((s) => s.close())));

  for (const vocabulary of ['corext', 'metanorma', 'sts'] as const) {
    it(`finds the first paragraph of every clause of ${vocabulary} bodies that has one`, async () => {
      const sandbox = await startSandbox({ vocabulary, standards: 20 });
      started.push(sandbox);
      const service = createStandardsService(serviceOptionsFrom(sandbox));
      const without: string[] = [];
      let read = 0;
      for (const standard of (await service.listStandards({ limit: 4, offset: 0 })).items) {
        const clauses = await service.listClauses(standard.urn);
        // Scope and general clauses: one paragraph at least in every vocabulary, as the sandbox writes them.
        for (const clause of clauses.filter((c) => !c.types.some((t) => /Annex|Bibliography|Foreword|Terms|NormativeReferences/.test(t)))) {
          const body = await service.getClause(standard.urn, clause.clauseId);
          read++;
          const paragraph = firstParagraph(body);
          if (!paragraph || paragraph.length < 10) without.push(`${standard.reference} ${clause.title ?? clause.clauseId}`);
        }
      }
      assert.ok(read > 5, `${read} clauses read`);
      assert.deepEqual(without, [], `${vocabulary}: clauses without a first paragraph`);
    });
  }
});
