/** A clause page's panel (rendering, the page's messages, restoring): loaded when the first page opens (src/extension/lazy.ts). */
export { ClausePanel } from '../webview/clausePanel';
export { readRestoredRef } from '../../webview/protocol';
