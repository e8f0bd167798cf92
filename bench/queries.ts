/** What a person types into Find Standard in the examples: the queries every search bench types key by key. */
export const QUERIES = [
  '9001',
  'ISO 9001',
  'iso9001',
  'ISO/IEC 27001',
  '27001:2022',
  '13818-7',
  '62304',
  'quality management',
  'robots safety',
  'medical electrical equipment part 2',
];
