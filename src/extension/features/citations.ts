/** The references in code (hovers, links, diagnostics, completion, the References view): loaded on first use (src/extension/lazy.ts). */
export { createCitations } from '../citations/create';
