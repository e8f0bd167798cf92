/**
 * check_references: the citations of standards in a text or in workspace files, each with its edition's status and
 * replacement, and the findings `standards-explorer check` reports for them (core/check/checkText.ts: withdrawn,
 * superseded, unknown, and clauses the cited edition does not have).
 */
import type { CatalogueIndex } from '../catalogue/catalogueIndex';
import { CitationChecker, type Finding } from '../check/checkText';
import { displayText } from '../service/displayText';
import { boundedAnswer, failure, failureOf } from './answers';
import { catalogueOf } from './clauseAccess';
import { citationOf, editionText } from './citations';
import { SKIP_REASONS, skipReasonText, type SkipReason } from './readLimits';
import { PAGING_PROPERTIES, type Paging } from './inputParts';
import { recordOf } from './standardLookup';
import type { AgentTool, Citation, ToolAnswer, ToolContext } from './types';

export interface CheckReferencesInput extends Paging {
  text?: string;
  paths?: string[];
}

/** Where a citation stands, and what the check found there. */
interface Row {
  file: string;
  line: number;
  column: number;
  cited: string;
  urn?: string;
  findings: Finding[];
}

export const checkReferences: AgentTool<CheckReferencesInput> = {
  name: 'check_references',
  title: 'Check citations of standards',
  description:
    'Finds every citation of a standard in a text or in workspace files ("ISO 9001:2008, 7.1", "IEC 62304", URNs) and checks it against the catalogue, as `standards-explorer check` does: ' +
    'the edition cited with its year and status, the current edition that replaces a withdrawn or superseded one (the fix), unknown standards, and clause numbers the cited edition does not have. ' +
    'Use it to review requirements, code comments or documents for outdated references. Give text, paths (files or folders of the workspace), or both.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', maxLength: 2_000_000, description: 'Text to check, e.g. a requirement or a document.' },
      paths: {
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: 1000 },
        minItems: 1,
        maxItems: 100,
        description: 'Workspace files or folders to check (relative to the workspace); folders are read as the check command reads them.',
      },
      ...PAGING_PROPERTIES,
    },
    additionalProperties: false,
  },
  readsClauseBodies: false,
  async handler(input, context, signal) {
    if (input.text === undefined && !input.paths) return failure('Give the text to check, paths of workspace files, or both.');
    if (input.paths && !context.readFiles) return failure('This host cannot read workspace files: pass their text in `text` instead.');
    const index = await catalogueOf(context, signal);
    if ('answer' in index) return index.answer;
    const checker = new CitationChecker(index.ok, { keepCitations: true });
    const findings: Finding[] = [];
    const skipped = new Skipped();
    let texts = 0;
    if (input.text !== undefined) {
      texts++;
      findings.push(...checker.check(input.text, 'text'));
    }
    if (input.paths && context.readFiles) {
      try {
        for await (const { file, text, skipped: why } of context.readFiles(input.paths, signal)) {
          if (text === undefined) {
            skipped.add(why, file);
            continue;
          }
          texts++;
          findings.push(...checker.check(text, file));
        }
      } catch (error) {
        return failureOf(error, `the files ${input.paths.join(', ')}`, context);
      }
    }
    const unchecked = await checkClauses(checker, findings, context, signal);
    const rows = rowsOf(checker, findings);
    const citations = citationsOf(rows, index.ok, context);
    return answerOf(rows, citations, texts, [skipped.text(), unchecked], input);
  },
};

/** Adds the missing-clause findings; says why, when the clause lists could not be read. */
async function checkClauses(checker: CitationChecker, findings: Finding[], context: ToolContext, signal?: AbortSignal): Promise<string> {
  if (!checker.clauseCitations) return '';
  try {
    findings.push(...(await checker.checkClauses(async (urn) => (await context.clauses.listClausesCopy(urn, signal)).value)));
    return '';
  } catch (error) {
    return `Clause numbers were not checked against their editions. ${failureOf(error, 'the clause lists', context).text}`;
  }
}

