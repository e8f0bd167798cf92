/**
 * The workspace's references as a traceability matrix: grouped standard → clause → occurrence for the References
 * view, and written out as CSV or Markdown (standard, clause, file, line, text, status). Pure: no vscode.
 */

import { csvField, GENERATED_MARKDOWN, REFERENCES_CSV_COLUMNS } from '../generatedReports';
import { runStepsResting, sortInSteps } from '../steps';
import { locatorLabel, statusLine } from './citationTarget';
import type { Citation, Locator } from './recognise';
import type { ResolvedStandard } from './resolve';

export interface Occurrence {
  /** Workspace-relative path (or the URI for files outside a folder). */
  file: string;
  /** 1-based. */
  line: number;
  /** The citation as written. */
  text: string;
  /** The standard's reference in the catalogue, e.g. "ISO 9001:2015". */
  standard: string;
  urn: string;
  position: number;
  title: string;
  /** "clause 5.2", "Annex A", "Scope"; '' when the standard as a whole is cited. */
  clause: string;
  locator?: Locator;
  /** Every part it names, when more than one ("Sections 5.6.2 and 5.6.3"). */
  locators?: Locator[];
  /** "current", "withdrawn", "replaced by ISO 9001:2015"… */
  status: string;
  outdated: boolean;
}

/** What an occurrence of `citation` (resolved to `standard`) says beyond where it is: the same wherever it is. */
export type OccurrenceSays = Omit<Occurrence, 'file' | 'line' | 'text'>;

export function occurrenceSays(standard: ResolvedStandard, citation: Citation): OccurrenceSays {
  const locator = citation.kind === 'reference' ? citation.locator : undefined;
  return {
    standard: standard.entry.reference || standard.entry.urn,
    urn: citation.kind === 'clauseUri' ? citation.urn : standard.entry.urn,
    position: standard.entry.position,
    title: standard.entry.title,
    clause: locator ? locatorLabel(locator) : citation.kind === 'clauseUri' ? `clause ${citation.clauseId}` : '',
    ...(locator ? { locator } : {}),
    ...(citation.kind === 'reference' && citation.locators && citation.locators.length > 1 ? { locators: citation.locators } : {}),
    status: statusLine(standard),
    outdated: Boolean(standard.replacedBy) || !standard.facts.current,
  };
}

export interface ClauseGroup {
  clause: string;
  occurrences: Occurrence[];
}

/** A cited standard as the References view's first level shows it: what it is and how often it is cited. */
export interface StandardSummary {
  standard: string;
  urn: string;
  position: number;
  title: string;
  status: string;
  outdated: boolean;
  count: number;
}

export interface StandardGroup extends StandardSummary {
  clauses: ClauseGroup[];
}

/**
 * Groups by standard (by reference, then URN), then by clause (natural order: 2 before 10), then file and line. A
 * workspace's files are put in natural order once, and the occurrences taken file by file in that order, each file's
 * by line: comparing file names for every pair of a hundred thousand occurrences held the extension host 160–200 ms.
 * `rest` is awaited every few thousand occurrences: a view's host gives the event loop back there.
 */
export function groupReferences(occurrences: readonly Occurrence[], rest: () => Promise<void> = async () => undefined): Promise<StandardGroup[]> {
  return runStepsResting(groupingSteps(occurrences), rest);
}

/** Occurrences handled between two steps of the grouping: a few milliseconds before the code is compiled. */
const STEP_OCCURRENCES = 4000;

