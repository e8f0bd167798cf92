/** Which current edition replaces a standard (the pinned standards' updates badge): loaded when there are pins and an index (its own bundle: esbuild.js). */
export { replacementOf } from '../../core/citations/resolve';
