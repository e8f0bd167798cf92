/** Building, reading and searching the catalogue index: loaded on first use (src/extension/lazy.ts). */
export { buildCatalogueIndex } from '../../core/catalogue/buildIndex';
export { CatalogueIndex, IndexBuilder } from '../../core/catalogue/catalogueIndex';
