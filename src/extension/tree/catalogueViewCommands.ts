/** The commands of the organised catalogue (view title menu): group, hide or show withdrawn, build the index. */
import type { CatalogueStore } from '../catalogue/catalogueStore';
import type { CatalogueArrangement } from './catalogueArrangement';
import type { Grouping } from '../../core/arrangement/catalogueGrouping';
import type { CatalogueMoreNode } from '../targets/nodes';
import type { CommandHandler } from '../commands/feedback';

export function catalogueViewCommands(arranged: CatalogueArrangement, catalogue: CatalogueStore): Record<string, CommandHandler> {
  const groupBy = (grouping: Grouping) => () => arranged.setGrouping(grouping);
  return {
    'standardsExplorer.groupCatalogueByNone': groupBy('none'),
    'standardsExplorer.groupCatalogueByPublisher': groupBy('publisher'),
    'standardsExplorer.groupCatalogueByNumberRange': groupBy('numberRange'),
    'standardsExplorer.hideWithdrawn': () => arranged.setHideWithdrawn(true),
    'standardsExplorer.showWithdrawn': () => arranged.setHideWithdrawn(false),
    // The index Find Standard uses: read from disk, or built with a cancellable progress notification.
    'standardsExplorer.buildCatalogueIndex': async () => (await catalogue.get()).size,
    'standardsExplorer.showMoreInCatalogue': (node) => {
      if ((node as CatalogueMoreNode | undefined)?.kind === 'catalogueMore') arranged.showMore(node as CatalogueMoreNode);
    },
  };
}
