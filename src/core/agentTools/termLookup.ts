/**
 * A defined term of a standard: its entry in the Terms and definitions clause (or its subclauses), found by a
 * preferred or admitted designation as Go to Term finds it (document/anchors.ts), read from the clause bodies.
 */
import { findAnchor, termAnchor } from '../document/anchors';
import { flowText, type ClauseDocument, type TermEntry } from '../document/index';
import { buildDocument } from '../document/index';
import { termsClauses } from '../terms/termsClauses';
import { termsOf } from '../terms/termStore';
import type { Clause } from '../service/types';
import { failure } from './answers';
import { readClauseDocument, type OpenStandard, type Outcome } from './clauseAccess';
import type { ToolContext } from './types';

/** Terms clauses read at most for one lookup: a standard has one, with a few subclauses at most. */
const MAX_TERMS_CLAUSES = 30;
/** Similar designations offered when the term is not found. */
const MAX_SIMILAR = 15;

export interface FoundTerm {
  clause: Clause;
  /** The clause's document with only the term entry in it (its heading kept, for context). */
  document: ClauseDocument;
  term: string;
  number?: string;
  offlineSince?: number;
}

const READERS = { buildDocument, flowText, termAnchor };

export async function findTerm(open: OpenStandard, wanted: string, context: ToolContext, signal?: AbortSignal): Promise<Outcome<FoundTerm>> {
  const clauses = termsClauses(open.clauses).slice(0, MAX_TERMS_CLAUSES);
  if (!clauses.length) return { answer: failure(`${open.label} has no Terms and definitions clause, so it defines no terms.`) };
  const similar = new Set<string>();
  const lower = wanted.trim().toLowerCase();
  for (const clause of clauses) {
    const read = await readClauseDocument(open, clause, context, signal);
    if ('answer' in read) return read;
    const { document, offlineSince } = read.ok;
    const block = findAnchor(document, wanted.trim());
    if (block?.kind === 'term') {
      const entry: TermEntry = block;
      const term = entry.preferred.map((p) => flowText(p).trim()).join('; ');
      return {
        ok: {
          clause,
          document: { ...document, blocks: [block], footnotes: [] },
          term,
          ...(entry.number ? { number: entry.number } : {}),
          ...(offlineSince !== undefined ? { offlineSince } : {}),
        },
      };
    }
    for (const item of termsOf(READERS, document.blocks, { urn: open.record.urn, clauseId: clause.clauseId })) {
      const names = [item.term, ...item.admitted].map((n) => n.toLowerCase());
      if (names.some((n) => n.includes(lower) || lower.includes(n))) similar.add(item.number ? `${item.term} (${item.number})` : item.term);
    }
  }
  const offered = [...similar].slice(0, MAX_SIMILAR);
  return {
    answer: failure(
      `${open.label} defines no term "${wanted}".${offered.length ? ` Similar terms it defines: ${offered.join(', ')}.` : ' Check the spelling, or the standard.'}`,
    ),
  };
}
