/** Go to Term and Collect Terms: loaded on first use (src/extension/lazy.ts). */
export { collectTerms, goToTerm } from '../terms/goToTerm';
