/**
 * The sandbox catalogue: standards with realistic ISO/IEC/EN numbering and RFC 5141-style URNs, their clause
 * lists and clause bodies, all derived from a seed. Standard records are small and made at start-up; clause
 * lists are made on first use and kept in a bounded map; clause bodies are made per request (see content.ts).
 */
import type { CatalogueRecord } from '../src/core/catalogue/catalogueFile';
import { type Random, hash32, randomFor } from './random';
import { ANNEX_TITLES, CLAUSE_TITLES, PART_TITLES, SUBJECTS } from './words';

/** A title as JSON-LD may carry it; most are plain strings, a few use the other legal shapes. */
export type TitleValue =
  string | { '@value': string; '@language': string } | Record<string, string> | Array<string | { '@value': string; '@language': string }>;

export interface StandardEntry {
  /** Position in the catalogue (the list order). */
  index: number;
  urn: string;
  reference: string;
  /** The English title, plain. */
  titleText: string;
  /** The title in the shape this record serves it. */
  title: TitleValue;
  edition?: number;
  /** "published" or "withdrawn" when generated; as the file says ("current", "replaced"…) for a real catalogue. */
  status: string;
  issued: string;
  stage: string;
  subject: number;
  /** Index of the record whose clauses this URN serves (a repeated URN shares its first record's clauses). */
  canonical: number;
}

export interface ClauseEntry {
  /** Position in the standard's clause list. */
  position: number;
  uuid: string;
  /** `@type` as served: a set, in any order, e.g. ["corext:Clause", "corext:Scope"]. */
  types: string[];
  /** The section this clause is (its known specific type, else corext:Clause), whatever the order of `types`. */
  section: string;
  title: string;
  number?: string;
  level: number;
  /** Position of the parent clause, for subclauses. */
  parent?: number;
  /** Target size in bytes of a deliberately huge body. */
  hugeBytes?: number;
  annexKind?: 'normative' | 'informative';
}

const STAGES = ['60.60', '60.60', '60.60', '90.93', '90.92', '90.20'];
const WITHDRAWN_STAGE = '95.99';

/** Deterministic catalogue of `count` standards for `seed`. */
export class Catalogue {
  readonly standards: StandardEntry[] = [];
  private readonly byUrn = new Map<string, number>();
  private readonly clauseCache = new Map<number, ClauseEntry[]>();
  private static readonly clauseCacheLimit = 4000;

  /** `count` generated standards, or the given records (a real catalogue) in their order. */
  constructor(
    readonly seed: number,
    source: number | readonly CatalogueRecord[],
    /** Clause lists of a chosen length (URN → clauses), where a bench needs a long standard. */
    private readonly clauseCounts: ReadonlyMap<string, number> = new Map(),
  ) {
    if (typeof source === 'number') {
      for (let i = 0; i < source; i++) this.standards.push(this.makeStandard(i));
    } else {
      source.forEach((record, i) => this.standards.push(this.fromRecord(record, i)));
    }
  }

  get size(): number {
    return this.standards.length;
  }

  /** The canonical record of a URN, or undefined. */
  find(urn: string): StandardEntry | undefined {
    const index = this.byUrn.get(urn);
    return index === undefined ? undefined : this.standards[index];
  }

  /** The clause list of a standard, in document order. */
  clauses(standard: StandardEntry): ClauseEntry[] {
    const key = standard.canonical;
    let list = this.clauseCache.get(key);
    if (!list) {
      list = makeClauses(this.seed, this.standards[key], this.clauseCounts.get(this.standards[key].urn));
      if (this.clauseCache.size >= Catalogue.clauseCacheLimit) {
        const oldest = this.clauseCache.keys().next().value;
        if (oldest !== undefined) this.clauseCache.delete(oldest);
      }
      this.clauseCache.set(key, list);
    }
    return list;
  }

  /** Draws a URN of the catalogue other than `exclude`'s, for references between standards. */
  otherUrn(random: Random, exclude: number): StandardEntry {
    const index = random.int(0, this.standards.length - 1);
    return this.standards[index === exclude ? (index + 1) % this.standards.length : index];
  }

