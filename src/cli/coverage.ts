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
import type { CitationChecker, Finding } from '../core/check/checkText';
import { resolveStandard } from '../core/citations/resolve';
import { coveredPercent } from '../core/compliance/coverage';
import { COVERAGE_FORMATS, formatCoverage, type CoverageFormat } from '../core/compliance/coverageFormats';
import { annexObligations, configJustifications, coverageFromSources, type CoverageSources } from '../core/compliance/coverageSources';
import { findJustifications, type Justification, type JustificationProblem } from '../core/compliance/justifications';
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
  const justifications: Justification[] = configJustificationsOf(options.config);
  const problems: JustificationProblem[] = [];
  let sources: CoverageSources | undefined;
  await scan(
    async (catalogue, checker) => {
      if (!catalogue.clauses)
        throw new CannotRun(
          'coverage needs the service: a catalogue file has no clause lists. Give --base-url and --token-url (or STANDARDS_BASE_URL and STANDARDS_TOKEN_URL).',
        );
      const found = lookupStandard(catalogue.index, options.reference);
      if (found.kind !== 'found') throw new CannotRun(`${found.why}\n${candidateLines(found.candidates)}`);
      const urn = found.record.urn;
      const clauses = await catalogue.clauses.listClauses(urn);
      sources = {
        standard: { urn, reference: found.record.entry?.reference ?? options.reference },
        clauses,
        citations: checker.citations,
        justifications: justifications.map((j) => ({ ...j, urn: resolveStandard(catalogue.index, j.citation)?.entry.urn })),
        justificationProblems: problems,
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
  if (!sources) throw new CannotRun('The check ended before the coverage could be computed.');
  const report = coverageFromSources(sources, { normativeOnly: !options.all });
  const status = failUnder !== undefined && coveredPercent(report) < failUnder ? 1 : 0;
  return { report: formatCoverage(report, format), status };
}

/** The config's `notApplicable` entries, placed at their line of the config file (its first line when it is gone). */
function configJustificationsOf(config: CoverageOptions['config']): Justification[] {
  if (!config?.notApplicable?.length || !config.source) return [];
  const file = config.source.split(',')[0];
  let text = '';
  try {
    text = fs.readFileSync(path.resolve(config.cwd, file), 'utf8');
  } catch {
    // Read when the config was loaded; gone since: the entries are placed at its first line.
  }
  return configJustifications(config.notApplicable, file, text);
}
