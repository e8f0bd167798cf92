/**
 * What a host gathers for a coverage, turned into one: the workspace's citations and `standards: not-applicable`
 * lines (each with the URN it resolved to), the config's `notApplicable` entries placed at their line, and whether
 * each annex is normative, read from its body. The command line and the editor both come here; only how they find
 * files and reach the service differs.
 */
import type { NotApplicableEntry } from '../check/checkConfig';
import { findCitations, type Locator } from '../citations/recognise';
import { isObject, readText } from '../service/jsonld';
import { SECTION_TYPES, sectionOf } from '../service/sections';
import type { Clause } from '../service/types';
import { computeCoverage, type CoverageReport, type Obligation, type Place } from './coverage';
import type { Justification, JustificationProblem } from './justifications';

export interface CoverageSources {
  standard: { urn: string; reference: string };
  clauses: readonly Clause[];
  /** Every citation found, with the URN it resolved to (undefined when it resolved to none). */
  citations: ReadonlyArray<Place & { urn: string | undefined; locator?: Locator; locators?: readonly Locator[] }>;
  /** Every justification found, with the URN its reference resolved to. */
  justifications: ReadonlyArray<Justification & { urn: string | undefined }>;
  /** "standards: not-applicable" lines that justify nothing (no clause, no reason). */
  justificationProblems: readonly JustificationProblem[];
  obligations?: ReadonlyMap<string, Obligation>;
}

export function coverageFromSources(sources: CoverageSources, options: { normativeOnly?: boolean } = {}): CoverageReport {
  const { urn } = sources.standard;
  // A "standards: not-applicable" line names its clause as a citation does: it justifies, it does not address.
  const marked = new Set([...sources.justifications, ...sources.justificationProblems].map((j) => `${j.file}\u0000${j.line}`));
  const report = computeCoverage(
    {
      standard: sources.standard,
      clauses: sources.clauses,
      citations: sources.citations
        .filter((c) => c.urn === urn && !marked.has(`${c.file}\u0000${c.line}`))
        .map((c) => ({
          file: c.file,
          line: c.line,
          cited: c.cited,
          ...(c.locator ? { locator: c.locator } : {}),
          ...(c.locators ? { locators: c.locators } : {}),
        })),
      justifications: sources.justifications
        .filter((j) => j.urn === urn)
        .map((j) => ({ file: j.file, line: j.line, cited: j.citation.text, locator: j.citation.locator, reason: j.reason })),
      ...(sources.obligations ? { obligations: sources.obligations } : {}),
    },
    options,
  );
  report.problems.push(...sources.justificationProblems.map((p) => ({ file: p.file, line: p.line, cited: 'standards: not-applicable', why: p.why })));
  report.problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return report;
}

/**
 * The config's `notApplicable` entries as justifications, placed at the line of `text` (the config as written) that
 * holds each reason; at line 1 when it cannot be found. checkConfig.ts accepted an entry only when it reads as a
 * clause citation.
 */
export function configJustifications(entries: readonly NotApplicableEntry[], file: string, text: string): Justification[] {
  const justifications: Justification[] = [];
  for (const entry of entries) {
    const [citation] = findCitations(`${entry.standard} ${entry.clause}`);
    if (citation?.kind !== 'reference' || !citation.locator) continue;
    const at = text.indexOf(JSON.stringify(entry.reason));
    justifications.push({
      citation: citation as Justification['citation'],
      reason: entry.reason,
      file,
      line: at < 0 ? 1 : text.slice(0, at).split('\n').length,
    });
  }
  return justifications;
}

/** Whether each annex is normative or informative, from its body (`corext:obligation`, Metanorma's `obligation`). */
export async function annexObligations(clauses: readonly Clause[], body: (clauseId: string) => Promise<unknown> | undefined): Promise<Map<string, Obligation>> {
  const obligations = new Map<string, Obligation>();
  for (const clause of clauses) {
    if (sectionOf(clause.types) !== SECTION_TYPES.Annex) continue;
    const read = await body(clause.clauseId);
    const said = isObject(read) ? readText(read['corext:obligation'] ?? read.obligation).toLowerCase() : '';
    if (said === 'normative' || said === 'informative') obligations.set(clause.clauseId, said);
  }
  return obligations;
}
