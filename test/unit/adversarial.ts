/**
 * Adversarial text for test/unit/linearTime.test.ts: what makes a regular expression or a scanner go quadratic.
 * Long runs of each delimiter the readers look for (with and without a character that rejects the run after it),
 * constructs opened and never closed, and deep nesting; each made at about n characters. And clause bodies in the
 * three vocabularies with such text in every string, to reach the readers the way a server body does.
 */

export interface Adversary {
  name: string;
  /** About `n` characters of it. */
  text: (n: number) => string;
}

/** `unit` repeated to about `n` characters. */
function run(unit: string, n: number): string {
  return unit.repeat(Math.max(1, Math.ceil(n / unit.length)));
}

/** `open` … `close` nested to about `n` characters, with one letter inside. */
function nest(open: string, close: string, n: number): string {
  const depth = Math.max(1, Math.ceil(n / (open.length + close.length)));
  return `${open.repeat(depth)}x${close.repeat(depth)}`;
}

/** What the readers look for, one by one: markup, entities, numbers, identifiers, URNs, LaTeX, references, space. */
const DELIMITERS = [
  '<',
  '<!--',
  '<?',
  '<![CDATA[',
  '<!',
  ']]',
  '--',
  '<a ',
  '<a x="1" ',
  "<a x='",
  '<a x="<a y=\'',
  '</',
  '/>',
  '&',
  '&#',
  '&#x',
  '&a',
  '1',
  'a1',
  'a',
  '_',
  '-',
  ':',
  '.',
  '/',
  '#',
  ' ',
  ' \n',
  '\n',
  '\r\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\u202e',
  '"',
  "'",
  '`',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '|',
  '*',
  ';',
  ',',
  '=',
  '\\',
  '\\frac{',
  '\\sqrt{',
  '^{',
  '_{',
  '^',
  'urn:',
  'urn:iso:std:',
  'http://',
  'https://x/',
  'ISO ',
  'ISO 1',
  'ISO 9001:2015/Amd 1',
  'clause ',
  '§',
  ' of ',
  '1.',
  '1)',
  'A.',
  'Table 1',
  'password=',
  'Bearer ',
  'eyJ',
];

/** Runs, runs with a prefix that starts a match and a suffix that rejects it, unclosed constructs, nesting. */
export const ADVERSARIES: readonly Adversary[] = [
  ...DELIMITERS.map((unit): Adversary => ({ name: `run of ${JSON.stringify(unit)}`, text: (n) => run(unit, n) })),
  ...DELIMITERS.map((unit): Adversary => ({ name: `a + run of ${JSON.stringify(unit)} + !`, text: (n) => `a${run(unit, n)}!` })),
  { name: 'unclosed <!-- then text', text: (n) => `<!--${run('a ', n)}` },
  { name: 'unclosed <![CDATA[ then text', text: (n) => `<![CDATA[${run('a ', n)}` },
  { name: 'unclosed attribute value', text: (n) => `<math x="${run('a<', n)}` },
  { name: 'a tag with many attributes and no >', text: (n) => `<mi${run(' x="1"', n)}` },
  { name: 'nested elements', text: (n) => nest('<mrow>', '</mrow>', n) },
  { name: 'open elements never closed', text: (n) => run('<mrow><mi>x</mi>', n) },
  { name: 'nested braces', text: (n) => nest('{', '}', n) },
  { name: 'nested \\frac', text: (n) => nest('\\frac{a}{', '}', n) },
  { name: 'nested \\sqrt', text: (n) => nest('\\sqrt{', '}', n) },
  { name: 'nested parentheses', text: (n) => nest('(', ')', n) },
  { name: 'nested brackets', text: (n) => nest('[', ']', n) },
  { name: 'a UUID without its last group', text: (n) => run('0123abcd-0123-0123-0123-', n) },
  { name: 'a reference that runs on', text: (n) => `ISO 9001${run('-1', n)}` },
  { name: 'words with one space', text: (n) => run('word ', n) },
];

/**
 * For readers whose input grows in shape (blocks, inline elements, nesting), not in the length of one string: the
 * strings of the shape come from these, a few that stand for the rest (every string reader meets all of them).
 */