function rowsOf(checker: CitationChecker, findings: readonly Finding[]): Row[] {
  const rows = new Map<string, Row>();
  const rowAt = (place: Omit<Row, 'findings'>): Row => {
    const key = `${place.file}\u0000${place.line}\u0000${place.column}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { ...place, findings: [] }));
    return row;
  };
  for (const cited of checker.citations) rowAt({ file: cited.file, line: cited.line, column: cited.column, cited: cited.cited, urn: cited.urn });
  for (const finding of findings) {
    const row = rowAt({ file: finding.file, line: finding.line, column: finding.column, cited: finding.cited, urn: finding.standard?.urn });
    if (!row.findings.includes(finding)) row.findings.push(finding);
  }
  return [...rows.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}

/** One citation per edition cited, in the order first cited. */
function citationsOf(rows: readonly Row[], index: CatalogueIndex, context: ToolContext): Map<string, Citation> {
  const byUrn = new Map<string, Citation>();
  for (const row of rows) {
    if (!row.urn || byUrn.has(row.urn)) continue;
    const entry = index.bestForUrn(row.urn);
    if (entry) byUrn.set(row.urn, citationOf(recordOf(index, entry), context.serviceBaseUrl));
  }
  return byUrn;
}

function answerOf(rows: readonly Row[], citations: Map<string, Citation>, texts: number, notes: string[], input: CheckReferencesInput): ToolAnswer {
  const count = (severity: Finding['severity']) => rows.reduce((n, row) => n + row.findings.filter((f) => f.severity === severity).length, 0);
  const findings = rows.reduce((n, row) => n + row.findings.length, 0);
  const head = [
    `${counted(rows.length, 'citation')} of ${rows.length === 1 ? 'a standard' : 'standards'} in ${counted(texts, 'text')}; ${counted(findings, 'finding')} (${counted(count('error'), 'error')}, ${counted(count('warning'), 'warning')}, ${counted(count('note'), 'note')}).`,
    ...notes,
  ]
    .filter(Boolean)
    .join('\n');
  const lines = rows.map((row) => {
    const citation = row.urn ? citations.get(row.urn) : undefined;
    const status = citation ? editionText(citation.reference, citation.edition) : 'not in the catalogue';
    const found = row.findings.map((f) => `\n    ${f.severity} [${f.rule}] ${displayText(f.message)}${f.fix ? ` Fix: ${f.fix}` : ''}`).join('');
    return `- ${row.file}:${row.line}:${row.column} "${displayText(row.cited)}" → ${status}${found}`;
  });
  return boundedAnswer(head, lines.join('\n'), input, [...citations.values()], 'check_references');
}

/** The files listed but not read, by reason, for one line of the answer: a few names of each, so the user can look. */
class Skipped {
  private readonly byReason = new Map<SkipReason | undefined, string[]>();
  private count = 0;

  add(reason: SkipReason | undefined, file: string): void {
    let files = this.byReason.get(reason);
    if (!files) this.byReason.set(reason, (files = []));
    files.push(file);
    this.count++;
  }

  text(): string {
    if (!this.count) return '';
    const order = (reason: SkipReason | undefined): number => (reason ? SKIP_REASONS.indexOf(reason) : SKIP_REASONS.length);
    const parts = [...this.byReason]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([reason, files]) => {
        const named = files.slice(0, NAMED_SKIPS).map((file) => displayText(file));
        const more = files.length > NAMED_SKIPS ? `, and ${files.length - NAMED_SKIPS} more` : '';
        return `${skipReasonText(reason, files.length)}: ${named.join(', ')}${more}`;
      });
    return `Not read: ${parts.join('; ')}.`;
  }
}

/** How many files of each reason the answer names. */
const NAMED_SKIPS = 5;

/** "1 finding", "3 findings". */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
