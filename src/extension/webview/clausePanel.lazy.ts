/** A clause page's panel (rendering, the page's messages, restoring): loaded when the first page opens (its own bundle: esbuild.js). */
export { ClausePanel } from './clausePanel';
export { readRestoredRef } from '../../webview/protocol';
