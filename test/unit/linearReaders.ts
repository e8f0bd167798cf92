/**
 * The readers of server and workspace text that test/unit/linearTime.test.ts times on adversarial input: each
 * parser and recogniser by itself, clause bodies through every view, and bodies whose shape grows with the input.
 */
import { buildDocument, documentText, type ClauseDocument } from '../../src/core/document/index';
import { clauseMarkdown } from '../../src/core/document/clauseMarkdown';
import { termAnchor } from '../../src/core/document/anchors';
import { isClauseUrl, isIdentifier, isProse, isUrn } from '../../src/core/document/identifiers';
import { isMathMarkup, mathFromMarkup } from '../../src/core/document/mathml';
import { readableAsciiMath, readableLatex } from '../../src/core/document/mathSource';
import { escapeLineStarts, escapeText, oneLine, slug } from '../../src/core/document/markdownSyntax';
import { clean, inlineText } from '../../src/core/document/flowText';
import { flowText } from '../../src/core/document/text';
import { clauseNumberOf, fallbackLabel, numberLabel } from '../../src/core/document/xrefLabels';
import { MAX_DEPTH } from '../../src/core/document/model';
import { findCitations, parseReference } from '../../src/core/citations/recognise';
import { escaped } from '../../src/core/citations/citationTarget';
import { resolveLocator } from '../../src/core/citations/resolve';
import { firstParagraph } from '../../src/core/citations/clauseSummary';
import { scanReference, stem, tokenize } from '../../src/core/catalogue/tokens';
import { titleElements, topicSignalsOf } from '../../src/core/catalogue/topicRank';
import { factsOf } from '../../src/core/catalogue/standardFacts';
import { readCatalogueRecords } from '../../src/core/catalogue/catalogueFile';
import { normalNumber, normalTitle } from '../../src/core/compare/matchClause';
import { isTermsClause, termsOf } from '../../src/core/terms/termStore';
import { clauseLinkProblem, clauseTarget, linkForMessage } from '../../src/core/clauseLinks';
import { hostOf, standardLabel } from '../../src/core/labels';
import { displayText, stripBidiControls } from '../../src/core/service/displayText';
import { lastSegment, readClause, readNext, readPrefixes, readStandard, readText, readTypes } from '../../src/core/service/jsonld';
import { clauseIdProblem, decodeSegment, encodeSegment, urnProblem } from '../../src/core/service/urn';
import { Redactor, withoutFinalStops } from '../../src/core/service/redact';
import { localTypeName, sectionOf } from '../../src/core/service/sections';
import { SHAPE_ADVERSARIES, clauseBodies, stringsIn, type Adversary } from './adversarial';

/** The sizes each reader is timed at, 16 KB to 256 KB, each twice the one before. */
export const SIZES: readonly number[] = [1, 2, 4, 8, 16].map((k) => k * 16 * 1024);

/** A reader: `load` prepares its input from an adversarial text (untimed) and returns the call to time. */
export interface Reader {
  name: string;
  load: (text: string) => () => unknown;
  /** The inputs it meets: every adversary unless said. */
  adversaries?: readonly Adversary[];
}

/** A reader of one string. */
const reads = (name: string, read: (text: string) => unknown): Reader => ({ name, load: (text) => () => read(text) });

const SERVICE = 'https://service.example/v1';
const readers = { buildDocument, flowText, termAnchor };
const source = { urn: 'urn:iso:std:iso:1', clauseId: 'c', title: 'Terms and definitions', types: ['corext:TermsAndDefinitions'] };

/** What a clause body goes through: the model, Open as Text, the Markdown view, the terms store, the glance. */
function everyView(body: unknown): ClauseDocument {
  const document = buildDocument(body);
  documentText(document);
  clauseMarkdown(document, 'ISO 1');
  termsOf(readers, document.blocks, source);
  isTermsClause(source, body);
  firstParagraph(body);
  return document;
}

/** Clause bodies whose every string has a share of the text added: the body grows with the text. */
const bodies: Reader[] = clauseBodies('').map(({ name, body }, index) => ({
  name: `buildDocument + documentText + clauseMarkdown + terms (${name})`,
  load: (text) => {
    const share = text.slice(0, Math.ceil(text.length / stringsIn(body)));
    const filled = clauseBodies(share)[index].body;
    return () => everyView(filled);
  },
}));

