/** The document model of a clause and its Markdown form: loaded on first use (src/lazy.ts). */
export { buildDocument, flowText } from '../document/index';
export { clauseMarkdown } from '../documents/clauseMarkdown';
export { termAnchor } from '../webview/anchors';
