/** search_standards: the catalogue ranked as Find Standard ranks it (catalogue/catalogueIndex.ts, topicRank.ts). */
import { displayText } from '../service/displayText';
import { boundedAnswer } from './answers';
import { catalogueOf } from './clauseAccess';
import { citationOf, editionText } from './citations';
import { PAGING_PROPERTIES, type Paging } from './inputParts';
import { recordOf } from './standardLookup';
import type { AgentTool } from './types';

export interface SearchStandardsInput extends Paging {
  query: string;
  limit?: number;
  includeWithdrawn?: boolean;
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

export const searchStandards: AgentTool<SearchStandardsInput> = {
  name: 'search_standards',
  title: 'Search the standards catalogue',
  description:
    'Finds standards in the licensed catalogue by reference, number or topic, best first: "ISO 14971", "27001:2022", "iec62304", "risk management medical devices", "functional safety". ' +
    'A topic ranks the core requirements standard of its family first. Each result gives the reference (with the edition year), title, status (current, withdrawn, replaced, draft…), ' +
    'the current edition that replaces an outdated one, and the URN. Use it to find the exact edition before get_clause; it reads no clause text.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 300, description: 'A reference, number, URN, or words of a title or topic.' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, description: `How many results (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).` },
      includeWithdrawn: { type: 'boolean', description: 'Keep withdrawn and replaced editions in the results (default true: they rank after current ones).' },
      ...PAGING_PROPERTIES,
    },
    required: ['query'],
    additionalProperties: false,
  },
  readsClauseBodies: false,
  async handler(input, context, signal) {
    const index = await catalogueOf(context, signal);
    if ('answer' in index) return index.answer;
    const limit = input.limit ?? DEFAULT_LIMIT;
    const keepWithdrawn = input.includeWithdrawn ?? true;
    // Withdrawn records left out still count against the search's own limit: ask for more, then cut.
    const hits = index.ok
      .searchHits(input.query, keepWithdrawn ? limit : limit * 4)
      .filter((hit) => keepWithdrawn || hit.facts.current)
      .slice(0, limit);
    const records = hits.map((hit) => recordOf(index.ok, hit.entry));
    const citations = records.map((record) => citationOf(record, context.serviceBaseUrl));
    const lines = citations.map((c, i) => `${i + 1}. ${editionText(c.reference, c.edition)} — ${c.title ?? ''}\n   URN: ${c.urn}`);
    const partial = index.ok.complete ? '' : ` (the catalogue index is still being built: ${index.ok.size} records so far)`;
    const head = hits.length
      ? `${hits.length} standards match "${displayText(input.query)}"${partial}, best first:`
      : `No standard in the catalogue matches "${displayText(input.query)}"${partial}. Try fewer words, a number, or another spelling.`;
    return boundedAnswer(head, lines.join('\n'), input, citations, 'search_standards');
  },
};
