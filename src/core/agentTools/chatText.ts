/**
 * What VS Code's chat shows around a tool call, as Markdown: the "Sources" an answer ends with (a link per citation
 * that opens it in Standards Explorer), and what a call asks for, in its progress line and its confirmation. Both
 * quote text that is not ours — the server's references and clause links, the agent's input — and show it as text:
 * it adds no link, emphasis, heading or icon of its own.
 */
import { escaped } from '../citations/citationTarget';
import { OPEN_CITATION } from '../citations/ids';
import { commandLink, urlText } from '../markdownLinks';
import { displayText } from '../service/displayText';
import type { Citation } from './types';

/** What a call's input names is cut here in the progress line and the confirmation. */
const MAX_INPUT = 120;

/**
 * "Sources:" and one line per citation: the label to cite, the edition, and a Markdown link that opens it in
 * Standards Explorer (the clause page, or the standard in the tree), for the model to pass on to the user.
 */
export function sourcesText(citations: readonly Citation[]): string {
  const lines = citations.map((citation) => {
    // No catalogue position: the link reveals the URN's best record (tree/register.ts).
    const target = { urn: citation.urn, reference: citation.reference, position: -1, ...(citation.clause ? { clauseId: citation.clause.clauseId } : {}) };
    const edition = [citation.edition.year, citation.edition.status].filter(Boolean).join(', ');
    const link = citation.link ? ` — ${urlText(citation.link)}` : '';
    const copy = citation.offlineCopyFrom ? ` — stored copy of ${citation.offlineCopyFrom}` : '';
    return `- ${commandLink(citation.label, OPEN_CITATION, target)} (${edition})${link}${copy}`;
  });
  return `Sources (cite these; each link opens the clause in Standards Explorer):\n${lines.join('\n')}`;
}

/** "ISO 14971:2019, clause 7.1": what a call asks for, as one line of plain text. */
export function describeInput(input: object): string {
  const given = input as Record<string, unknown>;
  const text = (key: string): string | undefined => (typeof given[key] === 'string' && given[key] ? displayText(given[key]) || undefined : undefined);
  const standard = text('standard') ?? text('query') ?? '';
  const within = text('clause') ?? text('section') ?? text('title') ?? text('term') ?? text('clauseId');
  const shown = within ? `${standard}, ${within}` : standard;
  return shown.length > MAX_INPUT ? `${shown.slice(0, MAX_INPUT - 1)}…` : shown;
}

/** describeInput as Markdown that shows exactly that text (the agent chose it: it must not read as our words). */
export function inputMarkdown(input: object): string {
  return escaped(describeInput(input));
}
