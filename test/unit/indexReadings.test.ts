/**
 * The fast readings a segment's build uses (issue 57: the index build's CPU) against plain readings written the
 * obvious way, here: the token scanner against a lower-case copy matched by an expression, the reference's number
 * marks, the vocabulary's sort, the order arrays read from the scanned tokens against orderArrays' reading of each
 * reference, a record's stage and year against the expressions they replaced, and the JSON depth walk. Each fast
 * reading must give exactly what the plain one gives, or ranking and the index file would change.
 */
import * as assert from 'node:assert/strict';
import type { IndexEntry } from '../../src/core/catalogue/catalogueIndex';
import { orderArrays, orderArraysOfTokens } from '../../src/core/catalogue/orderFields';
import { tokenizeEntries } from '../../src/core/catalogue/segmentData';
import { factsOf } from '../../src/core/catalogue/standardFacts';
import { scanReference, tokenize } from '../../src/core/catalogue/tokens';
import { jsonDepthExceeds } from '../../src/core/service/jsonld';
import { realCatalogueEntries } from './realCatalogue';

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Characters around every edge the scanner tests: case, digits, plain and not plain, accents, ligatures, surrogates. */
const ALPHABET = [
  ...'aZz09AM ./-:_',
  '\u00b2', // ² : plain as it is, "2" once normalised
  '\u00bf',
  '\u00c0',
  '\u00e9',
  '\u00c9',
  '\u00df',
  '\u2000',
  '\u2014',
  '\u2026', // … : plain, "..." once normalised
  '\u206f',
  '\u2070',
  '\ufb01', // ﬁ
  '\u0152', // Œ
  '\u0301', // a combining accent
  '\ud83d\ude00',
];

function randomText(next: () => number, length: number, alphabet: readonly string[]): string {
  let text = '';
  for (let k = 0; k < length; k++) text += alphabet[Math.floor(next() * alphabet.length)];
  return text;
}

/** The tokens of `text` read plainly: lower case, accents off when it is not plain, runs of a–z or of 0–9, with where each starts. */
function plainRuns(text: string): { scanned: string; runs: Array<{ token: string; at: number }> } {
  const plain = /^[\u0000-\u00bf\u2000-\u206f]*$/.test(text);
  let scanned = plain ? text : text.toLowerCase();
  if (!plain && /[\u00c0-\u024f\u1e00-\u1eff\ufb00-\ufb06]/.test(scanned)) scanned = scanned.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const runs = [...scanned.matchAll(/[a-z]+|[0-9]+/gi)].map((m) => ({ token: m[0].toLowerCase(), at: m.index }));
  return { scanned, runs };
}

/** scanReference's marks read plainly: the first digit token, and the first token after it that does not continue the number block. */
function plainMarks(reference: string): { numberStart: number; numberEnd: number } {
  const { scanned, runs } = plainRuns(reference.slice(0, 300));
  const numberStart = runs.findIndex((r) => /\d/.test(r.token[0]));
  if (numberStart < 0) return { numberStart: 0, numberEnd: runs.length };
  const end = runs.findIndex((r, k) => k > numberStart && (!/\d/.test(r.token[0]) || !'-.'.includes(scanned[r.at - 1])));
  return { numberStart, numberEnd: end < 0 ? runs.length : end };
}

