/**
 * get_clause names a clause by its title as its schema says (issue 51: `clause: "Scope"` answered "has no clause
 * Scope" while list_clauses listed "1 Scope"): through the tool on one standard, and through the locator over every
 * clause of every standard of the sandbox's catalogue (test/fixtures/cli/catalogue.jsonl) — and by number and section type, as the schema promises.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { locateClause, openStandard } from '../../src/core/agentTools/clauseAccess';
import { clauseLocator } from '../../src/core/agentTools/citations';
import { runAgentTool, type ToolAnswer, type ToolContext } from '../../src/core/agentTools/index';
import { buildCatalogueIndex } from '../../src/core/catalogue/buildIndex';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import type { ManagedStandardsService } from '../../src/core/service/managedService';
import { displayText } from '../../src/core/service/displayText';
import { SECTION_LIST, SECTION_TYPES, sectionOf } from '../../src/core/service/sections';
import { createStandardsService } from '../../src/core/service/standardsService';

const CATALOGUE = path.resolve(__dirname, '../../../test/fixtures/cli/catalogue.jsonl');

describe('get_clause finds a clause by its title', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let service: ManagedStandardsService;
  let context: ToolContext;

  const ok = (answer: ToolAnswer): ToolAnswer => {
    assert.ok(!answer.isError, answer.text);
    return answer;
  };

  before(async () => {
    sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
    service = createStandardsService({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    const index = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 500 });
    context = { catalogue: () => Promise.resolve(index), clauses: service, serviceBaseUrl: sandbox.baseUrl };
  });

  after(async () => {
    service.dispose();
    await sandbox.close();
  });

  it('reads `clause: "Scope"`, "1 scope" and "terms and definitions" as list_clauses names them', async () => {
    for (const clause of ['Scope', 'scope', '1 Scope', ' 1  SCOPE ']) {
      const answer = ok(await runAgentTool('get_clause', { standard: 'ISO 14971:2019', clause }, context));
      assert.equal(answer.citations[0].label, 'ISO 14971:2019, 1', clause);
      assert.match(answer.text, /\n# 1 Scope\n/);
    }
    const terms = ok(await runAgentTool('get_clause', { standard: 'ISO 14971:2019', clause: 'terms and definitions' }, context));
    assert.equal(terms.citations[0].label, 'ISO 14971:2019, 3');
    const byTitle = ok(await runAgentTool('get_clause', { standard: 'ISO 14971:2019', title: '1 Scope' }, context));
    assert.equal(byTitle.citations[0].label, 'ISO 14971:2019, 1');
    // Numbers stay numbers, and a title that names nothing says so with the outline.
    const missing = await runAgentTool('get_clause', { standard: 'ISO 14971:2019', clause: 'Colour of the cover' }, context);
    assert.equal(missing.isError, true);
    assert.match(missing.text, /ISO 14971:2019 has no clause titled "Colour of the cover"\. Its clauses .*:\n- Foreword/);
    const unknownNumber = await runAgentTool('get_clause', { standard: 'ISO 14971:2019', clause: '42' }, context);
    assert.match(unknownNumber.text, /ISO 14971:2019 has no clause 42\./);
  });

  it('finds every clause of every standard of the sandbox by its title, with or without its number', async () => {
    let standards = 0;
    let checked = 0;
    for (const record of readCatalogueFile(CATALOGUE)) {
      const open = await openStandard(record.urn, context);
      if ('answer' in open) assert.fail(open.answer.text);
      standards++;
      const titles = open.ok.clauses.map((c) => displayText(c.title).trim().replace(/\s+/g, ' ').toLowerCase());
      open.ok.clauses.forEach((clause, i) => {
        const title = displayText(clause.title);
        if (!/\p{L}{2}/u.test(title)) return;
        const where = `${open.ok.label}: "${title}"`;
        const located = locateClause(open.ok, { clause: title.toUpperCase() });
        if (titles.indexOf(titles[i]) === titles.lastIndexOf(titles[i])) {
          assert.ok('ok' in located, `${where}: ${'answer' in located ? located.answer.text : ''}`);
          assert.equal(located.ok.clause.clauseId, clause.clauseId, where);
        } else {
          // Two clauses of one title: the answer lists them to choose from, never a guess.
          assert.ok('answer' in located, where);
          assert.match(located.answer.text, /^Several clauses of .* match the title/, where);
          assert.ok(located.answer.text.includes(clause.clauseId), where);
        }
        if (clause.number) {
          for (const written of [`${displayText(clause.number)} ${title}`, `${clauseLocator(clause)} ${title.toLowerCase()}`]) {
            const numbered = locateClause(open.ok, { clause: written });
            assert.ok('ok' in numbered, `${where} as "${written}": ${'answer' in numbered ? numbered.answer.text : ''}`);
            assert.equal(numbered.ok.clause.clauseId, clause.clauseId, `${where} as "${written}"`);
          }
        }
        checked++;
      });
    }
    assert.ok(standards >= 40 && checked > standards * 5, `${checked} clauses of ${standards} standards`);
  });

  it('finds every clause of every standard of the sandbox by its number, and every section by its type', async () => {
    let numbers = 0;
    let sections = 0;
    for (const record of readCatalogueFile(CATALOGUE)) {
      const open = await openStandard(record.urn, context);
      if ('answer' in open) assert.fail(open.answer.text);
      const { clauses } = open.ok;
      for (const clause of clauses) {
        const number = displayText(clause.number ?? '');
        if (!number || clauses.filter((c) => displayText(c.number ?? '') === number).length > 1) continue;
        for (const written of [number, clauseLocator(clause)]) {
          const located = locateClause(open.ok, { clause: written });
          assert.ok('ok' in located, `${open.ok.label} "${written}": ${'answer' in located ? located.answer.text : ''}`);
          assert.equal(located.ok.clause.clauseId, clause.clauseId, `${open.ok.label} "${written}"`);
        }
        numbers++;
      }
      // A section type the tool offers (its schema's enum) finds the first clause of that type, whatever its title.
      for (const section of SECTION_LIST.filter((s) => s !== SECTION_TYPES.Clause && s !== SECTION_TYPES.Annex)) {
        const first = clauses.find((c) => sectionOf(c.types) === section);
        const answer = await runAgentTool('get_clause', { standard: record.urn, section: section.label }, context);
        if (!first) {
          assert.match(answer.text, new RegExp(`has no ${section.label} clause`), `${open.ok.label} ${section.label}`);
          continue;
        }
        ok(answer);
        assert.equal(answer.citations[0]?.clause?.clauseId, first.clauseId, `${open.ok.label} ${section.label}`);
        sections++;
      }
    }
    assert.ok(numbers > 200 && sections > 80, `${numbers} numbers, ${sections} sections`);
  });
});
