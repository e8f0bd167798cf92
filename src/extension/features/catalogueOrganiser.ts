/** The organised catalogue (grouping, ordering, hiding withdrawn): loaded when the user first asks for it (src/extension/lazy.ts). */
export { CatalogueOrganiser } from '../../core/arrangement/catalogueGrouping';
