/**
 * Go to Term also offers the terms of pinned standards: their Terms and definitions clauses are read through the
 * caches (the offline copy answers, offline too) into the term store, once per downloaded copy.
 */
import { SECTION_TYPES, type ManagedStandardsService } from '../../core/service/index';
import { termsClauses } from '../../core/terms/termsClauses';
import type { TermStore } from '../../core/terms/termStore';
import type { Shelf } from './shelf';

/** Clauses of one standard read at most (a Terms clause and its subclauses), as Collect Terms does. */
const MAX_PER_STANDARD = 25;

export class PinnedTerms {
  /** Copies already read in this session: URN and the time its download finished. */
  private readonly read = new Set<string>();

  constructor(
    private readonly shelf: Shelf,
    private readonly service: () => Promise<ManagedStandardsService>,
    private readonly terms: TermStore,
  ) {}

  /** Reads the terms of the pinned standards with an offline copy not read yet; returns how many terms. */
  async add(signal?: AbortSignal): Promise<number> {
    let total = 0;
    for (const entry of this.shelf.pinned) {
      const copy = this.shelf.copyOf(entry.urn);
      const key = `${entry.urn}\u0000${copy?.at ?? 0}`;
      if (!copy || this.read.has(key)) continue;
      const service = await this.service();
      const clauses = (await service.listClausesCopy(entry.urn, signal)).value;
      // One after another: a handful of reads, from memory or disk when the copy is current.
      for (const clause of termsClauses(clauses).slice(0, MAX_PER_STANDARD)) {
        const body = (await service.getClauseCopy(entry.urn, clause.clauseId, signal)).value;
        total += this.terms.addBody(
          {
            urn: entry.urn,
            clauseId: clause.clauseId,
            id: clause.id,
            title: clause.title,
            number: clause.number,
            types: [...clause.types, SECTION_TYPES.TermsAndDefinitions.type],
            standardReference: entry.reference,
            standardTitle: entry.title,
          },
          body,
        );
      }
      this.read.add(key);
    }
    return total;
  }
}
