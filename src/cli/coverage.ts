/**
 * `standards-explorer coverage "<reference>" [paths…]`: which clauses of one edition the repository addresses (cited),
 * justifies as not applicable (`standards: not-applicable …` lines), or leaves open — the mapping table auditors ask
 * for (src/core/compliance), as Markdown, CSV, HTML or JSON; exit 1 under `--fail-under`. Needs the service: the
 * edition's clause list, and each annex's body for whether it is normative.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lookupStandard, candidateLines } from '../core/agentTools/standardLookup';
import type { NotApplicableEntry } from '../core/check/checkConfig';
import { findCitations } from '../core/citations/recognise';
import type { CitationChecker, Finding } from '../core/check/checkText';
import { resolveStandard } from '../core/citations/resolve';
import { computeCoverage, coveredPercent, type CoverageInput, type Obligation } from '../core/compliance/coverage';
import { COVERAGE_FORMATS, formatCoverage, type CoverageFormat } from '../core/compliance/coverageFormats';
import { findJustifications, type Justification, type JustificationProblem } from '../core/compliance/justifications';
import { isObject, readText } from '../core/service/jsonld';
import { SECTION_TYPES, sectionOf } from '../core/service/sections';
import type { Clause } from '../core/service/types';
import type { OpenCatalogue } from './catalogue';
import { CannotRun } from './usage';

export interface CoverageOptions {
  reference: string;
  format?: string;
  /** A percentage: exit 1 when less of the clauses are addressed or not applicable. */
  failUnder?: string;
  /** Informative clauses too. */
  all?: boolean;
  /** The config's `notApplicable` entries, and where the config is (relative to `cwd`). */
  config?: { notApplicable?: readonly NotApplicableEntry[]; source?: string; cwd: string };
}

type Scan = (
  after: (catalogue: OpenCatalogue, checker: CitationChecker) => Promise<Finding[]>,
  onText: (text: string, file: string) => void,
) => Promise<unknown>;

export async function coverage(options: CoverageOptions, scan: Scan): Promise<{ report: string; status: number }> {
  const format = (options.format ?? 'md') as CoverageFormat;
  if (!COVERAGE_FORMATS.includes(format)) throw new CannotRun(`--format ${options.format}: coverage is written as ${COVERAGE_FORMATS.join(', ')}.`);
  const failUnder = options.failUnder === undefined ? undefined : Number(options.failUnder);
  if (failUnder !== undefined && !(failUnder >= 0 && failUnder <= 100))
    throw new CannotRun(`--fail-under ${options.failUnder}: give a percentage from 0 to 100.`);
  const justifications: Justification[] = configJustifications(options.config);
  const problems: JustificationProblem[] = [];
  let input: CoverageInput | undefined;
  await scan(
    async (catalogue, checker) => {
      if (!catalogue.clauses)
        throw new CannotRun(
          'coverage needs the service: a catalogue file has no clause lists. Give --base-url and --token-url (or STANDARDS_BASE_URL and STANDARDS_TOKEN_URL).',
        );
      const found = lookupStandard(catalogue.index, options.reference);
      if (found.kind !== 'found') throw new CannotRun(`${found.why}\n${candidateLines(found.candidates)}`);
      const urn = found.record.urn;
      const reference = found.record.entry?.reference ?? options.reference;
      const clauses = await catalogue.clauses.listClauses(urn);
      const mine = (citationUrn: string | undefined) => citationUrn === urn;
      // A "standards: not-applicable" line names its clause as a citation does: it justifies, it does not address.
      const marked = new Set([...justifications, ...problems].map((j) => `${j.file}\u0000${j.line}`));
      input = {
        standard: { urn, reference },
        clauses,
        citations: checker.citations
          .filter((c) => mine(c.urn) && !marked.has(`${c.file}\u0000${c.line}`))
          .map((c) => ({ file: c.file, line: c.line, cited: c.cited, ...(c.locator ? { locator: c.locator } : {}) })),
        justifications: justifications
          .filter((j) => mine(resolveStandard(catalogue.index, j.citation)?.entry.urn))
          .map((j) => ({ file: j.file, line: j.line, cited: j.citation.text, locator: j.citation.locator, reason: j.reason })),
        obligations: await annexObligations(clauses, (clauseId) => catalogue.clauses?.clauseBody(urn, clauseId)),
      };
      return [];
    },
    (text, file) => {
      const read = findJustifications(text, file);
      justifications.push(...read.justifications);
      problems.push(...read.problems);
    },
  );
  if (!input) throw new CannotRun('The check ended before the coverage could be computed.');
  const report = computeCoverage(input, { normativeOnly: !options.all });
  report.problems.push(...problems.map((p) => ({ file: p.file, line: p.line, cited: 'standards: not-applicable', why: p.why })));
  const status = failUnder !== undefined && coveredPercent(report) < failUnder ? 1 : 0;
  return { report: formatCoverage(report, format), status };
}

/** The config's `notApplicable` entries as justifications, placed at their line of the config file. */
function configJustifications(config: CoverageOptions['config']): Justification[] {
  if (!config?.notApplicable?.length || !config.source) return [];
  const file = config.source.split(',')[0];
  let text = '';
  try {
    text = fs.readFileSync(path.resolve(config.cwd, file), 'utf8');
  } catch {
    // Read when the config was loaded; gone since: the entries are placed at its first line.
  }
  return config.notApplicable.map((entry) => {
    // checkConfig.ts accepted it only when it reads as a clause citation.
    const [citation] = findCitations(`${entry.standard} ${entry.clause}`) as Array<Justification['citation']>;
    const at = text.indexOf(JSON.stringify(entry.reason));
    return { citation, reason: entry.reason, file, line: at < 0 ? 1 : text.slice(0, at).split('\n').length };
  });
}

/** Whether each annex is normative or informative, from its body (`corext:obligation`, Metanorma's `obligation`). */
async function annexObligations(clauses: readonly Clause[], body: (clauseId: string) => Promise<unknown> | undefined): Promise<Map<string, Obligation>> {
  const obligations = new Map<string, Obligation>();
  for (const clause of clauses) {
    if (sectionOf(clause.types) !== SECTION_TYPES.Annex) continue;
    const read = await body(clause.clauseId);
    const said = isObject(read) ? readText(read['corext:obligation'] ?? read.obligation).toLowerCase() : '';
    if (said === 'normative' || said === 'informative') obligations.set(clause.clauseId, said);
  }
  return obligations;
}