/** Bodies whose shape grows with the text: many blocks, a long inline flow, nesting up to the model's depth limit. */
const shapes: Reader[] = [
  {
    name: 'buildDocument: a block per 32 characters',
    load: (text) => {
      const body = { '@type': 'clause', content: chunks(text, 32).map((chunk) => ({ '@type': 'p', content: chunk })) };
      return () => everyView(body);
    },
  },
  {
    name: 'buildDocument: one paragraph of many inline elements',
    load: (text) => {
      const flow = chunks(text, 16).map((chunk, i) => (i % 2 ? { '@type': 'em', content: chunk } : chunk));
      const body = { '@type': 'clause', content: [{ '@type': 'p', content: flow }] };
      return () => everyView(body);
    },
  },
  {
    name: 'buildDocument: sections nested as deep as the model reads',
    load: (text) => {
      // Deepest at the largest size: MAX_DEPTH levels less a margin for the elements around them.
      let body: unknown = 'end';
      for (const chunk of chunks(text, Math.ceil(SIZES[SIZES.length - 1] / (MAX_DEPTH - 16))))
        body = { '@type': 'clause', title: chunk, content: [{ '@type': 'p', content: chunk }, body] };
      return () => everyView(body);
    },
  },
];

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

const redactor = new Redactor(['x-custom-key']);
const clause = (text: string) => ({ id: text, clauseId: text, types: [text], title: text, number: text, raw: {} });

const strings: Reader[] = [
  reads('mathFromMarkup', (text) => mathFromMarkup(`<math>${text}`, MAX_DEPTH)),
  reads('mathFromMarkup (text first)', (text) => mathFromMarkup(text, MAX_DEPTH)),
  reads('isMathMarkup', isMathMarkup),
  reads('readableLatex', readableLatex),
  reads('readableAsciiMath', readableAsciiMath),
  reads('isIdentifier', isIdentifier),
  reads('isProse', isProse),
  reads('isUrn, isClauseUrl', (text) => isUrn(text) || isClauseUrl(text)),
  reads('findCitations', (text) => findCitations(text, { serviceBaseUrl: SERVICE })),
  reads('parseReference', parseReference),
  reads('escaped (citation hovers)', escaped),
  reads('tokenize, scanReference', (text) => [tokenize(text), scanReference(text, () => undefined)]),
  reads('factsOf', (text) => factsOf(text, text, text)),
  reads('titleElements, topicSignalsOf, stem', (text) => [titleElements(text), topicSignalsOf(factsOf(text, text, text), text, text, 1, text), stem(text)]),
  reads('readCatalogueRecords', (text) => {
    try {
      return readCatalogueRecords(JSON.stringify({ urn: `urn:iso:std:${text}`, reference: text, title: text, status: text }), 'test');
    } catch {
      return undefined;
    }
  }),
  reads('displayText, stripBidiControls, clean', (text) => [displayText(text), stripBidiControls(text), clean(text)]),
  reads('inlineText', (text) => inlineText([text, ' ', text])),
  reads('escapeText, escapeLineStarts, oneLine, slug', (text) => [escapeText(text), escapeLineStarts(text), oneLine(text), slug(text)]),
  reads('fallbackLabel, clauseNumberOf, numberLabel', (text) => [fallbackLabel(text, 'table'), clauseNumberOf(text), numberLabel(text)]),
  reads('normalNumber, normalTitle', (text) => [normalNumber(text), normalTitle(text)]),
  reads('resolveLocator', (text) => resolveLocator([clause(text)], { kind: 'clause', value: text })),
  reads('jsonld: readText, readTypes, readPrefixes, readNext, lastSegment', (text) => [
    readText([{ '@value': text, '@language': text }]),
    readTypes({ '@type': [text, `corext:${text}`] }, new Map([['corext', 'https://x/ns#']])),
    readPrefixes({ '@context': { p: text, q: { '@id': text } } }),
    readNext({ 'hydra:view': { 'hydra:next': text } }),
    lastSegment(text),
  ]),
  reads('jsonld: readClause, readStandard', (text) => [
    readClause({ '@id': `https://x/clauses/${text}`, '@type': text, title: text, number: text }),
    readStandard({ urn: `urn:iso:std:${text}`, reference: text, title: text }),
  ]),
  reads('urnProblem, clauseIdProblem, encodeSegment, decodeSegment', (text) => [
    urnProblem(text),
    clauseIdProblem(text),
    encodeSegment(text),
    decodeSegment(text),
  ]),
  reads('clauseTarget, clauseLinkProblem, linkForMessage', (text) => [
    clauseTarget(`${SERVICE}/standards/${text}/clauses/${text}`, '', SERVICE),
    clauseLinkProblem(text, SERVICE),
    linkForMessage(text),
  ]),
  reads('standardLabel, hostOf', (text) => [standardLabel({ urn: text, reference: text, title: text }), hostOf(text)]),
  reads('localTypeName, sectionOf', (text) => [localTypeName(text), sectionOf([text])]),
  reads('Redactor.excerpt, withoutFinalStops', (text) => [redactor.excerpt(text), withoutFinalStops(text)]),
];

export const READERS: readonly Reader[] = [...strings, ...bodies, ...shapes.map((reader) => ({ ...reader, adversaries: SHAPE_ADVERSARIES }))];
