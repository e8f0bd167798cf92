/** Compare with Another Edition: loaded on first use (src/extension/lazy.ts). */
export { clauseOf, compareWithEdition, toggleCompareFormat } from '../commands/compare';
