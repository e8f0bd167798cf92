/** The references in code (hovers, links, diagnostics, completion, the References view): loaded on first use (its own bundle: esbuild.js). */
export { createCitations } from './create';
