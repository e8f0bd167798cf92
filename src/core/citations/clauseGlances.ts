/**
 * What a hover can show without asking the service: the clause lists of the standards cited lately and the first
 * paragraph of the clauses hovered lately. A hover sends at most one request (issue 12): whatever it does not find
 * here costs that one request, and what it fetched is kept here for the next hover. Bounded by count; emptied when
 * the connection changes. Pure: no vscode.
 */
import type { Clause } from '../service/types';

const MAX_LISTS = 32;
const MAX_PARAGRAPHS = 1000;

/** A Map used as a least-recently-used cache of `max` entries. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}

export class ClauseGlances {
  private readonly lists = new Recent<readonly Clause[]>(MAX_LISTS);
  /** The first paragraph of a clause, or null when it has none. */
  private readonly paragraphs = new Recent<string | null>(MAX_PARAGRAPHS);

  clauses(urn: string): readonly Clause[] | undefined {
    return this.lists.get(urn);
  }

  rememberClauses(urn: string, clauses: readonly Clause[]): void {
    this.lists.set(urn, clauses);
  }

  /** The paragraph (null: the clause has none), or undefined when it is not known yet. */
  paragraph(urn: string, clauseId: string): string | null | undefined {
    return this.paragraphs.get(`${urn}\n${clauseId}`);
  }

  rememberParagraph(urn: string, clauseId: string, paragraph: string | undefined): void {
    this.paragraphs.set(`${urn}\n${clauseId}`, paragraph ?? null);
  }

  clear(): void {
    this.lists.clear();
    this.paragraphs.clear();
  }
}

/** The requests one hover may still send: one, spent by the first thing it has to fetch. */
export class RequestBudget {
  private left = 1;

  /** Takes one request from the budget; false when none is left. */
  spend(): boolean {
    if (this.left <= 0) return false;
    this.left--;
    return true;
  }
}
