/**
 * A hover's Markdown for a citation: the standard (reference, title), its status with the edition that replaces it,
 * the notes on how it was read, and for a clause locator the clause's heading and first paragraph from the service —
 * or, with a catalogue file only, a line saying the clause is named from the catalogue only. Server text goes in
 * escaped, never as Markdown.
 */
import { citationNotes, escaped, locatorLabel, statusLine } from '../../core/citations/citationTarget';
import { firstParagraph } from '../../core/citations/clauseSummary';
import { namesClause, type Citation } from '../../core/citations/recognise';
import { resolveLocator, type ResolvedStandard } from '../../core/citations/resolve';
import { clauseLabel, standardLabel } from '../../core/labels';
import type { ManagedStandardsService } from '../../core/service/managedService';
import { displayText } from '../../core/service/displayText';

export async function hoverMarkdown(
  citation: Citation,
  standard: ResolvedStandard,
  service: ManagedStandardsService | undefined,
  signal: AbortSignal,
): Promise<string> {
  const parts = [`**${escaped(standardLabel(standard.entry))}**${standard.entry.title ? escaped(` — ${displayText(standard.entry.title)}`) : ''}`];
  parts.push(escaped(statusLine(standard)));
  for (const note of citationNotes(citation, standard)) parts.push(`*${escaped(note)}*`);
  const locator = citation.kind === 'reference' ? citation.locator : undefined;
  if (locator) {
    parts.push('---');
    if (!namesClause(locator)) parts.push(`*${escaped(`${locatorLabel(locator)} is inside a clause; the clause list cannot say which.`)}*`);
    else if (!service) parts.push(`*${escaped(`${locatorLabel(locator)}: from the catalogue only (no service is configured to read its heading and text).`)}*`);
    else parts.push(...(await clauseParts(service, standard, locator, signal)));
  }
  return parts.join('\n\n');
}

async function clauseParts(
  service: ManagedStandardsService,
  standard: ResolvedStandard,
  locator: Parameters<typeof resolveLocator>[1],
  signal: AbortSignal,
): Promise<string[]> {
  const label = standardLabel(standard.entry);
  try {
    const found = resolveLocator(await service.listClauses(standard.entry.urn, signal), locator);
    if (!found) return [escaped(`${label} has no ${locatorLabel(locator)}.`)];
    const parts = [`**${escaped(clauseLabel(found.clause))}**`];
    if (!found.exact) parts.push(`*${escaped(`${locatorLabel(locator)} is not in the clause list; this is the clause that holds it.`)}*`);
    const paragraph = firstParagraph(await service.getClause(standard.entry.urn, found.clause.clauseId, signal));
    if (paragraph) parts.push(escaped(paragraph));
    return parts;
  } catch (error) {
    if (signal.aborted) return [];
    return [`*${escaped(`The clause could not be read from the service: ${error instanceof Error ? error.message : String(error)}`)}*`];
  }
}
