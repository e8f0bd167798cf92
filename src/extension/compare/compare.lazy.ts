/** Compare with Another Edition: loaded on first use (its own bundle: esbuild.js). */
export { compareWithEdition, toggleCompareFormat } from './compare';
