import * as assert from 'node:assert/strict';
import { MAX_LINE, findCitations, parseReference, type Citation, type ReferenceCitation } from '../../src/core/citations/recognise';
import { realSample } from './realSample';

const BASE = 'http://127.0.0.1:4711/preprod';

function references(text: string): ReferenceCitation[] {
  return findCitations(text).filter((c): c is ReferenceCitation => c.kind === 'reference');
}

function only(text: string): Citation {
  const found = findCitations(text, { serviceBaseUrl: BASE });
  assert.equal(found.length, 1, `${JSON.stringify(text)} → ${JSON.stringify(found.map((c) => c.text))}`);
  return found[0];
}

describe('Citations: recognising references in text', () => {
  // [text, the citation's text, reference without locator, locator kind:value]
  const positives: Array<[string, string, string, string?]> = [
    ['// ISO 26262-6:2018, 9.4.2', 'ISO 26262-6:2018, 9.4.2', 'ISO 26262-6:2018', 'clause:9.4.2'],
    ['per IEC 62304:2006+AMD1:2015 §5.1', 'IEC 62304:2006+AMD1:2015 §5.1', 'IEC 62304:2006+AMD1:2015', 'clause:5.1'],
    ['ISO/IEC 27001:2022 clause 5.2 says so', 'ISO/IEC 27001:2022 clause 5.2', 'ISO/IEC 27001:2022', 'clause:5.2'],
    ['see ISO 9001:2015, Clause 1 Scope', 'ISO 9001:2015, Clause 1', 'ISO 9001:2015', 'clause:1'],
    ['(IEC 60601-2-78:2019, Annex A)', 'IEC 60601-2-78:2019, Annex A', 'IEC 60601-2-78:2019', 'annex:A'],
    ['ISO 14971:2019 A.2 applies', 'ISO 14971:2019 A.2', 'ISO 14971:2019', 'annex:A.2'],
    ['ISO 10218-1:2025 Table 3', 'ISO 10218-1:2025 Table 3', 'ISO 10218-1:2025', 'table:3'],
    ['ISO 9001:2015/Amd 1:2024', 'ISO 9001:2015/Amd 1:2024', 'ISO 9001:2015/Amd 1:2024'],
    ['ISO 13485:2016/Cor 1', 'ISO 13485:2016/Cor 1', 'ISO 13485:2016/Cor 1'],
    ['ISO/TS 15066:2016', 'ISO/TS 15066:2016', 'ISO/TS 15066:2016'],
    ['ISO/TR 14121-2', 'ISO/TR 14121-2', 'ISO/TR 14121-2'],
    ['IEC/TS 62443-1-1:2009', 'IEC/TS 62443-1-1:2009', 'IEC/TS 62443-1-1:2009'],
    ['IEC TR 80001-2-2:2012', 'IEC TR 80001-2-2:2012', 'IEC TR 80001-2-2:2012'],
    ['EN ISO 13849-1:2015 section 4.5', 'EN ISO 13849-1:2015 section 4.5', 'EN ISO 13849-1:2015', 'clause:4.5'],
    ['EN IEC 61000-6-2:2019', 'EN IEC 61000-6-2:2019', 'EN IEC 61000-6-2:2019'],
    ['EN 1090-2:2018', 'EN 1090-2:2018', 'EN 1090-2:2018'],
    ['CISPR 16-1-1:2010/AMD1:2010', 'CISPR 16-1-1:2010/AMD1:2010', 'CISPR 16-1-1:2010/AMD1:2010'],
    ['IEEE 1012:2016', 'IEEE 1012:2016', 'IEEE 1012:2016'],
    ['IEC 60099-4:1991+AMD1:1998+AMD2:2001 CSV', 'IEC 60099-4:1991+AMD1:1998+AMD2:2001 CSV', 'IEC 60099-4:1991+AMD1:1998+AMD2:2001 CSV'],
    ['ISO 105-B01:2014', 'ISO 105-B01:2014', 'ISO 105-B01:2014'],
    ['# ISO 9001 Scope', 'ISO 9001 Scope', 'ISO 9001', 'section:Scope'],
    ['ISO 27001, Terms and definitions', 'ISO 27001, Terms and definitions', 'ISO 27001', 'section:Terms and definitions'],
    ['"ISO 9001:2015"', 'ISO 9001:2015', 'ISO 9001:2015'],
    ['ISO 9001.', 'ISO 9001', 'ISO 9001'],
    ['ISO\u00a09001:2015', 'ISO\u00a09001:2015', 'ISO\u00a09001:2015'],
    // The locator first, joined by "of": the range is the whole phrase, the reference its end.
    ['as clause 5 of ISO 9001 requires', 'clause 5 of ISO 9001', 'ISO 9001', 'clause:5'],
    ['Clause 4.2 of ISO/IEC 27001:2022.', 'Clause 4.2 of ISO/IEC 27001:2022', 'ISO/IEC 27001:2022', 'clause:4.2'],
    ['(Annex A of IEC 62304)', 'Annex A of IEC 62304', 'IEC 62304', 'annex:A'],
    ['per §5.1 of EN 60601-1, the', '§5.1 of EN 60601-1', 'EN 60601-1', 'clause:5.1'],
    ['// § 7.3.2 of IEC 62304:2006+AMD1:2015', '§ 7.3.2 of IEC 62304:2006+AMD1:2015', 'IEC 62304:2006+AMD1:2015', 'clause:7.3.2'],
    ['see subclause 6.1.2 of ISO 14971:2019', 'subclause 6.1.2 of ISO 14971:2019', 'ISO 14971:2019', 'clause:6.1.2'],
    ['Section 9 of ISO 26262-6:2018', 'Section 9 of ISO 26262-6:2018', 'ISO 26262-6:2018', 'clause:9'],
    ['clause A.2 of ISO 14971:2019', 'clause A.2 of ISO 14971:2019', 'ISO 14971:2019', 'annex:A.2'],
    ['Table 3 of ISO 10218-1:2025', 'Table 3 of ISO 10218-1:2025', 'ISO 10218-1:2025', 'table:3'],
    ['cl. 8 of ISO 13485:2016', 'cl. 8 of ISO 13485:2016', 'ISO 13485:2016', 'clause:8'],
    // Not locators before a reference: the reference alone.
    ['version 5 of ISO 9001', 'ISO 9001', 'ISO 9001'],
    ['clause 5 of the ISO 9001 audit', 'ISO 9001', 'ISO 9001'],
    ['Figure 3 of ISO 9001:2015', 'Figure 3 of ISO 9001:2015', 'ISO 9001:2015', 'figure:3'],
    ['paragraph 5 of ISO 9001', 'paragraph 5 of ISO 9001', 'ISO 9001', 'clause:5'],
    ['the scope of ISO 9001', 'ISO 9001', 'ISO 9001'],
    ['clause 5 of  ISO 9001', 'ISO 9001', 'ISO 9001'],
    ['subclause.5 of ISO 9001', 'ISO 9001', 'ISO 9001'],
    ['cause 5 of ISO 9001', 'ISO 9001', 'ISO 9001'],
    ['Annex AB of ISO 9001', 'ISO 9001', 'ISO 9001'],
  ];
  for (const [text, whole, reference, locator] of positives) {
    it(`finds ${JSON.stringify(text)}`, () => {
      const found = only(text);
      assert.equal(found.kind, 'reference');
      assert.equal(found.text, whole);
      assert.equal(text.slice(found.start, found.end), whole);
      if (found.kind !== 'reference') return;
      assert.equal(text.slice(found.referenceStart, found.referenceEnd), reference);
      assert.equal(found.locator ? `${found.locator.kind}:${found.locator.value}` : undefined, locator);
    });
  }

  it('takes a reference apart', () => {
    const [found] = references('per IEC 60601-2-78:2019/Amd 1:2020/Cor 1, clause 201.12');
    assert.deepEqual(found.reference, {
      publisher: 'IEC',
      number: '60601',
      part: '-2-78',
      year: '2019',
      supplements: [
        { text: '/Amd 1:2020', kind: 'amd', number: '1', year: '2020', joined: '/' },
        { text: '/Cor 1', kind: 'cor', number: '1', joined: '/' },
      ],
    });
    // Clause numbers have one or two digits first: "201.12" is not read as a clause (no false locator).
    assert.equal(found.locator, undefined);
  });

  const lookAlikes = [
    'charset=ISO-8859-1',
    'const ISO8601 = parse(date);',
    'ISO8601DateFormatter()',
    'moment.ISO_8601 and iso8859_2',
    '[[ISO19101-1]] ISO19101-1:: International Organization',
    'charset ISO-8859-1 or ISO646 or ISO_IR 100 or "ISO 2022 IR 87"',
    'the ISO 7-bit coded character set',
    'format!("ISO 26262-{}:{}", part, year)',
    'Range: EV 6 to EV 16 (ISO 100).',
    'values [100,200,400,800] value: ISO 400 (400)',
    'CAN 2.0 frames',
    'ISO/IEC 27001-HBK:2024 is a handbook',
    'ISO/TC 215 and ISO/IEC JTC 1/SC 27 N0317',
    'formatISO8601Date(x)',
    'let iso_code = "de";',
    'version 1.2.3, released 2018-05-01',
    'call +1 555 123 4567 or 0800-123-456',
    'ISOLATION 3000',
    'PRECISION 12',
    'MyISO 9001',
    'ISO/IEC_27001',
    'ISO 9001.2 is a version',
    'ISO 90012345678',
    'IEEE 1.2.3',
    'see https://www.iso.org/standard/62085.html',
    'ENISO 13849',
    'x.ISO 9001',
    'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
    // The locator-first form needs a reference after "of".
    'clause 5 of the contract',
    'Annex A of the agreement',
    'clause 5 of ISO-8859-1',
    'clause 5 of ISO 9001.2',
    'clause 5 ofISO 9001',
    'Table 3 of ISOLATION 3000',
  ];
  for (const text of lookAlikes) {
    it(`leaves alone ${JSON.stringify(text)}`, () =>
      assert.deepEqual(
        findCitations(text, { serviceBaseUrl: BASE }).map((c) => c.text),
        [],
      ));
  }

  it('reads informal forms as citations of low confidence, and the forms of real text', () => {
    const read = (text: string) =>
      references(text).map((c) => [
        c.text,
        `${c.reference.publisher}|${c.reference.number}|${c.reference.part}|${c.reference.year ?? ''}`,
        c.reference.informal === true,
      ]);
    assert.deepEqual(read('IEC62304, ISO-8601 and iso 8601; section 2 of ISO8601'), [
      ['IEC62304', 'IEC|62304||', true],
      ['ISO-8601', 'ISO|8601||', true],
      ['iso 8601', 'iso|8601||', true],
      ['section 2 of ISO8601', 'ISO|8601||', true],
    ]);
    assert.deepEqual(read('BS EN ISO 13485:2016, ANSI/AAMI/ISO 14971:2019, CAN/CSA ISO 13485:2003, DIN EN ISO 14971: 2012'), [
      ['BS EN ISO 13485:2016', 'BS EN ISO|13485||2016', false],
      ['ANSI/AAMI/ISO 14971:2019', 'ANSI/AAMI/ISO|14971||2019', false],
      ['CAN/CSA ISO 13485:2003', 'CAN/CSA ISO|13485||2003', false],
      ['DIN EN ISO 14971: 2012', 'DIN EN ISO|14971||2012', false],
    ]);
    assert.deepEqual(read('ETSI EN 303 645 V2.1.1, ITU-T X.509, IEEE 802.11ax, IEEE Std 754-2019, ISO 9001-2015'), [
      ['ETSI EN 303 645 V2.1.1', 'ETSI EN|303645||', false],
      ['ITU-T X.509', 'ITU-T|X.509||', false],
      ['IEEE 802.11ax', 'IEEE|802.11ax||', false],
      ['IEEE Std 754-2019', 'IEEE Std|754||2019', false],
      ['ISO 9001-2015', 'ISO|9001|-2015|', false],
    ]);
    assert.equal(references('ISO 9001-2015')[0].reference.hyphenYear, true, 'the catalogue tells the year from a part');
    assert.deepEqual(read('UL/IEC 60601-1:2005, NF EN 1090-2, GB/T 7408-1994, NIST SP 800-53, JIS X 0208, AS/NZS 3679.1:2016'), [
      ['UL/IEC 60601-1:2005', 'UL/IEC|60601|-1|2005', false],
      ['NF EN 1090-2', 'NF EN|1090|-2|', false],
      ['GB/T 7408-1994', 'GB/T|7408||1994', false],
      ['NIST SP 800-53', 'NIST SP|800|-53|', false],
      ['JIS X 0208', 'JIS|X0208||', false],
      ['AS/NZS 3679.1:2016', 'AS/NZS|3679.1||2016', false],
    ]);
  });

  it('reads supplements in every form, and locators as engineers write them', () => {
    const supplements = (text: string) => references(text)[0].reference.supplements.map((s) => `${s.joined}${s.kind} ${s.number ?? '-'} ${s.year ?? '-'}`);
    assert.deepEqual(supplements('ISO 14971:2019/Amd 1:2021'), ['/amd 1 2021']);
    assert.deepEqual(supplements('IEC 62304:2006+AMD1:2015 CSV'), ['+amd 1 2015']);
    assert.deepEqual(supplements('EN ISO 14971:2019+A11:2021'), ['+amd 11 2021']);
    assert.deepEqual(supplements('EN ISO 13485:2016/AC:2018'), ['/cor - 2018']);
    assert.deepEqual(supplements('ISO 9001:2008 Cor.1'), [' cor 1 -']);
    assert.deepEqual(supplements('IEC 60601-1:2005 CSV/COR1:2006'), ['/cor 1 2006']);
    assert.deepEqual(supplements('ISO/IEC 27001:2022 Amendment 1:2024'), [' amd 1 2024']);
    const locators = (text: string) => references(text).map((c) => (c.locators ?? (c.locator ? [c.locator] : [])).map((l) => `${l.kind}:${l.value}`).join(' '));
    assert.deepEqual(locators('ISO 14971:2019, 7.1'), ['clause:7.1']);
    assert.deepEqual(locators('IEC 61508-1:2010 7.2.1'), ['clause:7.2.1']);
    assert.deepEqual(locators('ISO 13485:2016 § 4.2 and para. 4.1 of ISO 9001'), ['clause:4.2', 'clause:4.1']);
    assert.deepEqual(locators('IEC 62304 Sections 5.6.2 and 5.6.3'), ['clause:5.6.2 clause:5.6.3']);
    assert.deepEqual(locators('ISO 16022:2006, 5.2.3 and Annex C, Table C.2'), ['clause:5.2.3 annex:C table:C.2']);
    assert.deepEqual(locators('chapter 10 of ISO 26262-6:2018'), ['clause:10']);
    assert.deepEqual(locators('7.1 of ISO 14971 and Annex H in ISO 14155:2020'), ['clause:7.1', 'annex:H']);
  });

  it('keeps every clause of a list written before "of", as it does after the reference', () => {
    const parts = (text: string) =>
      references(text).map((c) => [c.text, (c.locators ?? (c.locator ? [c.locator] : [])).map((l) => `${l.kind}:${l.value}`).join(' ')]);
    assert.deepEqual(parts('see 6.1 and 7.2 of ISO 9001:2015'), [['6.1 and 7.2 of ISO 9001:2015', 'clause:6.1 clause:7.2']]);
    assert.deepEqual(parts('6.1, 6.2 and 7.2 of ISO 9001:2015'), [['6.1, 6.2 and 7.2 of ISO 9001:2015', 'clause:6.1 clause:6.2 clause:7.2']]);
    assert.deepEqual(parts('A.1 or B.2 in IEC 62304'), [['A.1 or B.2 in IEC 62304', 'annex:A.1 annex:B.2']]);
    assert.deepEqual(parts('clauses 6.1 and 7.2 of ISO 9001:2015'), [['clauses 6.1 and 7.2 of ISO 9001:2015', 'clause:6.1 clause:7.2']]);
    assert.deepEqual(parts('Annex A and clause 4 of ISO 9001:2015'), [['Annex A and clause 4 of ISO 9001:2015', 'annex:A clause:4']]);
    // The same locators as the other order gives.
    assert.deepEqual(parts('ISO 9001:2015, clause 6.1 and 7.2')[0][1], parts('6.1 and 7.2 of ISO 9001:2015')[0][1]);
    // A list that belongs to the citation before stays there.
    assert.deepEqual(parts('ISO 14001:2015, 6.1 and 7.2 of ISO 9001:2015'), [
      ['ISO 14001:2015, 6.1 and 7.2', 'clause:6.1 clause:7.2'],
      ['ISO 9001:2015', ''],
    ]);
  });

  it('finds several per line and gives line and columns', () => {
    const text = 'intro\r\n// ISO 9001:2015 and IEC 62304, clause 5.1; also EN 1090-2\nend';
    const found = findCitations(text);
    assert.deepEqual(
      found.map((c) => [c.line, c.start, c.end, c.text]),
      [
        [1, 3, 16, 'ISO 9001:2015'],
        [1, 21, 42, 'IEC 62304, clause 5.1'],
        [1, 49, 58, 'EN 1090-2'],
      ],
    );
  });

  it('gives a locator to one reference only: the one it follows, else the one it precedes', () => {
    const found = references('ISO 9001:2015 clause 5 of ISO 14001:2015');
    assert.deepEqual(
      found.map((c) => [c.text, c.locator?.value]),
      [
        ['ISO 9001:2015 clause 5', '5'],
        ['ISO 14001:2015', undefined],
      ],
    );
    const [first, second] = references('clause 4 of ISO 9001 and Annex B of IEC 62304, clause B.1');
    assert.deepEqual([first.text, first.start, first.referenceStart, first.referenceEnd, first.end], ['clause 4 of ISO 9001', 0, 12, 20, 20]);
    assert.equal(second.text, 'Annex B of IEC 62304', 'a locator before wins; the one after is not read');
  });

  it('finds standard URNs, the IEC shapes too, with spaces only between quotes', () => {
    assert.deepEqual(only('see urn:iso:std:iso:9001:ed-5:en.'), {
      kind: 'urn',
      line: 0,
      start: 4,
      end: 32,
      text: 'urn:iso:std:iso:9001:ed-5:en',
      urn: 'urn:iso:std:iso:9001:ed-5:en',
    });
    assert.equal((only('id: urn:iec:std:iec:60601-2:2011-03:::||amd:1:2015-06') as { urn: string }).urn, 'urn:iec:std:iec:60601-2:2011-03:::||amd:1:2015-06');
    assert.equal(
      (only('urn:iec:std:iec:60099-4:1991-11::csv:+amd:1:1998-04+amd:2:2001-10,') as { urn: string }).urn,
      'urn:iec:std:iec:60099-4:1991-11::csv:+amd:1:1998-04+amd:2:2001-10',
    );
    assert.equal((only('urn:iec:std:iec:60034-1:1994-03:::.') as { urn: string }).urn, 'urn:iec:std:iec:60034-1:1994-03:::');
    const quoted = only('{"target": "urn:iec:std:iec:Bio-digital convergence:2024-04:tec::"}');
    assert.equal(quoted.kind, 'urn');
    assert.equal(quoted.text, 'urn:iec:std:iec:Bio-digital convergence:2024-04:tec::');
    // Unquoted, a space ends the URN.
    assert.equal(only('urn:iec:std:iec:Bio-digital convergence').text, 'urn:iec:std:iec:Bio-digital');
  });

  it('finds clause @id URLs of the configured service only, and nothing inside other URLs', () => {
    const id = `${BASE}/v1/standards/urn:iso:std:iso:9001:ed-5/clauses/3f2a`;
    const found = only(`[ISO 9001](${id})`.replace('[ISO 9001]', '[the scope]'));
    assert.deepEqual(found, { kind: 'clauseUri', line: 0, start: 12, end: 12 + id.length, text: id, urn: 'urn:iso:std:iso:9001:ed-5', clauseId: '3f2a' });
    const encoded = `${BASE}/v1/standards/urn%3Aiec%3Astd%3Aiec%3A60601-2%3A2011-03%3A%3A%3A%7C%7Camd/clauses/x1`;
    assert.equal((only(encoded) as { urn: string }).urn, 'urn:iec:std:iec:60601-2:2011-03:::||amd');
    assert.deepEqual(findCitations(`https://elsewhere.example/v1/standards/urn:iso:std:iso:9001/clauses/1`, { serviceBaseUrl: BASE }), []);
    assert.deepEqual(findCitations(id), [], 'no base URL configured: the URL is not a clause, and its URN is not cited');
  });

  it('reads every reference of the real catalogue slice back as itself', () => {
    let read = 0;
    for (const record of realSample()) {
      const reference = record.reference;
      // Drafts (ISO/DIS …), white papers and reports, data sets, and a corrigendum of a consolidated version (read
      // without its "/COR1") are not what people cite in code.
      const skipped = /\b(?:DIS|FDIS|CD|WD|NP|PRF|DTS|DTR|DPAS|AWI|DAmd|DAM|FDAM|R|DATA|HL7|SRD)\b|FRAG|White Paper|Report|-C\d|CSV\//;
      if (!reference || !/^(ISO|IEC|CISPR|EN)[ /]/.test(reference) || skipped.test(reference)) continue;
      const found = only(reference);
      assert.equal(found.kind, 'reference', reference);
      assert.equal(found.text, reference, `${reference} read as ${found.text}`);
      assert.ok(parseReference(reference));
      read++;
    }
    assert.ok(read > 2500, `${read} references read`);
  });

  it('reads at most MAX_LINE characters of a line and stays linear on hostile lines', () => {
    const long = `${'x'.repeat(MAX_LINE)} ISO 9001:2015`;
    assert.deepEqual(findCitations(long), []);
    const hostile = ['ISO 1-1-1-1-1-1-1-1-1-1-1', 'ISO 9001:2015/Amd/Amd/Amd/Amd/Amd', 'urn:iso:std:'.repeat(200), `ISO 9001, ${'1.'.repeat(900)}`].join('\n');
    for (const text of hostile.split('\n')) findCitations(text.repeat(3), { serviceBaseUrl: BASE });
  });
});
