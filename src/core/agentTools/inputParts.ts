/** The input properties several tools share, as JSON Schema, with their TypeScript shapes. */
import { DEFAULT_MAX_CHARS, MAX_MAX_CHARS } from './answers';

export type { Paging } from './types';

/** `maxChars` and `offset`: every tool that can answer at length takes them. */
export const PAGING_PROPERTIES = {
  maxChars: {
    type: 'integer',
    minimum: 500,
    maximum: MAX_MAX_CHARS,
    description: `Most characters of the answer's body (default ${DEFAULT_MAX_CHARS}, at most ${MAX_MAX_CHARS}). A longer answer is cut and says how to get the rest.`,
  },
  offset: { type: 'integer', minimum: 0, description: 'Where to continue a cut answer: the character offset the cut answer gave (default 0).' },
} as const;

/** The standard a tool reads: a reference or a URN (standardLookup.ts). */
export const STANDARD_PROPERTY = {
  type: 'string',
  minLength: 1,
  maxLength: 300,
  description:
    'The standard: its reference with the edition year ("ISO 14971:2019", "IEC 62304:2006/Amd 1:2015") or its URN. Without a year, a standard with several editions answers with the candidates.',
} as const;
