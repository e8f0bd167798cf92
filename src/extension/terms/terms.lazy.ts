/** Go to Term and Collect Terms: loaded on first use (its own bundle: esbuild.js). */
export { collectTerms, goToTerm } from './goToTerm';
