/**
 * The JSON Schema of an answer's structured part, `{ citations, cut? }` (types.ts): what a host that publishes output
 * schemas (MCP's `outputSchema` and `structuredContent`) declares, so a client can read citations without parsing text.
 */
import type { ToolAnswer } from './types';

const STRING = { type: 'string' } as const;

const CITATION = {
  type: 'object',
  properties: {
    label: STRING,
    reference: STRING,
    urn: STRING,
    title: STRING,
    edition: {
      type: 'object',
      properties: { year: { type: 'integer' }, status: STRING, replacedBy: STRING, inCatalogue: { type: 'boolean' } },
      required: ['status', 'inCatalogue'],
    },
    clause: {
      type: 'object',
      properties: { id: STRING, clauseId: STRING, number: STRING, title: STRING, term: STRING },
      required: ['id', 'clauseId', 'title'],
    },
    link: STRING,
    offlineCopyFrom: STRING,
  },
  required: ['label', 'reference', 'urn', 'edition'],
} as const;

export const ANSWER_SCHEMA: { type: 'object'; properties: Record<string, object>; required: string[] } = {
  type: 'object',
  properties: {
    citations: { type: 'array', items: CITATION },
    cut: {
      type: 'object',
      properties: { offset: { type: 'integer' }, shown: { type: 'integer' }, total: { type: 'integer' }, nextOffset: { type: 'integer' } },
      required: ['offset', 'shown', 'total', 'nextOffset'],
    },
  },
  required: ['citations'],
};

/** The structured part of an answer, as ANSWER_SCHEMA describes it. */
export function structuredAnswer(answer: ToolAnswer): { citations: ToolAnswer['citations']; cut?: ToolAnswer['cut'] } {
  return { citations: answer.citations, ...(answer.cut ? { cut: answer.cut } : {}) };
}
