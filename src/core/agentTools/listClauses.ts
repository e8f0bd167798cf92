/** list_clauses: a standard's clause outline, in document order, each clause with what get_clause takes. */
import { displayText } from '../service/displayText';
import { SECTION_TYPES, sectionLabel, sectionOf } from '../service/sections';
import type { Clause } from '../service/types';
import { boundedAnswer } from './answers';
import { PAGING_PROPERTIES, STANDARD_PROPERTY, type Paging } from './inputParts';
import { citationOf, clauseLocator, headLines } from './citations';
import { openStandard } from './clauseAccess';
import type { AgentTool } from './types';

export interface ListClausesInput extends Paging {
  standard: string;
}

export const listClauses: AgentTool<ListClausesInput> = {
  name: 'list_clauses',
  title: "List a standard's clauses",
  description:
    'The outline of one edition of a standard: every clause, subclause and annex the service lists, in document order, with its number, title, section type and clauseId (what get_clause takes). ' +
    'Use it to find which clause to read; it reads no clause text. The answer names the edition and its status.',
  inputSchema: {
    type: 'object',
    properties: { standard: STANDARD_PROPERTY, ...PAGING_PROPERTIES },
    required: ['standard'],
    additionalProperties: false,
  },
  readsClauseBodies: false,
  async handler(input, context, signal) {
    const open = await openStandard(input.standard, context, signal);
    if ('answer' in open) return open.answer;
    const { record, clauses, offlineSince } = open.ok;
    const citation = citationOf(record, context.serviceBaseUrl);
    const head = `${headLines(citation, offlineSince)}\n${clauses.length} clauses:`;
    return boundedAnswer(head, outlineLines(clauses), input, [citation], 'list_clauses');
  },
};

/** One line per clause, indented by depth: "  - 7.1 Risk analysis [Clause] clauseId=…". */
function outlineLines(clauses: readonly Clause[]): string {
  const depth = new Map<string, number>();
  return clauses
    .map((clause) => {
      const level = clause.level ?? (clause.parent ? (depth.get(clause.parent) ?? 0) + 1 : 1);
      depth.set(clause.id, level);
      const label = sectionLabel(clause.types);
      const shown = displayText(clause.title) || label;
      const title = clause.number ? ` ${shown}` : '';
      // The section type where the title does not say it (titles may be empty or worded otherwise).
      const section = sectionOf(clause.types);
      const type = section && section !== SECTION_TYPES.Clause && label !== shown ? ` [${label}]` : '';
      return `${'  '.repeat(Math.max(0, level - 1))}- ${clauseLocator(clause)}${title}${type} clauseId=${clause.clauseId}`;
    })
    .join('\n');
}
