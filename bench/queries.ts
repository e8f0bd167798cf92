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

/** The search baseline: every word as a substring of reference + title (`haystacks`, lower case), in list order; no ranking. */
export function substringScan(haystacks: readonly string[], query: string, limit: number): number {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  let found = 0;
  for (let i = 0; i < haystacks.length && found < limit; i++) if (words.every((w) => haystacks[i].includes(w))) found++;
  return found;
}
