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
import { NUMBER_QUERIES, TOPIC_QUERIES, designationOf, hits } from './realCatalogueQueries';

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
