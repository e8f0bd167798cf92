/**
 * The clause reading tab, as the Markdown preview's: one tab that clauses open into, whose cross-references and
 * offline copies navigate inside it, with Back and Forward. Pure: the history of one tab and its title.
 */
import { pageTitle, type NamedClause } from './labels';
import { displayText } from './service/displayText';

/** At most this many clauses back (and forward): a day's reading, without holding every clause ever shown. */
export const MAX_HISTORY = 50;

/**
 * The places one tab has shown, like a browser's: `visit` adds a place after the current one (dropping the ones
 * Forward would have reached), `back` and `forward` move through them without adding any.
 */
export class ReadingHistory<T> {
  private entries: T[];
  private index = 0;

  constructor(
    first: T,
    private readonly max = MAX_HISTORY,
  ) {
    this.entries = [first];
  }

  get current(): T {
    return this.entries[this.index];
  }

  get canGoBack(): boolean {
    return this.index > 0;
  }

  get canGoForward(): boolean {
    return this.index < this.entries.length - 1;
  }

  /** A new place after the current one; `same` says it is the current place (then it only replaces it). */
  visit(entry: T, same: (a: T, b: T) => boolean = Object.is): void {
    if (same(this.current, entry)) {
      this.entries[this.index] = entry;
      return;
    }
    this.entries = [...this.entries.slice(0, this.index + 1), entry];
    if (this.entries.length > this.max) this.entries = this.entries.slice(this.entries.length - this.max);
    this.index = this.entries.length - 1;
  }

  /** The current place, updated (what the service said of the clause shown). */
  update(entry: T): void {
    this.entries[this.index] = entry;
  }

  /** The place before the current one, now current; undefined (and nothing moves) at the first. */
  back(): T | undefined {
    if (!this.canGoBack) return undefined;
    this.index--;
    return this.current;
  }

  /** The place after the current one, now current; undefined (and nothing moves) at the last. */
  forward(): T | undefined {
    if (!this.canGoForward) return undefined;
    this.index++;
    return this.current;
  }
}

/** "ISO 19437:1985 · 4.5 Marking": the reading tab's title names the standard and the clause (the heading alone until the standard is known). */
export function readingTabTitle(clause: NamedClause & { standardReference?: string }): string {
  const reference = displayText(clause.standardReference ?? '').trim();
  const heading = pageTitle(clause);
  return reference ? `${reference} · ${heading}` : heading;
}
