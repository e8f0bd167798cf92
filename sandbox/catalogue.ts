/**
 * The sandbox catalogue: standards with realistic ISO/IEC/EN numbering and RFC 5141-style URNs, their clause
 * lists and clause bodies, all derived from a seed. Standard records are small and made at start-up; clause
 * lists are made on first use and kept in a bounded map; clause bodies are made per request (see content.ts).
 */
import { Random, randomFor } from './random';
import { ANNEX_TITLES, CLAUSE_TITLES, PART_TITLES, SUBJECTS } from './words';

/** A title as JSON-LD may carry it; most are plain strings, a few use the other legal shapes. */
export type TitleValue =
  | string
  | { '@value': string; '@language': string }
  | Record<string, string>
  | Array<string | { '@value': string; '@language': string }>;

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
  status: 'published' | 'withdrawn';
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
  types: string[];
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

  constructor(
    readonly seed: number,
    count: number,
  ) {
    for (let i = 0; i < count; i++) this.standards.push(this.makeStandard(i));
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
      list = makeClauses(this.seed, this.standards[key]);
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
    const iecAmd = amd ? `+AMD${amd.n}:${amd.year}` : '';
    return {
      urn: `urn:iec:std:iec:${num}:-${p}:ed-${edition}${amd ? `:amd:${amd.year}:v${amd.n}` : ''}`,
      reference: `IEC ${num}-${p}:${year}${iecAmd}`,
      edition,
      year,
      stage,
      part: p,
    };
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

/** The clause list of one standard: 8–60 clauses in the usual order of a published standard. */
function makeClauses(seed: number, standard: StandardEntry): ClauseEntry[] {
  const random = randomFor(seed, 'clauses', standard.index);
  const target = random.int(8, 60);
  const list: ClauseEntry[] = [];
  const add = (entry: Omit<ClauseEntry, 'position' | 'uuid'>): ClauseEntry => {
    const clause: ClauseEntry = { ...entry, position: list.length, uuid: random.uuid() };
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
