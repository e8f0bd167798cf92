/** The document model of a clause and its Markdown form: loaded on first use (its own bundle: esbuild.js). */
export { buildDocument, flowText } from '../../core/document/index';
export { clauseMarkdown } from '../../core/document/clauseMarkdown';
export { termAnchor } from '../../core/document/anchors';
