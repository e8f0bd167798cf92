/**
 * The catalogue as a Renovate custom datasource (`customDatasources`, format `json`): one document per standard, its
 * whole editions as releases — the version is the edition year ("2015"), a withdrawn or replaced edition
 * `isDeprecated` — in the shape Renovate's docs give (`{ "releases": [{ "version", "isDeprecated"? }] }`). Renovate
 * fetches one URL per package, so each standard is a file named by its slug (`standardSlug`): "ISO/IEC 27001" →
 * `iso-iec-27001`, what the preset's `packageNameTemplate` makes of the reference as written
 * (`lowercase (replace '[^A-Za-z0-9]+' '-' depName)`). Amendments, corrigenda and drafts are no releases: a year is
 * all a release can say, and `fix` covers the rest. Pure: no vscode, no file system.
 */
import type { EntryList } from '../catalogue/packedEntries';
import { factsOf } from '../catalogue/standardFacts';
import { editionParts } from '../catalogue/editionParts';
import { isSupplement } from '../compare/editions';

/** One release, as Renovate's custom datasource reads it. */
export interface RenovateRelease {
  version: string;
  isDeprecated?: true;
}

/** One standard's document: what `defaultRegistryUrlTemplate` serves for its slug. */
export interface RenovateDocument {
  releases: RenovateRelease[];
}

/**
 * "ISO/IEC 27001-1:2022" → "iso-iec-27001-1": the publisher's words and the number with its parts, lower case, joined
 * by "-" (draft stage words and leading zeros left out, as editions.ts groups editions). Undefined without a number.
 */
export function standardSlug(reference: string | undefined): string | undefined {
  const parts = editionParts(reference);
  if (!parts) return undefined;
  const slug = [...parts.publisher, ...parts.numbers].join('-');
  // The same characters the preset's template keeps: anything else would name a file Renovate never asks for.
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : undefined;
}

/**
 * Every standard of the catalogue with at least one dated whole edition, by slug, each with its editions oldest first.
 * A year the catalogue lists more than once (an edition and its consolidated version) is one release, deprecated only
 * when none of its records is current.
 */
export function renovateDocuments(entries: EntryList): Map<string, RenovateDocument> {
  const years = new Map<string, Map<number, boolean>>();
  for (const entry of entries) {
    if (!entry?.reference || isSupplement(entry)) continue;
    const facts = factsOf(entry.urn, entry.reference, entry.status);
    if (facts.draft || facts.year === undefined) continue;
    const slug = standardSlug(entry.reference);
    if (!slug) continue;
    let editions = years.get(slug);
    if (!editions) years.set(slug, (editions = new Map<number, boolean>()));
    editions.set(facts.year, (editions.get(facts.year) ?? false) || facts.current);
  }
  const documents = new Map<string, RenovateDocument>();
  for (const [slug, editions] of [...years.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const releases = [...editions.entries()]
      .sort(([a], [b]) => a - b)
      .map(([year, current]): RenovateRelease => (current ? { version: String(year) } : { version: String(year), isDeprecated: true }));
    documents.set(slug, { releases });
  }
  return documents;
}
