/**
 * Agent tool figures (src/core/agentTools), each next to the same work done through the layer below in the same
 * run: search_standards over an index of 100 000 real-shaped records next to the index's own ranked search; get_clause
 * cold (a new service: token, clause list, clause body) and from the service's memory cache, next to the service
 * layer's listClauses + getClause, against the sandbox on loopback. Prints; asserts nothing.
 * Run: npm run compile && node out/bench/agentTools.js
 */
import { startSandbox } from '../sandbox/index';
import { runAgentTool, type ToolContext } from '../src/core/agentTools/index';
import { buildCatalogueIndex } from '../src/core/catalogue/buildIndex';
import { readCatalogueFile } from '../src/core/catalogue/catalogueFile';
import { CatalogueIndex, type IndexEntry } from '../src/core/catalogue/catalogueIndex';
import { serviceOptionsFrom } from '../src/core/service/index';
import type { ManagedStandardsService } from '../src/core/service/managedService';
import { createStandardsService } from '../src/core/service/standardsService';
import * as path from 'node:path';
import { sandboxEntries } from './sandboxEntries';
import { record, spread } from './results';

const QUERIES = [
  'risk management medical devices',
  'information security',
  'functional safety',
  'ISO 9001',
  '27001:2022',
  'iec62304',
  'quality management',
  'robots safety',
  'ISO/IEC 17025',
  'laboratories competence',
];
const ROUNDS = 15;
const CATALOGUE = path.resolve(__dirname, '../../test/fixtures/cli/catalogue.jsonl');

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function rounds(work: () => Promise<unknown>): Promise<ReturnType<typeof spread>> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await timed(work));
  return spread(times);
}

async function searchFigures(): Promise<void> {
  const entries: IndexEntry[] = sandboxEntries(7, 100_000);
  const index = CatalogueIndex.of(entries);
  const context: ToolContext = { catalogue: () => Promise.resolve(index), clauses: { listClausesCopy: unused, getClauseCopy: unused } };
  const tool = await rounds(async () => {
    for (const query of QUERIES) if ((await runAgentTool('search_standards', { query }, context)).isError) throw new Error(query);
  });
  const direct = await rounds(async () => {
    for (const query of QUERIES) index.searchHits(query, 10);
  });
  const perQuery = (ms: number): number => ms / QUERIES.length;
  console.log(
    `search_standards over ${index.size} records: ${perQuery(tool.median).toFixed(2)} ms a query; the index's own search ${perQuery(direct.median).toFixed(2)} ms`,
  );
  record({
    agentSearchMs100k: {
      what: `search_standards over 100 000 records, a query (${QUERIES.length} queries, median of ${ROUNDS})`,
      unit: 'ms',
      ours: perQuery(tool.median),
      min: perQuery(tool.min),
      max: perQuery(tool.max),
      rounds: ROUNDS,
      baseline: perQuery(direct.median),
      baselineWhat: 'the catalogue index ranked search of the same queries, 10 hits (no status, replacement or text)',
      ratio: tool.median / direct.median,
    },
  });
}

function unused(): never {
  throw new Error('not used by search_standards');
}

async function clauseFigures(): Promise<void> {
  const sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
  const services: ManagedStandardsService[] = [];
  const service = (): ManagedStandardsService => {
    const made = createStandardsService(serviceOptionsFrom(sandbox));
    services.push(made);
    return made;
  };
  try {
    const lister = service();
    const index = await buildCatalogueIndex((page, signal) => lister.listStandards(page, signal), { pageSize: 500 });
    const input = { standard: 'ISO 14971:2019', clause: '1' };
    const urn = index.search('ISO 14971:2019', 1)[0].urn;
    const clauseId = (await lister.listClauses(urn)).find((c) => c.number === '1')?.clauseId ?? '';
    const tool = (clauses: ManagedStandardsService) => async () => {
      const answer = await runAgentTool('get_clause', input, { catalogue: () => Promise.resolve(index), clauses, serviceBaseUrl: sandbox.baseUrl });
      if (answer.isError) throw new Error(answer.text);
    };
    const direct = (clauses: ManagedStandardsService) => async () => {
      await clauses.listClauses(urn);
      await clauses.getClause(urn, clauseId);
    };
    const cold = await rounds(() => tool(service())());
    const coldDirect = await rounds(() => direct(service())());
    const warm = service();
    await tool(warm)();
    const cached = await rounds(tool(warm));
    const cachedDirect = await rounds(direct(warm));
    console.log(
      `get_clause cold ${cold.median.toFixed(1)} ms (service layer ${coldDirect.median.toFixed(1)} ms); from cache ${cached.median.toFixed(2)} ms (${cachedDirect.median.toFixed(2)} ms)`,
    );
    const figure = (what: string, ours: ReturnType<typeof spread>, baseline: ReturnType<typeof spread>, baselineWhat: string) => ({
      what,
      unit: 'ms',
      ours: ours.median,
      min: ours.min,
      max: ours.max,
      rounds: ROUNDS,
      baseline: baseline.median,
      baselineWhat,
      ratio: ours.median / baseline.median,
    });
    record({
      agentGetClauseColdMs: figure(
        'get_clause cold: a new connection (token, clause list, clause body), the clause as Markdown with its citation',
        cold,
        coldDirect,
        'the service layer: a new connection, listClauses + getClause',
      ),
      agentGetClauseCachedMs: figure('get_clause from the memory cache', cached, cachedDirect, 'the service layer: listClauses + getClause from its cache'),
    });
  } finally {
    for (const made of services) made.dispose();
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  await searchFigures();
  await clauseFigures();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
