/**
 * "Not applicable" written where engineers already write: a line such as
 * `standards: not-applicable IEC 62304:2006+AMD1:2015 5.1.12 — no SOUP in this product` in any file (a comment, a
 * requirements document). The reference and clause are read by the citation recogniser, as any citation; the reason
 * is what follows the dash or colon. A line without a reason is not a justification but a problem: an unjustified
 * exclusion is not possible.
 */
import { findCitations, type Citation, type Locator } from '../citations/recognise';

export interface Justification {
  /** The citation the line makes: the edition (resolved like any citation) and the clause. */
  citation: Extract<Citation, { kind: 'reference' }> & { locator: Locator };
  reason: string;
  file: string;
  /** 1-based. */
  line: number;
}

export interface JustificationProblem {
  file: string;
  line: number;
  why: string;
}

const MARK = /standards:\s*not-applicable\b/gi;

/** What a file's `standards: not-applicable` lines say: the justifications, and the lines that justify nothing. */
export interface FoundJustifications {
  justifications: Justification[];
  problems: JustificationProblem[];
}

export function findJustifications(text: string, file: string): FoundJustifications {
  const justifications: Justification[] = [];
  const problems: JustificationProblem[] = [];
  if (!/standards:\s*not-applicable/i.test(text)) return { justifications, problems };
  for (const mark of text.matchAll(MARK)) {
    const lineStart = text.lastIndexOf('\n', mark.index) + 1;
    const lineEnd = text.indexOf('\n', mark.index);
    const rest = text.slice(mark.index + mark[0].length, lineEnd < 0 ? text.length : lineEnd);
    const line = countLines(text, lineStart);
    const [citation] = findCitations(rest);
    if (!citation || citation.kind !== 'reference' || !citation.locator || rest.slice(0, citation.start).trim()) {
      problems.push({
        file,
        line,
        why: 'a "standards: not-applicable" line names a standard and one of its clauses: "standards: not-applicable ISO 14971:2019 7.1 — reason".',
      });
      continue;
    }
    const reason = reasonOf(rest.slice(citation.end));
    if (!reason) {
      problems.push({ file, line, why: `${citation.text} is marked not applicable without a reason: write it after a dash ("— no SOUP in this product").` });
      continue;
    }
    justifications.push({ citation: citation as Justification['citation'], reason, file, line });
  }
  return { justifications, problems };
}

/** The reason: after a dash or a colon, to the end of the line (a closing comment marker left out); '' when none. */
function reasonOf(after: string): string {
  let text = after.trim();
  for (const close of ['*/', '-->']) if (text.endsWith(close)) text = text.slice(0, -close.length).trim();
  const separator = /^(?:--|[—–:-])/.exec(text);
  return separator ? text.slice(separator[0].length).trim() : '';
}

function countLines(text: string, until: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < until; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