export const SHAPE_ADVERSARIES: readonly Adversary[] = ADVERSARIES.filter((a) =>
  ['run of "a"', 'run of " "', 'run of "1"', 'run of "<"', 'run of "&"', 'a + run of "_" + !', 'a + run of "\\n" + !', 'words with one space'].includes(a.name),
);

/** A Metanorma element as XML turned into JSON-LD writes it. */
function mn(name: string, attributes: Record<string, unknown>, ...children: unknown[]): Record<string, unknown> {
  return { '@type': `mn:${name}`, ...attributes, 'mn:content': children };
}

/** Keys whose value names the element: kept, or the body would no longer say what it is. */
const NAMING_KEYS = new Set(['@type', 'type', 'xml:lang', 'ref-type', 'list-type', 'sec-type', 'status']);

/** Clause bodies in the sandbox's corext, Metanorma and NISO STS, with `x` added to every string that is not a name. */
export function clauseBodies(x: string): Array<{ name: string; body: unknown }> {
  const fill = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') return NAMING_KEYS.has(key) ? value : value + x;
    if (Array.isArray(value)) return value.map((item) => fill(item, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, k)]));
    return value;
  };
  return [
    { name: 'corext', body: fill(COREXT) },
    { name: 'Metanorma', body: fill(METANORMA) },
    { name: 'STS', body: fill(STS) },
  ];
}

/** How many strings a body holds: its share of `x` is the text's length over this. */
export function stringsIn(value: unknown): number {
  if (typeof value === 'string') return 1;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + stringsIn(item), 0);
  if (value && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + stringsIn(item), 0);
  return 0;
}

const CLAUSE = 'http://127.0.0.1:1/v1/standards/urn:iso:std:iso:1/clauses/2153c058-7a4e-4c1b-9f0e-0d3a4b5c6d7e';

const COREXT = {
  '@id': CLAUSE,
  '@type': ['corext:Clause'],
  'dcterms:title': 'Terms and definitions',
  'corext:number': '3',
  'corext:content': [
    {
      '@type': 'corext:Paragraph',
      'corext:text': [
        'See ',
        { '@type': 'corext:XRef', 'corext:target': CLAUSE, 'corext:label': '4.2' },
        ' and ',
        { '@type': 'corext:StandardRef', 'corext:target': 'urn:iso:std:iso:9001', 'corext:label': 'ISO 9001' },
        { '@type': 'corext:Emphasis', 'corext:text': 'care' },
      ],
    },
    { '@type': 'corext:List', 'corext:ordered': true, 'corext:items': [{ 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'first' }] }] },
    { '@type': 'corext:Note', 'corext:label': 'NOTE 1', 'corext:content': [{ '@type': 'corext:Paragraph', 'corext:text': 'A note.' }] },
    { '@type': 'corext:Table', 'corext:label': 'Table 1', 'dcterms:title': 'Values', 'corext:head': [['A', 'B']], 'corext:body': [['1', 'x']] },
    {
      '@type': 'corext:TermEntry',
      'corext:number': '3.1',
      'corext:term': 'lamp',
      'corext:admitted': ['light'],
      'corext:definition': 'device that emits light',
      'corext:source': ['SOURCE: ', { '@type': 'corext:StandardRef', 'corext:target': 'urn:iso:std:iso:2', 'corext:label': 'ISO 2' }],
    },
    {
      '@type': 'corext:Formula',
      'corext:label': '(1)',
      'corext:expression': 'v = s / t',
      'corext:where': [{ 'corext:symbol': 'v', 'corext:meaning': 'speed' }],
    },
    { '@type': 'corext:Figure', 'corext:label': 'Figure 1', 'dcterms:title': 'Pump', 'corext:key': { '1': 'spring' } },
    { '@type': 'corext:Reference', 'corext:target': 'urn:iso:std:iso:3', 'dcterms:identifier': 'ISO 3:2001', 'dcterms:title': 'Other things' },
  ],
};

