/**
 * find_citations: where the workspace cites a standard or one of its clauses. Defined here with the other tools so
 * the set is described once, and answered here from the occurrences a host's workspace scan found
 * (`ToolContext.workspaceCitations`: the VS Code References view); a host without a scan does not offer the tool.
 */
import type { Occurrence } from '../citations/referenceReport';
import { editionKey } from '../compare/editions';
import { parseReference } from '../citations/recognise';
import { displayText } from '../service/displayText';
import { boundedAnswer, failureOf } from './answers';
import { catalogueOf } from './clauseAccess';
import { citationOf } from './citations';
import { PAGING_PROPERTIES, STANDARD_PROPERTY } from './inputParts';
import { lookupStandard, recordOf } from './standardLookup';
import type { AgentTool, FindCitationsInput } from './types';

export const findCitations: AgentTool<FindCitationsInput> = {
  name: 'find_citations',
  title: 'Find citations in the workspace',
  description:
    'Where the open workspace cites a standard, or one clause of it: each file and line, the text as written, and the edition cited with its status. ' +
    'Use it to see what depends on a clause before changing code or requirements, or to find every use of an outdated edition. Reads no clause text.',
  inputSchema: {
    type: 'object',
    properties: {
      standard: { ...STANDARD_PROPERTY, description: 'The standard: a reference ("ISO 14971", "ISO 14971:2019") or its URN; without a year, every edition.' },
      clause: { type: 'string', minLength: 1, maxLength: 40, description: 'Only citations of this clause or annex: "7.1", "Annex A".' },
      ...PAGING_PROPERTIES,
    },
    required: ['standard'],
    additionalProperties: false,
  },
  readsClauseBodies: false,
  needs: 'workspaceCitations',
  async handler(input, context, signal) {
    if (!context.workspaceCitations)
      return failureOf(new Error('find_citations needs an editor that indexes the workspace; this host has none.'), 'citations', context);
    const index = await catalogueOf(context, signal);
    if ('answer' in index) return index.answer;
    const wanted = editionsWanted(input.standard, index.ok);
    if (!wanted) {
      return boundedAnswer(
        `"${displayText(input.standard)}" is not a reference such as "ISO 14971" or "ISO 14971:2019", nor a URN.`,
        '',
        input,
        [],
        'find_citations',
      );
    }
    let occurrences: Occurrence[];
    try {
      occurrences = await context.workspaceCitations(signal);
    } catch (error) {
      return failureOf(error, 'the citations of the workspace', context);
    }
    const clause = input.clause && clauseKey(input.clause);
    // "clause 6.1 and Annex A" cites Annex A too: every locator of a citation counts.
    const cites = (o: Occurrence): boolean => (o.locators ?? (o.locator ? [o.locator] : [])).some((l) => clauseKey(l.value) === clause);
    const found = occurrences.filter((o) => wanted(o) && (!clause || cites(o)));
    const editions = [...new Map(found.map((o) => [o.urn, o])).values()];
    const citations = editions.map((o) => {
      const entry = index.ok.bestForUrn(o.urn);
      return citationOf(entry ? recordOf(index.ok, entry) : { urn: o.urn }, context.serviceBaseUrl);
    });
    const what = `${displayText(input.standard)}${input.clause ? `, ${displayText(input.clause)}` : ''}`;
    if (!found.length)
      return boundedAnswer(`The workspace does not cite ${what} (${occurrences.length} citations of standards in all).`, '', input, [], 'find_citations');
    const lines = found.map((o) => `- ${o.file}:${o.line}: "${displayText(o.text)}" → ${o.standard}${o.clause ? `, ${o.clause}` : ''} (${o.status})`);
    const byEdition = editions.map((o) => `${o.standard} (${o.status})`).join('; ');
    return boundedAnswer(
      `The workspace cites ${what} ${found.length === 1 ? 'once' : `${found.length} times`}. Editions cited: ${byEdition}.`,
      lines.join('\n'),
      input,
      citations,
      'find_citations',
    );
  },
};

/**
 * Which occurrences cite the standard `given` names: its URN; one edition when a year is given; every edition of the
 * number and part otherwise. Undefined when `given` is neither a reference nor a URN.
 */
function editionsWanted(given: string, index: Parameters<typeof lookupStandard>[0]): ((o: Occurrence) => boolean) | undefined {
  const text = given.trim();
  if (/^urn:/i.test(text)) return (o) => o.urn.toLowerCase() === text.toLowerCase();
  const written = parseReference(text);
  if (!written) return undefined;
  if (written.year) {
    const found = lookupStandard(index, text);
    const urn = found.kind === 'found' ? found.record.urn : undefined;
    const label = `${written.publisher} ${written.number}${written.part}:${written.year}`.toLowerCase();
    return (o) => (urn !== undefined && o.urn === urn) || o.standard.toLowerCase() === label;
  }
  const key = editionKey(text);
  return (o) => key !== undefined && editionKey(o.standard) === key;
}

/** "7.1", "Annex A", "A" and "clause 7.1" compare alike. */
function clauseKey(value: string): string {
  return value
    .trim()
    .replace(/^(?:clause|annex|section)\s+/i, '')
    .toLowerCase();
}
