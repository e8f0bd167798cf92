/**
 * The designation of a reference, apart: who publishes it (its document type words included) and its number with
 * its parts, as every edition of the document shares them. Read by the edition comparison (compare/editions.ts)
 * and by the order of the organised catalogue (orderFields.ts). Pure: no vscode.
 */
import { isDigitCode, scanReference } from './tokens';

/** Stage words of drafts that are not part of the publisher: "ISO/DIS 9001" is a draft of ISO 9001. */
const DRAFT_WORDS = new Set(['awi', 'np', 'pwi', 'wd', 'cd', 'dis', 'fdis', 'prf', 'pdam', 'dam']);
/** Draft deliverables: "ISO/DTS 15066" is a draft of ISO/TS 15066. */
const DRAFT_OF = new Map([
  ['dts', 'ts'],
  ['dtr', 'tr'],
  ['dpas', 'pas'],
  ['fdts', 'ts'],
  ['fdtr', 'tr'],
]);

/** Who publishes a document (its type words included) and its number with its parts, lower case. */
export interface EditionParts {
  publisher: string[];
  numbers: string[];
}

/**
 * A reference's designation apart (editions.ts's `editionKey` joins it): "ISO/IEC DTS 27001-1:2022" → publisher
 * ["iso", "iec", "ts"], numbers ["27001", "1"] (drafts' stage words left out, leading zeros off). Undefined when the
 * reference has no number.
 */
export function editionParts(reference: string | undefined): EditionParts | undefined {
  if (!reference) return undefined;
  const tokens: string[] = [];
  const { numberStart, numberEnd } = scanReference(reference, (token) => tokens.push(token));
  return editionOfTokens(tokens, numberStart, numberEnd);
}

/** editionParts of a reference already scanned (tokens.ts): its tokens in lower case, and where its number block is. */
export function editionOfTokens(tokens: readonly string[], numberStart: number, numberEnd: number): EditionParts | undefined {
  if (numberEnd <= numberStart || !isDigitCode((tokens[numberStart] ?? '').charCodeAt(0))) return undefined;
  const publisher: string[] = [];
  for (let i = 0; i < numberStart; i++) if (!DRAFT_WORDS.has(tokens[i])) publisher.push(DRAFT_OF.get(tokens[i]) ?? tokens[i]);
  if (!publisher.length) return undefined;
  const numbers: string[] = [];
  for (let i = numberStart; i < numberEnd; i++) numbers.push(withoutLeadingZeros(tokens[i]));
  return { publisher, numbers };
}

/** "007" → "7", "0" stays: only a token starting with 0 is given to the expression (most start otherwise). */
export function withoutLeadingZeros(token: string): string {
  return token.charCodeAt(0) === 48 ? token.replace(/^0+(?=\d)/, '') : token;
}
