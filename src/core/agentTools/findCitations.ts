/**
 * find_citations: where the workspace cites a standard or one of its clauses. Defined here with the other tools so
 * the set is described once; only a host that indexes the workspace (the VS Code References view) answers it, through
 * `ToolContext.findCitations`, and a host without it does not offer the tool.
 */
import { failure } from './answers';
import { PAGING_PROPERTIES, STANDARD_PROPERTY } from './inputParts';
import type { AgentTool, FindCitationsInput } from './types';

export const findCitations: AgentTool<FindCitationsInput> = {
  name: 'find_citations',
  title: 'Find citations in the workspace',
  description:
    'Where the open workspace cites a standard, or one clause of it: each file and line, the text as written, and the edition cited with its status. ' +
    'Use it to see what depends on a clause before changing code or requirements, or to find every use of an outdated edition. Reads no clause text.',
  inputSchema: {
    type: 'object',
    properties: {
      standard: { ...STANDARD_PROPERTY, description: 'The standard: a reference ("ISO 14971", "ISO 14971:2019") or its URN; without a year, every edition.' },
      clause: { type: 'string', minLength: 1, maxLength: 40, description: 'Only citations of this clause or annex: "7.1", "Annex A".' },
      ...PAGING_PROPERTIES,
    },
    required: ['standard'],
    additionalProperties: false,
  },
  readsClauseBodies: false,
  needs: 'findCitations',
  handler: (input, context, signal) =>
    context.findCitations
      ? context.findCitations(input, signal)
      : Promise.resolve(failure('find_citations needs an editor that indexes the workspace; this host has none.')),
};
