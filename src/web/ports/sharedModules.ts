/**
 * The browser's src/extension/sharedModules.ts: nothing to share. The browser build is one bundle (esbuild.js `web`),
 * so every module is there once and no part loaded on first use looks for a table.
 */
export const SHARED_KEY = Symbol.for('standardsExplorer.sharedModules');