/** The grouping, a step at a time: it yields each time it has handled STEP_OCCURRENCES more. */
function* groupingSteps(occurrences: readonly Occurrence[]): Generator<void, StandardGroup[], void> {
  // Each file's occurrences, by their place in `occurrences`.
  const byFile = new Map<string, number[]>();
  for (let k = 0; k < occurrences.length; k++) {
    const places = byFile.get(occurrences[k].file);
    if (places) places.push(k);
    else byFile.set(occurrences[k].file, [k]);
    if (k % STEP_OCCURRENCES === STEP_OCCURRENCES - 1) yield;
  }
  const standards = new CitedStandards<Grouping>();
  let last: Grouping | undefined;
  let handled = 0;
  for (const run of yield* inFileOrder(occurrences, byFile)) {
    for (const k of run) {
      const o = occurrences[k];
      // Occurrences of one text share its strings: a run of the same standard is found without a look-up.
      if (last?.group.standard !== o.standard || last.group.urn !== o.urn) {
        last = standards.of(o, () => ({ group: { ...summaryOf(o), clauses: [] }, first: k, clauses: new Map() }));
      }
      last.group.count++;
      last.first = Math.min(last.first, k);
      for (const cited of perClause(o)) {
        let clause = last.clauses.get(cited.clause);
        if (!clause) last.clauses.set(cited.clause, (clause = { group: { clause: cited.clause, occurrences: [] }, first: k }));
        clause.first = Math.min(clause.first, k);
        clause.group.occurrences.push(cited);
      }
    }
    if ((handled += run.length) >= STEP_OCCURRENCES) {
      handled = 0;
      yield;
    }
  }
  return standards.inOrder().map(({ group, clauses }) => {
    const ordered = [...clauses.values()].sort(
      (a, b) => (a.group.clause === '' ? -1 : b.group.clause === '' ? 1 : natural(a.group.clause, b.group.clause)) || a.first - b.first,
    );
    group.clauses = ordered.map((clause) => clause.group);
    return group;
  });
}

/**
 * An occurrence once under each clause it names: "clause 6.1 and Annex A" is a citation of 6.1 and one of Annex A,
 * each under its clause with its own locator (what opening the clause opens); the standard counts it once.
 */
function perClause(o: Occurrence): readonly Occurrence[] {
  if (!o.locators || o.locators.length < 2) return [o];
  const byLabel = new Map<string, Occurrence>();
  for (const locator of o.locators) {
    const clause = locatorLabel(locator);
    if (!byLabel.has(clause)) byLabel.set(clause, clause === o.clause ? o : { ...o, clause, locator });
  }
  return [...byLabel.values()];
}

/** A standard's group while it is being made, with its clauses by label; `first`: the place of its first occurrence. */
interface Grouping {
  group: StandardGroup;
  first: number;
  clauses: Map<string, { group: ClauseGroup; first: number }>;
}

/**
 * The standards cited, counted as groupReferences counts them and in its order, from what each occurrence says (in
 * the order the occurrences would be given to it), without an occurrence made for each citation: the References
 * view's first level, whose standards group their clauses when opened. `rest` as groupReferences'.
 */
export function summariseStandards(says: readonly OccurrenceSays[], rest: () => Promise<void> = async () => undefined): Promise<StandardSummary[]> {
  return runStepsResting(summarySteps(says), rest);
}

function* summarySteps(says: readonly OccurrenceSays[]): Generator<void, StandardSummary[], void> {
  const tally = new StandardsTally();
  for (let k = 0; k < says.length; k++) {
    tally.add(says[k]);
    if (k % STEP_OCCURRENCES === STEP_OCCURRENCES - 1) yield;
  }
  return tally.summaries();
}

/** A standard as a tally has it: its summary, where it was first met, and the places the caller gave with it. */
interface Tallied {
  group: StandardSummary;
  first: number;
  /** Two numbers for each occurrence, as given to `add` (a file's and a citation's, say). */
  places: number[];
}

/**
 * The standards cited, counted as summariseStandards counts them, from what each occurrence says, given in order one
 * at a time: a scan tallies its files as it reads them, and the References view's first level is then drawn without a
 * walk over every citation. Each standard keeps the places its occurrences were given with, for its own walk.
 */
export class StandardsTally {
  private readonly standards = new CitedStandards<Tallied>();
  private last: Tallied | undefined;
  private counted = 0;

  /** One more occurrence, saying `o`, at a place the caller may name with two numbers (ascending from one to the next). */
  add(o: OccurrenceSays, place?: number, within = 0): void {
    let last = this.last;
    // What one text says is one object: a run of it is found without a look-up.
    if (last?.group.standard !== o.standard || last.group.urn !== o.urn) {
      const first = this.counted;
      this.last = last = this.standards.of(o, () => ({ group: summaryOf(o), first, places: [] }));
    }
    last.group.count++;
    if (place !== undefined) last.places.push(place, within);
    this.counted++;
  }

  /** The standards, in the order summariseStandards gives them (each a copy). */
  summaries(): StandardSummary[] {
    return this.standards.inOrder().map(({ group }) => ({ ...group }));
  }

