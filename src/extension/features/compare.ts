/** Compare with Another Edition: loaded on first use (src/lazy.ts). */
export { clauseOf, compareWithEdition, toggleCompareFormat } from '../commands/compare';
