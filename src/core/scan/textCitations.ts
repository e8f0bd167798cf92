/**
 * What the References view keeps of one file's text: its citations and its `standards: not-applicable` lines.
 * Pure: the extension uses it for open documents, the scan worker for files on disk.
 */
import { findJustifications, type FoundJustifications } from '../compliance/justifications';
import { isGeneratedReport } from '../generatedReports';
import { findCitations, type Citation } from '../citations/recognise';
import { mayCite } from './mayCite';

export interface TextCitations {
  citations: Citation[];
  marks?: FoundJustifications;
}

/**
 * The citations and marks of `text` (of the workspace file `file`, as the marks name it); undefined when it has
 * none (the prefilter, mayCite.ts, says so of most files before any is recognised), or is a report we wrote (it quotes citations: not the project's own, core/generatedReports.ts).
 */
export function textCitations(text: string, file: string, serviceBaseUrl: string | undefined): TextCitations | undefined {
  if (!mayCite(text, serviceBaseUrl) || isGeneratedReport(text)) return undefined;
  const citations = findCitations(text, { serviceBaseUrl });
  const marks = findJustifications(text, file);
  if (!citations.length && !marks.problems.length) return undefined;
  return { citations, ...(marks.justifications.length || marks.problems.length ? { marks } : {}) };
}
