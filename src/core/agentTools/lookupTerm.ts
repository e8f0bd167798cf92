/** lookup_term: a defined term's entry (definition, notes, source) in one edition's Terms and definitions. */
import { clauseMarkdown } from '../document/clauseMarkdown';
import { boundedAnswer } from './answers';
import { PAGING_PROPERTIES, STANDARD_PROPERTY, type Paging } from './inputParts';
import { citationOf, headLines } from './citations';
import { openStandard } from './clauseAccess';
import { findTerm } from './termLookup';
import type { AgentTool, ToolAnswer, ToolContext } from './types';

export interface LookupTermInput extends Paging {
  term: string;
  standard: string;
}

export const lookupTerm: AgentTool<LookupTermInput> = {
  name: 'lookup_term',
  title: 'Look up a defined term',
  description:
    "How a standard defines a term: the term's entry in the edition's Terms and definitions clause (its number, preferred and admitted terms, definition, notes, examples and [SOURCE: …]), " +
    'with the reference to cite ("ISO 14971:2019, 3.10"). Matches the preferred or an admitted term, case aside; when it is not defined, the answer lists similar terms the standard defines. ' +
    'Reads the Terms and definitions clause from the service.',
  inputSchema: {
    type: 'object',
    properties: {
      term: { type: 'string', minLength: 1, maxLength: 200, description: 'The term, e.g. "risk", "harm", "medical device software".' },
      standard: STANDARD_PROPERTY,
      ...PAGING_PROPERTIES,
    },
    required: ['term', 'standard'],
    additionalProperties: false,
  },
  readsClauseBodies: true,
  handler: (input, context, signal) => termAnswer(input, context, 'lookup_term', signal),
};

/** The term's entry as Markdown headed by its citation; `toolName` is the tool a cut answer says to call again. */
export async function termAnswer(input: LookupTermInput, context: ToolContext, toolName: string, signal?: AbortSignal): Promise<ToolAnswer> {
  const open = await openStandard(input.standard, context, signal);
  if ('answer' in open) return open.answer;
  const found = await findTerm(open.ok, input.term, context, signal);
  if ('answer' in found) return found.answer;
  const { clause, document, term, number, offlineSince } = found.ok;
  const citation = citationOf(open.ok.record, context.serviceBaseUrl, { clause, term: { term, number }, offlineSince });
  return boundedAnswer(headLines(citation, offlineSince), clauseMarkdown(document, open.ok.label), input, [citation], toolName);
}
