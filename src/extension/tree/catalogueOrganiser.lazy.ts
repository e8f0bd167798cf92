/** The organised catalogue (grouping, ordering, hiding withdrawn): loaded when the user first asks for it (its own bundle: esbuild.js). */
export { CatalogueOrganiser } from '../../core/arrangement/catalogueGrouping';