const METANORMA = mn(
  'clause',
  { id: '_2153c058-7a4e-4c1b-9f0e-0d3a4b5c6d7e', obligation: 'normative', title: 'Requirements' },
  mn(
    'p',
    { id: '_p1' },
    'As in ',
    mn('eref', { type: 'inline', bibitemid: 'ISO712', citeas: 'ISO 712:2009', localityStack: { locality: { type: 'clause', referenceFrom: '3.1' } } }),
    ' (see ',
    mn('xref', { target: '_sub' }),
    ').',
    mn('fn', { reference: '1' }, mn('p', {}, 'Footnote text.')),
    mn('stem', { type: 'LaTeX' }, '\\frac{a}{b} + \\alpha^{2}'),
    mn('link', { target: 'https://www.iso.org/obp' }, 'the OBP'),
  ),
  mn('formula', { id: '_f1' }, mn('stem', { type: 'MathML' }, '<math><mi>x</mi><!-- c --><mo>=</mo><![CDATA[1]]><mn>2</mn></math>')),
  mn('formula', {}, mn('stem', { type: 'AsciiMath' }, 'sum_(i=1)^n i')),
  mn('sourcecode', { lang: 'json' }, '{ "a": 1 }'),
  mn('admonition', { type: 'warning' }, mn('p', {}, 'Hot surfaces.')),
  mn('ol', { type: 'alphabet' }, mn('li', {}, mn('p', {}, 'one'))),
  mn('dl', {}, mn('dt', {}, 'm'), mn('dd', {}, mn('p', {}, 'the mass'))),
  mn(
    'term',
    { id: '_b1', anchor: 'paddy' },
    mn('preferred', {}, mn('expression', {}, mn('name', {}, 'paddy'))),
    mn('admitted', {}, mn('expression', {}, mn('name', {}, 'rough rice'))),
    mn('definition', {}, mn('verbal-definition', {}, mn('p', {}, 'rice retaining its husk'))),
    mn('termnote', {}, mn('p', {}, 'A note to entry.')),
    mn('source', { status: 'modified' }, mn('origin', { bibitemid: 'ISO7301', citeas: 'ISO 7301:2011' })),
  ),
  mn(
    'references',
    { title: 'Normative references' },
    mn('bibitem', { id: 'ISO712' }, mn('docidentifier', { type: 'ISO' }, 'ISO 712:2009'), mn('title', {}, 'Cereals — Moisture')),
  ),
);

const STS = {
  '@type': 'sec',
  '@id': 'sec_5',
  'sec-type': 'clause',
  label: '5',
  title: 'Test method',
  p: [
    [
      'The procedure of ',
      { '@type': 'std', 'std-id': 'urn:iso:std:iso:712', 'std-ref': 'ISO 712' },
      ' applies; see ',
      { '@type': 'xref', 'ref-type': 'table', rid: 'tab_1', content: 'Table 1' },
    ],
  ],
  sec: { '@id': 'sec_5.1', label: '5.1', title: 'Apparatus', list: { 'list-type': 'bullet', 'list-item': [{ label: '—', p: 'a balance;' }] } },
  'non-normative-note': { label: 'NOTE', p: 'Notes are informative.' },
  'table-wrap': {
    '@id': 'tab_1',
    label: 'Table 1',
    caption: { title: 'Moisture limits' },
    table: { thead: { tr: { th: ['Cereal', 'Limit'] } }, tbody: { tr: [{ td: ['Wheat', '14 %'] }] } },
  },
  'term-sec': {
    '@id': 'sec_3.1',
    label: '3.1',
    'tbx:termEntry': {
      '@id': 'te_3.1',
      'tbx:langSet': {
        'xml:lang': 'en',
        'tbx:definition': 'amount of water in a sample',
        'tbx:tig': [{ 'tbx:term': 'moisture content', 'tbx:normativeAuthorization': { value: 'preferredTerm' } }],
        'tbx:note': 'Expressed as a percentage.',
        'tbx:source': 'ISO 712:2009, 3.1',
      },
    },
  },
  'disp-formula': {
    '@id': 'eq_1',
    label: '(1)',
    alternatives: { 'mml:math': { 'mml:mrow': [{ 'mml:mi': 'w' }, { 'mml:mo': '=' }] }, 'tex-math': 'w = m' },
  },
  'ref-list': { title: 'Bibliography', ref: [{ '@id': 'ref_1', label: '[1]', 'mixed-citation': ['ISO 6540, ', { '@type': 'italic', content: 'Maize' }] }] },
};