  /** The places given with the occurrences of `urn` (of the standard named `standard`, when given), in the order given. */
  placesOf(urn: string, standard?: string): number[] {
    const runs = this.standards.inOrder().filter(({ group }) => group.urn === urn && (standard === undefined || group.standard === standard));
    if (runs.length === 1) return runs[0].places;
    // Several standards of one URN (two references resolved to one record): their places merged back in order.
    const pairs: Array<[number, number]> = [];
    for (const { places } of runs) for (let i = 0; i < places.length; i += 2) pairs.push([places[i], places[i + 1]]);
    return pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]).flat();
  }
}

/** A standard's summary, not counted yet, from what one of its occurrences says. */
function summaryOf(o: OccurrenceSays): StandardSummary {
  return { standard: o.standard, urn: o.urn, position: o.position, title: o.title, status: o.status, outdated: o.outdated, count: 0 };
}

/**
 * The standards met, by reference and then URN, each with `first`, the place of its first occurrence in the order
 * given; `inOrder` lists them by reference in natural order, those the natural order holds equal ("ISO 1", "iso 1")
 * in the order they were first given, as a stable sort of the occurrences as given keeps them.
 */
class CitedStandards<T extends { group: StandardSummary; first: number }> {
  private readonly byStandard = new Map<string, Map<string, T>>();
  private readonly met: T[] = [];

  /** The standard `o` names, made by `make` the first time. */
  of(o: OccurrenceSays, make: () => T): T {
    let byUrn = this.byStandard.get(o.standard);
    if (!byUrn) this.byStandard.set(o.standard, (byUrn = new Map<string, T>()));
    let found = byUrn.get(o.urn);
    if (!found) {
      byUrn.set(o.urn, (found = make()));
      this.met.push(found);
    }
    return found;
  }

  inOrder(): T[] {
    return this.met.sort((a, b) => natural(a.group.standard, b.group.standard) || a.first - b.first);
  }
}

/**
 * The places of the occurrences in runs, ordered as a stable sort by file (natural order) and line orders them: a
 * run per file (`byFile`: each file's places, ascending), by line, and one for files whose names the natural order
 * holds equal ("A.md", "a.md"), by line and then place.
 */
function* inFileOrder(occurrences: readonly Occurrence[], byFile: ReadonlyMap<string, number[]>): Generator<void, number[][], void> {
  // In steps: 5 000 names in natural order held the extension host 13–20 ms in one go.
  const files = yield* sortInSteps([...byFile.keys()], natural);
  const runs: number[][] = [];
  const byLine = (a: number, b: number): number => occurrences[a].line - occurrences[b].line || a - b;
  for (let from = 0; from < files.length;) {
    let to = from + 1;
    while (to < files.length && natural(files[from], files[to]) === 0) to++;
    // A file's occurrences come in line order already, as a scan finds them: then the sort only checks it.
    const places = to === from + 1 ? (byFile.get(files[from]) as number[]) : files.slice(from, to).flatMap((file) => byFile.get(file) as number[]);
    runs.push(places.sort(byLine));
    from = to;
  }
  return runs;
}

const COLUMNS = REFERENCES_CSV_COLUMNS;

function rowsOf(groups: readonly StandardGroup[]): string[][] {
  return groups.flatMap((g) => g.clauses.flatMap((c) => c.occurrences.map((o) => [o.standard, o.clause, o.file, String(o.line), o.text, o.status])));
}

/**
 * RFC 4180 CSV. A cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
 * is prefixed with an apostrophe: the text comes from files anyone may have written.
 */
export function toCsv(groups: readonly StandardGroup[]): string {
  return [COLUMNS.join(','), ...rowsOf(groups).map((row) => row.map(csvField).join(','))].join('\r\n') + '\r\n';
}

/**
 * A Markdown table, cells escaped so that no text breaks the table or becomes a link or HTML; `notes` are said below
 * the count, a paragraph each (the files the scan did not read: a report must not leave out a file silently).
 */
export function toMarkdown(groups: readonly StandardGroup[], notes: readonly string[] = []): string {
  const cell = (value: string): string => value.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|]/g, '\\$&');
  const lines = [
    GENERATED_MARKDOWN,
    '# Standards references',
    '',
    `${groups.length} standards, ${groups.reduce((n, g) => n + g.count, 0)} references.`,
    ...notes.flatMap((note) => ['', note]),
    '',
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map(() => '---').join('|')}|`,
    ...rowsOf(groups).map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

const COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function natural(a: string, b: string): number {
  return COLLATOR.compare(a, b);
}
