/** Building, reading and searching the catalogue index: loaded on first use (its own bundle: esbuild.js). */
export { buildCatalogueIndex } from '../../core/catalogue/buildIndex';
export { CatalogueIndex, IndexBuilder } from '../../core/catalogue/catalogueIndex';