  /** A real record as it is; the first record of a repeated URN serves the clauses of them all. */
  private fromRecord(record: CatalogueRecord, index: number): StandardEntry {
    const first = this.byUrn.get(record.urn);
    if (first === undefined) this.byUrn.set(record.urn, index);
    const stage = /:stage-(\d\d\.\d\d)/.exec(record.urn)?.[1] ?? '';
    const edition = /:ed-(\d+)/.exec(record.urn)?.[1];
    const year = /:((?:19|20)\d\d)\b/.exec(record.reference)?.[1] ?? /:((?:19|20)\d\d)-\d\d/.exec(record.urn)?.[1];
    const titleText = record.title || record.reference || record.urn;
    return {
      index,
      urn: record.urn,
      reference: record.reference,
      titleText,
      title: titleText,
      edition: edition ? Number(edition) : undefined,
      status: record.status,
      issued: year ? `${year}-01` : '',
      stage,
      subject: hash32(titleText) % SUBJECTS.length,
      canonical: first ?? index,
    };
  }

  private makeStandard(index: number): StandardEntry {
    const random = randomFor(this.seed, 'standard', index);
    // About 1 % of the list repeats an earlier URN, as withdrawn editions do in real bibliographic data.
    if (index > 20 && random.chance(0.01)) {
      const earlier = this.standards[random.int(0, index - 1)];
      const original = this.standards[earlier.canonical];
      return {
        ...original,
        index,
        status: 'withdrawn',
        stage: WITHDRAWN_STAGE,
        title: original.titleText,
        canonical: original.canonical,
      };
    }
    for (let attempt = 0; ; attempt++) {
      const draft = draftIdentity(random, attempt);
      if (this.byUrn.has(draft.urn)) continue;
      const subject = random.int(0, SUBJECTS.length - 1);
      const titleText = makeTitle(random, subject, draft.part);
      const entry: StandardEntry = {
        index,
        urn: draft.urn,
        reference: draft.reference,
        titleText,
        title: titleShape(random, titleText),
        edition: draft.edition,
        status: draft.stage === WITHDRAWN_STAGE ? 'withdrawn' : 'published',
        issued: `${draft.year}-${String(random.int(1, 12)).padStart(2, '0')}`,
        stage: draft.stage,
        subject,
        canonical: index,
      };
      this.byUrn.set(entry.urn, index);
      return entry;
    }
  }
}

interface Identity {
  urn: string;
  reference: string;
  edition?: number;
  year: number;
  stage: string;
  part?: number;
}

/** One URN + reference pair in the style of a publisher; `attempt` moves the number on a collision. */
function draftIdentity(random: Random, attempt: number): Identity {
  const roll = random.next();
  const year = random.int(1975, 2026);
  const edition = random.int(1, 6);
  const part = random.chance(0.45) ? random.int(1, 20) : undefined;
  const stage = random.chance(0.08) ? WITHDRAWN_STAGE : random.pick(STAGES);
  const partUrn = part === undefined ? '' : `:-${part}`;
  const partRef = part === undefined ? '' : `-${part}`;
  const amd = random.chance(0.1) ? { year: Math.min(2026, year + random.int(1, 8)), n: random.int(1, 3) } : undefined;
  const bump = attempt * 7;
  if (roll < 0.52) {
    const num = (random.chance(0.15) ? random.int(100, 999) : random.int(1000, 24999)) + bump;
    const ed = random.chance(0.8) ? `:ed-${edition}` : '';
    return {
      urn: `urn:iso:std:iso:${num}${partUrn}${ed}:stage-${stage}${amd ? `:amd:${amd.year}:v${amd.n}` : ''}`,
      reference: `ISO ${num}${partRef}:${year}${amd ? `/Amd ${amd.n}:${amd.year}` : ''}`,
      edition: ed ? edition : undefined,
      year,
      stage,
      part,
    };
  }
  if (roll < 0.64) {
    const num = random.int(9000, 30999) + bump;
    const p = part ?? random.int(1, 12);
    return {
      urn: `urn:iso:std:iso-iec:${num}:-${p}:ed-${edition}:stage-${stage}`,
      reference: `ISO/IEC ${num}-${p}:${year}`,
      edition,
      year,
      stage,
      part: p,
    };
  }
  if (roll < 0.67) {
    const num = random.int(10000, 23999) + bump;
    return {
      urn: `urn:iso:std:iso:ts:${num}${partUrn}:ed-${edition}`,
      reference: `ISO/TS ${num}${partRef}:${year}`,
      edition,
      year,
      stage,
      part,
    };
  }
  if (roll < 0.685) {
    const num = random.int(1, 1999) + bump;
    const old = random.int(1955, 1975);
    return {
      urn: `urn:iso:std:iso:r:${num}:stage-${WITHDRAWN_STAGE}`,
      reference: `ISO/R ${num}:${old}`,
      year: old,
      stage: WITHDRAWN_STAGE,
    };
  }
  if (roll < 0.86) {
    const num = random.int(60000, 63999) + bump;
    const p = part ?? random.int(1, 9);
    return iecIdentity(num, p, year, edition, stage, amd);
  }
  const num = random.int(1000, 17999) + bump;
  return {
    urn: `urn:cen:std:en:${num}${partUrn}:${year}`,
    reference: `EN ${num}${partRef}:${year}`,
    year,
    stage,
    part,
  };
}

