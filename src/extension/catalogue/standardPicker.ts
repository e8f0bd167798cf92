/**
 * The QuickPick that finds a standard across the whole catalogue as you type (number, reference or title words),
 * with a button to rebuild the index. Matching is ours: VS Code is given only the best 200 items.
 */
import * as vscode from 'vscode';
import { inertText } from '../../core/service/displayText';
import { showFailure } from '../notify';
import { noticeText } from '../errorText';
import { standardDescription, standardLabel } from '../../core/labels';
import { sameEntries, type CatalogueIndex, type IndexEntry, type SearchHit } from '../../core/catalogue/catalogueIndex';
import { progressText, type CatalogueStore } from './catalogueStore';
import { factsLabel } from '../../core/catalogue/standardFacts';

interface EntryItem extends vscode.QuickPickItem {
  entry: IndexEntry;
}

/**
 * `sortByLabel` is still a proposed API (microsoft/vscode#73904) but honoured by every VS Code since 1.41: without
 * it VS Code re-sorts our ranked items by how the label matches, putting "ISO 9001:1994" before "ISO 9001:2015".
 * Setting it on a VS Code that does not know it does nothing.
 */
interface RankedQuickPick<T extends vscode.QuickPickItem> extends vscode.QuickPick<T> {
  sortByLabel: boolean;
}

/** On each item: pin the standard for offline reading without leaving the picker. */
const PIN: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('pin'), tooltip: vscode.l10n.t('Pin for Offline Reading') };

const REBUILD: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('refresh'), tooltip: vscode.l10n.t('Rebuild the catalogue index') };

/**
 * Asks for a standard; undefined when the user cancels. Opens at once: while the index is being built, it searches
 * what has arrived and says how far the build is.
 */
export async function pickStandard(store: CatalogueStore, title: string): Promise<IndexEntry | undefined> {
  let live = await store.live();
  const pick = vscode.window.createQuickPick<EntryItem>() as RankedQuickPick<EntryItem>;
  pick.sortByLabel = false;
  pick.placeholder = vscode.l10n.t('Type a number, reference or words of the title (e.g. 9001, ISO/IEC 27001, quality management)');
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  pick.buttons = [REBUILD];
  let shown: readonly IndexEntry[] = [];
  const show = (): void => {
    const { index } = live;
    pick.busy = !index.complete;
    pick.title = index.complete ? title : vscode.l10n.t('{0} — {1}, still loading', title, progressText(index.size, index.expected));
    const hits = index.searchHits(pick.value, 200);
    // Replaced only when the results changed (a build under way refreshes every 250 ms): VS Code names an item by its
    // place in the list, so a pin button clicked while the list is being replaced would pin whatever took its place.
    if (sameEntries(shown, hits)) return;
    shown = hits.map((h) => h.entry);
    pick.items = toItems(hits);
  };
  const follow = (finished: Promise<CatalogueIndex> | undefined): void => {
    finished?.then(
      (index) => {
        live = { index };
        show();
      },
      (error: unknown) => {
        pick.busy = false;
        pick.title = title;
        void showFailure(noticeText(error));
      },
    );
  };
  show();
  follow(live.finished);
  return new Promise<IndexEntry | undefined>((resolve) => {
    const disposables: vscode.Disposable[] = [
      pick.onDidChangeValue(show),
      // A build under way brings more entries: search them too.
      store.onDidProgress(() => {
        if (live.finished) void store.live().then((now) => ((live = now), show()));
      }),
      pick.onDidTriggerButton(async () => {
        const finished = store.rebuild();
        live = await store.live();
        show();
        follow(finished);
      }),
      pick.onDidTriggerItemButton(({ item }) => {
        const { urn, reference, title: standardTitle, position, status } = item.entry;
        void vscode.commands.executeCommand('standardsExplorer.pin', { urn, reference, title: standardTitle, position, status });
      }),
      pick.onDidAccept(() => {
        resolve(pick.selectedItems[0]?.entry);
        pick.hide();
      }),
      pick.onDidHide(() => {
        resolve(undefined);
        for (const d of disposables) d.dispose();
        pick.dispose();
      }),
    ];
    pick.show();
  });
}

function toItems(hits: readonly SearchHit[]): EntryItem[] {
  return hits.map(({ entry, facts }) => {
    return {
      label: inertText(standardLabel(entry)),
      description: inertText(standardDescription(entry, factsLabel(facts))),
      detail: entry.urn,
      // Our own matching chose and ordered these; VS Code must not filter them again.
      alwaysShow: true,
      buttons: [PIN],
      entry,
    };
  });
}
