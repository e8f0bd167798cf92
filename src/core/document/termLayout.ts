/**
 * A term entry as ISO publishes it (ISO/IEC Directives Part 2, clause 16; ISO 10241-1): the entry number on its
 * own line, the preferred term in bold, admitted terms plain, deprecated ones after "DEPRECATED:", the domain in
 * angle brackets at the start of the definition, then examples, notes to entry and "[SOURCE: …]". One layout for
 * the page, the text view and Markdown.
 */
import { flowText } from './text';
import type { Block, Inline, TermEntry } from './model';

export interface TermLayout {
  number?: string;
  preferred: Inline[][];
  admitted: Inline[][];
  deprecated: Inline[][];
  /** The definition, its first paragraph starting with "<domain> " when the entry has one. */
  definition: Block[];
  /** Examples first, then notes to entry, as ISO prints them. */
  after: Block[];
  /** "[SOURCE: ISO 7301:2011, 3.1, modified — …]", the source's own words in brackets when it says "SOURCE" itself. */
  source?: Inline[];
}

export function termLayout(entry: TermEntry): TermLayout {
  const definition = [...entry.definition];
  if (entry.domain.length) {
    const domain: Inline[] = ['<', ...entry.domain, '>'];
    const first = definition[0];
    if (first?.kind === 'paragraph') definition[0] = { ...first, content: [...domain, ' ', ...first.content] };
    else definition.unshift({ kind: 'paragraph', content: domain });
  }
  let source: Inline[] | undefined;
  if (entry.source.length) {
    const text = flowText(entry.source).trim();
    // Written out by the source itself ("SOURCE: …"): only the brackets ISO sets around it are added.
    source = /^\[/.test(text) ? entry.source : /^source\b/i.test(text) ? ['[', ...entry.source, ']'] : ['[SOURCE: ', ...entry.source, ']'];
  }
  return {
    number: entry.number,
    preferred: entry.preferred,
    admitted: entry.admitted,
    deprecated: entry.deprecated,
    definition,
    after: [...entry.examples, ...entry.notes],
    source,
  };
}
