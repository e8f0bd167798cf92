/** Go to Term and Collect Terms: loaded on first use (src/lazy.ts). */
export { collectTerms, goToTerm } from '../terms/goToTerm';