/**
 * IEC URNs in the shapes of public IEC data, derived from the number so that no extra random draw shifts the
 * rest of the catalogue: `urn:iec:std:iec:60601-2:2011-03:::`, with `||amd:1:2015-06` for an amendment, a
 * consolidated `::csv:+amd:1:2016-06`, a fragment `::/FRAG2::`, or a white paper whose name holds spaces.
 */
function iecIdentity(num: number, p: number, year: number, edition: number, stage: string, amd?: { year: number; n: number }): Identity {
  const month = (n: number): string => String((n % 12) + 1).padStart(2, '0');
  const base = `urn:iec:std:iec:${num}-${p}:${year}-${month(num)}`;
  const common = { edition, year, stage, part: p };
  const variant = num % 10;
  if (variant === 0) {
    const fragment = (num % 5) + 1;
    return { ...common, urn: `${base}::/FRAG${fragment}::`, reference: `IEC ${num}-${p}:${year}/FRAG${fragment}` };
  }
  if (variant === 1) {
    const topic = WHITE_PAPERS[num % WHITE_PAPERS.length];
    return {
      ...common,
      part: undefined,
      urn: `urn:iec:std:iec:${topic} ${p}:${year}-${month(num)}:White Paper::`,
      reference: `IEC White Paper ${topic} ${p}:${year}`,
    };
  }
  if (amd && num % 2 === 1) {
    return { ...common, urn: `${base}::csv:+amd:${amd.n}:${amd.year}-${month(num + 1)}`, reference: `IEC ${num}-${p}:${year}+AMD${amd.n}:${amd.year} CSV` };
  }
  if (amd) {
    return { ...common, urn: `${base}:::||amd:${amd.n}:${amd.year}-${month(num + 1)}`, reference: `IEC ${num}-${p}:${year}/AMD${amd.n}:${amd.year}` };
  }
  return { ...common, urn: `${base}:::`, reference: `IEC ${num}-${p}:${year}` };
}

const WHITE_PAPERS = ['Smart grid', 'Electrical energy storage', 'Smart sensing', 'Power systems', 'Wireless sensor networks'];

function makeTitle(random: Random, subject: number, part: number | undefined): string {
  const main = SUBJECTS[subject].title;
  const partTitle = random.pick(PART_TITLES);
  if (part === undefined) return `${main} — ${partTitle}`;
  const middle = random.chance(0.4) ? ` — ${random.pick(CLAUSE_TITLES)}` : '';
  return `${main}${middle} — Part ${part}: ${partTitle}`;
}

/** Mostly plain strings; a few `@value` objects, language maps and arrays, as JSON-LD allows. */
function titleShape(random: Random, text: string): TitleValue {
  const roll = random.next();
  if (roll < 0.9) return text;
  if (roll < 0.94) return { '@value': text, '@language': 'en' };
  if (roll < 0.97) return { en: text, fr: `${text} (version française)` };
  return [{ '@value': text, '@language': 'en' }, `${text} (FR)`];
}

