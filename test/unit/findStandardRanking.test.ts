/**
 * Find Standard over the whole real ISO + IEC catalogue (test/fixtures/real-catalogue, 103 772 records): for topic
 * queries a user types, is the standard people mean first? The top-1 hit rate of the index is measured next to a
 * plain substring search in the same run (the query as a substring of reference + title, case-insensitive, first
 * hit in catalogue order), and number queries must rank exactly as they did before topic ranking was tuned.
 *
 * The query list and its answers were written before any result was looked at. An answer is a designation —
 * publisher, number, part where the core standard of the family is a part — matched on the top hit's reference
 * ignoring its year: the document itself or a consolidated version of it ("IEC 62304:2006+AMD1:2015 CSV"); not an
 * amendment, a corrigendum, a draft, a redline (RLV), commented (CMV) or extended (EXV) version, a series package
 * (SER) or an old supplement ("IEC 60204-1B:1975").
 */
import * as assert from 'node:assert/strict';
import { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { factsOf } from '../../src/core/catalogue/standardFacts';
import { stem } from '../../src/core/catalogue/tokens';
import { titleElements, topicSignalsOf } from '../../src/core/catalogue/topicRank';
import { realCatalogueEntries } from './realCatalogue';

/**
 * Topic queries and the standard people mean. Where more than one designation is given, each is acceptable; why is
 * said beside it. Left out on purpose: "MPEG" (MPEG-1, -2, -4, -H and DASH are families of tens of parts each; no one
 * of them is "the" MPEG standard) and "sterilization" (ethylene oxide, radiation and moist heat have a requirements
 * standard each: ISO 11135, ISO 11137-1, ISO 17665; none is the core).
 *
 * Some answers cannot be found by the words typed at all, whatever the ranking: their titles do not hold the words
 * ("biocompatibility" for ISO 10993-1 "Biological evaluation of medical devices", "AI" for ISO/IEC 42001 "Artificial
 * intelligence", "JPEG" for ISO/IEC 10918-1 "Digital compression and coding of continuous-tone still images", "smart
 * card" for ISO/IEC 7816 "Integrated circuit cards", "automotive" for ISO/SAE 21434 "Road vehicles"). They are kept:
 * people type them, and the rate says honestly how often Find Standard helps.
 */
const TOPIC_QUERIES: ReadonlyArray<readonly [query: string, ...answers: string[]]> = [
  ['information security', 'ISO/IEC 27001'],
  ['quality management', 'ISO 9001'],
  ['risk management medical devices', 'ISO 14971'],
  // IEC 61508 is published as parts 1 to 7 only (the catalogue's "IEC 61508:2010 CMV" is a commented package of
  // them); Part 1, "General requirements", is the core of the family: the part the others refer to.
  ['functional safety', 'IEC 61508-1'],
  ['environmental management', 'ISO 14001'],
  ['medical device software', 'IEC 62304'],
  ['energy management', 'ISO 50001'],
  ['food safety', 'ISO 22000'],
  ['occupational health and safety', 'ISO 45001'],
  ['business continuity', 'ISO 22301'],
  ['privacy information management', 'ISO/IEC 27701'],
  ['software life cycle', 'ISO/IEC/IEEE 12207'],
  // ISO 10218 has two parts only: Part 1 (industrial robots) is the core, Part 2 applies it to robot applications.
  ['robot safety', 'ISO 10218-1'],
  ['machine safety', 'ISO 12100'],
  ['safety of machinery', 'ISO 12100'],
  // ISO/IEC 20000 is published as parts; Part 1 holds the service management system requirements.
  ['IT service management', 'ISO/IEC 20000-1'],
  ['asset management', 'ISO 55001'],
  ['anti-bribery', 'ISO 37001'],
  // ISO 8601:2004 was split into ISO 8601-1 (basic rules) and -2 (extensions): either designation is ISO 8601.
  ['date and time format', 'ISO 8601-1', 'ISO 8601'],
  // ISO 3166-1 is the country code part (the others are subdivisions and former names).
  ['country codes', 'ISO 3166-1'],
  // ISO 639:2023 replaced the parts 1 to 5 of ISO 639; Part 1 (alpha-2 codes) is what most people still mean.
  ['language codes', 'ISO 639', 'ISO 639-1'],
  ['currency codes', 'ISO 4217'],
  ['QR code', 'ISO/IEC 18004'],
  // ISO/IEC 7816 parts 1 to 4 (physical characteristics, contacts, electrical interface, commands) make the core.
  ['smart card', 'ISO/IEC 7816-4', 'ISO/IEC 7816-3', 'ISO/IEC 7816-2', 'ISO/IEC 7816-1'],
  ['geographic information metadata', 'ISO 19115-1', 'ISO 19115'],
  ['cybersecurity automotive', 'ISO/SAE 21434'],
  // IEC 60601-1 (general requirements for basic safety and essential performance) is the family's core part.
  ['electrical safety medical equipment', 'IEC 60601-1'],
  ['medical electrical equipment', 'IEC 60601-1'],
  ['usability medical devices', 'IEC 62366-1'],
  ['biocompatibility', 'ISO 10993-1'],
  ['biological evaluation of medical devices', 'ISO 10993-1'],
  ['laboratory competence', 'ISO/IEC 17025'],
  ['testing and calibration laboratories', 'ISO/IEC 17025'],
  ['auditing management systems', 'ISO 19011'],
  ['information security controls', 'ISO/IEC 27002'],
  ['cloud privacy', 'ISO/IEC 27018'],
  ['AI management system', 'ISO/IEC 42001'],
  ['artificial intelligence management system', 'ISO/IEC 42001'],
  ['programming language C', 'ISO/IEC 9899'],
  // ISO 32000-1 is PDF 1.7, ISO 32000-2 PDF 2.0: either is the PDF standard.
  ['PDF', 'ISO 32000-2', 'ISO 32000-1'],
  ['JPEG', 'ISO/IEC 10918-1'],
  ['medical devices quality management', 'ISO 13485'],
  ['information security risk management', 'ISO/IEC 27005'],
  ['risk management', 'ISO 31000'],
  ['compliance management', 'ISO 37301'],
  ['social responsibility', 'ISO 26000'],
  ['greenhouse gas', 'ISO 14064-1'],
  // ISO 14040 (principles and framework) and ISO 14044 (requirements and guidelines) are read together.
  ['life cycle assessment', 'ISO 14044', 'ISO 14040'],
  ['electrical equipment of machines', 'IEC 60204-1'],
  // IEC 60079-0: equipment, general requirements; the other parts are types of protection.
  ['explosive atmospheres', 'IEC 60079-0'],
  ['IP code', 'IEC 60529'],
  ['lightning protection', 'IEC 62305-1'],
  ['household appliances safety', 'IEC 60335-1'],
  ['audio video equipment safety', 'IEC 62368-1'],
  ['quantities and units', 'ISO 80000-1'],
  ['paper sizes', 'ISO 216'],
  ['universal coded character set', 'ISO/IEC 10646'],
  ['ISBN', 'ISO 2108'],
  ['ISSN', 'ISO 3297'],
  ['IBAN', 'ISO 13616-1'],
  ['freight containers coding', 'ISO 6346'],
  ['educational organizations', 'ISO 21001'],
  ['road traffic safety', 'ISO 39001'],
  ['facility management', 'ISO 41001'],
  ['innovation management', 'ISO 56001'],
  ['privacy framework', 'ISO/IEC 29100'],
  ['software product quality', 'ISO/IEC 25010'],
  ['software testing', 'ISO/IEC/IEEE 29119-1'],
  ['system life cycle processes', 'ISO/IEC/IEEE 15288'],
  ['requirements engineering', 'ISO/IEC/IEEE 29148'],
  ['medical device symbols', 'ISO 15223-1'],
  ['clinical investigation medical devices', 'ISO 14155'],
  ['packaging sterilized medical devices', 'ISO 11607-1'],
  ['cleanrooms', 'ISO 14644-1'],
  ['inspection bodies', 'ISO/IEC 17020'],
  ['medical laboratories', 'ISO 15189'],
  ['information security incident management', 'ISO/IEC 27035-1'],
  ['office open XML', 'ISO/IEC 29500-1'],
  ['JSON', 'ISO/IEC 21778'],
  ['data matrix', 'ISO/IEC 16022'],
  ['near field communication', 'ISO/IEC 18092'],
  ['ISO base media file format', 'ISO/IEC 14496-12'],
  ['advanced video coding', 'ISO/IEC 14496-10'],
  ['high efficiency video coding', 'ISO/IEC 23008-2'],
  // SQL: Part 2 (foundation) holds the language, Part 1 its framework.
  ['SQL', 'ISO/IEC 9075-2', 'ISO/IEC 9075-1'],
  ['Ada programming language', 'ISO/IEC 8652'],
  ['Fortran', 'ISO/IEC 1539-1'],
  ['conformity assessment vocabulary', 'ISO/IEC 17000'],
  ['information security management system', 'ISO/IEC 27001'],
  ['quality management systems requirements', 'ISO 9001'],
];

/**
 * Number queries and their first hit as Find Standard ranked them before topic ranking was tuned (measured on this
 * fixture), pinned: number queries rank exactly as before — except where issue 52 found the first hit wrong and
 * findStandardCurrentFirst.test.ts states the rule: a handbook ("27001"), a series or commented package ("60601",
 * "IEC 60601-1", "61508") and a withdrawn undivided edition ("8601") no longer come before the current standard
 * or the current parts that replaced it.
 */
const NUMBER_QUERIES: ReadonlyArray<readonly [query: string, first: string]> = [
  ['27001', 'ISO/IEC 27001:2022'],
  ['62304', 'IEC 62304:2006'],
  ['14971:2019', 'ISO 14971:2019'],
  ['ISO 9001', 'ISO 9001:2015'],
  ['IEC 60601-1', 'IEC 60601-1:2005+AMD1:2012+AMD2:2020 CSV'],
  ['9001', 'ISO 9001:2015'],
  ['iso9001', 'ISO 9001:2015'],
  ['ISO/IEC 27001', 'ISO/IEC 27001:2022'],
  ['27001:2022', 'ISO/IEC 27001:2022'],
  ['13818-7', 'ISO/IEC 13818-7:2006'],
  ['ISO 9001:2008', 'ISO 9001:2008'],
  ['IEC 62304 amd', 'IEC 62304:2006/Amd 1:2015'],
  ['14971', 'ISO 14971:2019'],
  ['8601', 'ISO 8601-1:2019'],
  ['ISO 3166-1', 'ISO 3166-1:2020'],
  ['10218-1', 'ISO 10218-1:2025'],
  ['61508', 'IEC 61508-1:2010'],
  ['ISO 13485', 'ISO 13485:2016'],
  ['60601', 'IEC 60601-1:2005+AMD1:2012+AMD2:2020 CSV'],
  ['ISO/IEC 17025', 'ISO/IEC 17025:2017'],
  ['12207', 'ISO/IEC/IEEE 12207:2017'],
  ['ISO 14971:2019', 'ISO 14971:2019'],
  ['IEC 61508-1', 'IEC 61508-1:2010'],
  ['ISO/IEC 27001:2013/COR1', 'ISO/IEC 27001:2013/Cor 1:2014'],
  ['9001:2015', 'ISO 9001:2015'],
];

/** The designation a reference is the document of ("IEC 62304:2006+AMD1:2015 CSV" → IEC 62304), else undefined. */
function designationOf(reference: string | undefined): string | undefined {
  const match = /^(\S.*?\d+(?:-\d+)*)(?::(?:19|20)\d\d(?:-\d\d)?)?(.*)$/.exec(reference ?? '');
  if (!match) return undefined;
  // Only the document or a consolidated version of it: "+AMD1:2015 CSV".
  return /^(?:(?:\+AMD\d+:\d{4})* CSV)?$/.test(match[2]) ? match[1] : undefined;
}

function hits(reference: string | undefined, answers: readonly string[]): boolean {
  const designation = designationOf(reference);
  return designation !== undefined && answers.includes(designation);
}

describe('Find Standard ranking over the whole real catalogue', function () {
  this.timeout(120_000);
  const entries = realCatalogueEntries();
  const index = CatalogueIndex.of(entries, 0);
  const haystacks = entries.map((e) => `${e.reference ?? ''} ${e.title}`.toLowerCase());
  /** The baseline: the first entry, in catalogue order, whose reference + title holds the query. */
  const substringFirst = (query: string): string | undefined => {
    const needle = query.toLowerCase();
    const at = haystacks.findIndex((h) => h.includes(needle));
    return at < 0 ? undefined : entries[at].reference;
  };

  it('reads designations the way the answers are written', () => {
    assert.equal(designationOf('ISO/IEC 27001:2022'), 'ISO/IEC 27001');
    assert.equal(designationOf('IEC 62304:2006+AMD1:2015 CSV'), 'IEC 62304');
    assert.equal(designationOf('ISO 10218-1'), 'ISO 10218-1');
    assert.equal(designationOf('ISO/IEC/IEEE 12207:2017'), 'ISO/IEC/IEEE 12207');
    assert.equal(designationOf('ISO 9001:2015/Amd 1:2024'), undefined);
    assert.equal(designationOf('IEC 60079-0:2017 RLV'), undefined);
    assert.equal(designationOf('IEC 60204-1B:1975'), undefined);
    assert.equal(designationOf('ISO/DIS 9001'), 'ISO/DIS 9001');
  });

  it('puts the standard people mean first for topic queries more often than a substring search', () => {
    assert.ok(TOPIC_QUERIES.length >= 40);
    let ours = 0;
    let baseline = 0;
    const lines: string[] = [];
    for (const [query, ...answers] of TOPIC_QUERIES) {
      const first = index.search(query, 1)[0]?.reference;
      const plain = substringFirst(query);
      const ok = hits(first, answers);
      if (ok) ours++;
      if (hits(plain, answers)) baseline++;
      if (!ok) lines.push(`    miss "${query}" → ${first ?? '(nothing)'} (wanted ${answers.join(' or ')}; substring: ${plain ?? '(nothing)'})`);
    }
    const n = TOPIC_QUERIES.length;
    console.log(
      `    topic top-1 over ${n} queries: Find Standard ${(ours / n).toFixed(3)} (${ours}), substring search ${(baseline / n).toFixed(3)} (${baseline})`,
    );
    for (const line of lines) console.log(line);
    assert.ok(ours > baseline, `Find Standard ${ours} vs substring ${baseline}`);
    // Measured: 78 of 90 (0.867; before topic ranking 26, 0.289); the substring search 18 (0.200). The goal was 0.9;
    // what is left: six queries whose words no title of the answer holds ("IT", "smart card", "automotive",
    // "biocompatibility", "AI", "JPEG": only a hand-made list of synonyms would find them), one whose words only the
    // withdrawn editions' titles hold ("information security risk management": current records come first), and
    // five whose answer holds the words but not as the phrase typed while another title does ("machine safety" →
    // "Safety of machinery", "lightning protection" → "Protection against lightning", "social responsibility",
    // "software product quality", "Ada programming language"): a phrase in a title ranks above words apart.
    assert.ok(ours / n >= 0.85, `top-1 ${ours}/${n}`);
  });

  it('puts the same record first whatever the limit asked', () => {
    for (const [query] of TOPIC_QUERIES) assert.equal(index.search(query, 1)[0], index.search(query, 200)[0], query);
  });

  it('ranks number queries as before', () => {
    for (const [query, first] of NUMBER_QUERIES) assert.equal(index.search(query, 1)[0]?.reference, first, query);
  });
});

describe("Find Standard's topic signals", () => {
  const signals = (reference: string, title: string) => {
    const number = /\d+((?:-\d+)*)/.exec(reference)?.[1].split('-').filter(Boolean) ?? [];
    const { lastStart } = titleElements(title);
    return topicSignalsOf(factsOf('urn:x', reference, 'current'), reference, title.slice(lastStart), number.length, number[0]);
  };

  it('reads a title as elements', () => {
    assert.deepEqual(titleElements('Quality management systems - Requirements'), { firstEnd: 26, lastStart: 29 });
    assert.deepEqual(titleElements('Information technology -- Programming languages -- C'), { firstEnd: 22, lastStart: 51 });
    assert.deepEqual(titleElements('Medical electrical equipment \u2014 Part 1-2: General'), { firstEnd: 28, lastStart: 31 });
    assert.deepEqual(titleElements('Electrical/electronic safety-related systems'), { firstEnd: -1, lastStart: 0 });
  });

  it('ranks a standard before a specification before a report, no parts before Part 1 before other parts', () => {
    const score = (reference: string, title = 'Things - Guidance') => signals(reference, title).score;
    assert.ok(score('ISO 1234:2020') > score('ISO/TS 1234:2020'));
    assert.ok(score('ISO/TS 1234:2020') > score('ISO/TR 1234:2020'));
    assert.ok(score('ISO/IEC Guide 98:2020') === score('ISO/TR 1234:2020'));
    assert.ok(score('IEC 61508-1:2010') > score('IEC 61508-2:2010'));
    assert.ok(score('IEC 60079-0:2017') === score('IEC 61508-1:2010'));
    assert.ok(score('IEC 61508-2:2010') > score('IEC 60601-2-24:2012'));
    assert.ok(
      score('ISO 9001:2015', 'Quality management systems - Requirements') > score('ISO 9000:2015', 'Quality management systems - Fundamentals and vocabulary'),
    );
    assert.ok(score('IEC 60601-1:2005', 'Medical electrical equipment - Part 1: General requirements for basic safety') > score('IEC 60601-1:2005'));
  });

  it('puts a document before its supplements, packages and versions', () => {
    const group = (reference: string) => signals(reference, 'Things').group;
    assert.equal(group('IEC 62304:2006'), 0);
    assert.equal(group('IEC 62304:2006+AMD1:2015 CSV'), 0, 'a consolidated version is the document');
    for (const version of ['IEC 60079-0:2017 RLV', 'IEC 61508:2010 CMV', 'IEC 60601-1:2024 SER', 'ISO/IEC 27001-HBK:2024', 'IEC 60204-1B:1975'])
      assert.equal(group(version), 1, version);
    for (const supplement of ['ISO 9001:2015/Amd 1:2024', 'IEC 60601-1:2005/ISH1:2008', 'ISO 1:2002/Cor 1:2003'])
      assert.equal(group(supplement), 2, supplement);
  });

  it('cuts a topic word to what its singular and plural share', () => {
    for (const [word, cut] of [
      ['laboratory', 'laborator'],
      ['laboratories', 'laborator'],
      ['codes', 'code'],
      ['processes', 'process'],
      ['currency', 'currenc'],
      ['gas', 'gas'],
      ['series', 'serie'],
      ['status', 'status'],
      ['class', 'class'],
    ])
      assert.equal(stem(word), cut, word);
  });
});
