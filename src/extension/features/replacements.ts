/** Which current edition replaces a standard (the pinned standards' updates badge): loaded when there are pins and an index (src/extension/lazy.ts). */
export { replacementOf } from '../../core/citations/resolve';