/**
 * `@type` as a set in any order: a known section comes alone, after the generic `corext:Clause` or before it, and
 * a clause with two types lists them either way round, as JSON-LD allows.
 */
function typeSet(random: Random, types: string[]): string[] {
  const [first, ...rest] = types;
  const roll = random.next();
  if (first === 'corext:Clause') return rest.length && roll < 0.5 ? [...rest, first] : types;
  if (roll < 0.34) return ['corext:Clause', first, ...rest];
  if (roll < 0.67) return [first, 'corext:Clause', ...rest];
  return types;
}

/** The clause list of one standard: 8–60 clauses (or `count`) in the usual order of a published standard. */
function makeClauses(seed: number, standard: StandardEntry, count?: number): ClauseEntry[] {
  const random = randomFor(seed, 'clauses', standard.index);
  // Drawn either way: a chosen length does not move the rest of the standard.
  const drawn = random.int(8, 60);
  const target = count ?? drawn;
  const list: ClauseEntry[] = [];
  // Its own stream, so the shapes of @type do not move the rest of the catalogue.
  const typeShape = randomFor(seed, 'types', standard.index);
  const add = (entry: Omit<ClauseEntry, 'position' | 'uuid' | 'section'>): ClauseEntry => {
    const section = entry.types[0];
    const clause: ClauseEntry = { ...entry, types: typeSet(typeShape, entry.types), section, position: list.length, uuid: random.uuid() };
    list.push(clause);
    return clause;
  };
  const maybeEmpty = (title: string): string => (random.chance(0.05) ? '' : title);

  add({ types: ['corext:Foreword'], title: 'Foreword', level: 1 });
  if (random.chance(0.85)) add({ types: ['corext:Introduction'], title: 'Introduction', level: 1 });
  add({ types: ['corext:Scope'], title: maybeEmpty('Scope'), number: '1', level: 1 });
  add({ types: ['corext:NormativeReferences'], title: maybeEmpty('Normative references'), number: '2', level: 1 });
  add({ types: ['corext:TermsAndDefinitions'], title: 'Terms and definitions', number: '3', level: 1 });

  const hasBibliography = random.chance(0.8);
  let annexes = Math.min(random.int(0, 3), Math.max(0, target - list.length - 2));
  const huge = randomFor(seed, 'huge', standard.index).chance(1 / 500);
  if (huge && annexes === 0) annexes = 1;
  let budget = Math.max(1, target - list.length - annexes - (hasBibliography ? 1 : 0));

  for (let n = 4; budget > 0; n++) {
    const typed = random.chance(0.05) ? ['corext:Clause', 'corext:Requirements'] : ['corext:Clause'];
    const top = add({ types: typed, title: random.pick(CLAUSE_TITLES), number: String(n), level: 1 });
    budget--;
    const subs = Math.min(budget, random.int(0, 5));
    for (let s = 1; s <= subs && budget > 0; s++) {
      const sub = add({
        types: ['corext:Clause'],
        title: random.pick(CLAUSE_TITLES),
        number: `${n}.${s}`,
        level: 2,
        parent: top.position,
      });
      budget--;
      if (budget > 0 && random.chance(0.2)) {
        add({
          types: ['corext:Clause'],
          title: random.pick(CLAUSE_TITLES),
          number: `${n}.${s}.1`,
          level: 3,
          parent: sub.position,
        });
        budget--;
      }
    }
  }
  for (let a = 0; a < annexes; a++) {
    const annex = add({
      types: ['corext:Annex'],
      title: random.pick(ANNEX_TITLES),
      number: String.fromCharCode(65 + a),
      level: 1,
      annexKind: random.chance(0.3) ? 'normative' : 'informative',
    });
    if (huge && a === 0) annex.hugeBytes = random.int(2, 7) * 1024 * 1024;
  }
  if (hasBibliography) add({ types: ['corext:Bibliography'], title: 'Bibliography', level: 1 });
  return list;
}
