/** get_clause: one clause (or subclause, or term entry) of one edition, as Markdown from the document model. */
import { findAnchor } from '../document/anchors';
import { clauseMarkdown } from '../document/clauseMarkdown';
import { flowText, type ClauseDocument } from '../document/index';
import { SECTION_LIST, SECTION_TYPES } from '../service/sections';
import { boundedAnswer, failure } from './answers';
import { PAGING_PROPERTIES, STANDARD_PROPERTY, type Paging } from './inputParts';
import { citationOf, headLines } from './citations';
import { locateClause, openStandard, readClauseDocument, type ClauseLocator } from './clauseAccess';
import { termAnswer } from './lookupTerm';
import type { AgentTool } from './types';

export interface GetClauseInput extends ClauseLocator, Paging {
  standard: string;
  term?: string;
}

/** The sections a clause can be asked for by type ("Clause" and "Annex" name no one clause). */
const SECTIONS = SECTION_LIST.filter((s) => s !== SECTION_TYPES.Clause && s !== SECTION_TYPES.Annex).map((s) => s.label);
const LOCATORS = ['clause', 'section', 'title', 'clauseId', 'term'] as const;

export const getClause: AgentTool<GetClauseInput> = {
  name: 'get_clause',
  title: 'Get a clause of a standard',
  description:
    'Reads one clause of a standard\'s licensed text, as Markdown, with the reference to cite ("ISO 14971:2019, 7.1"), the edition\'s year and status, and the clause link. ' +
    'Name the clause by exactly one of: its number ("7.1", "A", "Annex B"), a section ("Scope", "Terms and definitions"…), its title, its clauseId (from list_clauses), or a defined term (its entry only). ' +
    'Quote requirements from this text, never from memory. Each call reads the clause from the service (it counts against the subscription); long clauses are cut, and the answer says how to get the rest.',
  inputSchema: {
    type: 'object',
    properties: {
      standard: STANDARD_PROPERTY,
      clause: {
        type: 'string',
        minLength: 1,
        maxLength: 40,
        description: 'The clause or annex number ("7.1", "A.2", "Annex B"), or its title ("Scope", "1 Scope").',
      },
      section: { type: 'string', enum: SECTIONS, description: 'A section by its type, whatever its title.' },
      title: { type: 'string', minLength: 1, maxLength: 300, description: "The clause's title, or words of it." },
      clauseId: { type: 'string', minLength: 1, maxLength: 300, description: 'The clauseId list_clauses gave.' },
      term: { type: 'string', minLength: 1, maxLength: 200, description: 'A defined term: answers with its entry in Terms and definitions.' },
      ...PAGING_PROPERTIES,
    },
    required: ['standard'],
    additionalProperties: false,
  },
  readsClauseBodies: true,
  async handler(input, context, signal) {
    const given = LOCATORS.filter((key) => input[key] !== undefined);
    if (given.length !== 1) {
      return failure(`Name the clause by exactly one of ${LOCATORS.join(', ')}${given.length ? ` (this call gave ${given.join(' and ')})` : ''}.`);
    }
    if (input.term !== undefined) return termAnswer({ ...input, term: input.term }, context, 'get_clause', signal);
    const open = await openStandard(input.standard, context, signal);
    if ('answer' in open) return open.answer;
    const standard = open.ok;
    const located = locateClause(standard, input);
    if ('answer' in located) return located.answer;
    const { clause, within } = located.ok;
    const read = await readClauseDocument(standard, clause, context, signal);
    if ('answer' in read) return read.answer;
    const { offlineSince } = read.ok;
    let document: ClauseDocument = read.ok.document;
    let cited = clause;
    if (within) {
      const block = findAnchor(document, within);
      if (block?.kind !== 'section' && block?.kind !== 'term') {
        return failure(`${standard.label} has no clause ${within}: clause ${clause.number ?? clause.title} holds none of that number.`);
      }
      // A subclause the list does not name, or a term entry ("3.1"): shown under its clause's heading.
      document = { ...document, blocks: [block], footnotes: [] };
      const title = block.kind === 'section' ? flowText(block.title) : block.preferred.map((p) => flowText(p)).join('; ');
      cited = { ...clause, number: block.number ?? within, title };
    }
    const citation = citationOf(standard.record, context.serviceBaseUrl, { clause: cited, offlineSince });
    return boundedAnswer(headLines(citation, offlineSince), clauseMarkdown(document, standard.label), input, [citation], 'get_clause');
  },
};
