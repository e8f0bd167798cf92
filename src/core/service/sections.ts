/**
 * The clause types the extension knows by name, with the labels shown wherever a type is shown or chosen.
 * `@type` is a set in JSON-LD: a clause whose types include a known section type is that section, whatever the
 * order and whatever generic types (`corext:Clause`, `corext:Section`…) come with it.
 */

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

/** Types that say only "this is a part of the document": they name a section only when nothing better is given. */
const GENERIC_LOCAL_NAMES = new Set(['clause', 'section', 'subclause', 'sec', 'division', 'part', 'thing']);

/** "corext:Scope", "https://…/corext#Scope" → "Scope": the name after any prefix or namespace IRI. */
function localPart(type: string): string {
  return type.slice(Math.max(type.lastIndexOf(':'), type.lastIndexOf('#'), type.lastIndexOf('/')) + 1);
}

/** The local name of a type, lower case, for matching by meaning. */
export function localTypeName(type: string): string {
  return localPart(type).toLowerCase();
}

const BY_LOCAL_NAME = new Map<string, SectionType>(SECTION_LIST.map((s) => [localTypeName(s.type), s]));

/**
 * The section a clause is, from its types as a set: a specific known section (Scope, Annex…) wins over generic
 * types, whatever the order; then `corext:Clause`; undefined when no type is known.
 */
export function sectionOf(types: readonly string[]): SectionType | undefined {
  let generic: SectionType | undefined;
  for (const type of types) {
    const local = localTypeName(type);
    const known = BY_LOCAL_NAME.get(local);
    if (known && !GENERIC_LOCAL_NAMES.has(local)) return known;
    if (known) generic = known;
  }
  return generic;
}

/** The label of the clause's section (see `sectionOf`), else a readable form of its most specific type. */
export function sectionLabel(types: readonly string[]): string {
  const known = sectionOf(types);
  if (known && known !== SECTION_TYPES.Clause) return known.label;
  const specific = types.find((t) => !GENERIC_LOCAL_NAMES.has(localTypeName(t)));
  if (!specific) return SECTION_TYPES.Clause.label;
  const words = localPart(specific)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : SECTION_TYPES.Clause.label;
}

/** True when the clause is of section `type` (compact form), by meaning: `["corext:Clause", "corext:Scope"]` is a Scope. */
export function hasType(clause: { types: readonly string[] }, type: string): boolean {
  const wanted = localTypeName(type);
  return clause.types.some((t) => t === type || localTypeName(t) === wanted);
}
