/** The clause types the extension knows by name, with the labels shown wherever a type is shown or chosen. */

export interface SectionType {
  /** Compact `@type`, e.g. `corext:Scope`. */
  type: string;
  label: string;
}

export const SECTION_TYPES = {
  Foreword: { type: 'corext:Foreword', label: 'Foreword' },
  Introduction: { type: 'corext:Introduction', label: 'Introduction' },
  Scope: { type: 'corext:Scope', label: 'Scope' },
  NormativeReferences: { type: 'corext:NormativeReferences', label: 'Normative references' },
  TermsAndDefinitions: { type: 'corext:TermsAndDefinitions', label: 'Terms and definitions' },
  Clause: { type: 'corext:Clause', label: 'Clause' },
  Annex: { type: 'corext:Annex', label: 'Annex' },
  Bibliography: { type: 'corext:Bibliography', label: 'Bibliography' },
} as const satisfies Record<string, SectionType>;

export type SectionName = keyof typeof SECTION_TYPES;

/** Known sections in document order. */
export const SECTION_LIST: readonly SectionType[] = Object.values(SECTION_TYPES);

const LABELS = new Map<string, string>(SECTION_LIST.map((s) => [s.type, s.label]));

/** The label of the first known type, else a readable form of the first type ("corext:FooBar" → "Foo bar"). */
export function sectionLabel(types: readonly string[]): string {
  for (const type of types) {
    const label = LABELS.get(type);
    if (label) return label;
  }
  const first = types[0];
  if (!first) return 'Clause';
  const local = first.replace(/^.*[:#/]/, '');
  const words = local.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Clause';
}

/** True when a clause's types include `type` (compact form). */
export function hasType(clause: { types: readonly string[] }, type: string): boolean {
  return clause.types.includes(type);
}
