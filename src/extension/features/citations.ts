/** The references in code (hovers, links, diagnostics, completion, the References view): loaded on first use (src/lazy.ts). */
export { createCitations } from '../citations/create';
