/**
 * The document model of a clause body (see model.ts): `buildDocument` reads any vocabulary, `documentText`
 * gives it as plain text. Pure TypeScript: no DOM, no `vscode`.
 */
export * from './model';
export { buildDocument, buildDocumentSliced, documentSteps } from './build';
export type { ClauseContext, ClauseListEntry } from './numbering';
export { inlineText } from './flowText';
export { documentHeading, documentText, flowText, formulaText } from './text';
export { localName } from './names';
export { isIdentifier, isProse } from './identifiers';
export { mathText, MATHML_ELEMENTS } from './mathml';
export { readableAsciiMath, readableLatex } from './mathSource';
export { bodyText } from './elements';
