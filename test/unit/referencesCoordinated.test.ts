/**
 * The References view and its exports count a citation under every clause it names (issue 51: "clause 6.1 and
 * Annex A" was listed under 6.1 only), from what the recogniser reads to the grouping, the CSV and find_citations.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { runAgentTool, type ToolContext } from '../../src/core/agentTools/index';
import { buildCatalogueIndex } from '../../src/core/catalogue/buildIndex';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import { locatorLabel } from '../../src/core/citations/citationTarget';
import { findCitations, locatorsOf, type ReferenceCitation } from '../../src/core/citations/recognise';
import { groupReferences, toCsv, type Occurrence } from '../../src/core/citations/referenceReport';
import type { ManagedStandardsService } from '../../src/core/service/managedService';
import { createStandardsService } from '../../src/core/service/standardsService';

const CATALOGUE = path.resolve(__dirname, '../../../test/fixtures/cli/catalogue.jsonl');

/** An occurrence as occurrenceSays makes it from a citation: the first locator, and all of them when more than one. */
function occurrenceOf(text: string, file: string, line: number): Occurrence {
  const [citation] = findCitations(text).filter((c): c is ReferenceCitation => c.kind === 'reference');
  assert.ok(citation, text);
  const locators = locatorsOf(citation);
  return {
    file,
    line,
    text: citation.text,
    standard: 'ISO 14971:2019',
    urn: 'urn:iso:std:iso:14971:ed-3:v1:en',
    position: 0,
    title: 'Medical devices — Application of risk management to medical devices',
    clause: locators.length ? locatorLabel(locators[0]) : '',
    ...(locators.length ? { locator: locators[0] } : {}),
    ...(locators.length > 1 ? { locators } : {}),
    status: 'current',
    outdated: false,
  };
}

describe('References: a citation of several clauses is listed under each', () => {
  it('lists "clause 6.1 and Annex A" under clause 6.1 and Annex A, each with its own locator, counted once for the standard', async () => {
    const occurrences = [
      occurrenceOf('See ISO 14971:2019, clause 6.1 and Annex A.', 'a.md', 3),
      occurrenceOf('ISO 14971:2019 clauses 4.1, 4.2 and 5 apply.', 'b.md', 1),
      occurrenceOf('ISO 14971:2019, 6.1 and 6.1 again', 'c.md', 2),
      occurrenceOf('ISO 14971:2019, clause 6.1', 'd.md', 7),
    ];
    const [group] = await groupReferences(occurrences);
    assert.equal(group.count, 4);
    assert.deepEqual(
      group.clauses.map((c) => [c.clause, c.occurrences.map((o) => `${o.file}:${o.line} ${o.locator?.kind} ${o.locator?.value}`)]),
      [
        ['Annex A', ['a.md:3 annex A']],
        ['clause 4.1', ['b.md:1 clause 4.1']],
        ['clause 4.2', ['b.md:1 clause 4.2']],
        ['clause 5', ['b.md:1 clause 5']],
        ['clause 6.1', ['a.md:3 clause 6.1', 'c.md:2 clause 6.1', 'd.md:7 clause 6.1']],
      ],
    );
    // The traceability matrix has a row per clause cited.
    const rows = toCsv([group]).trim().split('\r\n').slice(1);
    assert.deepEqual(
      rows.filter((row) => row.includes('a.md')).map((row) => row.split(',')[1]),
      ['Annex A', 'clause 6.1'],
    );
  });
});

describe('Citations: locators joined before a reference', () => {
  const read = (text: string) =>
    findCitations(text)
      .filter((c): c is ReferenceCitation => c.kind === 'reference')
      .map((c) => ({ text: c.text, reference: text.slice(c.referenceStart, c.referenceEnd), locators: locatorsOf(c).map((l) => `${l.kind} ${l.value}`) }));

  it('reads "clause 6.1 and Annex A of ISO 14971:2019" as both locators of the one reference, the range from "clause"; a locator of the citation before stays its own', async () => {
    assert.deepEqual(read('See clause 6.1 and Annex A of ISO 14971:2019.'), [
      { text: 'clause 6.1 and Annex A of ISO 14971:2019', reference: 'ISO 14971:2019', locators: ['clause 6.1', 'annex A'] },
    ]);
    assert.deepEqual(read('As clauses 4.1, 4.2 and Annex B in IEC 62304:2006 say'), [
      { text: 'clauses 4.1, 4.2 and Annex B in IEC 62304:2006', reference: 'IEC 62304:2006', locators: ['clause 4.1', 'clause 4.2', 'annex B'] },
    ]);
    const [group] = await groupReferences([occurrenceOf('See clause 6.1 and Annex A of ISO 14971:2019.', 'a.md', 1)]);
    assert.deepEqual(
      group.clauses.map((c) => c.clause),
      ['Annex A', 'clause 6.1'],
    );
    // A locator of the citation before is left to that citation.
    assert.deepEqual(read('ISO 9001:2015 clause 5 and Annex A of ISO 14001:2015'), [
      { text: 'ISO 9001:2015 clause 5', reference: 'ISO 9001:2015', locators: ['clause 5'] },
      { text: 'Annex A of ISO 14001:2015', reference: 'ISO 14001:2015', locators: ['annex A'] },
    ]);
    assert.deepEqual(read('ISO 9001:2015 and Annex A of ISO 14001:2015'), [
      { text: 'ISO 9001:2015', reference: 'ISO 9001:2015', locators: [] },
      { text: 'Annex A of ISO 14001:2015', reference: 'ISO 14001:2015', locators: ['annex A'] },
    ]);
  });
});

describe('find_citations: a citation of several clauses is found by each', function () {
  this.timeout(30_000);
  let sandbox: RunningSandbox;
  let service: ManagedStandardsService;
  let context: ToolContext;

  before(async () => {
    sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
    service = createStandardsService({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    const index = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 500 });
    const urn = Array.from(index.entries).find((e) => e?.reference === 'ISO 14971:2019')?.urn;
    assert.ok(urn);
    const scan = [{ ...occurrenceOf('See ISO 14971:2019, clause 6.1 and Annex A.', 'docs/risk.md', 3), urn }];
    context = { catalogue: () => Promise.resolve(index), clauses: service, serviceBaseUrl: sandbox.baseUrl, workspaceCitations: () => Promise.resolve(scan) };
  });

  after(async () => {
    service.dispose();
    await sandbox.close();
  });

  it('finds "clause 6.1 and Annex A" when asked for Annex A as when asked for 6.1', async () => {
    for (const clause of ['6.1', 'Annex A']) {
      const answer = await runAgentTool('find_citations', { standard: 'ISO 14971:2019', clause }, context);
      assert.match(answer.text, new RegExp(`^The workspace cites ISO 14971:2019, ${clause} once\\.[\\s\\S]*docs/risk\\.md:3`), answer.text);
    }
  });
});
