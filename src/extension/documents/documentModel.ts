/**
 * The document model of a clause (core/document), loaded the first time a clause is read as Markdown or text or its
 * terms are collected: its own bundle, dist/features/document.js, so that activation neither reads nor compiles it.
 */
import { onFirstUse } from '../../core/lifecycle';
import type { DocumentReaders } from '../../core/terms/termStore';
import type * as DocumentBundle from './document.lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
export const documentModel = onFirstUse(() => require('./document.lazy') as typeof DocumentBundle);

/** What the term store reads clauses with, each loading the model on its first call. */
export const documentReaders: DocumentReaders = {
  buildDocument: (...args) => documentModel().buildDocument(...args),
  flowText: (...args) => documentModel().flowText(...args),
  termAnchor: (...args) => documentModel().termAnchor(...args),
};
