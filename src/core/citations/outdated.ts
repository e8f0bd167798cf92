/**
 * Whether a cited edition is outdated, and how the citation reads with the current edition: the one judgement the
 * editor's diagnostics and the command line's check share.
 */
import type { IndexEntry } from '../catalogue/catalogueIndex';
import type { Citation, ReferenceCitation } from './recognise';
import type { ResolvedStandard } from './resolve';

/** Replaced by a newer current edition of the same number and part, or not current with none to replace it. */
export type Outdated = { kind: 'replaced'; by: IndexEntry } | { kind: 'notCurrent'; status: string };

export function outdatedEdition(standard: ResolvedStandard): Outdated | undefined {
  if (standard.replacedBy) return { kind: 'replaced', by: standard.replacedBy };
  if (!standard.facts.current) return { kind: 'notCurrent', status: standard.facts.status ?? 'withdrawn' };
  return undefined;
}

/**
 * The check's rule for an outdated edition: withdrawn when the catalogue has no current edition or marks the cited
 * record itself withdrawn; superseded when it was replaced or revised, or a newer current edition exists.
 */
export function outdatedRule(standard: ResolvedStandard, outdated: Outdated): 'withdrawn' | 'superseded' {
  return outdated.kind === 'notCurrent' || standard.facts.status === 'withdrawn' ? 'withdrawn' : 'superseded';
}

/**
 * The current edition's reference as the rewrite: the catalogue's reference, but a publisher the user wrote
 * differently ("EN ISO 13849-1:2015") keeps the user's prefix when the catalogue's is contained in it.
 */
export function rewrittenReference(citation: ReferenceCitation, currentReference: string | undefined): string | undefined {
  if (!currentReference) return undefined;
  const written = citation.reference.publisher;
  const current = currentReference.split(' ')[0];
  if (written !== current && written.endsWith(` ${current}`)) return `${written.slice(0, -current.length)}${currentReference}`;
  return currentReference;
}

/**
 * What replaces an outdated citation's reference (its locators stay as written): the current edition's reference as
 * rewrittenReference writes it, or its URN for a URN. The check's fix, the editor's Quick Fix and `fix` all use it.
 */
export function replacementText(citation: Exclude<Citation, { kind: 'clauseUri' }>, current: IndexEntry): string | undefined {
  return citation.kind === 'reference' ? rewrittenReference(citation, current.reference) : current.urn;
}