describe('index readings: the fast ones a segment build uses give what the plain ones give (issue 57)', function () {
  this.timeout(120_000);

  it('scans tokens and reference marks as a lower-case copy matched by an expression reads them', () => {
    const next = random(57);
    const texts = [
      'ISO/IEC 27001-1:2022',
      'iso9001',
      'Exécution — Œuvre ﬁnale ² …',
      'IEC 60601-1-11:2015+AMD1:2021 CSV',
      'ISO 13818-7.2:2006/Amd 1',
      `${'x'.repeat(297)}12345`,
      '',
    ];
    for (let k = 0; k < 3000; k++) texts.push(randomText(next, Math.floor(next() * 40), ALPHABET));
    for (const text of texts) {
      assert.deepEqual(
        tokenize(text),
        plainRuns(text).runs.map((r) => r.token),
        JSON.stringify(text),
      );
      const tokens: string[] = [];
      assert.deepEqual(
        scanReference(text, (t) => tokens.push(t)),
        plainMarks(text),
        JSON.stringify(text),
      );
      assert.deepEqual(
        tokens,
        plainRuns(text.slice(0, 300)).runs.map((r) => r.token),
        JSON.stringify(text),
      );
    }
  });

  it("sorts a segment's vocabulary by code units and numbers its tokens by that order, small or past 65 536 tokens", () => {
    const next = random(7);
    // Many tokens alike in their first seven characters, and enough of them to take the sort's other way.
    const entries: IndexEntry[] = [];
    const letters = [...'abcdefghijklmnopqrstuvwxyz'];
    for (let i = 0; i < 1400; i++) {
      // Under the 1 000 characters of a title that are read.
      const words = Array.from({ length: 60 }, (_, k) => `informat${randomText(next, 4 + Math.floor(next() * 3), k % 10 ? letters : [...'az09'])}`);
      entries.push({ position: i, urn: `urn:x:${i}`, reference: `ISO ${i}-${i % 7}`, title: words.join(' ') });
    }
    for (const list of [entries.slice(0, 40), entries]) {
      const data = tokenizeEntries(list);
      const sorted = [...new Set(list.flatMap((e) => [...tokenize(e.reference ?? ''), ...tokenize(e.title)]))].sort();
      assert.deepEqual(data.vocabulary, sorted);
      for (let i = 0; i < list.length; i++) {
        const titleTokens = Array.from(data.title.ids.subarray(data.title.start[i], data.title.start[i + 1]), (id) => data.vocabulary[id]);
        assert.deepEqual(titleTokens, tokenize(list[i].title));
      }
    }
    assert.ok(tokenizeEntries(entries).vocabulary.length > 65_536, 'enough tokens for the other way');
  });

  it('reads the order arrays from the scanned tokens as orderArrays reads each reference', () => {
    const odd: Array<Pick<IndexEntry, 'urn' | 'reference'>> = [
      { urn: 'urn:iso:std:iso:9001:stage-60.60', reference: 'ISO 0009001-007:2015' },
      { urn: 'urn:iso:std:iso:1:stage-60.60', reference: 'ISO 1234567890-1' },
      { urn: 'urn:iso:std:iso-iec:27001', reference: 'ISO/IEC DIS TS 27001-1-2-3-4:2022' },
      { urn: 'urn:iso:std:iso-iec:27001', reference: 'ISO/IEC/IEEE TR R 27001-1' },
      { urn: 'URN:ISO:STD:ISO-IEC:27001', reference: 'ISO/R 101' },
      { urn: 'urn:iec:std:iec:60601', reference: 'IEC Technology Report Nanotechnology:2013' },
      { urn: 'urn:x', reference: 'Guide 73' },
      { urn: 'urn:cen:std:en:1', reference: 'EN 1' },
      { urn: `urn:${'a'.repeat(40)}:std:iso:1`, reference: 'ISO 1' },
      { urn: 'urn:iso:std:iso:1', reference: '' },
      { urn: 'urn:iso:std:iso:1', reference: 'ISO/DTS 15066' },
      { urn: 'urn:iso:std:iso:1', reference: 'ISO A B C D 15066-0-00' },
      // The same publisher words under other URN publishers: filed otherwise, and not always numbered.
      { urn: 'urn:iso:std:iso-iec:2', reference: 'ISO/IEC 2-1' },
      { urn: 'urn:iec:std:iec:3', reference: 'ISO/IEC 3-1' },
      { urn: 'urn:x', reference: 'ISO/IEC 4-1' },
    ];
    const real = realCatalogueEntries();
    const lists: Array<Array<Pick<IndexEntry, 'urn' | 'reference'>>> = [odd];
    for (let at = 0; at < real.length; at += 4000) lists.push(real.slice(at, at + 4000));
    for (const list of lists) {
      const entries = list.map((e, position): IndexEntry => ({ position, title: '', ...e }));
      const data = tokenizeEntries(entries);
      assert.deepEqual(orderArraysOfTokens(entries, data.reference, data.vocabulary, data.numberStart, data.numberEnd), orderArrays(entries));
    }
  });

  it('reads a record stage and year as the expressions did', () => {
    const next = random(1);
    const urns = [
      'urn:iso:std:iso:1:stage-95.99',
      'urn:iso:std:iso:1:stage-9x.12:stage-90.20',
      'urn:iso:std:iso:1:stage-90.93',
      'urn:x:stage-45.00',
      'urn:x:stage-draft',
    ];
    const references = [
      'ISO 1:2015',
      'ISO 1:19991',
      'ISO 1:2020a',
      'ISO 1:2020_',
      'ISO 1:2020-1',
      'ISO 1:18:1999',
      `${'x'.repeat(195)}:2019`,
      `${'x'.repeat(196)}:2019`,
    ];
    const pieces = [...':stage-.90123456789', 'ISO ', '/Amd ', 'a', '_'];
    for (let k = 0; k < 3000; k++) {
      urns.push(`urn:${randomText(next, 30, pieces)}`);
      references.push(randomText(next, 20, pieces));
    }
    for (const urn of urns)
      for (const reference of references.slice(0, 40)) {
        const stage = /:stage-(\d\d)\.(\d\d)/.exec(urn);
        const withdrawn = stage?.[1] === '95';
        const review = stage?.[1] === '90' && stage[2] !== '93';
        const facts = factsOf(urn, reference, undefined);
        assert.equal(facts.status === 'withdrawn', withdrawn, urn);
        assert.equal(facts.status === 'under review', review && !withdrawn, urn);
      }
    for (const reference of references) {
      const match = /:((?:19|20)\d\d)\b/.exec(reference.slice(0, 200));
      assert.equal(factsOf('urn:x', reference, undefined).year, match ? Number(match[1]) : undefined, reference);
    }
  });

  it('finds the depth of nested arrays and objects, arrays walked by index', () => {
    const nested = (depth: number, array: boolean): unknown => {
      let value: unknown = 1;
      for (let k = 0; k < depth; k++) value = array || k % 2 ? [0, value, 'x'] : { a: 1, b: value };
      return value;
    };
    for (const array of [true, false]) {
      assert.equal(jsonDepthExceeds(nested(1000, array), 1000), false);
      assert.equal(jsonDepthExceeds(nested(1001, array), 1000), true);
    }
    assert.equal(jsonDepthExceeds([[], [[]], {}], 3), false);
    assert.equal(jsonDepthExceeds([[], [[[]]], {}], 3), true);
  });
});
